package firetower

import (
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
// move: no panic, every card accounted for, the eternal flame burning, the
// wind blowing at a standing tower, no firebreak where the rules forbid
// it, full hands between turns, refused moves changing nothing, a game
// restored mid-way playing on alike, and the game ending.
func TestRandomGames(t *testing.T) {
	games := 60
	if enginetest.RaceEnabled || testing.Short() {
		games = 12
	}
	for i := range games {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)*7919+1)
		rng := engine.NewRNG(uint64(i))
		var before *state
		enginetest.PlayChecked(t, g, &rng, enginetest.Playthrough{Game: Game{}, Players: players, MaxMoves: maxSteps,
			Choose: chooseMove, Valid: validState, Probe: randomProbe, Probes: 1, SeatsEvery: 25, Fork: rng.Intn(100),
			Before: func(engine.State, enginetest.Move) { before = g.copy() },
			After: func(_ engine.State, m enginetest.Move, _ []engine.Event) {
				checkInvariants(t, before, g, move(m))
			}})
		if o := g.Outcome(); len(o.Winners) == 0 || len(o.Scores) != players || o.Summary == "" {
			t.Fatalf("game %d: bad outcome %+v", i, o)
		}
	}
}

// chooseMove is randomMove for enginetest.
func chooseMove(st engine.State, rng *engine.RNG) enginetest.Move {
	return enginetest.Move(randomMove(st.(*state), rng))
}

// validState is the game's own invariant check for enginetest.
func validState(st engine.State) error { return st.(*state).validate() }

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
	if !g.Over && !g.windLive(g.Pos.Wind) {
		t.Fatalf("after %v the wind blows %s, at no tower still standing", m.Action, g.Pos.Wind)
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

var probeKinds = []string{KindSpread, KindPlay, KindWind, KindRoll, KindDiscard, KindBucket, KindEmber, KindEnd,
	KindTrim, KindRedraw, "burn"}

// randomProbe builds an arbitrary action, legal or not.
func randomProbe(rng *engine.RNG) engine.Action {
	a := engine.Action{Kind: probeKinds[rng.Intn(len(probeKinds))]}
	for range rng.Intn(5) {
		a.Args = append(a.Args, rng.Intn(20)-2)
	}
	return a
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
	if enginetest.RaceEnabled || testing.Short() {
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
				if strings.HasSuffix(e.Text(), " draws the Firestorm!") {
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
