package ui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

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
	onlinePage    int // the page of who is online (o turns it)
}

func newLobbyScreen(s *session) *lobbyScreen {
	if s.client.Player().Admin {
		return &lobbyScreen{s: s, keys: &adminKeys}
	}
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
	l.tableIdx = min(max(l.tableIdx, 0), max(len(l.tables())-1, 0))
	l.gameIdx = min(max(l.gameIdx, 0), max(len(l.s.games)-1, 0))
}

// tables are the rows of OPEN TABLES: the tables where the player's seat
// waits for them first (the latest first, whatever their status or
// privacy), then the open public tables.
func (l *lobbyScreen) tables() []rooms.TableSummary {
	s := l.s
	if len(s.away) == 0 {
		return s.lobby.Tables
	}
	out := make([]rooms.TableSummary, 0, len(s.lobby.Tables)+len(s.away))
	out = append(out, s.away...)
	for _, t := range s.lobby.Tables {
		if !slices.ContainsFunc(s.away, func(a rooms.TableSummary) bool { return a.ID == t.ID }) {
			out = append(out, t)
		}
	}
	return out
}

// listsAny reports whether the tables pane has a row: cheaper than
// tables, which builds the rows.
func (l *lobbyScreen) listsAny() bool { return len(l.s.away) > 0 || len(l.s.lobby.Tables) > 0 }

// awayRow reports whether row i of the tables is one of the player's own
// seats.
func (l *lobbyScreen) awayRow(i int) bool { return i < len(l.s.away) }

// showAway puts the cursor on the player's waiting seat, if any.
func (l *lobbyScreen) showAway() {
	if len(l.s.away) > 0 {
		l.pane, l.tableIdx = 1, 0
	}
}

func (l *lobbyScreen) selectedGame() engine.Game {
	if l.gameIdx < len(l.s.games) {
		return l.s.games[l.gameIdx]
	}
	return nil
}

// selectedTable is the highlighted open table, if any.
func (l *lobbyScreen) selectedTable() (rooms.TableSummary, bool) {
	t := l.tables()
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
	case keyMatches(k, km.Chat):
		return l, s.openChat()
	case keyMatches(k, km.Online):
		l.onlinePage++ // the list wraps round to its first page
	case keyMatches(k, km.Admin):
		a := newAdminScreen(s)
		return a, a.load()
	case keyMatches(k, km.Settings):
		st := newSettingsScreen(s)
		return st, st.load()
	case keyMatches(k, km.Tournaments):
		ts := newTournamentsScreen(s)
		return ts, ts.load()
	case keyMatches(k, km.Code):
		return l, s.openCode("")
	case keyMatches(k, km.Name):
		return l, s.openName(s.client.Player().Name)
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

// openName opens the name editor on value. It takes no more than a name
// may hold (rooms.MaxNameRunes characters), and refuses a name too wide
// for the screens (rooms.MaxNameWidth columns: emoji and wide letters
// count two) with the reason, keeping it to edit, rather than cutting it.
func (s *session) openName(value string) tea.Cmd {
	return s.openPrompt(promptName, value, "your name", rooms.MaxNameRunes, func(name string) tea.Cmd {
		if w := board.Width(strings.TrimSpace(name)); w > rooms.MaxNameWidth {
			s.setStatus(fmt.Sprintf("That name is %d columns wide; %d fit (emoji and wide letters count two).", w, rooms.MaxNameWidth), true)
			return s.openName(name)
		}
		return func() tea.Msg {
			now, err := s.client.Rename(name)
			if err != nil {
				return resultMsg{err: err, again: func() tea.Cmd { return s.openName(name) }}
			}
			return resultMsg{ok: "You are now " + now + "."}
		}
	})
}

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
	if l.awayRow(l.tableIdx) && !watch {
		return func() tea.Msg {
			if err := s.client.Join(id); err != nil {
				return resultMsg{err: err}
			}
			return resultMsg{ok: "Welcome back: your seat is yours again.", arrival: true}
		}
	}
	if watch || t.Status != rooms.Waiting || t.Taken >= t.Seats {
		return s.call(func() error { return s.client.Watch(id) }, "")
	}
	return s.call(func() error { return s.client.Join(id) }, "")
}

// openCode opens the invite code editor on value.
func (s *session) openCode(value string) tea.Cmd {
	return s.openPrompt(promptCode, value, "six letters, e.g. K7MQ2X", 32, s.joinCode)
}

// joinCode takes the seat at the table with this invite code, or watches
// it when it is full or its game has begun.
func (s *session) joinCode(code string) tea.Cmd {
	return func() tea.Msg {
		err := s.client.JoinCode(code)
		if errors.Is(err, rooms.ErrTableFull) || errors.Is(err, rooms.ErrStarted) {
			if s.client.WatchCode(code) == nil {
				return resultMsg{ok: "Every seat there is taken: you are watching the table.", arrival: true}
			}
		}
		if errors.Is(err, rooms.ErrBadCode) || errors.Is(err, rooms.ErrUnknownCode) {
			// A typo, most likely: the code stays to be put right.
			return resultMsg{err: err, again: func() tea.Cmd { return s.openCode(code) }}
		}
		return resultMsg{err: err}
	}
}

// titleKey is what the lobby's title is drawn from: its theme and width.
type titleKey struct {
	th    *theme.Theme
	width int
}

var lobbyTitles = memo[titleKey, string]{max: 256}

// lobbyTitleMin is the least of the lobby's title that shows beside the
// header's right-hand side.
const lobbyTitleMin = len("THE ARCADE · board games over SSH")

// yourMoveAt says at how many tables a decision is the player's: "Your
// move at 2 tables".
func yourMoveAt(n int) string {
	if n == 1 {
		return "Your move at 1 table"
	}
	return fmt.Sprintf("Your move at %d tables", n)
}

// lobbyDeadlines are the correspondence clocks the lobby shows counting
// down on the player's tables.
func (s *session) lobbyDeadlines() []time.Time {
	var out []time.Time
	for _, t := range s.turns {
		if t.Clock.Correspondence() && slices.ContainsFunc(s.away, func(a rooms.TableSummary) bool { return a.ID == t.Table }) {
			out = append(out, t.Deadline)
		}
	}
	return out
}

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
	// The snapshot's chat and people, by their first elements (the
	// version alone repeats across hubs).
	chat   *rooms.ChatLine
	people *rooms.Person
	// The player's own: the seat waiting for them, their mutes, the
	// open chat line (zero for most sessions).
	away     string
	admin    bool // an admin's key line may take another line
	muted    string
	chatOpen bool
	chatBack int
	online   int // the page of who is online
}

// lobbyBodies holds the lobby panes drawn lately, as rows that fit the
// screen. Most lobby screens differ only in their header and footer, so a
// lobby change is drawn a few times, not once per session, and its rows
// are measured once.
var lobbyBodies = memo[lobbyBodyKey, []string]{max: 256}

func (l *lobbyScreen) bodyKey() lobbyBodyKey {
	s := l.s
	var tables *rooms.TableSummary
	if len(s.lobby.Tables) > 0 {
		tables = &s.lobby.Tables[0]
	}
	k := lobbyBodyKey{version: s.lobby.Version, tables: tables, games: s.gamesKey, th: s.th, width: l.width, height: l.height,
		pane: l.pane, game: l.gameIdx, tableAt: l.tableIdx, muted: s.mutedKey(), chatOpen: s.chatOpen(), admin: l.keys == &adminKeys,
		online: l.onlinePage}
	if len(s.lobby.Chat) > 0 {
		k.chat = &s.lobby.Chat[0]
	}
	if len(s.lobby.People) > 0 {
		k.people = &s.lobby.People[0]
	}
	for _, a := range s.away {
		// What its row says changes with the turn and the clock.
		k.away += a.ID + "/" + string(a.Status) + "/" + strings.Join(l.ownFacts(a), "/") + " "
	}
	if k.chatOpen {
		k.chatBack = s.chatBack
	}
	return k
}

// View implements screen.
func (l *lobbyScreen) View() string { return strings.Join(l.rows(nil), "\n") }

// rows implements rowScreen: the lobby as exactly its height in rows, each
// fitted to its width, appended to dst. The body's rows are shared with
// every screen that shows the same lobby; only the header and footer are
// measured here.
func (l *lobbyScreen) rows(dst []string) []string {
	s := l.s
	th := s.th
	w := l.width
	me := s.client.Player()
	who := fmt.Sprintf("%s · %d online", me.Name, s.lobby.Online)
	if me.Guest {
		who = me.Name + " (guest) · " + fmt.Sprint(s.lobby.Online) + " online"
	}
	if n := s.yourMoves(); n > 0 {
		if note := th.Good.Render(yourMoveAt(n)) + " · "; board.Width(note+who)+lobbyTitleMin < w {
			who = note + who
		}
	}
	title := lobbyTitles.get(titleKey{th, w - board.Width(who) - 1}, func() string {
		return board.PadRight(th.Title.Render("THE ARCADE")+th.Faint.Render(" · board games over SSH"), w-board.Width(who)-1)
	})
	header := title + " " + who

	body := lobbyBodies.get(l.bodyKey(), func() []string {
		// Around the body: the header and a blank line over it, a blank
		// line, the status line and the key lines under it.
		bodyH := l.height - 5 - strings.Count(l.keyLine(), "\n")
		rows, _ := fitRows(strings.Split(l.body(w, bodyH), "\n"), w, bodyH)
		return rows
	})

	// An open prompt takes the status line, and a refusal (why the value
	// typed was refused) goes to the blank line over it.
	above, status := "", s.statusLine(s.lobbyNotice(), w)
	if s.prompt != nil {
		status = s.promptLine(w)
		if s.bad {
			above = s.statusLine("", w)
		}
	}
	// The header and footer are fitted where they lie in dst (fitRows
	// changes rows in place when their count is right).
	start := len(dst)
	dst = append(dst, header, "")
	fitRows(dst[start:], w, 2)
	dst = append(dst, body...)
	foot := len(dst)
	dst = append(append(dst, above, status), strings.Split(l.keyLine(), "\n")...)
	fitRows(dst[foot:], w, len(dst)-foot)
	// The rows add up to the height unless the window is too short for
	// the body (a screen the app hides as too small).
	dst = dst[:start+min(len(dst)-start, l.height)]
	for len(dst)-start < l.height {
		dst = append(dst, "")
	}
	return dst
}

// body is the lobby's panes in w columns and h lines: the games, then the
// open tables; from 120 columns a third column with who is online and the
// latest results; from lobbyPageFrom the games' page (pageBody).
func (l *lobbyScreen) body(w, h int) string {
	if w >= lobbyPageFrom {
		return l.pageBody(w, h)
	}
	leftW := min(max(w*19/40, 26), 52)
	sideW := 0
	if w >= 120 {
		sideW = min((w-leftW-4)/2, 60)
	}
	rightW := w - leftW - 2
	var online []string
	if sideW > 0 {
		rightW -= sideW + 2
	} else if h >= lobbyOnlineFrom {
		online = l.onlineBrief(rightW, min(4, max(2, h/5)))
	}
	cols := []string{board.FitBlock(l.gamesPane(leftW, h), leftW, h), board.FitBlock("", 2, h), l.rightPane(rightW, h, online)}
	if sideW > 0 {
		cols = append(cols, board.FitBlock("", 2, h), board.FitBlock(l.sidePane(sideW, h), sideW, h))
	}
	return board.Columns(cols...)
}

// lobbyPageFrom is the narrowest lobby set as a page (pageBody): two
// columns of the games and their rules, 66 columns each at least, beside
// a live column.
const lobbyPageFrom = 180

// keyLine is the lobby's key help: two lines when one cannot hold it.
func (l *lobbyScreen) keyLine() string {
	name := "lobby"
	if l.keys == &adminKeys {
		name = "lobby-admin"
	}
	return l.s.keyLines(l.width, 2, name, l.keys)
}
