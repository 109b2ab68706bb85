package horror

import (
	"context"
	"slices"

	"arcade/engine"
)

// Bot implements engine.BotMaker:
//
//   - "easy" plays by simple rules (easyBot): into the Portal when it can,
//     exchanges, searches the bookcase of whatever room it is in, and
//     otherwise wanders;
//   - "normal" is a heuristic that knows the game (normalBot): it plans
//     routes through doors it may pass and rooms it may turn, searches
//     rooms that will not summon a ghost on it, minds its Fortitude
//     (pictures, Restore), uses its weapons on the leader, attacks ghosts
//     when it can afford to lose, and drives beaten ghosts onto rivals;
//   - "hard" is a determinized Monte Carlo search (hardBot) over games
//     dealt from its own view (sampler), the normal bot's move as prior.
//
// Any other level plays normal. Every bot decides from its seat's View.
func (Game) Bot(level string) engine.Bot {
	switch level {
	case "easy":
		return &easyBot{}
	case "hard":
		return newHardBot(hardIterations, hardBudget)
	}
	return &normalBot{}
}

// easyBot is sensible but naive.
type easyBot struct{}

// Choose implements engine.Bot.
func (easyBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok || v.Me == nil {
		return legal[rng.Intn(len(legal))]
	}
	me := v.Players[v.You]
	for _, k := range []string{KindProtect, KindLoot} {
		if a, ok := first(legal, k); ok {
			return a
		}
	}
	switch v.Phase {
	case PhaseColours, PhaseStart, PhaseGhost:
		return legal[rng.Intn(len(legal))]
	case PhaseTurn:
	default:
		return legal[0]
	}
	for _, a := range legal {
		if a.Kind == KindMove && neighbourIn(v, me.Cell, a.Arg(0)) == v.Size*v.Size/2 {
			return a
		}
	}
	for _, a := range legal {
		if a.Kind == KindPlay && cardKinds[a.Arg(0)] == Restore && me.Fort < 0 {
			return a
		}
	}
	for _, k := range []string{KindExchange, KindSearch} {
		if a, ok := first(legal, k); ok && (k != KindSearch || a.Arg(0) == 0) {
			return a
		}
	}
	if me.Fort < 0 {
		if a, ok := engine.Pick(legal, KindPicture); ok {
			return a
		}
	}
	var moves []engine.Action
	for _, a := range legal {
		if a.Kind == KindMove {
			moves = append(moves, a)
		}
	}
	if len(moves) > 0 && v.Actions > 0 {
		return moves[rng.Intn(len(moves))]
	}
	if a, ok := engine.Pick(legal, KindEnd); ok {
		return a
	}
	return legal[0]
}

// first is the first legal move of kind k.
func first(legal []engine.Action, k string) (engine.Action, bool) {
	for _, a := range legal {
		if a.Kind == k {
			return a, true
		}
	}
	return engine.Action{}, false
}

// neighbourIn is the cell next to c in direction d in v's library.
func neighbourIn(v *View, c, d int) int { return Neighbour(v.Size, c, d) }

// doorsOf are the view's doors by cell, to be turned in plans.
func doorsOf(v *View) [][4]int {
	out := make([][4]int, len(v.Cells))
	for c, cl := range v.Cells {
		out[c] = cl.Doors
	}
	return out
}

// turned is doors with cell c turned by q quarters clockwise.
func turned(doors [][4]int, c, q int) [][4]int {
	out := slices.Clone(doors)
	var d [4]int
	for i := range 4 {
		d[(i+q)%4] = doors[c][i]
	}
	out[c] = d
	return out
}

// pass is the cost of going from c in direction d with these doors: 0
// open, 1 closed, -1 no way.
func pass(v *View, doors [][4]int, c, d int) int {
	n := neighbourIn(v, c, d)
	if n < 0 {
		return -1
	}
	a, b := doors[c][d], doors[n][(d+2)%4]
	switch {
	case a == Wall || b == Wall:
		return -1
	case a == Closed || b == Closed:
		return 1
	}
	return 0
}

// distances are the steps from every cell to the nearest goal cell
// through doors (a closed door or a ghost room counts extra), -1 where
// none leads; the Portal is passed only when it is a goal.
func distances(v *View, doors [][4]int, goal func(c int) bool) []int {
	n := len(v.Cells)
	const inf = 1 << 20
	dist := make([]int, n)
	for c := range dist {
		dist[c] = inf
		if goal(c) {
			dist[c] = 0
		}
	}
	centre := n / 2
	for changed := true; changed; {
		changed = false
		for c := range n {
			if c == centre && !goal(c) {
				continue
			}
			for d := range 4 {
				nb := neighbourIn(v, c, d)
				cost := pass(v, doors, c, d)
				if cost < 0 || dist[nb] >= inf || nb == centre && !goal(nb) {
					continue
				}
				w := 2 + cost
				if nb != centre {
					w += 2 * len(v.Cells[nb].Ghosts)
				}
				if dist[nb]+w < dist[c] {
					dist[c], changed = dist[nb]+w, true
				}
			}
		}
	}
	for c := range dist {
		if dist[c] >= inf {
			dist[c] = -1
		}
	}
	return dist
}
