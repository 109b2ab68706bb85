package horror

import (
	"image/color"
	"maps"
	"slices"
	"strings"

	"charm.land/lipgloss/v2"

	"arcade/ui/theme"
)

// ink names the look of a piece of the board; without colour every ink
// is plain, bold or faint, and the glyphs alone tell things apart.
type ink int

const (
	inkPlain   ink = iota
	inkFaint       // hollow markers, labels of lesser things
	inkWall        // walls between rooms
	inkClosed      // a closed door
	inkLabel       // a room's grid reference
	inkBook        // a bookcase
	inkDrawer      // a drawer
	inkMirror      // a mirror
	inkPicture     // a picture
	inkGhost       // a ghost
	inkMarker      // a search marker
	inkSummon      // the markers of a room where the next search summons a ghost
	inkPortal      // the Portal
	inkMe          // the viewer's mark
	inkPlayer      // another player's mark (in their colour: inkColour on)
	inkColour      // + the theme's palette colours by name, sorted
)

// palette holds the board's styles for one theme: the escape codes each
// ink puts around a run of text, plain and in reverse video (the room
// under the cursor), so that a board is not drawn cell by cell through
// lipgloss.
type palette struct {
	th      *theme.Theme
	wrap    [][2][2]string
	colours map[string]ink
}

// colour is the ink of the theme's colour name (a player's colour), or
// inkPlayer without it.
func (p *palette) colour(name string) ink {
	if k, ok := p.colours[name]; ok {
		return k
	}
	return inkPlayer
}

func newPalette(th *theme.Theme) *palette {
	p := &palette{th: th, colours: map[string]ink{}}
	names := slices.Sorted(maps.Keys(th.Palette))
	base := lipgloss.NewStyle()
	st := make([]lipgloss.Style, int(inkColour)+len(names))
	for i := range st {
		st[i] = base
	}
	st[inkFaint] = base.Faint(true)
	st[inkClosed] = base.Bold(true)
	st[inkGhost] = base.Bold(true)
	st[inkSummon] = base.Bold(true)
	st[inkPortal] = base.Bold(true)
	st[inkMe] = base.Bold(true)
	st[inkPlayer] = base.Bold(true)
	for i, name := range names {
		k := inkColour + ink(i)
		p.colours[name] = k
		st[k] = base.Bold(true).Foreground(th.Palette[name])
	}
	if th.Colour {
		ld := lipgloss.LightDark(th.Dark)
		c := func(light, dark string) color.Color { return ld(lipgloss.Color(light), lipgloss.Color(dark)) }
		st[inkFaint] = base.Foreground(c("#6b6b6b", "#8c8c8c"))
		st[inkWall] = base.Foreground(c("#6b6b6b", "#8c8c8c"))
		st[inkClosed] = base.Bold(true).Foreground(c("#9a6700", "#f2cc60"))
		st[inkLabel] = base.Foreground(c("#1f4e8c", "#8ab4f8"))
		st[inkBook] = base.Foreground(c("#7a4a1b", "#d2a26b"))
		st[inkDrawer] = base.Foreground(c("#00796b", "#4dd0e1"))
		st[inkMirror] = base.Foreground(c("#1f4e8c", "#8ab4f8"))
		st[inkPicture] = base.Foreground(c("#7b2fbe", "#c792ea"))
		st[inkGhost] = base.Bold(true).Foreground(c("#b3001b", "#ff6b6b"))
		st[inkMarker] = base.Foreground(c("#5a5a5a", "#d0d0d0"))
		st[inkSummon] = base.Bold(true).Foreground(c("#b35900", "#ffb347"))
		st[inkPortal] = base.Bold(true).Foreground(c("#7b2fbe", "#c792ea"))
		st[inkMe] = base.Bold(true).Foreground(c("#1b7a1b", "#7ee787"))
	}
	p.wrap = make([][2][2]string, len(st))
	for k, s := range st {
		for r, rev := range []bool{false, true} {
			if rev {
				s = th.Selected.Inherit(s)
			}
			pre, post, _ := strings.Cut(s.Render("\x00"), "\x00")
			p.wrap[k][r] = [2]string{pre, post}
		}
	}
	return p
}

// span is a piece of text in one ink; every glyph of it is one cell.
type span struct {
	s string
	k ink
}

// line is a row of spans.
type line []span

// width is the cells l takes.
func (l line) width() int {
	n := 0
	for _, sp := range l {
		n += len([]rune(sp.s))
	}
	return n
}

// cut is l cut to at most n cells.
func (l line) cut(n int) line {
	var out line
	for _, sp := range l {
		r := []rune(sp.s)
		if len(r) > n {
			r = r[:max(n, 0)]
		}
		if len(r) > 0 {
			out = append(out, span{string(r), sp.k})
		}
		n -= len(r)
		if n <= 0 {
			break
		}
	}
	return out
}

// join joins lines with a gap of sep between two.
func join(sep string, ls ...line) line {
	var out line
	for _, l := range ls {
		if len(l) == 0 {
			continue
		}
		if len(out) > 0 && sep != "" {
			out = append(out, span{sep, inkPlain})
		}
		out = append(out, l...)
	}
	return out
}

// render draws l, in reverse video when rev.
func (p *palette) render(l line, rev bool) string {
	var b strings.Builder
	r := 0
	if rev {
		r = 1
	}
	for _, sp := range l {
		w := p.wrap[sp.k][r]
		b.WriteString(w[0] + sp.s + w[1])
	}
	return b.String()
}

// paint draws s in ink k.
func (p *palette) paint(k ink, s string) string { return p.render(line{{s, k}}, false) }
