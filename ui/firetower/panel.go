package firetower

import (
	"fmt"
	"strings"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
)

// panel is the column beside the board: wind and turn, players, the hand,
// what the cursor would do, the keys; then a legend when there is room
// (the table screen shows the log).
func (b *Board) panel(v ft.View, ctx board.Context, t tool, pv preview, w, h int) []string {
	p := b.palette(ctx.Theme)
	w = max(w, 10)
	out := statusLines(v, ctx)
	out = append(out, b.players(v, ctx, p)...)
	out = append(out, b.hand(v, ctx, w)...)
	out = append(out, board.Wrap(b.doing(v, ctx, t, pv), w)...)
	out = append(out, b.hintLines(v, t, p, w)...)
	if h-len(out) >= 2 {
		out = append(out, legendLines(p, p.colour && h < ft.Size+1, w)...)
	}
	return out
}

// statusLines are the panel's first lines: the wind, the turn and the
// deck, then the phase while the game goes on (once it is over, doing
// says how it ended).
func statusLines(v ft.View, ctx board.Context) []string {
	th := ctx.Theme
	out := []string{th.Title.Render(windHead(v)) + th.Faint.Render(fmt.Sprintf("  turn %d  deck %d", v.TurnNo, v.DeckLeft))}
	phase := engine.ExpandSeats(v.PhaseText, ctx.Name)
	switch {
	case v.Over:
	case myTurn(v):
		out = append(out, th.Good.Render(phase))
	default:
		out = append(out, th.Accent.Render(phase))
	}
	return out
}

// hintLines are the keys that work now, wrapped to w: while a move is
// being built, backspace last.
func (b *Board) hintLines(v ft.View, t tool, p palette, w int) []string {
	var hints []string
	for _, h := range strings.Split(keyHint(v, t), " · ") {
		hints = append(hints, p.faint(h))
	}
	if len(b.steps) > 0 && myTurn(v) {
		hints = append(hints, p.faint("backspace take back a step"))
	}
	return board.WrapItems(hints, p.faint(" · "), w, board.Wrap)
}

// legendLines explain the board's glyphs (its colours when compact),
// wrapped to w.
func legendLines(p palette, compact bool, w int) []string {
	var items []string
	for _, it := range legend(compact) {
		items = append(items, p.faint(it))
	}
	return board.WrapItems(items, "  ", w, board.Wrap)
}

// players lists each player: tower, name, cards, Bucket and fate.
func (b *Board) players(v ft.View, ctx board.Context, p palette) []string {
	var out []string
	for _, s := range v.Seats {
		out = append(out, playerRow(v, ctx, p, s))
	}
	return out
}

// playerRow is one player's line: the turn mark, tower, name, cards,
// Bucket, team and fate.
func playerRow(v ft.View, ctx board.Context, p palette, s ft.SeatView) string {
	th := ctx.Theme
	mark := "  "
	if s.Seat == v.Acting && !v.Over {
		mark = th.Accent.Render("▸ ")
	}
	who := ctx.Name(s.Seat)
	if s.Seat == v.You {
		who += " (you)"
	}
	row := fmt.Sprintf("%s%s %-14s %d cards", mark, towerMark(p, s.Tower), board.Clip(who, 14), s.HandSize)
	if s.Bucket {
		row += "  bucket"
	} else {
		row += th.Faint.Render("  no bucket")
	}
	if v.Team {
		row += th.Faint.Render(fmt.Sprintf("  team %d", s.Team+1))
	}
	switch {
	case s.Out:
		row += th.Bad.Render("  OUT")
	case s.Burned:
		row += th.Bad.Render("  BURNED")
	}
	return row
}

// towerMark is a tower's letter and ⌂, in its colour when there is colour.
func towerMark(p palette, t ft.Tower) string {
	mark := t.Letter() + "⌂"
	if p.colour {
		mark = p.text(square{glyph: mark, fg: p.towerStrong(t), bold: true})
	}
	return mark
}

// hand lists the viewer's cards with their numbers: the selected one
// highlighted, the marked ones crossed.
func (b *Board) hand(v ft.View, ctx board.Context, w int) []string {
	th := ctx.Theme
	if v.You < 0 {
		return nil
	}
	if len(v.Hand) == 0 {
		return []string{th.Heading.Render("HAND") + th.Faint.Render(" none")}
	}
	var items []string
	for i, c := range v.Hand {
		item := fmt.Sprintf("%d %s", i+1, c.Name())
		if b.marks[i] {
			item = "✗" + item
		}
		if i == b.sel && !b.bucket {
			item = th.Selected.Render(item)
		}
		items = append(items, item)
	}
	out := board.WrapItems(append([]string{th.Heading.Render("HAND")}, items...), "  ", w, board.Wrap)
	switch {
	case b.bucket:
		out = append(out, th.Key.Render("Bucket")+": "+ft.BucketText)
	case b.sel < len(v.Hand):
		c := v.Hand[b.sel]
		out = append(out, board.Wrap(th.Key.Render(c.Name())+": "+c.Text(), w)...)
	}
	return out
}

// doing says what enter would do, or why it cannot.
func (b *Board) doing(v ft.View, ctx board.Context, t tool, pv preview) string {
	th := ctx.Theme
	if v.Over {
		return th.Title.Render("Game over. ") + engine.ExpandSeats(v.Summary, ctx.Name)
	}
	if !myTurn(v) {
		if v.You < 0 {
			return th.Faint.Render("You are watching.")
		}
		return th.Faint.Render("Waiting for " + ctx.Name(v.Acting) + ". Move the cursor to look around.")
	}
	switch t.kind {
	case toolTrim:
		return th.Warn.Render(fmt.Sprintf("Keep %d cards: enter discards the selected card.", v.HandSize))
	case toolRedraw:
		return th.Warn.Render("Firestorm: x marks cards, enter redraws the marked ones (p keeps all).")
	case toolNone:
		return th.Warn.Render("p ends your turn; u picks up your Bucket first.")
	}
	what, where := "spread the fire", " to "
	switch t.kind {
	case toolEmber:
		what, where = "land the Ember's gem", " on "
	case toolBucket:
		what, where = "empty the Bucket", " on "
	case toolCard:
		what, where = "play "+t.card.Name(), " on "
	}
	switch {
	case pv.err != nil && !b.touched:
		// A decision just come up, the cursor where the last one left it:
		// what is wrong with that square is no news yet.
		return th.Warn.Render("Move the cursor where you want to " + what + ".")
	case pv.err != nil:
		return th.Bad.Render("✗ " + pv.err.Error())
	}
	return th.Good.Render("enter: "+what+where+span(pv.cells)) + " (" + pv.effect.Summary() + ")"
}

// keyHint lists the keys that work now.
func keyHint(v ft.View, t tool) string {
	if !myTurn(v) {
		return "arrows/hjkl move the cursor · ? help"
	}
	move := "arrows/hjkl move · "
	switch t.kind {
	case toolSpread, toolEmber:
		return move + "enter place the gem · u Bucket"
	case toolBucket:
		return move + "r turn · enter empty it · u/esc put it back"
	case toolCard:
		s := move
		if t.shape.Rotations() > 1 {
			s += "r turn · "
		}
		s += "enter play · tab/1-9 card · x mark, d discard marked · u Bucket"
		if t.card.IsWind() {
			s += " · o roll the die with it"
		}
		return s
	case toolTrim:
		return "tab/1-9 card · enter discard it"
	case toolRedraw:
		return "tab/1-9 card · x mark · enter redraw marked · p keep · d redraw all"
	}
	return "p end the turn · u Bucket"
}

// legend explains the board's glyphs, or its colours when it is drawn
// with half blocks (compact).
func legend(compact bool) []string {
	if compact {
		return []string{"orange fire", "red eternal flame", "brown firebreak", "tower areas in their colours", "yellow can reach",
			"pink cursor", "pale yellow new fire", "cyan put out"}
	}
	return []string{"▓▓ fire", "██ eternal flame", "## firebreak", "░░ tower area", "R⌂ corner", "() can reach", "++ new fire", "~~ put out"}
}
