package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/ui/board"
)

// helpScreen shows a long text (help, a game's rules) over another screen,
// which it goes back to when it closes. It takes every key.
type helpScreen struct {
	s     *session
	title string
	text  string
	vp    viewport.Model
	keys  *keys.Pager
	// back is the screen under it (the router puts a new table there when
	// one opens while help is shown).
	back screen
}

func newPager(s *session, back screen, title, text string, w, h int) *helpScreen {
	p := &helpScreen{s: s, title: title, text: text, keys: &pagerKeys, back: back}
	p.vp = viewport.New()
	p.SetSize(w, h)
	return p
}

// SetSize implements screen: the text is wrapped again, in two or three
// columns on a wide terminal.
func (p *helpScreen) SetSize(w, h int) {
	height := max(h-3, 1)
	p.vp.SetWidth(w)
	p.vp.SetHeight(height)
	n := 1
	switch {
	case w >= pagerThreeColumns:
		n = 3
	case w >= pagerTwoColumns:
		n = 2
	}
	colW := min(pagerMaxWidth, (w-pagerGap*(n-1))/n)
	lines := wrap(p.text, colW)
	if colW < pagerTextWidth {
		// A column narrower than the text's own lines: its paragraphs
		// run together and wrap again.
		lines = board.Reflow(p.text, colW)
	}
	if n == 1 {
		p.vp.SetContentLines(lines)
		return
	}
	p.vp.SetContentLines(newspaper(lines, colW, height, n))
}

// The pager: its widest column, from which widths it shows two and three,
// the gap between them, and the width the texts it shows are written to
// (a narrower column reflows them).
const (
	pagerMaxWidth     = 100
	pagerTwoColumns   = 150
	pagerThreeColumns = 188
	pagerGap          = 4
	pagerTextWidth    = 80
)

// newspaper sets lines in n columns h lines high, each going on where the
// one before ends: content line i holds lines i, i+h, i+2h…, so that a
// viewport h lines high scrolled to any line shows them in reading order.
func newspaper(lines []string, colW, h, n int) []string {
	rows := max(len(lines)-(n-1)*h, min(len(lines), h))
	out := make([]string, rows)
	for i := range out {
		row := lines[i]
		for c := 1; c < n; c++ {
			if j := i + c*h; j < len(lines) {
				row = board.PadRight(row, c*(colW+pagerGap)) + lines[j]
			}
		}
		out[i] = row
	}
	return out
}

// ShortHelp implements help.KeyMap.
func (p *helpScreen) ShortHelp() []key.Binding { return p.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (p *helpScreen) FullHelp() [][]key.Binding { return p.keys.FullHelp() }

// Update implements screen: scroll, or close back to the screen under it.
func (p *helpScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return p, nil
	}
	switch {
	case keyMatches(k, p.keys.Close):
		return p.back, nil
	case keyMatches(k, p.keys.Down):
		p.vp.ScrollDown(1)
	case keyMatches(k, p.keys.Up):
		p.vp.ScrollUp(1)
	case keyMatches(k, p.keys.PgDn):
		p.vp.PageDown()
	case keyMatches(k, p.keys.PgUp):
		p.vp.PageUp()
	case keyMatches(k, p.keys.Top):
		p.vp.GotoTop()
	case keyMatches(k, p.keys.End):
		p.vp.GotoBottom()
	}
	return p, nil
}

// View implements screen.
func (p *helpScreen) View() string {
	th := p.s.th
	pct := int(p.vp.ScrollPercent() * 100)
	head := th.Title.Render(p.title) + th.Faint.Render("  "+strconv.Itoa(pct)+"%")
	return head + "\n\n" + p.vp.View() + "\n" + p.s.shortHelp(p.vp.Width(), "pager", p.keys)
}

// newHelpScreen shows the keys of screen from (its FullHelp) and what its
// topic adds: details, a paragraph, the rules of its game.
func newHelpScreen(s *session, from screen, w, h int) *helpScreen {
	var tp topic
	if t, ok := from.(helpTopic); ok {
		tp = t.helpTopic()
	}
	var b strings.Builder
	if tp.details != "" {
		b.WriteString(tp.details + "\n")
	}
	b.WriteString("KEYS\n\n")
	b.WriteString(tp.intro)
	shown := map[string]bool{}
	line := func(key, desc string) {
		if !shown[key] {
			shown[key] = true
			b.WriteString("  " + board.PadRight(key, 12) + desc + "\n")
		}
	}
	for _, g := range from.FullHelp() {
		for _, k := range g {
			if !k.Enabled() {
				continue // not this player's (an admin's key)
			}
			h := k.Help()
			line(h.Key, h.Desc)
		}
	}
	g := &globalKeys
	for _, k := range []key.Binding{g.Colour, g.Refresh} {
		line(k.Help().Key, k.Help().Desc)
	}
	b.WriteString("\nNames and invite codes: press e in the lobby to change your name; a private\n" +
		"table's code joins it from the lobby (i) or with: ssh -t -p PORT HOST CODE.\n" +
		"Players who connect with an SSH key get their seat back after a disconnect;\n" +
		"keyless guests cannot reclaim a seat. A name marked [key] belongs to its\n" +
		"player's SSH key: nobody else may take it. [admin] marks an arcade admin.\n")
	title := "Help"
	if tp.game != nil {
		in := tp.game.Info()
		title = "Help: " + in.Name
		// The rules start with the game's name as their heading.
		b.WriteString("\n" + strings.Repeat("─", 40) + "\n\n" + in.Rules)
	}
	return newPager(s, from, title, b.String(), w, h)
}

// newRulesScreen shows one game's rules over back.
func newRulesScreen(s *session, back *lobbyScreen, g engine.Game) *helpScreen {
	in := g.Info()
	return newPager(s, back, "Rules: "+in.Name, in.Summary+"\n\n"+in.Rules, back.width, back.height)
}
