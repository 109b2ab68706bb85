package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// lobbyScreen is the lobby: the games on the left, the open tables on the
// right, a cursor in one of them. It is the session's home: every other
// screen goes back to it.
type lobbyScreen struct {
	s             *session
	keys          *keys.Lobby
	width, height int
	pane          int // 0 games, 1 tables
	gameIdx       int
	tableIdx      int
}

func newLobbyScreen(s *session) *lobbyScreen {
	return &lobbyScreen{s: s, keys: &lobbyKeys}
}

// SetSize implements screen.
func (l *lobbyScreen) SetSize(w, h int) { l.width, l.height = w, h }

// ShortHelp implements help.KeyMap.
func (l *lobbyScreen) ShortHelp() []key.Binding { return l.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (l *lobbyScreen) FullHelp() [][]key.Binding { return l.keys.FullHelp() }

// helpTopic implements helpTopic: the highlighted game's rules.
func (l *lobbyScreen) helpTopic() topic { return topic{game: l.selectedGame()} }

// clamp keeps the cursor on a game and on a table (or the first row).
func (l *lobbyScreen) clamp() {
	l.tableIdx = min(max(l.tableIdx, 0), max(len(l.s.lobby.Tables)-1, 0))
	l.gameIdx = min(max(l.gameIdx, 0), max(len(l.s.games)-1, 0))
}

func (l *lobbyScreen) selectedGame() engine.Game {
	if l.gameIdx < len(l.s.games) {
		return l.s.games[l.gameIdx]
	}
	return nil
}

// selectedTable is the highlighted open table, if any.
func (l *lobbyScreen) selectedTable() (rooms.TableSummary, bool) {
	t := l.s.lobby.Tables
	if l.tableIdx < len(t) {
		return t[l.tableIdx], true
	}
	return rooms.TableSummary{}, false
}

// Update implements screen.
func (l *lobbyScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return l, nil
	}
	km, s := l.keys, l.s
	switch {
	case keyMatches(k, km.Quit):
		return l, tea.Quit
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
			return l, l.joinSelected(false)
		}
		return l.openCreate(false), nil
	case keyMatches(k, km.Create):
		return l.openCreate(false), nil
	case keyMatches(k, km.Solo):
		return l.openCreate(true), nil
	case keyMatches(k, km.History):
		h := newHistoryScreen(s, l.gameIdx)
		return h, h.load()
	case keyMatches(k, km.Watch):
		return l, l.joinSelected(true)
	case keyMatches(k, km.Code):
		return l, s.openPrompt(promptCode, "", "e.g. K7MQ2X", 32, func(code string) tea.Cmd {
			return s.call(func() error { return s.client.JoinCode(code) }, "")
		})
	case keyMatches(k, km.Name):
		return l, s.openPrompt(promptName, s.client.Player().Name, "your name", 32, func(name string) tea.Cmd {
			return func() tea.Msg {
				name, err := s.client.Rename(name)
				if err != nil {
					return resultMsg{err: err}
				}
				return resultMsg{ok: "You are now " + name + "."}
			}
		})
	case keyMatches(k, km.Rules):
		if g := l.selectedGame(); g != nil {
			l.clamp()
			return newRulesScreen(s, l, g), nil
		}
	default:
		s.setStatus(fmt.Sprintf("%q does nothing here. Press ? for help.", k.String()), true)
	}
	l.clamp()
	return l, nil
}

// Prompt labels.
const (
	promptName   = "Your name"
	promptCode   = "Invite code"
	promptReport = "Report seat"
)

// openCreate is the form for the highlighted game; solo fills the other
// seats with bots.
func (l *lobbyScreen) openCreate(solo bool) screen {
	if len(l.s.games) == 0 {
		l.s.setStatus("No games are installed on this server.", true)
		return l
	}
	l.s.setStatus("", false)
	return newCreateScreen(l.s, l.gameIdx, solo)
}

// joinSelected joins (or watches) the highlighted table.
func (l *lobbyScreen) joinSelected(watch bool) tea.Cmd {
	s := l.s
	t, ok := l.selectedTable()
	if !ok {
		s.setStatus("There is no open table yet: press c to open one.", true)
		return nil
	}
	id := t.ID
	if watch || t.Status != rooms.Waiting || t.Taken >= t.Seats {
		return s.call(func() error { return s.client.Watch(id) }, "")
	}
	return s.call(func() error { return s.client.Join(id) }, "")
}

// titleKey is what the lobby's title is drawn from: its theme and width.
type titleKey struct {
	th    *theme.Theme
	width int
}

var lobbyTitles = memo[titleKey]{max: 256}

// lobbyBodyKey is everything the lobby's two panes are drawn from: sessions
// with equal keys share one drawing (see lobbyBodies). The snapshot is
// named by its version and its tables (the version alone repeats across
// hubs, as in tests); the games by their IDs.
type lobbyBodyKey struct {
	version             uint64
	tables              *rooms.TableSummary
	games               string
	th                  *theme.Theme
	width, height       int
	pane, game, tableAt int
}

// lobbyBodies holds the lobby panes drawn lately. Most lobby screens differ
// only in their header and footer, so a lobby change is drawn a few times,
// not once per session.
var lobbyBodies = memo[lobbyBodyKey]{max: 256}

func (l *lobbyScreen) bodyKey() lobbyBodyKey {
	s := l.s
	var tables *rooms.TableSummary
	if len(s.lobby.Tables) > 0 {
		tables = &s.lobby.Tables[0]
	}
	return lobbyBodyKey{s.lobby.Version, tables, s.gamesKey, s.th, l.width, l.height, l.pane, l.gameIdx, l.tableIdx}
}

// View implements screen.
func (l *lobbyScreen) View() string {
	s := l.s
	th := s.th
	w := l.width
	me := s.client.Player()
	who := fmt.Sprintf("%s · %d online", me.Name, s.lobby.Online)
	if me.Guest {
		who = me.Name + " (guest) · " + fmt.Sprint(s.lobby.Online) + " online"
	}
	title := lobbyTitles.get(titleKey{th, w - board.Width(who) - 1}, func() string {
		return padRight(th.Title.Render("THE ARCADE")+th.Faint.Render(" · board games over SSH"), w-board.Width(who)-1)
	})
	header := title + " " + who

	body := lobbyBodies.get(l.bodyKey(), func() string {
		leftW := max(w*19/40, 26)
		rightW := w - leftW - 2
		bodyH := l.height - 7
		left := l.gamesPane(leftW, bodyH)
		right := l.tablesPane(rightW, bodyH)
		return board.Columns(fitBlock(left, leftW, bodyH), fitBlock("", 2, bodyH), fitBlock(right, rightW, bodyH))
	})

	var footer []string
	if s.prompt != nil {
		footer = append(footer, s.promptLine(w))
	} else {
		footer = append(footer, s.statusLine(s.lobbyNotice(), w))
	}
	footer = append(footer, s.shortHelp(w, "lobby", l.keys))
	return header + "\n\n" + body + "\n\n" + strings.Join(footer, "\n")
}

func (l *lobbyScreen) gamesPane(w, h int) string {
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
func selRow(th *theme.Theme, row string, w int, focused bool) string {
	if focused {
		return th.Selected.Render(padRight("›"+row, w))
	}
	return "›" + row
}

func (l *lobbyScreen) tablesPane(w, h int) string {
	th := l.s.th
	tables := l.s.lobby.Tables
	head := "OPEN TABLES"
	if l.pane == 1 {
		head = "▸ OPEN TABLES"
	}
	lines := []string{th.Heading.Render(head)}
	if len(tables) == 0 {
		lines = append(lines, th.Faint.Render(" No public tables yet."),
			th.Faint.Render(" c opens one; b plays against bots;"),
			th.Faint.Render(" i joins a private table by code."))
		return strings.Join(lines, "\n")
	}
	first := max(0, l.tableIdx-(h-3))
	for i := first; i < len(tables); i++ {
		t := tables[i]
		row := fmt.Sprintf("%-18s %d/%d %-8s %s", board.Clip(t.GameName, 18), t.Taken, t.Seats, t.Status, t.Host)
		if i == l.tableIdx {
			lines = append(lines, selRow(th, row, w, l.pane == 1))
		} else {
			lines = append(lines, " "+row)
		}
	}
	return strings.Join(lines, "\n")
}
