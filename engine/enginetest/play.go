package enginetest

import (
	"encoding/json"
	"slices"
	"testing"

	"arcade/engine"
)

// PlayRandom plays up to n random legal moves (RandomMove) on st, fewer
// when the game ends first; n < 0 plays to the end. after, when not nil,
// runs after every move with its events. It returns the number of moves.
func PlayRandom(t testing.TB, st engine.State, rng *engine.RNG, n int, after func(m Move, ev []engine.Event)) int {
	t.Helper()
	played := 0
	for ; played != n && !st.Outcome().Done; played++ {
		m := RandomMove(st, rng)
		ev := MustApply(t, st, m)
		if after != nil {
			after(m, ev)
		}
	}
	return played
}

// FuzzApply is the body of a game's Apply fuzz test: it plays st steps
// random legal moves in (fewer when the game ends), then applies an
// arbitrary action for seat who: kind with nargs arguments arg, arg+1, ...
// A refusal must change nothing (CheckArbitrary); when st accepts it,
// valid (the game's own invariants; may be nil) must hold.
func FuzzApply(t testing.TB, st engine.State, rng *engine.RNG, steps int, who engine.Seat, kind string, arg, nargs int, valid func(engine.State) error) {
	t.Helper()
	PlayRandom(t, st, rng, steps, nil)
	a := engine.Action{Kind: kind}
	for k := range nargs {
		a.Args = append(a.Args, arg+k)
	}
	if !CheckArbitrary(t, st, Move{who, a}) || valid == nil {
		return
	}
	if err := valid(st); err != nil {
		t.Fatalf("after %v by seat %d: %v", a, who, err)
	}
}

// Playthrough says how PlayChecked plays and checks one game.
type Playthrough struct {
	// Game restores the copies (forks, CheckAllLegal).
	Game engine.Game
	// Players is the game's number of seats.
	Players int
	// MaxMoves bounds a game: one still running after more than MaxMoves
	// moves fails (0: 100,000).
	MaxMoves int
	// Choose picks each move (nil: RandomMove).
	Choose func(st engine.State, rng *engine.RNG) Move
	// Valid checks the game's own invariants (nil: none) before every move
	// and at the end.
	Valid func(engine.State) error
	// Probe builds an arbitrary action, legal or not (nil: no probes);
	// Probes of them (0: 4) are tried before every move, each for a random
	// seat from -1 (a spectator) to Players, and each must be refused with
	// nothing changed unless it is legal (CheckRefused).
	Probe  func(rng *engine.RNG) engine.Action
	Probes int
	// SeatsEvery runs CheckSeats before every n-th move (0: every move).
	SeatsEvery int
	// AllLegalEvery runs CheckAllLegal before every n-th move (0: never).
	AllLegalEvery int
	// Fork is the move before which a restored copy of the game is made;
	// the copy must play the rest of the game to the same events and the
	// same final state. A negative Fork makes no copy.
	Fork int
	// Before and After, when set, run around every move: game-specific
	// checks (After gets the move's events).
	Before func(st engine.State, m Move)
	After  func(st engine.State, m Move, ev []engine.Event)
}

// PlayChecked plays st to its end as p says, checking at every step: the
// game's invariants, the contract between Pending, Legal, Timeout and
// Outcome (CheckSeats), that arbitrary actions are refused cleanly, that
// every legal move is accepted (CheckAllLegal), that every event goes to
// everyone or to one seat, that the game ends, and that a game restored
// mid-way plays on exactly alike. It returns the number of moves.
func PlayChecked(t testing.TB, st engine.State, rng *engine.RNG, p Playthrough) int {
	t.Helper()
	maxMoves := orDefault(p.MaxMoves, 100000)
	seatsEvery := orDefault(p.SeatsEvery, 1)
	probes := orDefault(p.Probes, 4)
	valid := func() {
		if p.Valid == nil {
			return
		}
		if err := p.Valid(st); err != nil {
			t.Helper()
			t.Fatalf("invalid state: %v\n%s", err, Marshal(t, st))
		}
	}
	var forked engine.State
	var after []Move
	var afterEv []engine.Event
	step := 0
	for ; !st.Outcome().Done; step++ {
		if step > maxMoves {
			t.Fatalf("no end after %d moves", step)
		}
		valid()
		if step%seatsEvery == 0 {
			CheckSeats(t, st, p.Players)
		}
		if p.Probe != nil {
			moves := make([]Move, probes)
			for i := range moves {
				moves[i] = Move{engine.Seat(rng.Intn(p.Players+2) - 1), p.Probe(rng)}
			}
			CheckRefused(t, st, moves...)
		}
		if p.AllLegalEvery > 0 && step%p.AllLegalEvery == 0 {
			CheckAllLegal(t, p.Game, st, p.Valid)
		}
		if step == p.Fork {
			forked = Restored(t, p.Game, st)
		}
		m := choose(p.Choose, st, rng)
		if p.Before != nil {
			p.Before(st, m)
		}
		ev := MustApply(t, st, m)
		for _, e := range ev {
			if e.To != engine.Everyone && (e.To < 0 || int(e.To) >= p.Players) {
				t.Fatalf("%v by seat %d: an event to seat %d: %q", m.Action, m.Seat, e.To, e.Text())
			}
		}
		if p.After != nil {
			p.After(st, m, ev)
		}
		if forked != nil {
			after = append(after, m)
			afterEv = append(afterEv, ev...)
		}
	}
	valid()
	CheckSeats(t, st, p.Players)
	if forked != nil {
		var ev []engine.Event
		for _, m := range after {
			ev = append(ev, MustApply(t, forked, m)...)
		}
		if !slices.Equal(ev, afterEv) {
			t.Fatal("a restored game played on differently")
		}
		SameJSON(t, "restored game at the end", Marshal(t, st), Marshal(t, forked))
	}
	return step
}

// choose picks a move with f, or RandomMove when f is nil.
func choose(f func(engine.State, *engine.RNG) Move, st engine.State, rng *engine.RNG) Move {
	if f == nil {
		return RandomMove(st, rng)
	}
	return f(st, rng)
}

// orDefault is v, or def when v is zero or less.
func orDefault(v, def int) int {
	if v <= 0 {
		return def
	}
	return v
}

// Secrets says how CheckSecrets makes worlds that differ only in one
// seat's secret (its hand, say).
type Secrets struct {
	// Game makes the plain copies (through Restore).
	Game engine.Game
	// Players is the game's number of seats.
	Players int
	// Every compares worlds before every n-th move (0: every move).
	Every int
	// Choose picks each move (nil: RandomMove).
	Choose func(st engine.State, rng *engine.RNG) Move
	// Twin returns a copy of st in which seat o's secret differs and
	// nothing else does, out of reach of the next few moves; ok is false
	// when st leaves no room for one.
	Twin func(st engine.State, o engine.Seat) (twin engine.State, ok bool)
	// Observe, when set, compares more of what seat s (or a spectator)
	// may act on in the two worlds, such as the choices of its bots.
	Observe func(a, b engine.State, s, o engine.Seat)
	// Depends, when set, reports whether move m may depend on seat o's
	// secret (the two worlds then do not play it); nil: any move of o's.
	Depends func(m Move, o engine.Seat) bool
	// Shown, when set, reports whether the rules show seat s seat o's
	// secret in these events (then only the events are compared).
	Shown func(ev []engine.Event, s, o engine.Seat) bool
}

// CheckSecrets is the leak test of a game with secrets: it plays st to its
// end with random legal moves and, every sc.Every moves, checks every
// seat's words (CheckWords) and compares st with each seat's twin: every
// other seat and a spectator see the same views, legal moves and words of
// those moves (and whatever Observe compares), the seat itself sees a
// difference, and after the next move, unless it depends on the secret,
// they read the same events and see the same views and words. It returns
// the number of comparisons.
func CheckSecrets(t testing.TB, st engine.State, rng *engine.RNG, sc Secrets) int {
	t.Helper()
	every := orDefault(sc.Every, 1)
	checked := 0
	for step := 0; !st.Outcome().Done; step++ {
		m := choose(sc.Choose, st, rng)
		if step%every == 0 {
			for s := range engine.Seat(sc.Players) {
				CheckWords(t, st, s)
			}
			for o := range engine.Seat(sc.Players) {
				if b, ok := sc.Twin(st, o); ok {
					checked++
					compareWorlds(t, Restored(t, sc.Game, st), b, o, m, sc)
				}
			}
		}
		MustApply(t, st, m)
	}
	return checked
}

// compareWorlds compares a and b, which differ only in seat o's secret,
// before and after move m.
func compareWorlds(t testing.TB, a, b engine.State, o engine.Seat, m Move, sc Secrets) {
	t.Helper()
	observers := []engine.Seat{engine.Spectator}
	for s := range engine.Seat(sc.Players) {
		if s != o {
			observers = append(observers, s)
		}
	}
	for _, s := range observers {
		if va, vb := viewJSON(t, a, s), viewJSON(t, b, s); va != vb {
			t.Fatalf("seat %d sees seat %d's secret:\n%s\n%s", s, o, va, vb)
		}
		if la, lb := legalJSON(t, a, s), legalJSON(t, b, s); la != lb {
			t.Fatalf("seat %d's moves depend on seat %d's secret", s, o)
		}
		sameWords(t, a, b, s, o, "")
		if sc.Observe != nil {
			sc.Observe(a, b, s, o)
		}
	}
	if viewJSON(t, a, o) == viewJSON(t, b, o) {
		t.Fatalf("seat %d does not see their own secret", o)
	}
	if sc.Depends != nil && sc.Depends(m, o) || sc.Depends == nil && m.Seat == o {
		return
	}
	eva, erra := a.Apply(m.Seat, m.Action)
	evb, errb := b.Apply(m.Seat, m.Action)
	if erra != nil || errb != nil {
		t.Fatalf("%v by seat %d: %v / %v", m.Action, m.Seat, erra, errb)
	}
	for _, s := range observers {
		if !slices.Equal(Visible(eva, s), Visible(evb, s)) {
			t.Fatalf("seat %d's log depends on seat %d's secret:\n%v\n%v", s, o, Visible(eva, s), Visible(evb, s))
		}
		if sc.Shown != nil && sc.Shown(eva, s, o) {
			continue
		}
		if va, vb := viewJSON(t, a, s), viewJSON(t, b, s); va != vb {
			t.Fatalf("after %v seat %d sees seat %d's secret:\n%s\n%s", m.Action, s, o, va, vb)
		}
		sameWords(t, a, b, s, o, "after "+m.Action.String()+" ")
	}
}

// sameWords fails unless seat s's view puts its legal moves in the same
// words in a and b, which differ only in seat o's secret (when names
// the moment for the message).
func sameWords(t testing.TB, a, b engine.State, s, o engine.Seat, when string) {
	legal := a.Legal(s)
	if wa, wb := Words(a.View(s), legal), Words(b.View(s), legal); !slices.Equal(wa, wb) {
		t.Helper()
		t.Fatalf("%sthe words of seat %d's moves depend on seat %d's secret:\n%q\n%q", when, s, o, wa, wb)
	}
}

// viewJSON is seat s's view, serialized.
func viewJSON(t testing.TB, st engine.State, s engine.Seat) string { return toJSON(t, st.View(s)) }

// legalJSON is seat s's legal moves, serialized.
func legalJSON(t testing.TB, st engine.State, s engine.Seat) string { return toJSON(t, st.Legal(s)) }

func toJSON(t testing.TB, v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		t.Helper()
		t.Fatal(err)
	}
	return string(data)
}
