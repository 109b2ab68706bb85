package labyrinth

import "math/bits"

// Movement (rulebook p.7, rulings C8.6-7): a piece moves along lit tiles
// through open sides. A closed side is a bookcase: crossing it takes one
// Secret Passage card per bookcase (a shut gap between two tiles can be
// two bookcases). Terror and Shelf tokens block: a move may end on one
// only to capture or return, and passes one only with a Library Ladder.
// Other meeples never block.

// unreachable marks a tile no move reaches.
const unreachable = 1 << 20

// cell is what pathfinding needs to know of a tile: its open sides (bit
// d for side d), whether it is lit and whether a token stands on it.
type cell uint8

const (
	cellSides   cell = 0xf
	cellLit     cell = 1 << 4
	cellBlocked cell = 1 << 5
)

// cellOf makes a tile's cell; the sides of a dark tile count as closed.
func cellOf(lit bool, sides [4]bool, blocked bool) cell {
	var c cell
	if lit {
		c = cellLit
		for d, open := range sides {
			if open {
				c |= 1 << d
			}
		}
	}
	if blocked {
		c |= cellBlocked
	}
	return c
}

// neighbours[i][d] is Neighbour(i, d).
var neighbours = func() (out [NumTiles][4]int) {
	for i := range out {
		for d := range 4 {
			out[i][d] = Neighbour(i, d)
		}
	}
	return out
}()

// maxPathCost bounds the cost of a shortest path: at most two bookcases
// for each of the 24 steps it can take.
const maxPathCost = 2 * (NumTiles - 1)

// pathCosts is the fewest bookcases a move from tile from must cross to
// reach each tile (unreachable if it cannot), passing token tiles only
// with a ladder. Token tiles are reached (to end a move on) but not
// passed. It is Dijkstra's search with a bucket for each cost.
func pathCosts(cells *[NumTiles]cell, from int, ladder bool) [NumTiles]int {
	var cost [NumTiles]int
	for i := range cost {
		cost[i] = unreachable
	}
	var bucket [maxPathCost + 1]uint32 // the tiles reached at each cost
	var done uint32
	cost[from] = 0
	bucket[0] = 1 << from
	for k := 0; k <= maxPathCost; k++ {
		for bucket[k] != 0 {
			a := bits.TrailingZeros32(bucket[k])
			bucket[k] &^= 1 << a
			if done&(1<<a) != 0 {
				continue
			}
			done |= 1 << a
			ca := cells[a]
			if a != from && !ladder && ca&cellBlocked != 0 {
				continue
			}
			for d, b := range neighbours[a] {
				if b < 0 || cells[b]&cellLit == 0 {
					continue
				}
				c := k
				if ca&(1<<d) == 0 {
					c++
				}
				if cells[b]&(1<<((d+2)%4)) == 0 {
					c++
				}
				if c < cost[b] {
					cost[b] = c
					bucket[c] |= 1 << b
				}
			}
		}
	}
	return cost
}

// openMask is the open sides of a shape turned rot clockwise quarter
// turns, bit d for side d.
func openMask(s Shape, rot int) cell {
	var m cell
	switch s {
	case ShapeCross:
		return cellSides
	case ShapeT:
		m = 1<<North | 1<<East | 1<<South
	default:
		m = 1<<North | 1<<East
	}
	r := rot & 3
	return (m<<r | m>>(4-r)) & cellSides
}

// cells is the state's tiles for pathfinding.
func (g *state) cells() [NumTiles]cell {
	var out [NumTiles]cell
	for i := range g.Tiles {
		t := &g.Tiles[i]
		var c cell
		if t.Lit {
			c = cellLit | openMask(t.Shape, t.Rot)
		}
		if t.token() {
			c |= cellBlocked
		}
		out[i] = c
	}
	return out
}

// paths is pathCosts on the state's tiles.
func (g *state) paths(from int, ladder bool) [NumTiles]int {
	cells := g.cells()
	return pathCosts(&cells, from, ladder)
}

// Reach is, for each tile, the fewest bookcases a move from tile from
// must cross to get there as the view shows the library (unreachable
// tiles: a very large number, ≥ 1<<20). Terror and Shelf tokens are
// reached but not passed, unless ladder (a Library Ladder) is set.
func (v *View) Reach(from int, ladder bool) [NumTiles]int {
	var cells [NumTiles]cell
	for i := range v.Tiles {
		t := &v.Tiles[i]
		cells[i] = cellOf(t.Lit, t.Open, t.Terror != nil || t.Shelf >= 0)
	}
	return pathCosts(&cells, from, ladder)
}
