package horror

import (
	"slices"
	"testing"

	"arcade/engine"
)

// TestCopiesKeepWhatTheyHandedOut: a state copied by value and its
// original play on in turns, each writing its events and legal moves in
// chunks the other shared at the copy, and a state is written back over
// with an older copy of itself; nothing any of them handed out ever
// changes afterwards, and a caller's append to one reaches no other.
func TestCopiesKeepWhatTheyHandedOut(t *testing.T) {
	// A handout, what it was, and the caller's append to it.
	type handout struct {
		ev, evWas, evMore          []engine.Event
		legal, legalWas, legalMore []engine.Action
	}
	var outs []handout
	rng := engine.NewRNG(11)
	play := func(g *state, n int) {
		for range n {
			if g.Outcome().Done {
				return
			}
			s := g.Pending()[0]
			legal := g.Legal(s)
			ev, err := g.Apply(s, legal[rng.Intn(len(legal))])
			if err != nil {
				t.Fatal(err)
			}
			was := slices.Clone(legal)
			for i := range was {
				was[i].Args = slices.Clone(was[i].Args)
			}
			outs = append(outs, handout{ev, slices.Clone(ev), append(ev, engine.Event{Fact: bagRefilled{}}),
				legal, was, append(legal, engine.Action{Kind: "x"})})
		}
	}
	for seed := range uint64(4) {
		g := newGame(t, 2+int(seed), nil, seed)
		play(g, 40)
		c := *g
		for range 6 {
			play(&c, 25)
			play(g, 25)
			d := c
			play(&d, 10)
			play(&c, 10)
			old := *g
			play(g, 10)
			*g = old
			play(g, 10)
		}
	}
	for i, o := range outs {
		if !slices.Equal(o.ev, o.evWas) || !slices.Equal(o.evMore, append(o.evWas, engine.Event{Fact: bagRefilled{}})) {
			t.Fatalf("handout %d: events %v became %v", i, o.evWas, o.ev)
		}
		if !slices.EqualFunc(o.legal, o.legalWas, engine.Action.Same) ||
			!slices.EqualFunc(o.legalMore, append(o.legalWas, engine.Action{Kind: "x"}), engine.Action.Same) {
			t.Fatalf("handout %d: legal moves %v became %v", i, o.legalWas, o.legal)
		}
	}
}
