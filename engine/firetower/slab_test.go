package firetower

import (
	"slices"
	"testing"

	"arcade/engine"
)

// TestKeptListsStay checks that a list Legal handed out never changes
// while its state, and copies of it made by value (which share its slab
// of moves), go on listing moves, and that a caller's append to a kept
// list reaches no other list.
func TestKeptListsStay(t *testing.T) {
	type kept struct {
		list, want []engine.Action
	}
	var all []kept
	keep := func(l []engine.Action) {
		want := make([]engine.Action, len(l))
		for i, a := range l {
			want[i] = engine.Action{Kind: a.Kind, Args: slices.Clone(a.Args)}
		}
		all = append(all, kept{l, want})
	}
	rng := engine.NewRNG(7)
	for seed := range uint64(6) {
		g := newGame(t, 2+int(seed%3), nil, seed)
		for step := 0; step < 400 && !g.Over; step++ {
			s := g.Pending()[0]
			l := g.Legal(s)
			keep(l)
			_ = append(l, engine.Action{Kind: "extra", Args: []int{99}}) // the caller's to extend
			if step%7 == 0 {
				c := *g // a copy by value shares the slab pointer
				keep(c.Legal(s))
				keep(g.Legal(s))
				d := c.copy() // a deep copy that goes its own way
				d.slab = c.slab
				mustApply(t, d, move{s, l[rng.Intn(len(l))]})
				if !d.Over {
					keep(d.Legal(d.Pending()[0]))
				}
			}
			mustApply(t, g, randomMove(g, &rng))
		}
	}
	for i, k := range all {
		if len(k.list) != len(k.want) {
			t.Fatalf("list %d changed length", i)
		}
		for j := range k.list {
			if !k.list[j].Same(k.want[j]) {
				t.Fatalf("list %d move %d is now %v, was %v", i, j, k.list[j], k.want[j])
			}
		}
	}
}
