// Package firelibrary draws the Fire in the Library board for the table
// screen: the Library's sections, the bag as counts, the tool market, every
// player's score and Turn Order card, and the viewer's own tools only. A
// big board spells it out: each section's stack of cards, the bag's odds,
// each market tool's text, the Turn Order spaces in words, the cards in
// play and the score track.
package firelibrary

import (
	"fmt"
	"strings"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// NewBoard makes one session's board view: the board.Factory that cmd/arcade
// wires next to the engine's game.
func NewBoard() board.Renderer { return Renderer{} }

// Renderer draws fl.View values.
type Renderer struct{}

// MinSize implements board.Renderer: the whole table screen fits 80x23
// (an 80x24 terminal with a tmux or screen status line).
func (Renderer) MinSize() (int, int) { return 80, 23 }

// letters are the one-letter names of token colours, readable without colour.
var letters = map[string]string{
	"purple": "P", "yellow": "Y", "black": "K", "white": "W", "teal": "T", "fire": "F",
}

// Stateless implements board.Stateless: the board keeps no state.
func (Renderer) Stateless() {}

// Render implements board.Renderer. A big board draws the large layout
// (see largeLines) when it fits; else, when the board has fewer rows
// than it would like, it drops the column legend, then the Library
// heading (the phase line names the round), then draws two sections per
// line.
func (Renderer) Render(view engine.View, ctx board.Context) string {
	vp, ok := engine.ViewAs[fl.View](view)
	if !ok {
		return "(no board)"
	}
	v := *vp
	if ctx.Width >= largeFrom {
		if lines := largeLines(v, ctx); len(lines) <= ctx.Height {
			return strings.Join(lines, "\n")
		}
	}
	th := ctx.Theme
	players := playersBlock(v, ctx)
	table := tableLine(v, ctx)
	phase := phaseLines(v, ctx)
	fixed := 4 + 2 + len(players) - 1 + len(phase) // sections, bag and market, player rows, phase
	if table != "" {
		fixed++
	}
	if v.You != engine.Spectator && !v.NoTools {
		fixed++ // at least one line of tools
	}
	legend, heading, compact := true, true, false
	if fixed+2 > ctx.Height {
		legend = false
	}
	if fixed+1 > ctx.Height {
		heading = false
	}
	if fixed > ctx.Height {
		compact = true
	}
	var lines []string
	if heading {
		lines = append(lines, headingLine(v, th))
	}
	if compact {
		lines = append(lines, compactSections(v, th)...)
	} else {
		lines = append(lines, sectionsBlock(v, th, ctx.Width)...)
	}
	lines = append(lines, bagLine(v, th), marketLine(v, th, ctx.Width))
	if !legend {
		players = players[1:]
	}
	lines = append(lines, players...)
	if table != "" {
		lines = append(lines, table)
	}
	if v.You != engine.Spectator && !v.NoTools {
		lines = append(lines, handLines(v, th, ctx.Width, ctx.Height-len(lines)-1)...)
	}
	lines = append(lines, phase...)
	return strings.Join(lines, "\n")
}

// phaseLines is the phase line, wrapped to the board's width (a game's
// end says its whole summary there).
func phaseLines(v fl.View, ctx board.Context) []string {
	return board.Wrap(ctx.Theme.Accent.Render(engine.ExpandSeats(v.PhaseText, ctx.Name)), ctx.Width)
}

// headingLine is the Library heading with the round and the variants.
func headingLine(v fl.View, th *theme.Theme) string {
	round := fmt.Sprintf("  round %d", v.Round)
	if v.Rounds > 0 {
		round = fmt.Sprintf("  round %d of %d", v.Round, v.Rounds)
	}
	if v.Variant != "" {
		round += " · " + v.Variant
	}
	if len(v.Used) > 0 {
		var used []string
		for _, n := range v.Used {
			used = append(used, engine.Ordinal(n))
		}
		round += " · cards used: " + strings.Join(used, " ")
	}
	return th.Heading.Render("LIBRARY") + th.Faint.Render(round)
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

// nextBurn is the section whose top card burns next, -1 if none.
func nextBurn(v fl.View) int {
	next := -1
	for i, s := range v.Sections {
		if !s.Collapsed && (next < 0 || s.TopBurn < v.Sections[next].TopBurn) {
			next = i
		}
	}
	return next
}

func sectionsBlock(v fl.View, th *theme.Theme, w int) []string {
	next := nextBurn(v)
	var out []string
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

// compactSections draws two sections per line for short terminals.
func compactSections(v fl.View, th *theme.Theme) []string {
	next := nextBurn(v)
	cells := make([]string, len(v.Sections))
	for i, s := range v.Sections {
		cell := th.Paint(s.Colour, fmt.Sprintf("%-9s %s", s.Name, letters[s.Colour]), true)
		switch {
		case s.Collapsed:
			cell += th.Bad.Render(" COLLAPSED (10)")
		default:
			bar := strings.Repeat("█", s.Cards) + strings.Repeat("░", max(0, 7-s.Cards))
			cell += fmt.Sprintf(" %2d %s #%-2d", s.Value, th.Paint(s.Colour, bar, false), s.TopBurn)
			if i == next {
				cell += th.Warn.Render("←")
			} else {
				cell += " "
			}
		}
		cells[i] = cell
	}
	var out []string
	for i := 0; i < len(cells); i += 2 {
		row := " " + cells[i]
		if i+1 < len(cells) {
			row += "  " + cells[i+1]
		}
		out = append(out, row)
	}
	return out
}

// cardCells draws a Turn Order card's spaces: [· ] safe, [·4] risky with
// bravery 4; a drawn token's letter fills the left cell ([Y ], [F4]).
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

// playersBlock is the players' table: a legend, then each player's
// score, Turn Order card with its spaces, tools held and state.
func playersBlock(v fl.View, ctx board.Context) []string {
	th := ctx.Theme
	legend := "          score card  spaces ([· ] safe, [·n] risky: bravery n)  tools"
	if v.NoTools {
		legend = "          score card  spaces ([· ] safe, [·n] risky: bravery n)"
	}
	out := []string{th.Heading.Render("PLAYERS") + th.Faint.Render(legend)}
	cards := map[int]fl.OrderCardView{}
	for _, c := range v.Cards {
		cards[c.Number] = c
	}
	for _, row := range playerRows(v, ctx, 16) {
		card, cells := "  - ", strings.Repeat(" ", 20)
		if c, ok := cards[row.card]; ok && row.card > 0 {
			card, cells = fmt.Sprintf("%3s ", engine.Ordinal(row.card)), cardCells(th, c)
		}
		out = append(out, fmt.Sprintf("%s%s %5d  %s %s%s", row.mark, row.name, row.score, card, cells, row.rest))
	}
	return out
}

// playerRow is one row of the players' table but for the Turn Order
// card's spaces, which the small and the large boards draw their ways.
type playerRow struct {
	mark, name string // the turn mark and the name, fitted to its column
	score      int
	card       int    // the Turn Order card held, 0 if none
	rest       string // what follows the card: tools held, state
}

// playerName is seat s's name, "(you)" after the viewer's.
func playerName(v fl.View, ctx board.Context, s engine.Seat) string {
	if s == v.You {
		return ctx.Name(s) + " (you)"
	}
	return ctx.Name(s)
}

// playerRows are the rows of the players and of the Robot, the names
// fitted to nameW cells.
func playerRows(v fl.View, ctx board.Context, nameW int) []playerRow {
	th := ctx.Theme
	var out []playerRow
	for _, p := range v.Players {
		mark := "  "
		if p.Seat == v.Active {
			mark = th.Accent.Render("▸ ")
		}
		name := board.Fit(playerName(v, ctx, p.Seat), nameW)
		if p.Seat == v.Active {
			name = th.Accent.Render(name)
		}
		tools := fmt.Sprintf("  %d", p.HandSize)
		if v.NoTools {
			tools = ""
		}
		out = append(out, playerRow{mark: mark, name: name, score: p.Score, card: p.Card, rest: tools + playerState(v, th, p)})
	}
	if r := v.Robot; r != nil {
		out = append(out, playerRow{mark: "  ", name: board.Fit("Robot", nameW), score: r.Score, card: r.Card,
			rest: "  " + th.Faint.Render(robotInfo(v, th, r))})
	}
	return out
}

// playerState marks what a player is doing now: "answering" while a
// window is open, "deciding" during the swap, "done" (this round's turn
// taken) until the game ends, and the Gloves of whoever saves.
func playerState(v fl.View, th *theme.Theme, p fl.PlayerView) string {
	state := ""
	switch {
	case v.Over:
	case p.Deciding && v.Phase == fl.PhaseSwap:
		state = th.Faint.Render(" deciding")
	case p.Deciding && (v.Phase == fl.PhaseAmulet || v.Phase == fl.PhaseSpread):
		state = th.Warn.Render(" answering")
	case p.Played:
		state = th.Faint.Render(" done")
	}
	if p.Seat == v.Active && v.Gloves && !v.Over {
		state += th.Faint.Render(" gloves")
	}
	return state
}

// robotInfo is what the Robot did this round: done, the tool flipped,
// the tokens Slingshots gave it.
func robotInfo(v fl.View, th *theme.Theme, r *fl.RobotView) string {
	var info []string
	if r.Played && !v.Over {
		info = append(info, "done")
	}
	if r.Flip != "" {
		info = append(info, "flipped "+r.Flip)
	}
	if len(r.Tokens) > 0 {
		var toks []string
		for _, t := range r.Tokens {
			toks = append(toks, token(th, t))
		}
		info = append(info, "given "+strings.Join(toks, ""))
	}
	return strings.Join(info, ", ")
}

// handLines lists the viewer's own tools: names on one line, or with their
// text when there is room.
func handLines(v fl.View, th *theme.Theme, w, room int) []string {
	w = max(w, 20)
	head := th.Heading.Render("YOUR TOOLS")
	if len(v.Hand) == 0 {
		return []string{head + th.Faint.Render(" none")}
	}
	// With room, each tool with its text, wrapped under its name.
	var full []string
	for _, t := range v.Hand {
		line := " " + th.Key.Render(t.Name) + th.Faint.Render(" ("+shortTiming(t.Timing)+") ") + t.Text
		full = append(full, board.WrapHang(line, w, 3)...)
	}
	if room >= len(full)+1 {
		return append([]string{head}, full...)
	}
	// Else the names on the heading's line, with as much as fits.
	list := func(timings bool) string {
		var names []string
		for _, t := range v.Hand {
			n := th.Key.Render(t.Name)
			if timings {
				n += th.Faint.Render(" (" + shortTiming(t.Timing) + ")")
			}
			names = append(names, n)
		}
		return head + " " + strings.Join(names, ", ")
	}
	hint := th.Faint.Render("  ? for their text")
	for _, line := range []string{list(true) + hint, list(true), list(false) + hint} {
		if board.Width(line) <= w {
			return []string{line}
		}
	}
	return []string{list(false)}
}

// Details implements board.Detailer: the full text of the viewer's tools and
// of the market, for the help screen.
func (Renderer) Details(view engine.View) string {
	vp, ok := engine.ViewAs[fl.View](view)
	if !ok {
		return ""
	}
	v := *vp
	var b strings.Builder
	if !v.NoTools {
		toolDetails(&b, v)
	}
	b.WriteString("TURN ORDER CARDS IN PLAY\n")
	for _, c := range v.Cards {
		fmt.Fprintf(&b, "  %s: %s\n", engine.Ordinal(c.Number), c.Layout)
	}
	return b.String()
}

// toolDetails writes the full text of the viewer's tools and the market.
func toolDetails(b *strings.Builder, v fl.View) {
	if v.You != engine.Spectator {
		b.WriteString("YOUR TOOLS\n")
		if len(v.Hand) == 0 {
			b.WriteString("  none\n")
		}
		for _, t := range v.Hand {
			fmt.Fprintf(b, "  %s (%s): %s\n", t.Name, t.Timing, t.Text)
		}
		b.WriteString("\n")
	}
	b.WriteString("TOOL MARKET\n")
	for i, t := range v.Market {
		fmt.Fprintf(b, "  %d. %s (%s): %s\n", i+1, t.Name, t.Timing, t.Text)
	}
	b.WriteString("\n")
}
