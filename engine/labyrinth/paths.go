package labyrinth

// Movement (rulebook p.7, rulings C8.6-7): a piece moves along lit tiles
// through open sides. A closed side is a bookcase: crossing it takes one
// Secret Passage card per bookcase (a shut gap between two tiles can be
// two bookcases). Terror and Shelf tokens block: a move may end on one
// only to capture or return, and passes one only with a Library Ladder.
// Other meeples never block.

// unreachable marks a tile no move reaches.
const unreachable = 1 << 20

// grid is what pathfinding needs to know of the tiles.
type grid interface {
	lit(i int) bool
	sides(i int) [4]bool
	blocked(i int) bool // a token stands on the tile
}

// pathCosts is the fewest bookcases a move from tile from must cross to
// reach each tile (unreachable if it cannot), passing token tiles only
// with a ladder. Token tiles are reached (to end a move on) but not
// passed.
func pathCosts(gr grid, from int, ladder bool) [NumTiles]int {
	var cost [NumTiles]int
	var done [NumTiles]bool
	var open [NumTiles][4]bool
	for i := range cost {
		cost[i] = unreachable
		if gr.lit(i) {
			open[i] = gr.sides(i)
		}
	}
	cost[from] = 0
	for {
		a := -1
		for i := range cost {
			if !done[i] && cost[i] < unreachable && (a < 0 || cost[i] < cost[a]) {
				a = i
			}
		}
		if a < 0 {
			return cost
		}
		done[a] = true
		if a != from && !ladder && gr.blocked(a) {
			continue
		}
		for d := range 4 {
			b := Neighbour(a, d)
			if b < 0 || !gr.lit(b) {
				continue
			}
			c := cost[a]
			if !open[a][d] {
				c++
			}
			if !open[b][(d+2)%4] {
				c++
			}
			if c < cost[b] {
				cost[b] = c
			}
		}
	}
}

// stateGrid is the state's tiles as a grid.
type stateGrid struct{ g *state }

func (s stateGrid) lit(i int) bool      { return s.g.Tiles[i].Lit }
func (s stateGrid) sides(i int) [4]bool { return s.g.Tiles[i].open() }
func (s stateGrid) blocked(i int) bool  { return s.g.Tiles[i].token() }

// paths is pathCosts on the state's tiles.
func (g *state) paths(from int, ladder bool) [NumTiles]int {
	return pathCosts(stateGrid{g}, from, ladder)
}

// viewGrid is a view's tiles as a grid.
type viewGrid struct{ v *View }

func (s viewGrid) lit(i int) bool      { return s.v.Tiles[i].Lit }
func (s viewGrid) sides(i int) [4]bool { return s.v.Tiles[i].Open }
func (s viewGrid) blocked(i int) bool {
	return s.v.Tiles[i].Terror != nil || s.v.Tiles[i].Shelf >= 0
}

// Reach is, for each tile, the fewest bookcases a move from tile from
// must cross to get there as the view shows the library (unreachable
// tiles: a very large number, ≥ 1<<20). Terror and Shelf tokens are
// reached but not passed, unless ladder (a Library Ladder) is set.
func (v *View) Reach(from int, ladder bool) [NumTiles]int {
	return pathCosts(viewGrid{v}, from, ladder)
}
