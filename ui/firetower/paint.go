package firetower

import (
	"image/color"

	"charm.land/lipgloss/v2"

	ft "arcade/engine/firetower"
	"arcade/ui/theme"
)

// mark is what the board shows on top of a square.
type mark int

const (
	markNone    mark = iota
	markTarget       // the wind's (or the Ember's) gem may go here
	markPattern      // in the pattern, left as it is
	markBad          // in a pattern the rules refuse
	markFire         // would catch fire
	markOut          // would be put out
	markBreak        // would get a firebreak
	markClear        // would lose its firebreak
	markLifted       // the Ember's gem came from here
	markLast         // changed by the last move
)

// palette holds the board's colours for one theme (nil maps without colour).
type palette struct {
	th     *theme.Theme
	colour bool
	dark   bool
	// cells, when not nil, keeps every drawn cell's styled text by what it
	// shows, so that a board draws each distinct cell once.
	cells cells
}

func newPalette(th *theme.Theme) palette {
	return palette{th: th, colour: th != nil && th.Colour, dark: th != nil && th.Dark}
}

// shade is a colour for a light and for a dark background.
type shade [2]color.Color

func hex(light, dark string) shade { return shade{lipgloss.Color(light), lipgloss.Color(dark)} }

// c is the shade's colour on the theme's background.
func (p palette) c(s shade) color.Color {
	if p.dark {
		return s[1]
	}
	return s[0]
}

// towerShades are the towers' colours: strong for the tower itself, dim
// for its area.
var towerShades = [4][2]shade{
	{hex("#c92a2a", "#ff6b6b"), hex("#ffc9c9", "#5c1a1a")}, // red
	{hex("#862e9c", "#da77f2"), hex("#eebefa", "#46195c")}, // purple
	{hex("#1864ab", "#74c0fc"), hex("#a5d8ff", "#15305c")}, // blue
	{hex("#2b8a3e", "#8ce99a"), hex("#b2f2bb", "#174d1f")}, // green
}

// towerStrong is a tower's own colour; towerDim its area's.
func (p palette) towerStrong(t ft.Tower) color.Color { return p.c(towerShades[t&3][0]) }

func (p palette) towerDim(t ft.Tower) color.Color { return p.c(towerShades[t&3][1]) }

// The shades of the things on the board, parsed once.
var (
	forestShade  = hex("#e9ecdf", "#262b22")
	treeShade    = hex("#5c7a4a", "#66885a")
	fireShade    = hex("#e8590c", "#ff922b")
	eternalShade = hex("#a61e1e", "#e03131")
	brkShade     = hex("#6b4f2a", "#b08850")
	newFireShade = hex("#f08c00", "#ffe066")
	waterShade   = hex("#0b7285", "#66d9e8")
	buildShade   = hex("#343a40", "#f1f3f5")
	targetShade  = hex("#e67700", "#fcc419")
	badShade     = hex("#c92a2a", "#ff4d4d")
	cursorShade  = hex("#d6336c", "#f783ac")
	plainShade   = hex("#868e96", "#adb5bd")
)

// The colours of the things on the board.
func (p palette) forest() color.Color  { return p.c(forestShade) }
func (p palette) tree() color.Color    { return p.c(treeShade) }
func (p palette) fire() color.Color    { return p.c(fireShade) }
func (p palette) eternal() color.Color { return p.c(eternalShade) }
func (p palette) brk() color.Color     { return p.c(brkShade) }
func (p palette) newFire() color.Color { return p.c(newFireShade) }
func (p palette) water() color.Color   { return p.c(waterShade) }
func (p palette) build() color.Color   { return p.c(buildShade) }
func (p palette) target() color.Color  { return p.c(targetShade) }
func (p palette) bad() color.Color     { return p.c(badShade) }
func (p palette) cursor() color.Color  { return p.c(cursorShade) }
func (p palette) plain() color.Color   { return p.c(plainShade) }

// cells maps what a cell shows to its styled text. A board draws few
// distinct cells (a handful of glyphs in a handful of colours, its row and
// column labels, its fixed key hints and legend), so the map stays small.
type cells map[cell]string

// cell is what decides a drawn cell's bytes: a square's glyph and style as
// text shows it (no background; no colour without colour), a half block's
// two colours, or a faint label's text.
type cell struct {
	s    square
	kind cellKind
}

// cellKind tells the drawings of a cell apart.
type cellKind int

const (
	cellSquare cellKind = iota
	cellHalf
	cellFaint
)

// square is what one square shows: its glyph pair, its colour and style.
type square struct {
	glyph   string // two cells wide
	fg      color.Color
	bg      color.Color // the square's colour as a block (half-block mode)
	bold    bool
	reverse bool
	under   bool // the cursor on a marked square
}

// look describes square q of the view with its mark and the cursor.
func (p palette) look(v ft.View, q ft.Point, m mark, cursor bool) square {
	s := p.base(v, q)
	switch m {
	case markTarget:
		s = square{glyph: "()", fg: p.target(), bg: p.target(), bold: true}
	case markPattern:
		s.reverse, s.bg = true, p.plain()
	case markBad:
		s.reverse, s.fg, s.bg = true, p.bad(), p.bad()
	case markFire:
		s = square{glyph: "++", fg: p.newFire(), bg: p.newFire(), bold: true, reverse: true}
	case markOut:
		s = square{glyph: "~~", fg: p.water(), bg: p.water(), bold: true, reverse: true}
	case markBreak:
		s = square{glyph: "##", fg: p.build(), bg: p.build(), bold: true, reverse: true}
	case markClear:
		s = square{glyph: "--", fg: p.water(), bg: p.water(), bold: true, reverse: true}
	case markLifted:
		s = square{glyph: "..", fg: p.target(), bg: p.target(), bold: true}
	case markLast:
		s.under = true
	}
	if cursor {
		if m == markNone || m == markTarget || m == markLifted || m == markLast {
			s.reverse, s.bg = true, p.cursor()
		} else {
			s.under = true
		}
	}
	return s
}

// base is the square without marks.
func (p palette) base(v ft.View, q ft.Point) square {
	area, inArea := v.AreaOf(q)
	switch v.Board.At(q) {
	case ft.Fire:
		return square{glyph: "▓▓", fg: p.fire(), bg: p.fire()}
	case ft.Eternal:
		return square{glyph: "██", fg: p.eternal(), bg: p.eternal(), bold: true}
	case ft.Break:
		return square{glyph: "##", fg: p.brk(), bg: p.brk(), bold: true}
	}
	if inArea && q == area.Corner() {
		return square{glyph: area.Letter() + "⌂", fg: p.towerStrong(area), bg: p.towerStrong(area), bold: true}
	}
	if inArea {
		return square{glyph: "░░", fg: p.towerStrong(area), bg: p.towerDim(area)}
	}
	return square{glyph: "· ", fg: p.tree(), bg: p.forest()}
}

// text renders a square as its glyph cells.
func (p palette) text(s square) string {
	s.bg = nil
	if !p.colour {
		s.fg = nil
	}
	return p.cached(cell{s: s}, func() string {
		st := lipgloss.NewStyle().Bold(s.bold).Reverse(s.reverse).Underline(s.under)
		if p.colour {
			st = st.Foreground(s.fg)
		}
		return st.Render(s.glyph)
	})
}

// half renders two squares, one above the other, as one '▀' cell: the top
// square's colour in front, the bottom one's behind.
func (p palette) half(top, bottom square) string {
	return p.cached(cell{s: square{fg: top.bg, bg: bottom.bg}, kind: cellHalf}, func() string {
		return lipgloss.NewStyle().Foreground(top.bg).Background(bottom.bg).Render("▀")
	})
}

// faint renders a fixed label in the theme's faint style (kept: never a
// text that changes with the game).
func (p palette) faint(label string) string {
	return p.cached(cell{s: square{glyph: label}, kind: cellFaint}, func() string { return p.th.Faint.Render(label) })
}

// cached returns the styled text of c, drawing it with draw the first time.
func (p palette) cached(c cell, draw func() string) string {
	if t, ok := p.cells[c]; ok {
		return t
	}
	t := draw()
	if p.cells != nil {
		p.cells[c] = t
	}
	return t
}
