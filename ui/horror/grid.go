package horror

import (
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
)

// grid draws the library: box-drawing walls, the passages between the
// rooms (a gap where both sides are open doors, ═ or ║ where one is a
// closed door) and each room's inside.
type grid struct {
	v      *hr.View
	p      *palette
	g      geom
	cursor int                      // the room drawn in reverse video, -1 none
	name   func(engine.Seat) string // the players' names, for the largest rooms
}

// Wall glyphs.
const (
	wallH   = "─"
	wallV   = "│"
	closedH = "═"
	closedV = "║"
)

// lines draws the whole library, one string a line.
func (gr grid) lines() []string {
	n := gr.v.Size
	out := make([]string, 0, gr.g.gridHeight(n))
	for r := 0; r <= n; r++ {
		out = append(out, gr.border(r))
		if r == n {
			break
		}
		insides := make([][]line, n)
		for c := range n {
			insides[c] = gr.inside(r*n + c)
		}
		for i := range gr.g.h {
			out = append(out, gr.row(r, i, insides))
		}
	}
	return out
}

// junctions are the corner glyphs by the walls that meet there: up 8,
// right 4, down 2, left 1.
var junctions = [16]string{
	0b0110: "┌", 0b0111: "┬", 0b0011: "┐",
	0b1110: "├", 0b1111: "┼", 0b1011: "┤",
	0b1100: "└", 0b1101: "┴", 0b1001: "┘",
}

// junction is the corner glyph where wall line r meets wall column c.
func (gr grid) junction(r, c int) string {
	n := gr.v.Size
	k := 0
	for i, arm := range [4]bool{r > 0, c < n, r < n, c > 0} {
		if arm {
			k |= 8 >> i
		}
	}
	return junctions[k]
}

// doorSpan is where the door lies in a side of n cells: from, to.
func doorSpan(n int) (int, int) {
	side := (n + 2) / 4
	return side, n - side
}

// doorRows is where the door lies in a side h lines tall: from, to.
func doorRows(h int) (int, int) {
	top := max(1, h/3)
	return top, max(top+1, h-top)
}

// border is wall line r: the walls above library row r (below the last
// row when r is the size).
func (gr grid) border(r int) string {
	n := gr.v.Size
	var l line
	from, to := doorSpan(gr.g.w)
	for c := range n {
		l = append(l, span{gr.junction(r, c), inkWall})
		kind := hr.Wall
		if r > 0 && r < n {
			kind = gr.v.Passage((r-1)*n+c, hr.South)
		}
		side := strings.Repeat(wallH, from)
		switch kind {
		case hr.Open:
			l = append(l, span{side, inkWall}, span{strings.Repeat(" ", to-from), inkPlain}, span{side, inkWall})
		case hr.Closed:
			l = append(l, span{side, inkWall}, span{strings.Repeat(closedH, to-from), inkClosed}, span{side, inkWall})
		default:
			l = append(l, span{strings.Repeat(wallH, gr.g.w), inkWall})
		}
	}
	l = append(l, span{gr.junction(r, n), inkWall})
	return gr.p.render(l, false)
}

// row is line i of library row r: the rooms' insides and the walls
// between them.
func (gr grid) row(r, i int, insides [][]line) string {
	n := gr.v.Size
	from, to := doorRows(gr.g.h)
	var b strings.Builder
	for c := 0; c <= n; c++ {
		kind := hr.Wall
		if c > 0 && c < n && i >= from && i < to {
			kind = gr.v.Passage(r*n+c-1, hr.East)
		}
		switch kind {
		case hr.Open:
			b.WriteByte(' ')
		case hr.Closed:
			b.WriteString(gr.p.paint(inkClosed, closedV))
		default:
			b.WriteString(gr.p.paint(inkWall, wallV))
		}
		if c < n {
			cell := r*n + c
			b.WriteString(gr.p.render(insides[c][i], cell == gr.cursor))
		}
	}
	return b.String()
}

// inside is the inside of cell c, each line padded to the room's width.
func (gr grid) inside(c int) []line {
	ls := roomLines(gr.v, gr.p, c, gr.g, gr.name)
	out := make([]line, gr.g.h)
	fill := span{" ", inkPlain}
	if c == gr.v.Portal() {
		fill = span{"░", inkPortal}
	}
	for i := range out {
		var l line
		if i < len(ls) {
			l = ls[i].cut(gr.g.w)
		}
		if pad := gr.g.w - l.width(); pad > 0 {
			if c == gr.v.Portal() {
				l = append(line{{strings.Repeat(fill.s, pad/2), fill.k}}, l...)
				pad -= pad / 2
			}
			l = append(l, span{strings.Repeat(fill.s, pad), fill.k})
		}
		out[i] = l
	}
	return out
}
