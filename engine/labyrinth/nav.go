package labyrinth

import "math/bits"

// The normal bot's route planning: how many actions (flips, rotations,
// moves) stand between a meeple and a target tile, as the view shows the
// library. A dark tile costs a flip; a closed side costs a rotation (a
// side of a tile never seen costs 0.4, the chance it is closed); token
// tiles other than the target cannot be passed.

// navTile is what route planning knows of a tile.
type navTile struct {
	lit, known, block bool
	open              [4]bool
}

// navGrid is the library for route planning.
type navGrid [NumTiles]navTile

// navOf reads the library from a view.
func navOf(v *View) navGrid {
	var n navGrid
	for i := range v.Tiles {
		t := &v.Tiles[i]
		n[i] = navTile{lit: t.Lit, known: t.Known, block: t.Terror != nil || t.Shelf >= 0}
		if t.Known {
			n[i].open = OpenSides(t.Shape, t.Rot)
		}
	}
	return n
}

// side is the expected cost of getting through side d of tile i.
func (n *navGrid) side(i, d int) float64 {
	t := &n[i]
	switch {
	case !t.known:
		return 0.4
	case t.open[d]:
		return 0
	}
	return 1
}

// step is the cost of going from tile a into its neighbour b on side d.
func (n *navGrid) step(a, b, d int) float64 {
	c := n.side(a, d) + n.side(b, (d+2)%4)
	if !n[b].lit {
		c++
	}
	return c
}

// targetSet marks target tiles.
type targetSet [NumTiles]bool

// setOf marks the tiles of targets.
func setOf(targets []int) targetSet {
	var t targetSet
	for _, i := range targets {
		t[i] = true
	}
	return t
}

// toTargets is, for each tile, the planned cost of the way from it to the
// nearest of the targets (flips and rotations; the way itself is free).
// It is Dijkstra's search; the tiles reached and not done are a bit set,
// and of the cheapest the lowest-numbered is done first.
func (n *navGrid) toTargets(tgt *targetSet) [NumTiles]float64 {
	var cost [NumTiles]float64
	var open, done uint32
	for i := range cost {
		cost[i] = 1e9
		if tgt[i] {
			cost[i] = 0
			open |= 1 << i
		}
	}
	for open != 0 {
		a := bits.TrailingZeros32(open)
		for m := open & (open - 1); m != 0; m &= m - 1 {
			if i := bits.TrailingZeros32(m); cost[i] < cost[a] {
				a = i
			}
		}
		open &^= 1 << a
		done |= 1 << a
		if !tgt[a] && n[a].block {
			continue
		}
		for d, b := range neighbours[a] {
			if b < 0 || done&(1<<b) != 0 {
				continue
			}
			if c := cost[a] + n.step(b, a, (d+2)%4); c < cost[b] {
				cost[b] = c
				open |= 1 << b
			}
		}
	}
	return cost
}

// region lists the tiles a move from tile from reaches without crossing
// a bookcase or a token (a target may end it), in the order it finds
// them.
func (n *navGrid) region(from int, tgt *targetSet) ([NumTiles]int, int) {
	var out [NumTiles]int
	seen := uint32(1) << from
	out[0] = from
	k := 1
	for q := 0; q < k; q++ {
		a := out[q]
		if a != from && n[a].block {
			continue
		}
		for d, b := range neighbours[a] {
			if b < 0 || seen&(1<<b) != 0 || !n[b].lit || !n[a].open[d] || !n[b].open[(d+2)%4] {
				continue
			}
			if n[b].block && !tgt[b] {
				continue
			}
			seen |= 1 << b
			out[k] = b
			k++
		}
	}
	return out, k
}

// plan is the number of actions a meeple on tile at needs to reach the
// nearest of the targets: one move if one is in reach, else a move to the
// best edge of its region (if it is not there already), the flips and
// rotations on the way, and the final move.
func (n *navGrid) plan(at int, targets ...int) float64 {
	tgt := setOf(targets)
	to := n.toTargets(&tgt)
	return n.planWith(at, &tgt, &to)
}

// planWith is plan with the costs to the targets worked out (toTargets).
func (n *navGrid) planWith(at int, tgt *targetSet, to *[NumTiles]float64) float64 {
	all, k := n.region(at, tgt)
	reg := all[:k]
	var in [NumTiles]bool
	for _, r := range reg {
		if tgt[r] {
			return 1
		}
		in[r] = true
	}
	best := 1e9
	for _, r := range reg {
		for d, b := range neighbours[r] {
			if b < 0 || in[b] || (n[b].block && !tgt[b]) {
				continue
			}
			c := n.step(r, b, d) + to[b] + 1
			if r != at {
				c++
			}
			best = min(best, c)
		}
	}
	return best
}
