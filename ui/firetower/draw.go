package firetower

import (
	"fmt"
	"strings"

	ft "arcade/engine/firetower"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// grid is the board with its marks, ready to draw.
type grid struct {
	v      ft.View
	p      palette
	marks  map[ft.Point]mark
	cursor ft.Point
	show   bool // show the cursor
}

func (g grid) at(q ft.Point) square {
	return g.p.look(g.v, q, g.marks[q], g.show && q == g.cursor)
}

// squares is what every square of the board shows, by row and column.
type squares [ft.Size][ft.Size]square

// fill works out what every square shows.
func (g grid) fill(sq *squares) {
	for y := range ft.Size {
		for x := range ft.Size {
			sq[y][x] = g.at(ft.Point{X: x, Y: y})
		}
	}
}

// windHead is the header's wind mark, e.g. "wind ↓ South".
func windHead(v ft.View) string { return "wind " + v.Wind.Arrow() + " " + v.Wind.String() }

// full draws the board with two cells per square and a line per row:
// a header with the column letters, then the 16 rows (rows from..to-1).
func (g grid) full(sq *squares, from, to int) []string {
	var head strings.Builder
	head.WriteString("   ")
	for x := range ft.Size {
		head.WriteString(string(rune('A'+x)) + " ")
	}
	lines := []string{g.p.faint(head.String())}
	for y := from; y < to; y++ {
		var b strings.Builder
		label := fmt.Sprintf("%2d ", y+1)
		switch {
		case y == from && from > 0:
			label = " ▲ "
		case y == to-1 && to < ft.Size:
			label = " ▼ "
		}
		b.WriteString(g.p.faint(label))
		for x := range ft.Size {
			b.WriteString(g.p.text(sq[y][x]))
		}
		lines = append(lines, b.String())
	}
	return lines
}

// large draws the board with four cells and two lines per square.
func (g grid) large(sq *squares) []string {
	var head strings.Builder
	head.WriteString("   ")
	for x := range ft.Size {
		head.WriteString(" " + string(rune('A'+x)) + "  ")
	}
	lines := []string{g.p.faint(head.String())}
	for y := range ft.Size {
		for half := range 2 {
			var b strings.Builder
			label := "   "
			if half == 0 {
				label = fmt.Sprintf("%2d ", y+1)
			}
			b.WriteString(g.p.faint(label))
			for x := range ft.Size {
				s := sq[y][x]
				s.glyph = widen(s.glyph, half)
				b.WriteString(g.p.text(s))
			}
			lines = append(lines, b.String())
		}
	}
	return lines
}

// compact draws the board with half blocks: one cell per square and two
// rows per line, in colour only.
func (g grid) compact(sq *squares) []string {
	lines := []string{g.p.faint("   ABCDEFGHIJKLMNOP")}
	for y := 0; y < ft.Size; y += 2 {
		var b strings.Builder
		b.WriteString(g.p.faint(fmt.Sprintf("%2d ", y+1)))
		for x := range ft.Size {
			b.WriteString(g.p.half(sq[y][x], sq[y+1][x]))
		}
		lines = append(lines, b.String())
	}
	return lines
}

// window picks the rows a board of h lines shows (header included) so that
// the cursor stays in sight.
func window(cursor, h int) (from, to int) {
	rows := min(max(h-1, 3), ft.Size)
	from = min(max(cursor-rows/2, 0), ft.Size-rows)
	return from, from + rows
}

// largeWidth is the width the large board needs: its 4 cells a square and
// the panel beside it.
const largeWidth = largeBoardWidth + 2 + 42

// largeBoardWidth is the width of the large board's lines.
const largeBoardWidth = 3 + 4*ft.Size

// drawn is a board's last drawing and what it was drawn from: a screen
// update that changes nothing on the board (a chat line, a name) reuses it.
type drawn struct {
	from  drawnFrom
	lines []string
	width int
}

// drawnFrom is everything a drawing of the board depends on.
type drawnFrom struct {
	sq            squares
	th            *theme.Theme
	w, h, cursorY int
}

// boardLines chooses the board's drawing for the space it has and returns
// its lines (each padded to its width), that width, and the drawing to
// keep: last, the previous one, when nothing it shows changed.
func (g grid) boardLines(w, h int, last *drawn) ([]string, int, *drawn) {
	from := drawnFrom{th: g.p.th, w: w, h: h, cursorY: g.cursor.Y}
	g.fill(&from.sq)
	if last != nil && last.from == from {
		return last.lines, last.width, last
	}
	d := &drawn{from: from}
	sq := &d.from.sq
	switch {
	case h >= 2*ft.Size+1 && w >= largeWidth:
		d.lines, d.width = g.large(sq), largeBoardWidth
	case h >= ft.Size+1:
		d.lines, d.width = g.full(sq, 0, ft.Size), 3+2*ft.Size
	case g.p.colour:
		d.lines, d.width = g.compact(sq), 3+ft.Size
	default:
		from, to := window(g.cursor.Y, h)
		d.lines, d.width = g.full(sq, from, to), 3+2*ft.Size
	}
	for i, l := range d.lines {
		d.lines[i] = board.PadRight(l, d.width)
	}
	return d.lines, d.width, d
}

// widen turns a square's two-cell glyph into four cells for the large
// board: blocks fill the square, marks and letters sit in its middle.
func widen(glyph string, half int) string {
	r := []rune(glyph)
	switch {
	case len(r) == 2 && r[0] == r[1]:
		return glyph + glyph
	case glyph == "· ":
		if half == 0 {
			return " ·  "
		}
		return "    "
	case glyph == "()":
		return "(  )"
	}
	return " " + glyph + " "
}
