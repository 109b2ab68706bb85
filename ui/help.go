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

// SetSize implements screen: the text is wrapped again, in two columns on
// a wide terminal.
func (p *helpScreen) SetSize(w, h int) {
	height := max(h-3, 1)
	p.vp.SetWidth(w)
	p.vp.SetHeight(height)
	if w < pagerTwoColumns {
		p.vp.SetContentLines(wrap(p.text, min(w, pagerMaxWidth)))
		return
	}
	colW := min(pagerMaxWidth, (w-pagerGap)/2)
	p.vp.SetContentLines(newspaper(wrap(p.text, colW), colW, height))
}

// The pager: its widest column, from which width it shows two, and the
// gap between them.
const (
	pagerMaxWidth   = 100
	pagerTwoColumns = 150
	pagerGap        = 4
)

// newspaper sets lines in two columns h lines high, the second going on
// where the first ends: content line i holds lines i and i+h, so that a
// viewport h lines high scrolled to any line shows them in reading order.
func newspaper(lines []string, colW, h int) []string {
	n := max(len(lines)-h, min(len(lines), h))
	out := make([]string, n)
	for i := range out {
		out[i] = lines[i]
		if j := i + h; j < len(lines) {
			out[i] = board.PadRight(lines[i], colW+pagerGap) + lines[j]
		}
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
