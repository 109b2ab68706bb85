package firelibrary

import (
	"encoding/json"
	"reflect"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// samplePositions plays random games in random variants and calls visit
// on every few positions (never a finished game).
func samplePositions(t *testing.T, games, every int, visit func(g *state, cfg config)) {
	t.Helper()
	cfgRNG := engine.NewRNG(909)
	for i := range games {
		cfg := randomConfig(&cfgRNG)
		g := newGameOpts(t, cfg.players, cfg.opts, uint64(i)*7919+3)
		rng := engine.NewRNG(uint64(i) + 11)
		for step := 0; !g.Outcome().Done; step++ {
			if step%every == 0 {
				visit(g, cfg)
			}
			enginetest.MustApply(t, g, enginetest.RandomMove(g, &rng))
		}
	}
}

// TestSamplerAgreesWithView rebuilds games from every seat's view in many
// random positions of every variant: each sampled game must be valid and
// show that seat exactly the view it was built from, and the hidden part
// must vary from sample to sample. The seat's legal moves are the same.
func TestSamplerAgreesWithView(t *testing.T) {
	games := 150
	if enginetest.RaceEnabled || testing.Short() {
		games = 10
	}
	rng := engine.NewRNG(5)
	checked, differ := 0, 0
	samplePositions(t, games, 5, func(g *state, cfg config) {
		for s := range engine.Seat(g.Players) {
			want, err := json.Marshal(g.View(s))
			if err != nil {
				t.Fatal(err)
			}
			var first []byte
			for k := range 2 {
				st, err := Sampler{}.Sample(g.View(s), s, &rng)
				if err != nil {
					t.Fatalf("%v: seat %d: %v\n%s", cfg, s, err, enginetest.Marshal(t, g))
				}
				sg := st.(*state)
				if err := sg.validate(); err != nil {
					t.Fatalf("%v: invalid sample: %v", cfg, err)
				}
				got, err := json.Marshal(sg.View(s))
				if err != nil {
					t.Fatal(err)
				}
				if string(got) != string(want) {
					t.Fatalf("%v: seat %d sees a different game in its sample:\n%s\n%s", cfg, s, got, want)
				}
				if a, b := fmtJSON(t, sg.Legal(s)), fmtJSON(t, g.Legal(s)); a != b {
					t.Fatalf("%v: seat %d has other moves in its sample:\n%s\n%s", cfg, s, a, b)
				}
				if k == 0 {
					first = enginetest.Marshal(t, sg)
				} else if string(first) != string(enginetest.Marshal(t, sg)) {
					differ++
				}
			}
			checked++
		}
	})
	if differ*2 < checked {
		t.Fatalf("only %d of %d pairs of samples differ", differ, checked)
	}
	t.Logf("%d views sampled", checked)
}

// TestSightOnlyFromView checks that the bots' reading of a game for a
// seat (sightOf) holds only what that seat's View shows: it is the same
// for the game and for any game sampled from the view.
func TestSightOnlyFromView(t *testing.T) {
	games := 60
	if enginetest.RaceEnabled || testing.Short() {
		games = 8
	}
	rng := engine.NewRNG(6)
	samplePositions(t, games, 3, func(g *state, cfg config) {
		for s := range engine.Seat(g.Players) {
			st, err := Sampler{}.Sample(g.View(s), s, &rng)
			if err != nil {
				t.Fatal(err)
			}
			a, b := sightOf(g, s), sightOf(st.(*state), s)
			if !reflect.DeepEqual(a, b) {
				t.Fatalf("%v: seat %d reads more than its view:\n%+v\n%+v", cfg, s, a, b)
			}
			if c := sightFromView(g.View(s)); !reflect.DeepEqual(a, c) {
				t.Fatalf("%v: seat %d: sightFromView differs:\n%+v\n%+v", cfg, s, a, c)
			}
		}
	})
}
