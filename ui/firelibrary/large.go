package firelibrary

import (
	"fmt"
	"strings"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// largeFrom is the narrowest board that gets the large layout (when its
// lines fit the board's height).
const largeFrom = 100

// collapsedValue is what a book of a collapsed section scores.
const collapsedValue = 10

// topValue is the value of a section's last live card: the cards of a
// section are worth one more each down the stack, up to 7.
const topValue = 7

// largeLines is the board for big terminals: each section as its stack
// of cards beside its words, the bag in detail, the market with each
// tool's text, the players' Turn Order cards spelled out, the viewer's
// tools with their text and the phase line.
func largeLines(v fl.View, ctx board.Context) []string {
	th, w := ctx.Theme, ctx.Width
	lines := []string{headingLine(v, th)}
	lines = append(lines, largeSections(v, th)...)
	lines = append(lines, largeBag(v, th, w)...)
	lines = append(lines, largeMarket(v, th, w)...)
	lines = append(lines, largePlayers(v, ctx)...)
	lines = append(lines, orderLines(v, ctx)...)
	if table := tableLine(v, ctx); table != "" {
		lines = append(lines, table)
	}
	if v.You != engine.Spectator && !v.NoTools {
		lines = append(lines, handLines(v, th, w, ctx.Height)...)
	}
	lines = append(lines, phaseLines(v, ctx)...)
	for i, l := range lines {
		lines[i] = board.Clip(l, w)
	}
	return lines
}

// largeSections draws each section as its stack of Library cards, the
// top one with its burn index, then what the section is worth, how many
// of its books are in the bag and whether it burns next.
func largeSections(v fl.View, th *theme.Theme) []string {
	next := nextBurn(v)
	boxes := make([][3]string, len(v.Sections))
	width := 0
	for i, s := range v.Sections {
		boxes[i] = stackBox(s, th)
		width = max(width, board.Width(boxes[i][0]))
	}
	var out []string
	for i, s := range v.Sections {
		words := sectionWords(s, th, i == next)
		for j, l := range boxes[i] {
			out = append(out, " "+board.PadRight(l, width)+"  "+words[j])
		}
	}
	return out
}

// stackBox draws a section's cards in three lines: the top card with its
// value, burn index and fire icon, the values under it, and the
// collapse (10) at the bottom of the stack.
func stackBox(s fl.SectionView, th *theme.Theme) [3]string {
	paint := func(t string) string { return th.Paint(s.Colour, t, false) }
	var cards []string
	if !s.Collapsed {
		top := fmt.Sprintf(" %d burn #%d ", s.Value, s.TopBurn)
		if s.TopFire {
			top = fmt.Sprintf(" %d burn #%d F ", s.Value, s.TopBurn)
		}
		cards = append(cards, top)
		for val := s.Value + 1; val <= topValue && len(cards) < s.Cards; val++ {
			cards = append(cards, fmt.Sprintf(" %d ", val))
		}
	}
	cards = append(cards, fmt.Sprintf(" %d ", collapsedValue))
	var box [3]string
	for i, c := range cards {
		bar := strings.Repeat("─", board.Width(c))
		ink := paint
		if i == len(cards)-1 {
			ink = func(t string) string { return th.Faint.Render(t) }
		}
		box[0] += ink("┌" + bar + "┐")
		box[1] += ink("│") + c + ink("│")
		box[2] += ink("└" + bar + "┘")
	}
	return box
}

// sectionWords are the three lines beside a section's stack.
func sectionWords(s fl.SectionView, th *theme.Theme, next bool) [3]string {
	name := th.Paint(s.Colour, fmt.Sprintf("%s (%s, %s)", s.Name, s.Colour, letters[s.Colour]), true)
	if s.Collapsed {
		return [3]string{name, th.Bad.Render(fmt.Sprintf("COLLAPSED: each of its books scores %d", collapsedValue)),
			fmt.Sprintf("%d of its books in the bag", s.InBag)}
	}
	state := fmt.Sprintf("a saved book scores %d; %d %s left", s.Value, s.Cards, engine.Plural(s.Cards, "card", "cards"))
	burn := fmt.Sprintf("%d of its books in the bag · top card burn #%d", s.InBag, s.TopBurn)
	if s.TopFire {
		burn += " with a fire icon"
	}
	if next {
		name += th.Warn.Render("  ← burns next")
	}
	return [3]string{name, state, burn}
}

// largeBag is the bag in detail: the books by section, the fires, the
// chance that the next token drawn is a fire, and the spare fires.
func largeBag(v fl.View, th *theme.Theme, w int) []string {
	var per []string
	for _, s := range v.Sections {
		per = append(per, fmt.Sprintf("%s %s %d", token(th, s.Colour), s.Name, s.InBag))
	}
	if v.TechValue > 0 {
		per = append(per, fmt.Sprintf("%s Technology %d (worth %d)", token(th, "teal"), v.Bag.Tech, v.TechValue))
	}
	line := th.Heading.Render("BAG") + fmt.Sprintf(" %d tokens: %d books (%s) and %s", v.Bag.Total, v.Bag.Books,
		strings.Join(per, " · "), th.Bad.Render(fmt.Sprintf("%d %s", v.Bag.Fires, engine.Plural(v.Bag.Fires, "fire", "fires"))))
	if v.Bag.Total > 0 {
		line += fmt.Sprintf(" · the next draw is a fire %d times in 100", (100*v.Bag.Fires+v.Bag.Total/2)/v.Bag.Total)
	}
	line += th.Faint.Render(fmt.Sprintf(" · %d spare %s outside it", v.Supply, engine.Plural(v.Supply, "fire waits", "fires wait")))
	return board.WrapHang(line, w, 4)
}

// largeMarket is the tool market with each tool's text, or the line that
// says there is none.
func largeMarket(v fl.View, th *theme.Theme, w int) []string {
	if v.NoTools {
		return []string{marketLine(v, th, w)}
	}
	out := []string{th.Heading.Render("MARKET") + th.Faint.Render(fmt.Sprintf("  deck %d, discard %d", v.Deck, v.Discard))}
	if len(v.Market) == 0 {
		return append(out, th.Faint.Render(" empty"))
	}
	for i, t := range v.Market {
		line := fmt.Sprintf(" %s %s", th.Key.Render(fmt.Sprint(i+1)), toolWords(th, t))
		out = append(out, board.WrapHang(line, w, 5)...)
	}
	return out
}

// toolWords are a tool's name, window and text.
func toolWords(th *theme.Theme, t fl.ToolView) string {
	return th.Key.Render(t.Name) + th.Faint.Render(" ("+shortTiming(t.Timing)+") ") + t.Text
}

// largePlayers lists the players with their Turn Order cards spelled
// out: each space safe or risky with its bravery, and the token on it.
func largePlayers(v fl.View, ctx board.Context) []string {
	th := ctx.Theme
	out := []string{th.Heading.Render("PLAYERS") + th.Faint.Render("  score · Turn Order card: each space safe or risky (bravery), the token drawn onto it · tools held")}
	cards := map[int]fl.OrderCardView{}
	for _, c := range v.Cards {
		cards[c.Number] = c
	}
	nameW := 16
	for _, p := range v.Players {
		nameW = max(nameW, board.Width(playerName(v, ctx, p.Seat)))
	}
	for _, row := range playerRows(v, ctx, min(nameW, maxNameWidth)) {
		card, cells := "  - ", strings.Repeat(" ", 5*largeCell)
		if c, ok := cards[row.card]; ok && row.card > 0 {
			card, cells = fmt.Sprintf("%3s ", engine.Ordinal(row.card)), largeCells(th, c)
		}
		out = append(out, fmt.Sprintf("%s%s %5d  %s %s%s", row.mark, row.name, row.score, card, cells, row.rest))
	}
	return out
}

// maxNameWidth is the widest name column of the large players' table.
const maxNameWidth = 30

// largeCell is the width of a Turn Order space drawn large.
const largeCell = 12

// largeCells draws a Turn Order card's spaces in words: [Y safe],
// [· risky 4], a fire as F.
func largeCells(th *theme.Theme, c fl.OrderCardView) string {
	var b strings.Builder
	for _, s := range c.Spaces {
		kind := "safe"
		if s.Risky {
			kind = th.Warn.Render(fmt.Sprintf("risky %d", s.Bravery))
		}
		b.WriteString(board.PadRight("["+token(th, s.Token)+" "+kind+"]", largeCell))
	}
	return b.String()
}

// orderLines are the Turn Order cards in play, each with its spaces and
// who holds it, and the score track: the order in which the players
// choose their cards.
func orderLines(v fl.View, ctx board.Context) []string {
	th := ctx.Theme
	if len(v.Cards) == 0 {
		return nil
	}
	out := []string{th.Heading.Render("TURN ORDER CARDS") + th.Faint.Render("  S a safe space, Rn a risky one with bravery n")}
	for _, c := range v.Cards {
		holder := th.Faint.Render("nobody holds it")
		switch {
		case c.Robot:
			holder = "the Robot holds it"
		case c.Holder >= 0:
			holder = ctx.Name(c.Holder) + " holds it"
		}
		out = append(out, fmt.Sprintf(" %-4s %-16s %s", engine.Ordinal(c.Number), c.Layout, holder))
	}
	var track []string
	for _, s := range v.Track {
		if s < 0 && v.Robot != nil {
			track = append(track, fmt.Sprintf("Robot %d", v.Robot.Score))
			continue
		}
		for _, p := range v.Players {
			if p.Seat == s {
				track = append(track, fmt.Sprintf("%s %d", ctx.Name(s), p.Score))
			}
		}
	}
	if len(track) > 0 {
		out = append(out, board.WrapHang(th.Heading.Render("SCORE TRACK")+th.Faint.Render(" (lowest first: the order of choosing cards) ")+strings.Join(track, " · "), ctx.Width, 4)...)
	}
	return out
}
