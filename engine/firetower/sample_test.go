package firetower

import (
	"encoding/json"
	"slices"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
	"arcade/engine/search"
)

var _ search.Sampler = Sampler{}

// actionSet lists moves by kind and arguments, sorted, labels dropped.
func actionSet(as []engine.Action) []string {
	out := make([]string, len(as))
	for i, a := range as {
		b, _ := json.Marshal(engine.Action{Kind: a.Kind, Args: a.Args})
		out[i] = string(b)
	}
	slices.Sort(out)
	return out
}

// TestOptionsMatchLegal checks the bots' move generator against Legal in
// random games with every option: the same moves, no more, no fewer.
func TestOptionsMatchLegal(t *testing.T) {
	games := 15
	if enginetest.RaceEnabled || testing.Short() {
		games = 5
	}
	checked := 0
	for i := range games {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)+500)
		rng := engine.NewRNG(uint64(i))
		for step := 0; !g.Outcome().Done; step++ {
			if step%3 == 0 || g.phase() != PartAction {
				s := g.Pending()[0]
				v := g.View(s).(View)
				var got []engine.Action
				for _, c := range options(&v, true) {
					got = append(got, c.a)
				}
				want := g.Legal(s)
				if a, b := actionSet(got), actionSet(want); !slices.Equal(a, b) {
					t.Fatalf("game %d step %d (%s): options list %d moves, Legal %d", i, step, g.phase(), len(a), len(b))
				}
				checked++
			}
			mustApply(t, g, randomMove(g, &rng))
		}
	}
	t.Logf("%d positions", checked)
}

// TestSamplerAgreesWithView samples states from views that went through
// JSON (so nothing but the view reaches the sampler) and checks that each
// is a valid game showing its seat exactly the same view and moves, with
// the other hands dealt from the unseen cards.
func TestSamplerAgreesWithView(t *testing.T) {
	games := 15
	if enginetest.RaceEnabled || testing.Short() {
		games = 5
	}
	differ := 0
	for i := range games {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)+900)
		rng := engine.NewRNG(uint64(i) + 1)
		for step := 0; !g.Outcome().Done; step++ {
			if step%5 == 0 {
				for s := range engine.Seat(players) {
					data := viewJSON(t, g, s)
					var v View
					if err := json.Unmarshal([]byte(data), &v); err != nil {
						t.Fatal(err)
					}
					st, err := Sampler{}.Sample(v, s, &rng)
					if err != nil {
						t.Fatalf("game %d step %d seat %d: %v", i, step, s, err)
					}
					sg := st.(*state)
					if err := sg.validate(); err != nil {
						t.Fatal(err)
					}
					if got := viewJSON(t, sg, s); got != data {
						t.Fatalf("game %d step %d: the sample shows seat %d\n%s\nnot\n%s", i, step, s, got, data)
					}
					if p := g.Pending(); p[0] == s {
						if a, b := actionSet(sg.Legal(s)), actionSet(g.Legal(s)); !slices.Equal(a, b) {
							t.Fatalf("game %d step %d: the sample's moves differ", i, step)
						}
					}
					for o := range sg.Seats {
						if o != int(s) && !slices.Equal(sg.Seats[o].Hand, g.Seats[o].Hand) {
							differ++
						}
					}
				}
			}
			mustApply(t, g, randomMove(g, &rng))
		}
	}
	if differ == 0 {
		t.Fatal("the sampler always guesses the hidden hands right: it must be reading them")
	}
	if _, err := (Sampler{}).Sample(nil, 0, new(engine.RNG)); err == nil {
		t.Fatal("sampled without a view")
	}
}
