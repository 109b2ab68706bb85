package labyrinth

import "fmt"

// Size is the side of the square grid of Floor tiles; a tile's index is
// row*Size+col (0..24), row 0 in the north, column 0 in the west.
const (
	Size     = 5
	NumTiles = Size * Size
	Centre   = 12 // the compass tile, C3
)

// Directions, clockwise from north: the sides of a tile.
const (
	North = iota
	East
	South
	West
)

// DirNames are the sides' names, by direction.
var DirNames = [4]string{"N", "E", "S", "W"}

// TileKind is what a Floor tile's lit side shows.
type TileKind string

// The kinds of Floor tile.
const (
	KindCentre TileKind = "centre"     // the compass tile, always lit
	KindCross  TileKind = "crossroads" // gold, no token
	KindTerror TileKind = "terror"     // activates with a Terror token
	KindShelf  TileKind = "shelf"      // activates with a Shelf token
	KindReward TileKind = "reward"     // a Reward card for a move ending here
)

// Shape is a Floor tile's pathway shape.
type Shape string

// The shapes. At rotation 0 a crossroads is open on every side, a
// T-junction on N, E and S (a bookcase on W), a corner on N and E.
const (
	ShapeCross  Shape = "cross"
	ShapeT      Shape = "T"
	ShapeCorner Shape = "corner"
)

// baseOpen is a shape's open sides at rotation 0.
func baseOpen(s Shape) [4]bool {
	switch s {
	case ShapeCross:
		return [4]bool{true, true, true, true}
	case ShapeT:
		return [4]bool{true, true, true, false}
	}
	return [4]bool{true, true, false, false}
}

// OpenSides lists a shape's open sides N, E, S, W after rot clockwise
// quarter turns.
func OpenSides(s Shape, rot int) [4]bool {
	b := baseOpen(s)
	var out [4]bool
	for d := range 4 {
		out[d] = b[(d-rot%4+8)%4]
	}
	return out
}

// TileName is a tile's coordinate, column letter and row number: "C3" is
// the centre.
func TileName(i int) string {
	if i < 0 || i >= NumTiles {
		return "?"
	}
	return tileNames[i]
}

// tileNames are the tiles' names, by index.
var tileNames = func() (out [NumTiles]string) {
	for i := range out {
		out[i] = fmt.Sprintf("%c%d", 'A'+i%Size, i/Size+1)
	}
	return out
}()

// Neighbour is the tile on side d of tile i, or -1 off the grid.
func Neighbour(i, d int) int {
	r, c := i/Size, i%Size
	switch d {
	case North:
		r--
	case East:
		c++
	case South:
		r++
	case West:
		c--
	}
	if r < 0 || r >= Size || c < 0 || c >= Size {
		return -1
	}
	return r*Size + c
}

// Adjacent reports whether tiles a and b share a side.
func Adjacent(a, b int) bool {
	return a >= 0 && a < NumTiles && b >= 0 && b < NumTiles && adjacent[a]&(1<<b) != 0
}

// adjacent[i] has bit j set when tiles i and j share a side.
var adjacent = func() (out [NumTiles]uint32) {
	for i := range out {
		for d := range 4 {
			if j := Neighbour(i, d); j >= 0 {
				out[i] |= 1 << j
			}
		}
	}
	return out
}()

// Junction is a point where four tiles meet: row and column 0..3 of the
// 4 x 4 internal junctions.
type Junction struct {
	Row int `json:"row"`
	Col int `json:"col"`
}

// Ring is the Bookwyrm's path: the 12 outer junctions, clockwise from the
// north-west corner.
var Ring = [12]Junction{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}, {3, 2}, {3, 1}, {3, 0}, {2, 0}, {1, 0}}

// Corners of a junction, as disturbance directions.
const (
	NW = iota
	NE
	SE
	SW
)

// CornerNames are the disturbance directions' names.
var CornerNames = [4]string{"NW", "NE", "SE", "SW"}

// Around lists the four tiles at junction j: NW, NE, SE, SW.
func (j Junction) Around() [4]int {
	nw := j.Row*Size + j.Col
	return [4]int{nw, nw + 1, nw + Size + 1, nw + Size}
}
