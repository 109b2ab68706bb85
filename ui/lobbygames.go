package ui

import (
	"fmt"
	"strings"

	"arcade/engine"
	"arcade/ui/board"
)

// The lobby's games pane: the games, the highlighted one's summary,
// options and the start of its rules.

// gamesPane lists the games, with the highlighted one's summary and, in
// a tall lobby, its options and the start of its rules.
func (l *lobbyScreen) gamesPane(w, h int) string {
	lines := l.gameLines(w, h)
	g := l.selectedGame()
	if room := h - len(lines) - 2; g != nil && room >= lobbyRulesMin && g.Info().Rules != "" {
		rules, _ := flowParts(rulesParts(g.Info(), w-1), []int{room}, true)
		lines = append(append(lines, "", l.rulesHeading()), indent(rules[0])...)
	}
	return strings.Join(lines, "\n")
}

// gameLines are the games, then the highlighted one's summary and, where
// the h lines hold them, its options.
func (l *lobbyScreen) gameLines(w, h int) []string {
	th := l.s.th
	head := "GAMES"
	if l.pane == 0 {
		head = "▸ GAMES"
	}
	lines := []string{th.Heading.Render(head)}
	for i, g := range l.s.games {
		in := g.Info()
		row := fmt.Sprintf("%-*s %d-%d", max(w-6, 10), in.Name, in.MinPlayers, in.MaxPlayers)
		if i == l.gameIdx {
			lines = append(lines, selRow(th, row, w, l.pane == 0))
		} else {
			lines = append(lines, " "+row)
		}
	}
	if len(l.s.games) == 0 {
		lines = append(lines, th.Faint.Render(" no games installed"))
	}
	g := l.selectedGame()
	if g == nil {
		return lines
	}
	in := g.Info()
	lines = append(lines, "")
	for _, s := range wrap(in.Summary, w-1) {
		lines = append(lines, th.Faint.Render(" "+s))
	}
	lines = append(lines, th.Faint.Render(" enter: new table · r: rules"))
	if opts := optionLines(in, w-1); len(opts) > 0 && len(lines)+len(opts)+2 <= h {
		lines = append(lines, "", th.Heading.Render(" OPTIONS"))
		for _, o := range opts {
			lines = append(lines, " "+o)
		}
	}
	return lines
}

// rulesHeading heads the rules of the highlighted game in the lobby.
func (l *lobbyScreen) rulesHeading() string {
	th := l.s.th
	return th.Heading.Render(" THE RULES") + th.Faint.Render(" · r: all of them")
}

// lobbyRulesMin is the fewest lines of a game's rules worth showing in the
// lobby's games pane.
const lobbyRulesMin = 8

// optionLines list a game's table options with their choices, default
// first, in the new-table form's words, wrapped to w.
func optionLines(in engine.Info, w int) []string {
	var out []string
	for _, o := range in.Options {
		choices := o.Choices
		if o.Kind == engine.Bool {
			choices = []string{"no", "yes"}
			if o.Default == "true" {
				choices = []string{"yes", "no"}
			}
		}
		l := o.Name + ": " + strings.Join(choices, ", ")
		if sc := o.Scope(in); sc != "" {
			l += " (" + sc + ")"
		}
		out = append(out, board.WrapHang(l, w, 2)...)
	}
	return out
}
