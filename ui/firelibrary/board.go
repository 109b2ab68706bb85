// Package firelibrary draws the Fire in the Library board for the table
// screen: the Library's sections, the bag as counts, the tool market, every
// player's score and Turn Order card, and the viewer's own tools only.
package firelibrary

import (
	"fmt"
	"strings"

	"charm.land/lipgloss/v2"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
	"arcade/ui/theme"
)

func init() { board.Register("firelibrary", func() board.Renderer { return Renderer{} }) }

// Renderer draws fl.View values.
type Renderer struct{}

// MinSize implements board.Renderer: the whole table screen fits 80x24.
func (Renderer) MinSize() (int, int) { return 80, 24 }

// letters are the one-letter names of token colours, readable without colour.
var letters = map[string]string{
	"purple": "P", "yellow": "Y", "black": "K", "white": "W", "teal": "T", "fire": "F",
}

// Render implements board.Renderer.
func (Renderer) Render(view any, ctx board.Context) string {
	v, ok := view.(fl.View)
	if !ok {
		if p, isPtr := view.(*fl.View); isPtr && p != nil {
			v = *p
		} else {
			return "(no board)"
		}
	}
	th := ctx.Theme
	var lines []string
	lines = append(lines, sectionsBlock(v, th, ctx.Width)...)
	lines = append(lines, bagLine(v, th), marketLine(v, th, ctx.Width))
	lines = append(lines, playersBlock(v, ctx)...)
	if v.You != engine.Spectator {
		lines = append(lines, handLines(v, th, ctx.Width, ctx.Height-len(lines)-1)...)
	}
	lines = append(lines, th.Accent.Render(engine.ExpandSeats(v.PhaseText, ctx.Name)))
	return strings.Join(lines, "\n")
}

// token draws one token as its letter in its colour.
func token(th *theme.Theme, name string) string {
	l, ok := letters[name]
	if !ok {
		return "·"
	}
	if name == "fire" {
		return th.Bad.Render(l)
	}
	return th.Paint(name, l, true)
}

func sectionsBlock(v fl.View, th *theme.Theme, w int) []string {
	next := -1
	for i, s := range v.Sections {
		if !s.Collapsed && (next < 0 || s.TopBurn < v.Sections[next].TopBurn) {
			next = i
		}
	}
	out := []string{th.Heading.Render("LIBRARY") + th.Faint.Render(fmt.Sprintf("  round %d", v.Round))}
	for i, s := range v.Sections {
		name := fmt.Sprintf("%-9s %s", s.Name, letters[s.Colour])
		row := th.Paint(s.Colour, name, true)
		if s.Collapsed {
			row += th.Bad.Render("  COLLAPSED (10)")
			out = append(out, " "+row)
			continue
		}
		bar := strings.Repeat("█", s.Cards) + strings.Repeat("░", max(0, 7-s.Cards))
		row += fmt.Sprintf("  worth %-2d  %s %d left  burn #%-2d  in bag %d", s.Value, th.Paint(s.Colour, bar, false), s.Cards, s.TopBurn, s.InBag)
		if i == next {
			row += th.Warn.Render("  ← burns next")
		}
		out = append(out, " "+row)
	}
	return out
}

func bagLine(v fl.View, th *theme.Theme) string {
	var per []string
	for _, s := range v.Sections {
		per = append(per, token(th, s.Colour)+fmt.Sprint(s.InBag))
	}
	return th.Heading.Render("BAG") + fmt.Sprintf(" %d books (%s) + %s = %d tokens", v.Bag.Books, strings.Join(per, " "),
		th.Bad.Render(fmt.Sprintf("%d fires", v.Bag.Fires)), v.Bag.Total) + th.Faint.Render(fmt.Sprintf("   spare fires %d", v.Supply))
}

func marketLine(v fl.View, th *theme.Theme, w int) string {
	var items []string
	for i, t := range v.Market {
		items = append(items, fmt.Sprintf("%d %s", i+1, t.Name)+th.Faint.Render(" ("+shortTiming(t.Timing)+")"))
	}
	if len(items) == 0 {
		items = append(items, th.Faint.Render("empty"))
	}
	return th.Heading.Render("MARKET") + " " + strings.Join(items, " · ") + th.Faint.Render(fmt.Sprintf("   deck %d, discard %d", v.Deck, v.Discard))
}

// shortTiming abbreviates a timing window for tight lines.
func shortTiming(t string) string {
	switch {
	case strings.Contains(strings.ToLower(t), "order"):
		return "turn order"
	case strings.Contains(strings.ToLower(t), "saving"):
		return "saving"
	case strings.Contains(strings.ToLower(t), "spread"):
		return "fire"
	case strings.Contains(strings.ToLower(t), "after"):
		return "after scoring"
	}
	return t
}

// cardCells draws a Turn Order card's spaces: [Y ] safe, [·4] risky with
// bravery 4; the token letter fills the left cell.
func cardCells(th *theme.Theme, c fl.OrderCardView) string {
	var b strings.Builder
	for _, s := range c.Spaces {
		tok := token(th, s.Token)
		mark := " "
		if s.Risky {
			mark = th.Warn.Render(fmt.Sprint(s.Bravery % 10))
		}
		b.WriteString("[" + tok + mark + "]")
	}
	return b.String()
}

func playersBlock(v fl.View, ctx board.Context) []string {
	th := ctx.Theme
	out := []string{th.Heading.Render("PLAYERS") + th.Faint.Render("          score card  spaces ([ ] safe, [·n] risky: bravery n)  tools")}
	cards := map[int]fl.OrderCardView{}
	for _, c := range v.Cards {
		cards[c.Number] = c
	}
	for _, p := range v.Players {
		mark := "  "
		if p.Seat == v.Active {
			mark = th.Accent.Render("▸ ")
		}
		name := ctx.Name(p.Seat)
		if p.Seat == v.You {
			name += " (you)"
		}
		name = fmt.Sprintf("%-16s", clip(name, 16))
		if p.Seat == v.Active {
			name = th.Accent.Render(name)
		}
		card, cells := "  - ", strings.Repeat(" ", 20)
		if c, ok := cards[p.Card]; ok && p.Card > 0 {
			card = fmt.Sprintf("%3s ", ordinal(p.Card))
			cells = cardCells(th, c)
		}
		state := ""
		switch {
		case p.Played:
			state = th.Faint.Render(" done")
		case p.Deciding:
			state = th.Faint.Render(" deciding")
		}
		out = append(out, fmt.Sprintf("%s%s %5d  %s %s  %d%s", mark, name, p.Score, card, cells, p.HandSize, state))
	}
	return out
}

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// handLines lists the viewer's own tools: names on one line, or with their
// text when there is room.
func handLines(v fl.View, th *theme.Theme, w, room int) []string {
	head := th.Heading.Render("YOUR TOOLS")
	if len(v.Hand) == 0 {
		return []string{head + th.Faint.Render(" none")}
	}
	if room >= len(v.Hand)+2 {
		out := []string{head}
		for _, t := range v.Hand {
			out = append(out, " "+th.Key.Render(t.Name)+th.Faint.Render(" ("+shortTiming(t.Timing)+") ")+t.Text)
		}
		return out
	}
	var names []string
	for _, t := range v.Hand {
		names = append(names, th.Key.Render(t.Name)+th.Faint.Render(" ("+shortTiming(t.Timing)+")"))
	}
	return []string{head + " " + strings.Join(names, ", ") + th.Faint.Render("  (? shows their text)")}
}

// Details implements board.Detailer: the full text of the viewer's tools and
// of the market, for the help screen.
func (Renderer) Details(view any) string {
	v, ok := view.(fl.View)
	if !ok {
		return ""
	}
	var b strings.Builder
	if v.You != engine.Spectator {
		b.WriteString("YOUR TOOLS\n")
		if len(v.Hand) == 0 {
			b.WriteString("  none\n")
		}
		for _, t := range v.Hand {
			fmt.Fprintf(&b, "  %s (%s): %s\n", t.Name, t.Timing, t.Text)
		}
		b.WriteString("\n")
	}
	b.WriteString("TOOL MARKET\n")
	for i, t := range v.Market {
		fmt.Fprintf(&b, "  %d. %s (%s): %s\n", i+1, t.Name, t.Timing, t.Text)
	}
	b.WriteString("\nTURN ORDER CARDS IN PLAY\n")
	for _, c := range v.Cards {
		fmt.Fprintf(&b, "  %s: %s\n", ordinal(c.Number), c.Layout)
	}
	return b.String()
}

func clip(s string, n int) string {
	if lipgloss.Width(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:max(n-1, 0)]) + "…"
}
