package horror

import (
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// TestViewReadsTheRules: what the view says of passages, costs, ghosts
// and rounds is what the game does: a door move is legal only through a
// passage, costs what DoorCost says, and the room's ghosts drain what
// GhostDamage says; mirrors cost MirrorCost.
func TestViewReadsTheRules(t *testing.T) {
	checked := 0
	for i := range 6 {
		players := 2 + i%5
		g := newGame(t, players, nil, uint64(i)+900)
		rng := engine.NewRNG(uint64(i))
		for step := 0; step < 600 && !g.Outcome().Done; step++ {
			s := g.Pending()[0]
			v, _ := engine.ViewAs[View](g.View(s))
			if g.Phase == PhaseTurn && g.Actions > 0 && s == g.Active {
				checked += checkDoors(t, g, v, s)
			}
			if left := v.RoundsLeft(); g.RoundLimit > 0 && left != g.RoundLimit-g.Round {
				t.Fatalf("round %d of %d: %d left", g.Round, g.RoundLimit, left)
			}
			et.MustApply(t, g, et.RandomMove(g, &rng))
		}
	}
	if checked < 200 {
		t.Fatalf("only %d doors checked", checked)
	}
}

// checkDoors checks the view's doors of seat s's room against its legal
// moves and what they cost.
func checkDoors(t *testing.T, g *state, v *View, s engine.Seat) int {
	t.Helper()
	p := &g.Seats[s]
	legal := g.Legal(s)
	n := 0
	for d := range 4 {
		to := Neighbour(g.Size, p.Cell, d)
		cost := v.DoorCost(p.Cell, d)
		a, ok := engine.Pick(legal, KindMove, d)
		if (v.Passage(p.Cell, d) == Wall) != (cost < 0) {
			t.Fatalf("passage %d with cost %d", v.Passage(p.Cell, d), cost)
		}
		if ok && cost < 0 {
			t.Fatalf("a move %s through a wall", dirNames[d])
		}
		if !ok || to == g.centre() {
			continue
		}
		c := et.Restored(t, Game{}, g).(*state)
		before := c.Seats[s].Fort
		et.MustApply(t, c, et.Move{Seat: s, Action: a})
		want := max(before-cost-v.GhostDamage(to), minFort)
		if got := c.Seats[s].Fort; got != want {
			t.Fatalf("going %s from Fortitude %d through a passage costing %d into %d damage: %d, want %d",
				dirNames[d], before, cost, v.GhostDamage(to), got, want)
		}
		n++
	}
	if a, ok := first(legal, KindMirror); ok {
		c := et.Restored(t, Game{}, g).(*state)
		before := c.Seats[s].Fort
		et.MustApply(t, c, et.Move{Seat: s, Action: a})
		if got, want := c.Seats[s].Fort, max(before-v.MirrorCost()-v.GhostDamage(a.Arg(0)), minFort); got != want {
			t.Fatalf("a mirror from Fortitude %d: %d, want %d", before, got, want)
		}
	}
	return n
}

// TestGhostsToCome counts the ghosts in the supply by level.
func TestGhostsToCome(t *testing.T) {
	v := View{Ghosts: [numGhosts]int{-1, 3, -1, -1, 5, -1, 2, 7}}
	if got := v.GhostsToCome(); got != [2]int{3, 1} {
		t.Fatalf("%v", got)
	}
}
