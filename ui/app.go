// Package ui holds the Bubble Tea models of the arcade. App is a thin
// router: it holds what a session shares (the hub client, the theme, the
// terminal's size, the status line, the prompt) and the current screen.
// The screens (see screen) are the lobby, the new-table form, the table
// (playing or watching, with the host's seats panel), "your games" (the
// player's profile) with its replays, the settings, the tournaments, help
// and rules, and the too-small notice; each has its own key map from
// package keys. Per-game boards live in ui/<game>; a session gets them,
// with the games, in Options.Games (wired in cmd/arcade).
//
// The ui never sees a game state: it draws the rooms.TableUpdate addressed to
// its own session, which carries only that seat's view.
package ui

import (
	"cmp"
	"errors"
	"strings"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	"arcade/rooms"
)

// The router: App takes every message, keeps what the session shares up
// to date, and hands the rest to the prompt, help or the current screen
// (see update and onKey). Its timers are in timers.go, what it does
// while the terminal is too small in small.go, and Feed, which brings the
// hub's updates in, in feed.go.

// Options configure one session's app.
type Options struct {
	// InviteCode, when set, joins that table at once (ssh -t host CODE).
	InviteCode string
	// ConnectHint is how others reach this server, e.g. "ssh -p 2222 host",
	// shown next to invite codes ("" hides it).
	ConnectHint string
	// Games are the games the lobby offers, in its order, with their
	// boards (the hub must offer the same ones).
	Games []Game
}

// resultMsg carries the outcome of a hub call made in a command.
type resultMsg struct {
	err error
	ok  string
	// again, on a refusal, opens the prompt the value came from again
	// with that value, to be put right rather than typed anew.
	again func() tea.Cmd
	// arrival: ok is about the table the call seated the player at, to
	// show once its screen opens (its first update may come later).
	arrival bool
}

// screenData is a message that brings a screen what a command read or
// did for it: it goes to the screen even while the prompt is open.
type screenData interface{ screenData() }

// endedMsg says the hub closed this session's client: the same key
// connected elsewhere, or the server is shutting down.
type endedMsg struct{ notice string }

// quitMsg ends the program after the goodbye screen has been seen.
type quitMsg struct{}

// App is the root model of one session: the router between its screens.
type App struct {
	s *session

	width, height int
	// cur is the screen shown; table is the table screen while the
	// session is at a table (it takes the table's updates even while help
	// covers it), nil in the lobby.
	cur   screen
	table *tableScreen

	ticking bool
	// statusTimed: a timer runs for the status line's end (statusTimer).
	statusTimed bool
	// ended is set once the hub has closed this session, with the
	// notice that said why (farewell).
	ended  bool
	notice string
	// yours: the table asks this player to decide something now (the
	// title says so; the bell rang when it began).
	yours bool
}

// Goodbye is the line a player who quits the lobby reads on their own
// terminal.
const Goodbye = "Thanks for playing. See you soon!"

// Farewell is the line to leave on the player's normal screen once the
// session has ended (the screen it was on is gone by then), and why it
// ended, for the server's log: "replaced" (the same key connected from
// another terminal), "closed" (the hub closed it), or "quit".
func (a *App) Farewell() (line, reason string) {
	switch {
	case a.notice == rooms.NoticeReplaced:
		return a.notice + " This session ended.", "replaced"
	case a.ended && a.notice != "":
		return a.notice, "closed"
	case a.ended:
		return "", "closed"
	}
	return Goodbye, "quit"
}

// New builds the root model for a session bound to client.
func New(client *rooms.Client, opts Options) *App {
	games := Engines(opts.Games)
	s := &session{client: client, opts: opts, games: games, gamesKey: gamesKeyOf(games), dark: true, colour: true}
	s.restyle()
	s.quiet = client.Quiet()
	s.home = newLobbyScreen(s)
	a := &App{s: s, width: 80, height: 24, cur: s.home}
	a.cur.SetSize(a.width, a.height)
	return a
}

// Init implements tea.Model.
func (a *App) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	if code := a.s.opts.InviteCode; code != "" {
		cmds = append(cmds, a.s.joinCode(code))
	}
	return tea.Batch(cmds...)
}

// Update implements tea.Model.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	m, cmd := a.update(msg)
	if t := a.statusTimer(); t != nil {
		cmd = tea.Batch(cmd, t)
	}
	return m, cmd
}

// update is Update without the status line's timer.
func (a *App) update(msg tea.Msg) (tea.Model, tea.Cmd) {
	s := a.s
	switch msg := msg.(type) {
	case statusExpiredMsg:
		a.statusTimed = false
		if time.Since(s.statusAt) >= statusLife {
			s.status = "" // a notice under it shows again
		}
		return a, nil
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		a.cur.SetSize(a.width, a.height)
		return a, nil
	case tea.BackgroundColorMsg:
		s.dark = msg.IsDark()
		s.restyle()
		return a, nil
	case tea.ColorProfileMsg:
		// A terminal without colour gets the plain theme, whose
		// selection and emphasis use reverse video and bold instead.
		if msg.Profile <= colorprofile.ASCII && s.colour {
			s.colour = false
			s.restyle()
		}
		return a, nil
	case rooms.LobbyUpdate:
		listed := s.home.listsAny()
		s.lobby = msg
		// The seat waiting for the player changes when they leave a
		// table (see onTable) or that table moves on: ask the hub on
		// arrival and while there is one, not on every lobby update.
		if !s.awayAsked || len(s.away) > 0 {
			had := len(s.away) > 0
			at := ""
			if a.table != nil {
				at = a.table.u.Table.ID
			}
			s.refreshAway(at)
			s.awayAsked = true
			if len(s.away) > 0 && !had {
				s.home.showAway()
			}
		}
		s.home.clamp()
		if listed && !s.home.listsAny() {
			s.home.pane = 0 // the last table went: nothing to choose there
		}
		return a, a.maybeTick()
	case rooms.TableUpdate:
		return a, a.onTable(msg)
	case resultMsg:
		if msg.err != nil {
			text := errorText(msg.err)
			if a.table != nil {
				text = engine.ExpandSeats(text, a.table.nameOf)
			}
			s.setStatus(text, true)
			var re *engine.RuleError
			if a.table != nil && errors.As(msg.err, &re) {
				a.table.refused(text, re.Rule)
			}
			if msg.again != nil && s.prompt == nil {
				return a, msg.again()
			}
		} else if msg.arrival && a.table == nil {
			s.arrival = msg.ok
		} else if msg.ok != "" {
			s.setStatus(msg.ok, false)
		}
		return a, nil
	case quietMsg:
		s.quietKept(msg)
		return a, nil
	case endedMsg:
		a.ended, a.notice = true, msg.notice
		s.status = msg.notice
		if s.status == "" {
			s.status = "the connection ended."
		}
		return a, tea.Tick(4*time.Second, func(time.Time) tea.Msg { return quitMsg{} })
	case quitMsg:
		return a, tea.Quit
	case tickMsg:
		a.ticking = false
		if a.table == nil && len(s.away) > 0 {
			// The hub hands the lobby again when a move at one of its
			// tables makes it the player's, or no longer (Hub.tellTurns);
			// ask again now and then all the same (another node's
			// tables come with its gossip, at the broadcasts' pace).
			s.refreshAway("")
			s.home.clamp()
		}
		return a, a.maybeTick()
	case tea.KeyPressMsg:
		if a.ended {
			return a, tea.Quit
		}
		if msg.Code == tea.KeyEscape && msg.Mod.Contains(tea.ModAlt) {
			// Two quick Escs reach us as one alt+esc: a person meant two.
			esc := tea.KeyPressMsg{Code: tea.KeyEscape}
			return a, tea.Sequence(a.onKey(esc), a.onKey(esc))
		}
		return a, a.onKey(msg)
	}
	if _, data := msg.(screenData); s.prompt != nil && !data {
		if p, ok := msg.(tea.PasteMsg); ok {
			// A pasted escape sequence goes whole: the editor would
			// drop only its ESC and keep the rest as text.
			msg = tea.PasteMsg{Content: ansi.Strip(p.Content)}
		}
		return a, s.editPrompt(msg)
	}
	next, cmd := a.cur.Update(msg)
	a.show(next)
	return a, cmd
}

// show makes next the current screen (nil or the current one: no change).
func (a *App) show(next screen) {
	if next == nil || next == a.cur {
		return
	}
	a.cur = next
	next.SetSize(a.width, a.height)
}

// place puts next in front: under help, if help is open (help goes back to
// it when it closes), else as the current screen.
func (a *App) place(next screen) {
	if h, ok := a.cur.(*helpScreen); ok {
		h.back = next
		return
	}
	a.show(next)
}

// onTable takes a table update from the hub: the first of a table opens
// its screen, the last (Closed) goes back to the lobby.
func (a *App) onTable(u rooms.TableUpdate) tea.Cmd {
	s := a.s
	if u.Closed {
		if a.table != nil && (a.cur == screen(a.table) || isHelpOver(a.cur, a.table) || isFormOver(a.cur, a.table)) {
			a.place(s.home)
		}
		a.table, s.tableChat, a.yours = nil, nil, false
		if s.chatOpen() {
			s.prompt = nil // the table's chat line goes with the table
		}
		s.loadSeats()
		if len(s.away) > 0 {
			s.home.showAway()
		}
		if u.Notice != "" {
			s.setStatus(u.Notice, false)
		}
		return nil
	}
	if a.table == nil || a.table.u.Table.ID != u.Table.ID {
		a.table = newTableScreen(s, &u, newBoard(s.opts.Games, u.Table.Game))
		s.loadSeats()
		s.setStatus(cmp.Or(s.arrival, otherSeatsNote(s.away, u.Table.ID)), false)
		s.arrival = ""
		a.place(a.table)
	} else {
		a.table.setUpdate(&u)
	}
	s.tableChat = &a.table.u.Chat
	if u.Notice != "" {
		s.setStatus(u.Notice, false)
	}
	return tea.Batch(a.signal(a.table.u), a.maybeTick())
}

// isHelpOver reports whether cur is help opened over screen under.
func isHelpOver(cur, under screen) bool {
	h, ok := cur.(*helpScreen)
	return ok && h.back == under
}

// isFormOver reports whether cur is the options form of the table under.
func isFormOver(cur, under screen) bool {
	f, ok := cur.(*createScreen)
	return ok && f.back == under
}

// onKey routes a key press: to the prompt while one is open, to help
// (which takes every key), to the global keys, else to the screen.
func (a *App) onKey(k tea.KeyPressMsg) tea.Cmd {
	s := a.s
	g := &globalKeys
	if s.prompt != nil {
		return s.promptKey(k)
	}
	if a.hidden() {
		return a.hiddenKey(k)
	}
	if _, ok := a.cur.(*helpScreen); !ok {
		switch {
		case keyMatches(k, g.Colour):
			s.colour = !s.colour
			s.restyle()
			if s.colour {
				s.setStatus("Colour on.", false)
			} else {
				s.setStatus("Colour off.", false)
			}
			return nil
		case keyMatches(k, g.Refresh):
			return tea.ClearScreen
		case keyMatches(k, g.Help):
			a.show(newHelpScreen(s, a.cur, a.width, a.height))
			return nil
		}
	}
	next, cmd := a.cur.Update(k)
	a.show(next)
	return cmd
}

// View implements tea.Model.
func (a *App) View() tea.View {
	v := tea.NewView(a.render())
	v.AltScreen = true
	v.WindowTitle = a.title()
	return v
}

// rowScreen is a screen that can draw itself as rows that already fit the
// window (exactly its height, none wider than it), as ViewRows hands them
// on.
type rowScreen interface {
	rows(dst []string) []string
}

// ViewRows is View with the screen's content as rows appended to dst (the
// view's own content left empty): the terminal bridge's way in
// (bridge.RowViewer), which spares a screen that draws rows (the lobby)
// the joining of its rows into one string and their splitting again.
func (a *App) ViewRows(dst []string) (tea.View, []string) {
	v := tea.NewView("")
	v.AltScreen = true
	v.WindowTitle = a.title()
	if rs, ok := a.cur.(rowScreen); ok && !a.ended && !a.hidden() && a.width > 0 && a.height > 0 {
		return v, rs.rows(dst)
	}
	for row := range strings.SplitSeq(a.render(), "\n") {
		dst = append(dst, row)
	}
	return v, dst
}

// render draws the whole screen as a string of exactly the terminal's size.
func (a *App) render() string {
	if a.ended {
		msg := "This session is closed: " + a.s.status + "\nGoodbye!"
		return lipgloss.Place(max(a.width, 1), max(a.height, 1), lipgloss.Center, lipgloss.Center, msg)
	}
	if a.hidden() {
		needW, needH := a.needs()
		return (&tooSmall{needW, needH, a.width, a.height, a.hiddenNote()}).View()
	}
	return fitScreen(a.cur.View(), a.width, a.height)
}
