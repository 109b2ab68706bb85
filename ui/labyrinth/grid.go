package labyrinth

import (
	"strconv"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
)

// The grid's sizes: small tiles are 3 lines tall (one line inside), tall
// tiles 5 (three lines inside). A tile is w cells wide with one cell
// between tiles, where the Bookwyrm sits at its junction.
const (
	smallRows    = 3
	tallRows     = 5
	smallHeight  = lab.Size * smallRows
	tallHeight   = lab.Size * tallRows
	panelSmall   = 28 // the side panel's width beside small tiles
	panelTall    = 26 // and beside tall ones when there is room
	panelTallMin = 22 // the least beside tall tiles
	minTileW     = 7
	minTallW     = 9
	maxSmallW    = 11
	maxTallW     = 15
	minTallWidth = lab.Size*minTallW + lab.Size - 1 + 1 + panelTallMin
)

// geom is the size of one tile.
type geom struct{ w, h int }

// gridWidth is the grid's width in cells.
func (g geom) gridWidth() int { return lab.Size*g.w + lab.Size - 1 }

// pickGeom chooses the tiles' size for a board of w x h cells (the status
// line included).
func pickGeom(w, h int) geom {
	if h >= tallHeight+1 && w >= minTallWidth {
		return geom{w: min(max((w-1-panelTall-(lab.Size-1))/lab.Size, minTallW), maxTallW), h: tallRows}
	}
	return geom{w: min(max((w-1-panelSmall-(lab.Size-1))/lab.Size, minTileW), maxSmallW), h: smallRows}
}

// grid draws the library for one view.
type grid struct {
	v      lab.View
	p      *palette
	g      geom
	cursor int // -1: none
	last   map[int]bool
	// name gives the players' names that large tiles spell out.
	name func(engine.Seat) string
}

// lines draws the tile rows from..to-1 (all five when they fit in h
// lines; otherwise the rows around the cursor).
func (gr grid) lines(h int) []string {
	rows := min(max(h/gr.g.h, 1), lab.Size)
	from := 0
	if rows < lab.Size && gr.cursor >= 0 {
		from = min(max(gr.cursor/lab.Size-rows/2, 0), lab.Size-rows)
	}
	cv := newCanvas(gr.g.gridWidth(), rows*gr.g.h)
	for r := from; r < from+rows; r++ {
		for c := range lab.Size {
			gr.tile(cv, r*lab.Size+c, c*(gr.g.w+1), (r-from)*gr.g.h)
		}
	}
	gr.wyrm(cv, from, rows)
	return cv.lines(gr.p)
}

// tile draws tile i with its top left corner at x0, y0.
func (gr grid) tile(cv *canvas, i, x0, y0 int) {
	t := gr.v.Tiles[i]
	w, h := gr.g.w, gr.g.h
	corner := inkCorner
	if gr.last[i] {
		corner = inkLast
	}
	if !t.Lit {
		corner = inkDark
	}
	// The outline: diagonal corners, then the four sides.
	cv.set(x0, y0, "╱", corner)
	cv.set(x0+w-1, y0, "╲", corner)
	cv.set(x0, y0+h-1, "╲", corner)
	cv.set(x0+w-1, y0+h-1, "╱", corner)
	side := func(d int, horizontal bool) (string, ink) {
		switch {
		case !t.Lit:
			return "░", inkDark
		case t.Open[d]:
			return " ", inkPlain
		case horizontal:
			return "━", inkCase
		}
		return "┃", inkCase
	}
	for x := x0 + 1; x < x0+w-1; x++ {
		s, k := side(lab.North, true)
		cv.set(x, y0, s, k)
		s, k = side(lab.South, true)
		cv.set(x, y0+h-1, s, k)
	}
	for y := y0 + 1; y < y0+h-1; y++ {
		s, k := side(lab.West, false)
		cv.set(x0, y, s, k)
		s, k = side(lab.East, false)
		cv.set(x0+w-1, y, s, k)
		for x := x0 + 1; x < x0+w-1; x++ {
			if !t.Lit {
				cv.set(x, y, "░", inkDark)
			}
		}
	}
	// The corner that faces the Bookwyrm.
	switch t.Wyrm {
	case lab.NW:
		cv.set(x0+w-1, y0+h-1, wyrmCorner[t.Wyrm], inkStrike)
	case lab.NE:
		cv.set(x0, y0+h-1, wyrmCorner[t.Wyrm], inkStrike)
	case lab.SE:
		cv.set(x0, y0, wyrmCorner[t.Wyrm], inkStrike)
	case lab.SW:
		cv.set(x0+w-1, y0, wyrmCorner[t.Wyrm], inkStrike)
	}
	if i == gr.cursor {
		for x := x0; x < x0+w; x++ {
			cv.reverse(x, y0)
			cv.reverse(x, y0+h-1)
		}
		for y := y0 + 1; y < y0+h-1; y++ {
			cv.reverse(x0, y)
			cv.reverse(x0+w-1, y)
		}
	}
	iw := w - 2
	if h == smallRows {
		if t.Lit {
			centre(cv, x0+1, y0+1, iw, gr.smallContent(t))
		}
		return
	}
	name, last, large := span{t.Name, inkFaint}, y0+h-2, h >= largeRows
	if !t.Lit {
		if large && t.Known {
			centre(cv, x0+1, y0+3, iw, []span{{"was " + kindShort(t.Kind), inkFaint}})
		}
		if iw >= 4 {
			cv.text(x0+w-1-len(t.Name), last, name)
		}
		return
	}
	centre(cv, x0+1, y0+1, iw, fit(gr.title(t), iw))
	centre(cv, x0+1, y0+2, iw, gr.glyph(t, iw))
	who := gr.meeples(t)
	if large {
		centre(cv, x0+1, y0+3, iw, gr.names(t, iw))
		if t.Wyrm >= 0 && !gr.v.Over {
			centre(cv, x0+1, y0+4, iw, fit([]span{{wyrmCorner[t.Wyrm] + " " + disturbWord(t), inkStrike}}, iw))
		}
		who = []span{{" open " + strings.Join(openSides(t), ""), inkFaint}}
	}
	cv.spans(x0+1, last, fit(who, iw))
	if spansWidth(who)+1+len(t.Name) <= iw {
		cv.text(x0+w-1-len(t.Name), last, name)
	}
}

// openSides are a lit tile's open sides: N E S.
func openSides(t lab.TileView) []string {
	var out []string
	for d, o := range t.Open {
		if o {
			out = append(out, lab.DirNames[d])
		}
	}
	return out
}

// wyrmCorner marks a tile's corner that faces the Bookwyrm, by the
// tile's corner as seen from it (NW, NE, SE, SW).
var wyrmCorner = [4]string{"◢", "◣", "◤", "◥"}

// wyrm draws the Bookwyrm at its junction: the cell between the four
// tiles, on the last line of the tiles above and the first of those below.
func (gr grid) wyrm(cv *canvas, from, rows int) {
	j := gr.v.WyrmAt
	x := j.Col*(gr.g.w+1) + gr.g.w
	y := (j.Row-from+1)*gr.g.h - 1
	if j.Row >= from && j.Row < from+rows {
		cv.set(x, y, "W", inkWyrm)
	}
	if j.Row+1 >= from && j.Row+1 < from+rows {
		cv.set(x, y+1, "W", inkWyrm)
	}
}

// kindGlyph is a lit tile's mark without its token: N the compass, +
// crossroads, ! a Terror space, [ ] a Shelf space, R a Reward tile.
func kindGlyph(k lab.TileKind) span {
	switch k {
	case lab.KindCentre:
		return span{"N", inkPlain}
	case lab.KindCross:
		return span{"+", inkFaint}
	case lab.KindTerror:
		return span{"!", inkFaint}
	case lab.KindShelf:
		return span{"[ ]", inkFaint}
	case lab.KindReward:
		return span{"R", symInk(int(lab.Amazing))}
	}
	return span{"?", inkFaint}
}

// kindName names a tile kind for the tall tiles and the texts.
func kindName(k lab.TileKind) string {
	switch k {
	case lab.KindCentre:
		return "Compass"
	case lab.KindCross:
		return "Crossroads"
	case lab.KindTerror:
		return "Terror space"
	case lab.KindShelf:
		return "Shelf space"
	case lab.KindReward:
		return "Reward"
	}
	return "Floor tile"
}

// genreShort names the genres in a word.
var genreShort = [lab.NumGenres]string{"Children", "Classic", "Legends", "Science", "History", "Amazing"}

// shelfSpan is a Shelf token: its genre's symbol between brackets.
func shelfSpans(g int) []span {
	return []span{{"[", inkPlain}, {lab.SymbolLetters[g%lab.NumGenres], symInk(g)}, {"]", inkPlain}}
}

// token is the tile's token (Terror: "!" and the symbols it needs; Shelf:
// "[F]") or its kind's glyph.
func token(t lab.TileView) []span {
	switch {
	case t.Terror != nil:
		return append([]span{{"!", inkTerror}}, letters(t.Terror.Letters)...)
	case t.Shelf >= 0:
		return shelfSpans(t.Shelf)
	}
	return []span{kindGlyph(t.Kind)}
}

// meeples lists the players on the tile by seat number (yours reversed)
// and the Trolley as ≡.
func (gr grid) meeples(t lab.TileView) []span {
	var out []span
	for _, s := range t.Meeples {
		k := inkMeeple
		if s == gr.v.You {
			k = inkMe
		}
		out = append(out, span{strconv.Itoa(int(s) + 1), k})
	}
	if t.Trolley {
		out = append(out, span{"≡", inkTrolley})
	}
	return out
}

// names are who stands on a large tile in words, in at most n cells: the
// players by name ("you" for the viewer) and the Trolley; the others by
// their meeple's number when their names do not fit.
func (gr grid) names(t lab.TileView, n int) []span {
	for _, full := range []bool{true, false} {
		var words []span
		for _, s := range t.Meeples {
			word, k := seatDigit(s), inkMeeple
			if full {
				word = gr.name(s)
			}
			if s == gr.v.You {
				word, k = "you", inkMe
			}
			words = append(words, span{word, k})
		}
		if t.Trolley {
			words = append(words, span{"Trolley", inkTrolley})
		}
		var out []span
		for i, w := range words {
			if i > 0 {
				out = append(out, span{" ", inkPlain})
			}
			out = append(out, w)
		}
		if !full || spansWidth(out) <= n {
			return fit(out, n)
		}
	}
	return nil
}

// smallContent is a small tile's one line: token or kind, then meeples.
// A Terror shows its name cut short before its symbols when they fit
// ("Bas TFA"), else "!" and its symbols.
func (gr grid) smallContent(t lab.TileView) []span {
	tok, who := token(t), gr.meeples(t)
	iw := gr.g.w - 2
	if t.Terror != nil && len(who) == 0 {
		ls := letters(t.Terror.Letters)
		if room := iw - len(ls) - 1; room >= 2 {
			word, _, _ := strings.Cut(t.Terror.Name, " ")
			word = string([]rune(word)[:min(len([]rune(word)), room, 4)])
			return append([]span{{word + " ", inkTerror}}, ls...)
		}
	}
	if len(who) == 0 {
		return fit(tok, iw)
	}
	line := append(append(tok, span{" ", inkPlain}), who...)
	if spansWidth(line) > iw {
		line = append(tok, who...)
	}
	return fit(line, iw)
}

// title is a tall tile's first line: the Terror's name, the Shelf's genre
// or the tile's kind.
func (gr grid) title(t lab.TileView) []span {
	switch {
	case t.Terror != nil:
		return []span{{t.Terror.Name, inkTerror}}
	case t.Shelf >= 0:
		return []span{{genreShort[t.Shelf%lab.NumGenres], symInk(t.Shelf)}}
	}
	name := kindName(t.Kind)
	if len(name) > gr.g.w-2 {
		name = kindShort(t.Kind)
	}
	return []span{{name, inkFaint}}
}

// kindShort names a tile kind in a word.
func kindShort(k lab.TileKind) string {
	if k == lab.KindCross {
		return "Cross"
	}
	name, _, _ := strings.Cut(kindName(k), " ")
	return name
}

// glyph is a tall tile's middle line: the token's symbols, spaced out when
// there is room, or the kind's glyph.
func (gr grid) glyph(t lab.TileView, iw int) []span {
	if t.Terror == nil {
		return token(t)
	}
	ls := letters(t.Terror.Letters)
	if 2*len(ls)-1 > iw {
		return fit(ls, iw)
	}
	var out []span
	for i, l := range ls {
		if i > 0 {
			out = append(out, span{" ", inkPlain})
		}
		out = append(out, l)
	}
	return out
}

// fit cuts spans to n cells, ending with "…" when something was cut.
func fit(sps []span, n int) []span {
	if spansWidth(sps) <= n {
		return sps
	}
	var out []span
	left := n - 1
	for _, sp := range sps {
		r := []rune(sp.s)
		if len(r) > left {
			r = r[:max(left, 0)]
		}
		if len(r) > 0 {
			out = append(out, span{string(r), sp.k})
		}
		left -= len(r)
		if left <= 0 {
			break
		}
	}
	if n > 0 {
		out = append(out, span{"…", inkFaint})
	}
	return out
}

// centre writes spans centred in n cells from x, y.
func centre(cv *canvas, x, y, n int, sps []span) {
	cv.spans(x+(n-spansWidth(sps))/2, y, sps)
}

// spans writes a row of spans from x, y.
func (c *canvas) spans(x, y int, sps []span) {
	for _, sp := range sps {
		c.text(x, y, sp)
		x += len([]rune(sp.s))
	}
}

// disturbWord says what a Disturbance card would do to tile t now
// (rulebook p.9): flip a dark tile lit, rotate a tile with a token or a
// meeple, put a new Terror on an empty Terror space, flip any other tile
// dark.
func disturbWord(t lab.TileView) string {
	switch {
	case !t.Lit:
		return "flip lit"
	case t.Terror != nil || t.Shelf >= 0 || len(t.Meeples) > 0 || t.Trolley:
		return "rotate"
	case t.Kind == lab.KindTerror:
		return "new Terror"
	case t.Kind == lab.KindCentre:
		return "nothing"
	}
	return "flip dark"
}

// seatDigit is a seat's meeple label.
func seatDigit(s engine.Seat) string { return strconv.Itoa(int(s) + 1) }
