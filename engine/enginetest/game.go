package enginetest

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"arcade/engine"
)

// CheckGame checks a game's description and constructor: its Info is
// complete; New refuses player counts outside its range and
// unknown options with RuleErrors and sets up every count in range (and
// the state restores); a BotMaker has a comparable bot for every level
// (the table compares bots); and the
// rules text has a RULINGS section and no line over 78 columns.
func CheckGame(t testing.TB, g engine.Game) {
	t.Helper()
	in := g.Info()
	if in.ID == "" || in.Name == "" || in.Summary == "" || in.MinPlayers < 1 || in.MaxPlayers < in.MinPlayers {
		t.Fatalf("bad info %+v", in)
	}
	var re *engine.RuleError
	for _, n := range []int{0, in.MinPlayers - 1, in.MaxPlayers + 1} {
		if n < in.MinPlayers || n > in.MaxPlayers {
			if _, err := g.New(n, engine.Options{}, 1); !errors.As(err, &re) {
				t.Fatalf("New with %d players: %v", n, err)
			}
		}
	}
	if _, err := g.New(in.MinPlayers, engine.Options{"no such option": "true"}, 1); !errors.As(err, &re) {
		t.Fatalf("New with an unknown option: %v", err)
	}
	for n := in.MinPlayers; n <= in.MaxPlayers; n++ {
		st, err := g.New(n, engine.Options{}, uint64(n))
		if err != nil {
			t.Fatalf("New with %d players: %v", n, err)
		}
		Restored(t, g, st)
	}
	if bm, ok := g.(engine.BotMaker); ok {
		for _, level := range []string{"easy", "normal", "hard", ""} {
			b := bm.Bot(level)
			if b == nil {
				t.Fatalf("no bot for level %q", level)
			}
			func() {
				defer func() {
					if recover() != nil {
						t.Fatalf("the %q bot's type %T is not comparable: the table compares bots", level, b)
					}
				}()
				_ = b == bm.Bot(level)
			}()
		}
	}
	if !strings.Contains(in.Rules, "RULINGS") {
		t.Fatal("the rules text has no RULINGS section")
	}
	for i, line := range strings.Split(in.Rules, "\n") {
		if n := len([]rune(line)); n > 78 {
			t.Errorf("rules line %d is %d characters", i+1, n)
		}
	}
}

// CheckAllLegal applies every legal move of every pending seat to a copy
// of st made with g.Restore: each must be accepted, and check (the game's
// own invariants, may be nil) must pass on the result.
func CheckAllLegal(t testing.TB, g engine.Game, st engine.State, check func(engine.State) error) {
	data := Marshal(t, st)
	for _, s := range st.Pending() {
		for _, a := range st.Legal(s) {
			c, err := g.Restore(data)
			if err == nil {
				_, err = c.Apply(s, engine.Action{Kind: a.Kind, Args: a.Args})
			}
			if err == nil && check != nil {
				err = check(c)
			}
			if err != nil {
				t.Helper()
				t.Fatalf("legal %v by seat %d: %v", a, s, err)
			}
		}
	}
}

// PlayOut plays st to its end, asking choose for each move of the first
// pending seat. It returns the number of moves, or an error if a chosen
// move is refused.
func PlayOut(st engine.State, choose func(s engine.Seat, legal []engine.Action) engine.Action) (int, error) {
	n := 0
	for !st.Outcome().Done {
		s := st.Pending()[0]
		if _, err := st.Apply(s, choose(s, st.Legal(s))); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// CheckArbitrary applies any move, legal or not, as a fuzz test does: a
// refusal must be a RuleError with no events that leaves the state
// byte-identical. It reports whether the move was applied.
func CheckArbitrary(t testing.TB, st engine.State, m Move) bool {
	before := Marshal(t, st)
	ev, err := st.Apply(m.Seat, m.Action)
	if err == nil {
		return true
	}
	var re *engine.RuleError
	if !errors.As(err, &re) || ev != nil {
		t.Helper()
		t.Fatalf("%v by %d: events %v, error %v (want a RuleError)", m.Action, m.Seat, ev, err)
	}
	SameJSON(t, "state after a refusal", before, Marshal(t, st))
	return false
}

// PlayRestored is the body of a game's restore fuzz test: when g accepts
// data, the state must be playable without panicking: every view and
// legal list (seats -1 to seats-1), the outcome, and every legal move of
// every pending seat (each on its own restored copy, checked by check
// when it is not nil), then each pending seat's timeout.
func PlayRestored(t testing.TB, g engine.Game, data []byte, seats int, check func(engine.State)) {
	t.Helper()
	st, err := g.Restore(data)
	if err != nil {
		return
	}
	for s := engine.Seat(-1); int(s) < seats; s++ {
		st.View(s)
		st.Legal(s)
	}
	st.Outcome()
	for _, s := range st.Pending() {
		for _, a := range st.Legal(s) {
			c := Restored(t, g, st)
			if _, err := c.Apply(s, a); err != nil {
				t.Fatalf("seat %d: legal %v refused: %v", s, a, err)
			}
			if check != nil {
				check(c)
			}
		}
		if !slices.Contains(st.Pending(), s) { // an earlier timeout settled it
			continue
		}
		if _, err := st.Apply(s, st.Timeout(s)); err != nil {
			t.Fatalf("seat %d: timeout %v refused: %v", s, st.Timeout(s), err)
		}
	}
}

// CheckRules plays games random games of g (players, opts), and at every
// step tries moves that are not legal (another seat's moves, this seat's
// with their arguments moved by one): every rule that an event or a
// refusal cites must be in the game's rules doc (engine.Explain). It
// returns the rules cited, each once, so that a game's test can ask for
// the ones it must meet.
func CheckRules(t testing.TB, g engine.Game, players int, opts engine.Options, games int) map[engine.Rule]bool {
	t.Helper()
	doc := g.Info().Rules
	opts, err := g.Info().Resolve(opts)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[engine.Rule]bool{}
	cite := func(r engine.Rule, what string) {
		if r == "" || seen[r] {
			return
		}
		if _, err := engine.Explain(doc, r); err != nil {
			t.Helper()
			t.Fatalf("%s cites %q: %v", what, r, err)
		}
		seen[r] = true
	}
	rng := new(engine.NewRNG(uint64(players)*7919 + uint64(games)))
	for n := range games {
		st, err := g.New(players, opts, uint64(n)+1)
		if err != nil {
			t.Fatal(err)
		}
		for step := 0; step < 5000 && !st.Outcome().Done; step++ {
			for _, m := range nearMisses(st, players, rng) {
				if _, err := st.Apply(m.Seat, m.Action); err != nil {
					var re *engine.RuleError
					if errors.As(err, &re) {
						cite(re.Rule, "the refusal of "+m.Action.String())
					}
				} else {
					t.Fatalf("%v by seat %d was applied, though not legal", m.Action, m.Seat)
				}
			}
			m := RandomMove(st, rng)
			ev, err := st.Apply(m.Seat, m.Action)
			if err != nil {
				t.Fatalf("legal %v by seat %d refused: %v", m.Action, m.Seat, err)
			}
			for _, e := range ev {
				cite(engine.RuleOf(e.Fact), "the event "+strconv.Quote(e.Text()))
			}
		}
	}
	return seen
}

// nearMisses are a few moves that are not legal now: a waiting seat's
// try at a pending seat's move, and a pending seat's move with one
// argument off by one.
func nearMisses(st engine.State, players int, rng *engine.RNG) []Move {
	var out []Move
	pending := st.Pending()
	if len(pending) == 0 {
		return nil
	}
	s := pending[rng.Intn(len(pending))]
	legal := st.Legal(s)
	if len(legal) == 0 {
		return nil
	}
	a := legal[rng.Intn(len(legal))]
	for o := range engine.Seat(players) {
		if !slices.Contains(pending, o) {
			out = append(out, Move{o, a})
			break
		}
	}
	if len(a.Args) > 0 {
		args := slices.Clone(a.Args)
		i := rng.Intn(len(args))
		args[i] += 1 - 2*rng.Intn(2)
		if b := (engine.Action{Kind: a.Kind, Args: args}); !slices.ContainsFunc(legal, b.Same) {
			out = append(out, Move{s, b})
		}
	}
	return out
}
