package horror

// geom is the size of a room's inside in cells.
type geom struct{ w, h int }

// gridWidth and gridHeight are the library's size with its walls.
func (g geom) gridWidth(n int) int  { return n*(g.w+1) + 1 }
func (g geom) gridHeight(n int) int { return n*(g.h+1) + 1 }

// The panel beside the library: the width it gets when it can, and the
// least it makes do with.
const (
	panelWant = 42
	panelMin  = 33
)

// smallest is the room size of the smallest terminals (80x23): the 5x5
// library in 41x16 cells.
var smallest = geom{7, 2}

// minRoomWidth is the narrowest room of h lines worth drawing: two lines
// hold a reference and the symbols; taller rooms have a margin and the
// room's number ("a1 · room 17"), the tallest the furniture in words.
func minRoomWidth(h int) int {
	if h <= 2 {
		return smallest.w
	}
	return 13
}

// maxRoomWidth keeps rooms about twice as wide as tall (a terminal cell
// is about twice as tall as wide), and no wider than their longest line.
func maxRoomWidth(h int) int { return min(2*h+8, 26) }

// maxRoomHeight is the tallest room of an n x n library: eight lines say
// all a room of the 5x5 library holds in words, the players' names too;
// the 3x3 library's fewer rooms take up to ten.
func maxRoomHeight(n int) int { return min(10, 40/max(n, 1)) }

// pickGeom is the largest room size whose library of n x n rooms fits
// width x height cells with a panel beside it.
func pickGeom(width, height, n int) geom {
	for h := maxRoomHeight(n); h > smallest.h; h-- {
		if (geom{0, h}).gridHeight(n) > height {
			continue
		}
		w := max(min((width-panelWant-2)/n-1, maxRoomWidth(h)), minRoomWidth(h))
		if width-(geom{w, h}).gridWidth(n)-1 >= panelMin {
			return geom{w, h}
		}
	}
	if w := (width-panelWant-2)/n - 1; w > smallest.w {
		return geom{min(w, maxRoomWidth(smallest.h)), smallest.h}
	}
	return smallest
}

// stripLines are the lines the table should keep under the board for the
// moves and the log on a terminal height lines tall: the fewest on small
// terminals, a quarter of a large one up to nine.
func stripLines(height int) int {
	if height < 30 {
		return 3
	}
	return min(9, max(7, (height-3)/4))
}

// frame is how a board of a given size is laid out: the lines over the
// library, the rooms, the panel's width.
type frame struct {
	avail int // the board's lines
	head  int // lines over the library: one, two when there is room
	g     geom
	n     int // rooms a side
	panel int // the panel's width beside the library
}

// newFrame lays out a board of width x height cells for an n x n library.
func newFrame(width, height, n int) frame {
	g := pickGeom(width, height-1, n)
	return frame{avail: height, head: min(max(height-g.gridHeight(n), 1), 2), g: g, n: n,
		panel: width - g.gridWidth(n) - 1}
}

// height is the board's height with a panel panel lines tall beside the
// library and wide lines of tables under it (when they fit).
func (f frame) height(panel, wide int) int {
	if wide > f.room() {
		wide = 0
	}
	return min(f.head+max(f.g.gridHeight(f.n)+wide, panel), max(f.avail, f.head+f.g.gridHeight(f.n)))
}

// room is how many lines the board has under the library.
func (f frame) room() int { return f.avail - f.head - f.g.gridHeight(f.n) }

// wideFrom is the fewest lines under the library worth the wide tables.
const wideFrom = 8
