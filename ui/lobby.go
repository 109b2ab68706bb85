package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// lobbyState is the lobby's cursor: which pane and which row.
type lobbyState struct {
	games    []engine.Game
	pane     int // 0 games, 1 tables
	gameIdx  int
	tableIdx int
}

func (l *lobbyState) clamp(tables int) {
	l.tableIdx = min(max(l.tableIdx, 0), max(tables-1, 0))
	l.gameIdx = min(max(l.gameIdx, 0), max(len(l.games)-1, 0))
}

func (l *lobbyState) selectedGame() engine.Game {
	if l.gameIdx < len(l.games) {
		return l.games[l.gameIdx]
	}
	return nil
}

// selectedTable is the highlighted open table, if any.
func (a *App) selectedTable() (rooms.TableSummary, bool) {
	t := a.lobby.Tables
	if a.lobbyView.tableIdx < len(t) {
		return t[a.lobbyView.tableIdx], true
	}
	return rooms.TableSummary{}, false
}

func (a *App) lobbyKey(k tea.KeyPressMsg) tea.Cmd {
	km := keys.LobbyKeys()
	l := &a.lobbyView
	switch {
	case keyMatches(k, km.Quit):
		return tea.Quit
	case keyMatches(k, km.Switch):
		l.pane = 1 - l.pane
	case keyMatches(k, km.Up):
		if l.pane == 0 {
			l.gameIdx--
		} else {
			l.tableIdx--
		}
	case keyMatches(k, km.Down):
		if l.pane == 0 {
			l.gameIdx++
		} else {
			l.tableIdx++
		}
	case keyMatches(k, km.Select):
		if l.pane == 1 {
			return a.joinSelected(false)
		}
		return a.openCreate(false)
	case keyMatches(k, km.Create):
		return a.openCreate(false)
	case keyMatches(k, km.Solo):
		return a.openCreate(true)
	case keyMatches(k, km.History):
		return a.openHistory()
	case keyMatches(k, km.Watch):
		return a.joinSelected(true)
	case keyMatches(k, km.Code):
		return a.openPrompt(promptCode, "", "e.g. K7MQ2X")
	case keyMatches(k, km.Name):
		return a.openPrompt(promptName, a.client.Player().Name, "your name")
	case keyMatches(k, km.Rules):
		if g := l.selectedGame(); g != nil {
			a.openRules(g)
		}
	default:
		a.setStatus(fmt.Sprintf("%q does nothing here. Press ? for help.", k.String()), true)
	}
	l.clamp(len(a.lobby.Tables))
	return nil
}

// joinSelected joins (or watches) the highlighted table.
func (a *App) joinSelected(watch bool) tea.Cmd {
	t, ok := a.selectedTable()
	if !ok {
		a.setStatus("There is no open table yet: press c to open one.", true)
		return nil
	}
	if watch || t.Status != rooms.Waiting || t.Taken >= t.Seats {
		id := t.ID
		return a.call(func() error { return a.client.Watch(id) }, "")
	}
	id := t.ID
	return a.call(func() error { return a.client.Join(id) }, "")
}

// titleKey is what the lobby's title is drawn from: its theme and width.
type titleKey struct {
	th    *theme.Theme
	width int
}

var lobbyTitles = memo[titleKey]{max: 256}

// lobbyBodyKey is everything the lobby's two panes are drawn from: sessions
// with equal keys share one drawing (see lobbyBodies).
type lobbyBodyKey struct {
	version             uint64
	th                  *theme.Theme
	width, height       int
	pane, game, tableAt int
}

// lobbyBodies holds the lobby panes drawn lately. Most lobby screens differ
// only in their header and footer, so a lobby change is drawn a few times,
// not once per session.
var lobbyBodies = memo[lobbyBodyKey]{max: 256}

func (a *App) lobbyBodyKey() lobbyBodyKey {
	l := a.lobbyView
	return lobbyBodyKey{a.lobby.Version, a.th, a.width, a.height, l.pane, l.gameIdx, l.tableIdx}
}

func (a *App) lobbyScreen() string {
	th := a.th
	w := a.width
	me := a.client.Player()
	who := fmt.Sprintf("%s · %d online", me.Name, a.lobby.Online)
	if me.Guest {
		who = me.Name + " (guest) · " + fmt.Sprint(a.lobby.Online) + " online"
	}
	title := lobbyTitles.get(titleKey{th, w - board.Width(who) - 1}, func() string {
		return padRight(th.Title.Render("THE ARCADE")+th.Faint.Render(" · board games over SSH"), w-board.Width(who)-1)
	})
	header := title + " " + who

	body := lobbyBodies.get(a.lobbyBodyKey(), func() string {
		leftW := max(w*19/40, 26)
		rightW := w - leftW - 2
		bodyH := a.height - 7
		left := a.gamesPane(leftW, bodyH)
		right := a.tablesPane(rightW, bodyH)
		return board.Columns(fitBlock(left, leftW, bodyH), fitBlock("", 2, bodyH), fitBlock(right, rightW, bodyH))
	})

	var footer []string
	if a.prompt != "" {
		footer = append(footer, a.promptLine())
	} else {
		footer = append(footer, a.statusLine())
	}
	footer = append(footer, a.shortHelp(w, "lobby", keys.LobbyKeys().ShortHelp))
	return header + "\n\n" + body + "\n\n" + strings.Join(footer, "\n")
}

func (a *App) gamesPane(w, h int) string {
	th := a.th
	l := a.lobbyView
	head := "GAMES"
	if l.pane == 0 {
		head = "▸ GAMES"
	}
	lines := []string{th.Heading.Render(head)}
	for i, g := range l.games {
		in := g.Info()
		row := fmt.Sprintf("%-*s %d-%d", max(w-6, 10), in.Name, in.MinPlayers, in.MaxPlayers)
		if i == l.gameIdx {
			lines = append(lines, a.selRow(row, w, l.pane == 0))
		} else {
			lines = append(lines, " "+row)
		}
	}
	if len(l.games) == 0 {
		lines = append(lines, th.Faint.Render(" no games installed"))
	}
	if g := l.selectedGame(); g != nil {
		lines = append(lines, "")
		for _, s := range wrap(g.Info().Summary, w-1) {
			lines = append(lines, th.Faint.Render(" "+s))
		}
		lines = append(lines, th.Faint.Render(" enter: new table · r: rules"))
	}
	return strings.Join(lines, "\n")
}

// selRow highlights a selected row; the pane without focus shows a marker.
func (a *App) selRow(row string, w int, focused bool) string {
	if focused {
		return a.th.Selected.Render(padRight("›"+row, w))
	}
	return "›" + row
}

func (a *App) tablesPane(w, h int) string {
	th := a.th
	l := a.lobbyView
	head := "OPEN TABLES"
	if l.pane == 1 {
		head = "▸ OPEN TABLES"
	}
	lines := []string{th.Heading.Render(head)}
	if len(a.lobby.Tables) == 0 {
		lines = append(lines, th.Faint.Render(" No public tables yet."),
			th.Faint.Render(" c opens one; b plays against bots;"),
			th.Faint.Render(" i joins a private table by code."))
		return strings.Join(lines, "\n")
	}
	first := max(0, l.tableIdx-(h-3))
	for i := first; i < len(a.lobby.Tables); i++ {
		t := a.lobby.Tables[i]
		row := fmt.Sprintf("%-18s %d/%d %-8s %s", board.Clip(t.GameName, 18), t.Taken, t.Seats, t.Status, t.Host)
		if i == l.tableIdx {
			lines = append(lines, a.selRow(row, w, l.pane == 1))
		} else {
			lines = append(lines, " "+row)
		}
	}
	return strings.Join(lines, "\n")
}
