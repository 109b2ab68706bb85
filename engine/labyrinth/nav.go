package labyrinth

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
	for i, t := range v.Tiles {
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

// toTarget is, for each tile, the planned cost of the way from it to
// target (flips and rotations; the way itself is free).
func (n *navGrid) toTarget(target int) [NumTiles]float64 {
	var cost [NumTiles]float64
	var done [NumTiles]bool
	for i := range cost {
		cost[i] = 1e9
	}
	cost[target] = 0
	for {
		a := -1
		for i := range cost {
			if !done[i] && cost[i] < 1e9 && (a < 0 || cost[i] < cost[a]) {
				a = i
			}
		}
		if a < 0 {
			return cost
		}
		done[a] = true
		if a != target && n[a].block {
			continue
		}
		for d := range 4 {
			b := Neighbour(a, d)
			if b < 0 {
				continue
			}
			if c := cost[a] + n.step(b, a, (d+2)%4); c < cost[b] {
				cost[b] = c
			}
		}
	}
}

// region lists the tiles a move from tile from reaches without crossing
// a bookcase or a token (the target may end it).
func (n *navGrid) region(from, target int) []int {
	var seen [NumTiles]bool
	seen[from] = true
	out := []int{from}
	for k := 0; k < len(out); k++ {
		a := out[k]
		if a != from && n[a].block {
			continue
		}
		for d := range 4 {
			b := Neighbour(a, d)
			if b < 0 || seen[b] || !n[b].lit || !n[a].open[d] || !n[b].open[(d+2)%4] {
				continue
			}
			if n[b].block && b != target {
				continue
			}
			seen[b] = true
			out = append(out, b)
		}
	}
	return out
}

// plan is the number of actions a meeple on tile at needs to reach
// target: one move if it is in reach, else a move to the best edge of its
// region (if it is not there already), the flips and rotations on the
// way, and the final move.
func (n *navGrid) plan(at, target int) float64 {
	to := n.toTarget(target)
	return n.planWith(at, target, &to)
}

// planWith is plan with the costs to the target worked out (toTarget).
func (n *navGrid) planWith(at, target int, to *[NumTiles]float64) float64 {
	reg := n.region(at, target)
	var in [NumTiles]bool
	for _, r := range reg {
		if r == target {
			return 1
		}
		in[r] = true
	}
	best := 1e9
	for _, r := range reg {
		for d := range 4 {
			b := Neighbour(r, d)
			if b < 0 || in[b] || (n[b].block && b != target) {
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

// planFrom is the smallest plan from tile at over several targets, with
// their costs (toTarget) worked out.
func (n *navGrid) planFrom(at int, targets []int, to [][NumTiles]float64) float64 {
	best := 1e9
	for k, t := range targets {
		best = min(best, n.planWith(at, t, &to[k]))
	}
	return best
}

// planAll is the smallest plan over several targets.
func (n *navGrid) planAll(at int, targets []int) float64 {
	best := 1e9
	for _, t := range targets {
		best = min(best, n.plan(at, t))
	}
	return best
}
