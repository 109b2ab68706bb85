package firetower

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// maxSteps bounds a random game; the property test fails if one runs on.
const maxSteps = 3000

// randomOptions picks a table's options for game i.
func randomOptions(i int) (int, engine.Options) {
	players := 2 + i%3
	opts := engine.Options{OptFirestorm: [2]string{"false", "true"}[i/3%2],
		OptDeck: []string{DeckStandard, DeckDeluxe, DeckClassic}[i/6%3]}
	if i%5 == 4 {
		players, opts[OptTeam] = 4, "true"
	}
	return players, opts
}

// TestRandomGames plays random games and checks the invariants after every
// move: no panic, every card accounted for, the eternal flame burning, no
// firebreak where the rules forbid it, full hands between turns, refused
// moves changing nothing, saved states restoring, and the game ending.
func TestRandomGames(t *testing.T) {
	games := 60
	if raceEnabled || testing.Short() {
		games = 12
	}
	for i := range games {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)*7919+1)
		rng := engine.NewRNG(uint64(i))
		steps := 0
		for ; !g.Outcome().Done; steps++ {
			if steps == maxSteps {
				t.Fatalf("game %d (%v) still running after %d moves", i, opts, steps)
			}
			tryIllegal(t, g, &rng)
			m := randomMove(g, &rng)
			before := g.copy()
			mustApply(t, g, m)
			checkInvariants(t, before, g, m)
			if steps%25 == 0 {
				checkRestore(t, g)
				checkSeats(t, g)
			}
		}
		checkRestore(t, g)
		if o := g.Outcome(); len(o.Winners) == 0 || len(o.Scores) != players || o.Summary == "" {
			t.Fatalf("game %d: bad outcome %+v", i, o)
		}
	}
}

func checkInvariants(t *testing.T, before, g *state, m move) {
	t.Helper()
	if err := g.validate(); err != nil {
		t.Fatalf("after %v: %v", m.Action, err)
	}
	for _, p := range eternalFlame {
		if g.Pos.Board.At(p) != Eternal {
			t.Fatalf("after %v the eternal flame is out at %s", m.Action, p)
		}
	}
	explosion := m.Action.Kind == KindPlay && before.Seats[m.Seat].Hand[m.Action.Args[0]] == Explosion
	for y := range Size {
		for x := range Size {
			p := Point{x, y}
			if g.Pos.Board.At(p) != Break || before.Pos.Board.At(p) == Break || explosion {
				continue
			}
			if _, in := before.Pos.AreaOf(p); in {
				t.Fatalf("after %v: a firebreak in a tower area at %s", m.Action, p)
			}
			for _, d := range neighbours4 {
				if before.Pos.Board.At(p.Add(d)) == Break && p.Add(d).On() {
					t.Fatalf("after %v: new firebreak %s touches %s", m.Action, p, p.Add(d))
				}
			}
		}
	}
	if !g.Over && len(g.Tasks) == 0 && g.Part == PartSpread {
		for s, st := range g.Seats {
			if !st.Out && len(st.Hand) != g.HandSize {
				t.Fatalf("after %v: seat %d holds %d cards between turns, hand size %d", m.Action, s, len(st.Hand), g.HandSize)
			}
		}
	}
}

// tryIllegal sends a random move that is not legal and checks that it is
// refused with a RuleError and changes nothing.
func tryIllegal(t *testing.T, g *state, rng *engine.RNG) {
	t.Helper()
	kinds := []string{KindSpread, KindPlay, KindWind, KindRoll, KindDiscard, KindBucket, KindEmber, KindEnd, KindTrim, KindRedraw, "burn"}
	a := engine.Action{Kind: kinds[rng.Intn(len(kinds))]}
	for range rng.Intn(5) {
		a.Args = append(a.Args, rng.Intn(20)-2)
	}
	s := engine.Seat(rng.Intn(g.Players+1) - 1)
	enginetest.CheckRefused(t, g, enginetest.Move{Seat: s, Action: a})
}

func checkRestore(t *testing.T, g *state) {
	t.Helper()
	st := enginetest.Restored(t, Game{}, g)
	for s := engine.Seat(-1); s < engine.Seat(g.Players); s++ {
		a, _ := json.Marshal(g.Legal(s))
		b, _ := json.Marshal(st.Legal(s))
		if string(a) != string(b) {
			t.Fatalf("restored legal moves differ for seat %d", s)
		}
	}
}

// TestReplay plays a game twice from one seed and one move list.
func TestReplay(t *testing.T) {
	g := newGame(t, 4, engine.Options{OptFirestorm: "true"}, 99)
	rng := engine.NewRNG(5)
	var moves []move
	for !g.Outcome().Done {
		m := randomMove(g, &rng)
		moves = append(moves, m)
		mustApply(t, g, m)
	}
	h := newGame(t, 4, engine.Options{OptFirestorm: "true"}, 99)
	for _, m := range moves {
		mustApply(t, h, m)
	}
	a, _ := g.MarshalJSON()
	b, _ := h.MarshalJSON()
	if string(a) != string(b) {
		t.Fatal("a replay differs")
	}
}

// TestEveryCardPlayed checks that random games reach every card's play.
func TestEveryCardPlayed(t *testing.T) {
	played := map[string]bool{}
	games := 30
	if raceEnabled || testing.Short() {
		games = 12
	}
	for i := range games {
		g := newGame(t, 2+i%3, engine.Options{OptFirestorm: "true"}, uint64(i)+500)
		rng := engine.NewRNG(uint64(i))
		for !g.Outcome().Done {
			m := randomMove(g, &rng)
			switch m.Action.Kind {
			case KindPlay:
				played[g.Seats[m.Seat].Hand[m.Action.Args[0]].Name()] = true
			case KindWind, KindRoll, KindBucket, KindEmber, KindTrim, KindRedraw:
				played[m.Action.Kind] = true
			}
			evs := mustApply(t, g, m)
			for _, e := range evs {
				if strings.HasSuffix(e.Text, " draws the Firestorm!") {
					played["Firestorm"] = true
				}
			}
			if g.Elims > 0 {
				played["elimination"] = true
			}
		}
	}
	for _, want := range []string{"North", "East", "South", "West", "Flare Up", "Burning Snag", "Explosion", "Ember",
		"Air Drop", "Fire Engine", "Smokejumper", "Dozer Line", "Scratch Line", "De/Reforest", "Firestorm",
		KindWind, KindRoll, KindBucket, KindEmber, KindTrim, KindRedraw, "elimination"} {
		if !played[want] {
			t.Errorf("no random game played %s", want)
		}
	}
}

// checkSeats checks Pending, Legal and Timeout against each other (as
// enginetest.CheckSeats does, but placements carry no hot key): only the
// pending seat has moves, each with a label, and its Timeout is one of
// them.
func checkSeats(t *testing.T, g *state) {
	t.Helper()
	pending := g.Pending()
	for s := engine.Seat(-2); int(s) <= g.Players; s++ {
		legal := g.Legal(s)
		if slices.Contains(pending, s) != (len(legal) > 0) {
			t.Fatalf("seat %d: pending %v, %d moves", s, pending, len(legal))
		}
		for _, a := range legal {
			if a.Label == "" {
				t.Fatalf("%v has no label", a)
			}
		}
		to := g.Timeout(s)
		if _, ok := engine.Find(legal, to); len(legal) > 0 && !ok || len(legal) == 0 && to.Kind != "" {
			t.Fatalf("seat %d times out with %v", s, to)
		}
	}
}
