package firetower

import (
	"fmt"
	"strings"

	ft "arcade/engine/firetower"
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

// windHead is the header's wind mark, e.g. "wind ↓ South".
func windHead(v ft.View) string { return "wind " + v.Wind.Arrow() + " " + v.Wind.String() }

// full draws the board with two cells per square and a line per row:
// a header with the column letters, then the 16 rows (rows from..to-1).
func (g grid) full(from, to int) []string {
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
			b.WriteString(g.p.text(g.at(ft.Point{X: x, Y: y})))
		}
		lines = append(lines, b.String())
	}
	return lines
}

// large draws the board with four cells and two lines per square.
func (g grid) large() []string {
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
				s := g.at(ft.Point{X: x, Y: y})
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
func (g grid) compact() []string {
	lines := []string{g.p.faint("   ABCDEFGHIJKLMNOP")}
	for y := 0; y < ft.Size; y += 2 {
		var b strings.Builder
		b.WriteString(g.p.faint(fmt.Sprintf("%2d ", y+1)))
		for x := range ft.Size {
			b.WriteString(g.p.half(g.at(ft.Point{X: x, Y: y}), g.at(ft.Point{X: x, Y: y + 1})))
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
const largeWidth = 3 + 4*ft.Size + 2 + 42

// boardLines chooses the board's drawing for the space it has and returns
// its lines and width.
func (g grid) boardLines(w, h int) ([]string, int) {
	switch {
	case h >= 2*ft.Size+1 && w >= largeWidth:
		return g.large(), 3 + 4*ft.Size
	case h >= ft.Size+1:
		return g.full(0, ft.Size), 3 + 2*ft.Size
	case g.p.colour:
		return g.compact(), 3 + ft.Size
	}
	from, to := window(g.cursor.Y, h)
	return g.full(from, to), 3 + 2*ft.Size
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
