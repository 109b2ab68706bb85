package firelibrary

// The board's one-line parts: the bag, the tool market and the tools
// played onto the table, each fitted to the board's width.

import (
	"fmt"
	"strings"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// bagLine is the bag's books by colour, its fires and the spare fires.
func bagLine(v fl.View, th *theme.Theme) string {
	var per []string
	for _, s := range v.Sections {
		per = append(per, token(th, s.Colour)+fmt.Sprint(s.InBag))
	}
	if v.TechValue > 0 {
		per = append(per, token(th, "teal")+fmt.Sprint(v.Bag.Tech))
	}
	line := th.Heading.Render("BAG") + fmt.Sprintf(" %d books (%s) + %s = %d tokens", v.Bag.Books, strings.Join(per, " "),
		th.Bad.Render(fmt.Sprintf("%d fires", v.Bag.Fires)), v.Bag.Total)
	if v.TechValue > 0 {
		line += th.Faint.Render(fmt.Sprintf("  T worth %d", v.TechValue))
	}
	return line + th.Faint.Render(fmt.Sprintf("  spare fires %d", v.Supply))
}

// marketLine is the tool market, the deck and the discard pile, in w
// cells where it can.
func marketLine(v fl.View, th *theme.Theme, w int) string {
	if v.NoTools {
		// No tools to take: the line says so, and what the Robot draws.
		line := th.Faint.Render("No Tool variant: no tool market; Burn! (b) instead")
		if v.Robot != nil {
			line += th.Faint.Render(fmt.Sprintf(" · Robot's tool deck %d", v.Deck))
		}
		return line
	}
	// The full line names each tool's window; a narrow one drops them,
	// and a narrower one cuts the tools' names alike (nameW cells each; 0:
	// whole), so that the deck's count still shows.
	line := func(timings bool, deck string, nameW int) string {
		var items []string
		for i, t := range v.Market {
			name := t.Name
			if nameW > 0 {
				name = board.Clip(name, nameW)
			}
			item := fmt.Sprintf("%d %s", i+1, name)
			if timings {
				item += th.Faint.Render(" (" + shortTiming(t.Timing) + ")")
			}
			items = append(items, item)
		}
		if len(items) == 0 {
			items = append(items, th.Faint.Render("empty"))
		}
		return th.Heading.Render("MARKET") + " " + strings.Join(items, " · ") + th.Faint.Render(deck)
	}
	full := line(true, fmt.Sprintf("   deck %d, discard %d", v.Deck, v.Discard), 0)
	if board.Width(full) <= w {
		return full
	}
	deck := fmt.Sprintf("   deck %d", v.Deck)
	short := line(false, deck, 0)
	if over := board.Width(short) - w; over > 0 {
		return line(false, deck, toolNameWidth(v.Market, over))
	}
	return short
}

// toolNameWidth is the widest the market's tool names may be so that
// cutting the longer ones to it saves over cells (minToolName at least).
func toolNameWidth(market []fl.ToolView, over int) int {
	widths := make([]int, len(market))
	nameW := minToolName
	for i, t := range market {
		widths[i] = board.Width(t.Name)
		nameW = max(nameW, widths[i])
	}
	for saved := 0; saved < over && nameW > minToolName; {
		nameW--
		saved = 0
		for _, tw := range widths {
			saved += max(tw-nameW, 0)
		}
	}
	return nameW
}

// minToolName is the fewest cells a tool's name is cut to in the market.
const minToolName = 6

// tableLine shows the tokens a Shovel or Torch drew and the played tools
// holding tokens, each owner's together after their name ("anna:
// Lockbox(P) Shovel"), or "" when there are none. The owners are named in
// full where the line fits the board's width, cut short where it does not.
func tableLine(v fl.View, ctx board.Context) string {
	line := tableItems(v, ctx, 0)
	if board.Width(line) > ctx.Width {
		line = tableItems(v, ctx, tightName)
	}
	return line
}

// tightName is the width an owner's name is cut to on a tight table line.
const tightName = 10

// tableItems is tableLine with the owners' names cut to nameW cells (0:
// whole).
func tableItems(v fl.View, ctx board.Context, nameW int) string {
	th := ctx.Theme
	var items []string
	if len(v.Drawing) > 0 {
		var toks []string
		for _, t := range v.Drawing {
			toks = append(toks, token(th, t))
		}
		items = append(items, th.Key.Render("drawn: ")+strings.Join(toks, " "))
	}
	// Each owner's tools, owners in the order their first tool lies.
	var owners []engine.Seat
	tools := map[engine.Seat][]string{}
	for _, t := range v.Table {
		var toks []string
		for _, x := range t.Tokens {
			toks = append(toks, token(th, x))
		}
		item := t.Name
		if len(toks) > 0 {
			item += "(" + strings.Join(toks, "") + ")"
		}
		if _, seen := tools[t.Owner]; !seen {
			owners = append(owners, t.Owner)
		}
		tools[t.Owner] = append(tools[t.Owner], item)
	}
	for _, o := range owners {
		owner := ctx.Name(o)
		if nameW > 0 {
			owner = board.Clip(owner, nameW)
		}
		items = append(items, th.Faint.Render(owner+":")+" "+strings.Join(tools[o], " "))
	}
	if len(items) == 0 {
		return ""
	}
	return th.Heading.Render("TABLE") + " " + strings.Join(items, th.Faint.Render(" · "))
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
