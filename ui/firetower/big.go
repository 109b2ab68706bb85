package firetower

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
)

// The columns of the hand under the big board: a card's number and name,
// its family, the drawing of its pattern; its text takes the rest.
const (
	leadWidth = 16
	typeWidth = 10
	drawWidth = 8
)

// bigLines is the board for big terminals, when the large board leaves
// room under it (nil when it does not): beside the board the wind in
// words, the deck, every player with how close the fire is to their
// tower, what enter would do, the keys and the legend; under it the
// viewer's hand with every card's pattern drawn and its whole text.
func (b *Board) bigLines(v ft.View, ctx board.Context, t tool, pv preview, lines []string, bw int) []string {
	p := b.palette(ctx.Theme)
	under := b.handTable(v, ctx, p)
	// The panel keeps a column free before whatever the screen puts right of it.
	side := b.bigPanel(v, ctx, t, pv, ctx.Width-bw-3)
	n := max(len(lines), len(side))
	if len(under) > 0 {
		n += 1 + len(under)
	}
	if n > ctx.Height {
		return nil
	}
	out := beside(lines, side, bw, ctx.Width-bw-2, ctx.Height)
	if len(under) > 0 {
		out = append(out, "")
		for _, l := range under {
			out = append(out, board.Clip(l, ctx.Width))
		}
	}
	return out
}

// bigPanel is the column beside the large board on a big terminal.
func (b *Board) bigPanel(v ft.View, ctx board.Context, t tool, pv preview, w int) []string {
	th := ctx.Theme
	p := b.palette(th)
	out := statusLines(v, ctx)
	out = append(out, board.Wrap(windWords(v, ctx), w)...)
	out = append(out, board.Wrap(th.Faint.Render(deckWords(v)), w)...)
	out = append(out, "", th.Heading.Render("PLAYERS")+th.Faint.Render("  how near the fire is to each tower"))
	for _, s := range v.Seats {
		out = append(out, playerRow(v, ctx, p, s))
		out = append(out, board.WrapHang("     "+th.Faint.Render(watchWords(v, s.Tower)), w, 5)...)
	}
	out = append(out, "")
	out = append(out, board.Wrap(b.doing(v, ctx, t, pv), w)...)
	out = append(out, b.hintLines(v, t, p, w)...)
	out = append(out, "")
	return append(out, legendLines(p, false, w)...)
}

// windWords say where the wind spreads the fire and whose towers it
// blows toward.
func windWords(v ft.View, ctx board.Context) string {
	dir := strings.ToLower(v.Wind.String())
	s := fmt.Sprintf("The wind blows %s: each Part 1 puts a gem just %s of a fire", dir, dir)
	var who []string
	for _, t := range v.Wind.Threatened() {
		if seat, ok := v.SeatOf(t); ok && !seat.Out {
			who = append(who, ctx.Name(seat.Seat)+"'s "+t.String()+" tower")
		}
	}
	if len(who) > 0 {
		s += ", toward " + strings.Join(who, " and ")
	}
	return s + "."
}

// deckWords say what is left to draw and what was discarded.
func deckWords(v ft.View) string {
	s := fmt.Sprintf("The %s deck: %d %s to draw, %d discarded", v.DeckName, v.DeckLeft,
		engine.Plural(v.DeckLeft, "card", "cards"), v.Discards)
	if v.Storms {
		s += "; the Firestorm is in it"
	}
	return s + "."
}

// watchWords say how near the fire is to tower t: the burning squares
// of its 3 x 3 area and the steps from its corner to the nearest fire.
func watchWords(v ft.View, t ft.Tower) string {
	c := t.Corner()
	burning, nearest := 0, 2*ft.Size
	for y := range ft.Size {
		for x := range ft.Size {
			q := ft.Point{X: x, Y: y}
			if !v.Board.At(q).Burning() {
				continue
			}
			if t.Contains(q) {
				burning++
			}
			nearest = min(nearest, abs(q.X-c.X)+abs(q.Y-c.Y))
		}
	}
	if nearest == 0 {
		return fmt.Sprintf("area %d/9 burning · its corner %s burns", burning, c)
	}
	return fmt.Sprintf("area %d/9 burning · fire %d %s from %s", burning, nearest, engine.Plural(nearest, "step", "steps"), c)
}

// abs is n without its sign.
func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}

// handTable is the viewer's hand under the big board: every card with
// its family, its pattern drawn and its whole text (cards with the same
// text, such as the winds, share it), then the Bucket. A spectator has
// none.
func (b *Board) handTable(v ft.View, ctx board.Context, p palette) []string {
	me, ok := v.Mine()
	if !ok {
		return nil
	}
	th := ctx.Theme
	head := th.Heading.Render("HAND") + th.Faint.Render(fmt.Sprintf("  %d %s, hand size %d", len(v.Hand),
		engine.Plural(len(v.Hand), "card", "cards"), v.HandSize))
	if !v.Over {
		head += th.Faint.Render(" · tab or 1-9 picks a card, x marks it, u takes the Bucket")
	}
	out := []string{head}
	textW := max(ctx.Width-leadWidth-typeWidth-drawWidth-1, 10)
	for _, group := range sameText(v.Hand) {
		c := v.Hand[group[0]]
		var leads, draws []string
		for _, i := range group {
			leads = append(leads, b.cardLead(ctx, i, v.Hand[i]))
			if c.IsWind() {
				draws = append(draws, p.text(square{glyph: " " + v.Hand[i].Dir().Arrow(), fg: p.fire(), bold: true}))
			}
		}
		if !c.IsWind() {
			draws = pattern(p, c)
		}
		out = append(out, entryRows(leads, th.Faint.Render(c.Type().String()), draws, board.Wrap(c.Text(), textW))...)
	}
	lead := th.Faint.Render("  Bucket")
	text := []string{th.Faint.Render("used: you have emptied your Bucket")}
	if me.Bucket {
		lead, text = "u Bucket", board.Wrap(ft.BucketText, textW)
		if b.bucket {
			lead = th.Selected.Render(lead)
		}
	}
	water := square{glyph: "~~~~~~", fg: p.water(), bold: true}
	return append(out, entryRows([]string{lead}, th.Faint.Render("water"), []string{p.text(water)}, text)...)
}

// cardLead is hand card i's number and name: highlighted when selected,
// crossed when marked.
func (b *Board) cardLead(ctx board.Context, i int, c ft.Card) string {
	lead := fmt.Sprintf("%d %s", i+1, c.Name())
	if b.marks[i] {
		lead = "✗" + lead
	}
	if i == b.sel && !b.bucket {
		lead = ctx.Theme.Selected.Render(lead)
	}
	return lead
}

// sameText groups the hand's card numbers by the cards' text, in the
// order they first come.
func sameText(hand []ft.Card) [][]int {
	var out [][]int
	at := map[string]int{}
	for i, c := range hand {
		j, ok := at[c.Text()]
		if !ok {
			j = len(out)
			at[c.Text()] = j
			out = append(out, nil)
		}
		out[j] = append(out[j], i)
	}
	return out
}

// pattern draws a card's pattern as it lies unturned, in its family's
// glyph: fire ▓▓, water ~~, firebreak ##.
func pattern(p palette, c ft.Card) []string {
	sq := map[ft.Type]square{
		ft.FireType:  {glyph: "▓▓", fg: p.fire()},
		ft.WaterType: {glyph: "~~", fg: p.water(), bold: true},
		ft.BreakType: {glyph: "##", fg: p.brk(), bold: true},
	}[c.Type()]
	w, h := c.Shape().Span(0)
	rows := make([][]string, h)
	for y := range rows {
		rows[y] = slices.Repeat([]string{"  "}, w)
	}
	for _, o := range c.Shape().Offsets(0) {
		rows[o.Y][o.X] = sq.glyph
	}
	out := make([]string, h)
	for y, r := range rows {
		s := sq
		s.glyph = strings.Join(r, "")
		out[y] = p.text(s)
	}
	return out
}

// entryRows lays out one entry of the hand: its cards one a line, the
// family on the first, the drawing and the text beside them.
func entryRows(leads []string, family string, draws, text []string) []string {
	n := max(len(leads), len(draws), len(text))
	at := func(s []string, i int) string {
		if i < len(s) {
			return s[i]
		}
		return ""
	}
	out := make([]string, n)
	for i := range n {
		fam := ""
		if i == 0 {
			fam = family
		}
		out[i] = board.PadRight(at(leads, i), leadWidth) + board.PadRight(fam, typeWidth) +
			board.PadRight(at(draws, i), drawWidth) + at(text, i)
	}
	return out
}
