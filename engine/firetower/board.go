package firetower

import (
	"encoding/json"
	"fmt"
	"strings"
)

// Size is the side of the square board.
const Size = 16

// Point is one square of the board: X from the west, Y from the north.
type Point struct {
	X int `json:"x"`
	Y int `json:"y"`
}

// On reports whether p lies on the board.
func (p Point) On() bool { return p.X >= 0 && p.X < Size && p.Y >= 0 && p.Y < Size }

// Add returns p moved by q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Step returns the square next to p in direction d.
func (p Point) Step(d Dir) Point { return p.Add(d.Delta()) }

// String names the square as a player reads it: column letter, row number
// ("A1" is the north-west corner, "P16" the south-east one).
func (p Point) String() string {
	if !p.On() {
		return fmt.Sprintf("(%d,%d)", p.X, p.Y)
	}
	return squareNames[p.Y*Size+p.X]
}

// squareNames caches every square's name: labels name thousands of them.
var squareNames = func() (out [Size * Size]string) {
	for i := range out {
		out[i] = fmt.Sprintf("%c%d", 'A'+i%Size, i/Size+1)
	}
	return out
}()

// Dir is a wind direction, the way the fire is blown.
type Dir int

// The four wind directions, in the clockwise order of the die.
const (
	North Dir = iota
	East
	South
	West
)

var dirNames = [4]string{"North", "East", "South", "West"}

// String is the direction's name.
func (d Dir) String() string {
	if d < 0 || d > 3 {
		return "?"
	}
	return dirNames[d]
}

// Arrow is the direction as an arrow glyph.
func (d Dir) Arrow() string { return [4]string{"↑", "→", "↓", "←"}[d&3] }

// Delta is one step in direction d.
func (d Dir) Delta() Point {
	return [4]Point{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}[d&3]
}

// Opposite is the direction the wind comes from.
func (d Dir) Opposite() Dir { return (d + 2) & 3 }

// dirCodes are the directions in saved states and views.
var dirCodes = []string{"N", "E", "S", "W"}

// MarshalText writes the direction as its initial (N, E, S, W).
func (d Dir) MarshalText() ([]byte, error) { return enumText(int(d), dirCodes, "direction") }

// UnmarshalText reads a direction's initial.
func (d *Dir) UnmarshalText(b []byte) error { return enumParse((*int)(d), dirCodes, b, "direction") }

// enumText writes value i of an enumeration by its name.
func enumText(i int, names []string, what string) ([]byte, error) {
	if i < 0 || i >= len(names) {
		return nil, fmt.Errorf("firetower: bad %s %d", what, i)
	}
	return []byte(names[i]), nil
}

// enumParse reads an enumeration's value by its name.
func enumParse(i *int, names []string, b []byte, what string) error {
	for j, n := range names {
		if n == string(b) {
			*i = j
			return nil
		}
	}
	return fmt.Errorf("firetower: bad %s %q", what, b)
}

// Cell is what lies on a square.
type Cell uint8

// What a square may hold.
const (
	Empty   Cell = iota // forest (or an empty tower square)
	Fire                // a fire gem
	Break               // a firebreak token
	Eternal             // the eternal flame: fire that never goes out
)

// cellGlyphs are the characters of a Cell in the board's JSON form.
const cellGlyphs = ".F#E"

// Burning reports whether the square is on fire (a gem or the eternal flame).
func (c Cell) Burning() bool { return c == Fire || c == Eternal }

// Board is the 16 x 16 grid, row by row from the north-west corner.
type Board [Size * Size]Cell

// At returns the cell at p (Break for squares off the board, which nothing
// can enter).
func (b *Board) At(p Point) Cell {
	if !p.On() {
		return Break
	}
	return b[p.Y*Size+p.X]
}

// Set puts c at p.
func (b *Board) Set(p Point, c Cell) { b[p.Y*Size+p.X] = c }

// eternalFlame is the central 2 x 2.
var eternalFlame = [4]Point{{7, 7}, {8, 7}, {7, 8}, {8, 8}}

// IsEternal reports whether p is a square of the eternal flame.
func IsEternal(p Point) bool { return (p.X == 7 || p.X == 8) && (p.Y == 7 || p.Y == 8) }

// NewBoard is the starting board: forest around the eternal flame.
func NewBoard() Board {
	var b Board
	for _, p := range eternalFlame {
		b.Set(p, Eternal)
	}
	return b
}

// Rows renders the board as 16 strings of . F # E.
func (b *Board) Rows() []string {
	rows := make([]string, Size)
	for y := range Size {
		var sb strings.Builder
		for x := range Size {
			sb.WriteByte(cellGlyphs[b.At(Point{x, y})])
		}
		rows[y] = sb.String()
	}
	return rows
}

// ParseBoard reads the form Rows writes. The eternal flame must be in
// place and nowhere else.
func ParseBoard(rows []string) (Board, error) {
	var b Board
	if len(rows) != Size {
		return b, fmt.Errorf("firetower: board has %d rows", len(rows))
	}
	for y, r := range rows {
		if len(r) != Size {
			return b, fmt.Errorf("firetower: board row %d has %d squares", y+1, len(r))
		}
		for x := range Size {
			i := strings.IndexByte(cellGlyphs, r[x])
			p := Point{x, y}
			if i < 0 || (Cell(i) == Eternal) != IsEternal(p) {
				return b, fmt.Errorf("firetower: bad square %s %q", p, r[x])
			}
			b.Set(p, Cell(i))
		}
	}
	return b, nil
}

// MarshalJSON writes the board as its 16 rows.
func (b Board) MarshalJSON() ([]byte, error) { return json.Marshal(b.Rows()) }

// UnmarshalJSON reads the 16 rows.
func (b *Board) UnmarshalJSON(data []byte) error {
	var rows []string
	if err := json.Unmarshal(data, &rows); err != nil {
		return err
	}
	nb, err := ParseBoard(rows)
	if err != nil {
		return err
	}
	*b = nb
	return nil
}

// neighbours4 are the edge neighbours' offsets.
var neighbours4 = [4]Point{{0, -1}, {1, 0}, {0, 1}, {-1, 0}}

// neighbours8 are the offsets of the eight surrounding squares.
var neighbours8 = [8]Point{{-1, -1}, {0, -1}, {1, -1}, {-1, 0}, {1, 0}, {-1, 1}, {0, 1}, {1, 1}}
