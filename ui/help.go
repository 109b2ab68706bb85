package ui

import (
	"strconv"
	"strings"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// keyMatches reports whether a key press triggers the binding.
func keyMatches(k tea.KeyPressMsg, b ...key.Binding) bool { return key.Matches(k, b...) }

// pager shows a long text (help, rules) over the current screen.
type pager struct {
	title string
	text  string
	vp    viewport.Model
	keys  keys.Pager
}

func newPager(title, text string, w, h int) *pager {
	p := &pager{title: title, text: text, keys: keys.PagerKeys()}
	p.vp = viewport.New()
	p.resize(w, h)
	return p
}

func (p *pager) resize(w, h int) {
	p.vp.SetWidth(w)
	p.vp.SetHeight(max(h-3, 1))
	p.vp.SetContentLines(wrap(p.text, min(w, 100)))
}

// update scrolls; it reports true when the pager should close.
func (p *pager) update(k tea.KeyPressMsg) bool {
	switch {
	case keyMatches(k, p.keys.Close):
		return true
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
	return false
}

func (p *pager) view(th *theme.Theme, h help.Model) string {
	pct := int(p.vp.ScrollPercent() * 100)
	head := th.Title.Render(p.title) + th.Faint.Render("  "+strconv.Itoa(pct)+"%")
	h.SetWidth(p.vp.Width())
	return head + "\n\n" + p.vp.View() + "\n" + h.ShortHelpView(p.keys.ShortHelp())
}

// openHelp shows the keys of the current screen and the rules of the game
// being played (or highlighted in the lobby).
func (a *App) openHelp() {
	var b strings.Builder
	if a.scr == scrTable && a.table != nil && a.table.View != nil {
		if d, ok := a.tableView.board.(board.Detailer); ok {
			b.WriteString(d.Details(a.table.View) + "\n")
		}
	}
	b.WriteString("KEYS\n\n")
	var groups [][]key.Binding
	switch a.scr {
	case scrTable:
		groups = keys.TableKeys().FullHelp()
		b.WriteString("At a table the moves you can make are listed under \"Your move\" with a key\n" +
			"each; press the key, or choose with ↑/↓ and press enter. Esc never leaves a\n" +
			"table: Q (or ctrl+c) asks whether to leave. The host starts with S and seats\n" +
			"bots with B: a panel where ↑/↓ choose the seat (an empty one before the game,\n" +
			"the seat of a player who left during it), ←/→ the level (easy, normal, hard),\n" +
			"enter seats the bot and x takes one out again.\n\n")
	case scrCreate:
		groups = keys.FormKeys().FullHelp()
	default:
		groups = keys.LobbyKeys().FullHelp()
	}
	shown := map[string]bool{}
	line := func(key, desc string) {
		if !shown[key] {
			shown[key] = true
			b.WriteString("  " + padRight(key, 12) + desc + "\n")
		}
	}
	for _, g := range groups {
		for _, k := range g {
			h := k.Help()
			line(h.Key, h.Desc)
		}
	}
	line("ctrl+o", "colour on/off")
	line("ctrl+r", "redraw the screen")
	b.WriteString("\nNames and invite codes: press e in the lobby to change your name; a private\n" +
		"table's code joins it from the lobby (i) or with: ssh -t -p PORT HOST CODE.\n" +
		"Players who connect with an SSH key get their seat back after a disconnect;\n" +
		"keyless guests cannot reclaim a seat.\n")
	title := "Help"
	if g := a.helpGame(); g != nil {
		in := g.Info()
		title = "Help: " + in.Name
		b.WriteString("\n" + strings.Repeat("─", 40) + "\n" + strings.ToUpper(in.Name) + "\n\n" + in.Rules)
	}
	a.pager = newPager(title, b.String(), a.width, a.height)
}

// helpGame is the game whose rules the help shows.
func (a *App) helpGame() engine.Game {
	id := ""
	switch {
	case a.scr == scrTable && a.table != nil:
		id = a.table.Table.Game
	case a.scr == scrCreate:
		id = a.form.gameID()
	default:
		if g := a.lobbyView.selectedGame(); g != nil {
			return g
		}
	}
	g, _ := engine.FindGame(a.lobbyView.games, id)
	return g
}

// openRules shows one game's rules.
func (a *App) openRules(g engine.Game) {
	in := g.Info()
	a.pager = newPager("Rules: "+in.Name, in.Summary+"\n\n"+in.Rules, a.width, a.height)
}
