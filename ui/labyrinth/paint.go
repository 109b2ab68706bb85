package labyrinth

import (
	"image/color"
	"strings"

	"charm.land/lipgloss/v2"

	lab "arcade/engine/labyrinth"
	"arcade/ui/theme"
)

// ink names the look of a cell; cells of the same ink are drawn together.
type ink int

const (
	inkPlain   ink = iota
	inkFaint       // labels, kind names
	inkCorner      // a tile's diagonal faces
	inkCase        // a bookcase (closed side)
	inkDark        // a dark tile
	inkWyrm        // the Bookwyrm
	inkStrike      // a tile corner the Bookwyrm may disturb
	inkTerror      // a Terror's name and mark
	inkMeeple      // another player's meeple
	inkMe          // your meeple
	inkTrolley     // the solo Trolley
	inkLast        // a tile the last move or disturbance changed
	inkGood        // counters that are fine
	inkWarn        // counters close to a loss
	inkSymbol      // + genre: a symbol or genre in its colour
	inkCount   = inkSymbol + lab.NumGenres
)

// symInk is the ink of genre g's symbol.
func symInk(g int) ink {
	if g < 0 || g >= lab.NumGenres {
		return inkPlain
	}
	return inkSymbol + ink(g)
}

// genreHex are the genres' colours (DATA.md C1), for light and dark
// backgrounds: red, pink, orange, green, blue, purple.
var genreHex = [lab.NumGenres][2]string{
	{"#c92a2a", "#ff6b6b"},
	{"#c2255c", "#f783ac"},
	{"#d9480f", "#ffa94d"},
	{"#2b8a3e", "#69db7c"},
	{"#1864ab", "#74c0fc"},
	{"#7048e8", "#b197fc"},
}

// palette is the board's styles for one theme.
type palette struct {
	th     *theme.Theme
	colour bool
	st     [inkCount]lipgloss.Style
	// wrap are the escape codes each ink puts before and after a run of
	// text, plain and in reverse video: drawing the board cell by cell
	// through lipgloss would be slow.
	wrap [inkCount][2][2]string
}

// seal records the escape codes around a run of each ink.
func (p *palette) seal() *palette {
	for k, st := range p.st {
		for r, rev := range []bool{false, true} {
			if rev {
				st = st.Reverse(!st.GetReverse())
			}
			pre, post, _ := strings.Cut(st.Render("\x00"), "\x00")
			p.wrap[k][r] = [2]string{pre, post}
		}
	}
	return p
}

func newPalette(th *theme.Theme) *palette {
	p := &palette{th: th, colour: th != nil && th.Colour}
	base := lipgloss.NewStyle()
	for i := range p.st {
		p.st[i] = base
	}
	p.st[inkFaint] = base.Faint(true)
	p.st[inkCase] = base.Bold(true)
	p.st[inkDark] = base.Faint(true)
	p.st[inkWyrm] = base.Bold(true).Reverse(true)
	p.st[inkStrike] = base.Bold(true)
	p.st[inkTerror] = base.Bold(true)
	p.st[inkMeeple] = base.Bold(true)
	p.st[inkMe] = base.Bold(true).Reverse(true)
	p.st[inkTrolley] = base.Bold(true)
	p.st[inkLast] = base.Bold(true)
	p.st[inkGood] = base.Bold(true)
	p.st[inkWarn] = base.Bold(true).Underline(true)
	for g := range lab.NumGenres {
		p.st[symInk(g)] = base.Bold(true)
	}
	if !p.colour {
		return p.seal()
	}
	ld := lipgloss.LightDark(th.Dark)
	c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
	p.st[inkFaint] = base.Foreground(c("#6b6b6b", "#8c8c8c"))
	p.st[inkCorner] = base.Foreground(c("#868e96", "#909296"))
	p.st[inkCase] = base.Bold(true).Foreground(c("#8d5a2b", "#d2a26b"))
	p.st[inkDark] = base.Foreground(c("#adb5bd", "#495057"))
	p.st[inkWyrm] = base.Bold(true).Foreground(c("#ffffff", "#1a1b1e")).Background(c("#495057", "#ced4da"))
	p.st[inkStrike] = base.Bold(true).Foreground(c("#d6336c", "#f783ac"))
	p.st[inkTerror] = base.Bold(true).Foreground(c("#c92a2a", "#ff6b6b"))
	p.st[inkMeeple] = base.Bold(true).Foreground(c("#1a1b1e", "#f8f9fa"))
	p.st[inkTrolley] = base.Bold(true).Foreground(c("#5c940d", "#c0eb75"))
	p.st[inkLast] = base.Bold(true).Foreground(c("#e67700", "#fcc419"))
	p.st[inkGood] = base.Bold(true).Foreground(c("#2b8a3e", "#69db7c"))
	p.st[inkWarn] = base.Bold(true).Foreground(c("#c92a2a", "#ff6b6b"))
	for g := range lab.NumGenres {
		p.st[symInk(g)] = base.Bold(true).Foreground(c(genreHex[g][0], genreHex[g][1]))
	}
	return p.seal()
}

// paint draws s in ink k.
func (p *palette) paint(k ink, s string) string {
	if s == "" {
		return ""
	}
	w := p.wrap[k][0]
	return w[0] + s + w[1]
}

// cell is one terminal cell of the board drawing.
type cell struct {
	s   string
	k   ink
	rev bool // reverse video: the cursor
}

// canvas is a grid of cells, drawn line by line.
type canvas struct {
	w, h  int
	cells [][]cell
}

func newCanvas(w, h int) *canvas {
	c := &canvas{w: w, h: h, cells: make([][]cell, h)}
	for y := range c.cells {
		c.cells[y] = make([]cell, w)
		for x := range c.cells[y] {
			c.cells[y][x] = cell{s: " "}
		}
	}
	return c
}

// set puts one glyph at x, y (ignored off the canvas).
func (c *canvas) set(x, y int, s string, k ink) {
	if x >= 0 && y >= 0 && x < c.w && y < c.h {
		c.cells[y][x] = cell{s: s, k: k}
	}
}

// text writes a span of single-cell glyphs from x, y.
func (c *canvas) text(x, y int, sp span) {
	for _, r := range sp.s {
		c.set(x, y, string(r), sp.k)
		x++
	}
}

// reverse marks the cell at x, y for reverse video.
func (c *canvas) reverse(x, y int) {
	if x >= 0 && y >= 0 && x < c.w && y < c.h {
		c.cells[y][x].rev = true
	}
}

// lines renders the canvas, one styled run per ink.
func (c *canvas) lines(p *palette) []string {
	out := make([]string, c.h)
	for y, row := range c.cells {
		var b, run strings.Builder
		cur := cell{k: -1}
		flush := func() {
			if run.Len() == 0 {
				return
			}
			r := 0
			if cur.rev {
				r = 1
			}
			w := p.wrap[cur.k][r]
			b.WriteString(w[0] + run.String() + w[1])
			run.Reset()
		}
		for _, cl := range row {
			if cl.k != cur.k || cl.rev != cur.rev {
				flush()
				cur = cl
			}
			run.WriteString(cl.s)
		}
		flush()
		out[y] = b.String()
	}
	return out
}

// span is a piece of text in one ink.
type span struct {
	s string
	k ink
}

// spansWidth is the cells a row of spans takes (every glyph one cell).
func spansWidth(sps []span) int {
	n := 0
	for _, sp := range sps {
		n += len([]rune(sp.s))
	}
	return n
}

// render draws a row of spans as styled text.
func (p *palette) render(sps []span) string {
	var b strings.Builder
	for _, sp := range sps {
		if sp.k == inkPlain {
			b.WriteString(sp.s)
		} else {
			b.WriteString(p.paint(sp.k, sp.s))
		}
	}
	return b.String()
}

// letters draws symbol letters ("TTFFAA") each in its genre's colour.
func letters(s string) []span {
	var out []span
	for _, r := range s {
		out = append(out, span{string(r), symInk(strings.IndexRune("HQALTF", r))})
	}
	return out
}
