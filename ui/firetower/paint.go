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
	ld     lipgloss.LightDarkFunc
}

func newPalette(th *theme.Theme) palette {
	return palette{th: th, colour: th != nil && th.Colour, ld: lipgloss.LightDark(th != nil && th.Dark)}
}

func (p palette) c(light, dark string) color.Color {
	return p.ld(lipgloss.Color(light), lipgloss.Color(dark))
}

// towerHex are the towers' colours: strong (light, dark background) for
// the tower itself, dim (light, dark) for its area.
var towerHex = [4][4]string{
	{"#c92a2a", "#ff6b6b", "#ffc9c9", "#5c1a1a"}, // red
	{"#862e9c", "#da77f2", "#eebefa", "#46195c"}, // purple
	{"#1864ab", "#74c0fc", "#a5d8ff", "#15305c"}, // blue
	{"#2b8a3e", "#8ce99a", "#b2f2bb", "#174d1f"}, // green
}

// towerStrong is a tower's own colour; towerDim its area's.
func (p palette) towerStrong(t ft.Tower) color.Color { return p.c(towerHex[t&3][0], towerHex[t&3][1]) }

func (p palette) towerDim(t ft.Tower) color.Color { return p.c(towerHex[t&3][2], towerHex[t&3][3]) }

// The colours of the things on the board.
func (p palette) forest() color.Color  { return p.c("#e9ecdf", "#262b22") }
func (p palette) tree() color.Color    { return p.c("#5c7a4a", "#66885a") }
func (p palette) fire() color.Color    { return p.c("#e8590c", "#ff922b") }
func (p palette) eternal() color.Color { return p.c("#a61e1e", "#e03131") }
func (p palette) brk() color.Color     { return p.c("#6b4f2a", "#b08850") }
func (p palette) newFire() color.Color { return p.c("#f08c00", "#ffe066") }
func (p palette) water() color.Color   { return p.c("#0b7285", "#66d9e8") }
func (p palette) build() color.Color   { return p.c("#343a40", "#f1f3f5") }
func (p palette) target() color.Color  { return p.c("#e67700", "#fcc419") }
func (p palette) bad() color.Color     { return p.c("#c92a2a", "#ff4d4d") }
func (p palette) cursor() color.Color  { return p.c("#d6336c", "#f783ac") }
func (p palette) plain() color.Color   { return p.c("#868e96", "#adb5bd") }

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

// text renders a square as its two glyph cells.
func (p palette) text(s square) string {
	st := lipgloss.NewStyle().Bold(s.bold).Reverse(s.reverse).Underline(s.under)
	if p.colour {
		st = st.Foreground(s.fg)
	}
	return st.Render(s.glyph)
}

// half renders two squares, one above the other, as one '▀' cell: the top
// square's colour in front, the bottom one's behind.
func (p palette) half(top, bottom square) string {
	return lipgloss.NewStyle().Foreground(top.bg).Background(bottom.bg).Render("▀")
}
