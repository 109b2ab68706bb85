// Package ui holds the Bubble Tea models of the arcade: the app router, the
// lobby, the new-table form, the table screen, help and the too-small screen.
// Per-game boards live in ui/<game>; a session gets them, with the games,
// in Options.Games (wired in cmd/arcade).
//
// The ui never sees a game state: it draws the rooms.TableUpdate addressed to
// its own session, which carries only that seat's view.
package ui

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"time"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/colorprofile"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

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

// screen is which full-screen view the app shows.
type screen int

const (
	scrLobby screen = iota
	scrCreate
	scrTable
)

// Minimum terminal size for the lobby and forms.
const (
	minWidth  = 60
	minHeight = 18
)

// resultMsg carries the outcome of a hub call made in a command.
type resultMsg struct {
	err error
	ok  string
}

// endedMsg says the hub closed this session's client: the same key
// connected elsewhere, or the server is shutting down.
type endedMsg struct{ notice string }

// quitMsg ends the program after the goodbye screen has been seen.
type quitMsg struct{}

// tickMsg redraws countdowns once a second while a deadline runs.
type tickMsg time.Time

// App is the root model of one session.
type App struct {
	client *rooms.Client
	opts   Options

	width, height int
	dark          bool
	colour        bool
	th            *theme.Theme
	help          *help.Model // shared per theme (see helpFor): copy before changing

	scr    screen
	lobby  rooms.LobbyUpdate
	table  *rooms.TableUpdate
	status string
	bad    bool

	lobbyView lobbyState
	form      createForm
	tableView tableState

	// input is the one-line editor for names and invite codes, made when a
	// prompt opens (nil when closed); prompt says what it edits ("" when
	// closed).
	input  *textinput.Model
	prompt string

	// pager shows help and rules over any screen (nil when closed).
	pager *pager
	// history is the "your games" screen over the lobby (nil when closed).
	history *historyScreen

	ticking bool
	// ended is set once the hub has closed this session.
	ended bool
}

// New builds the root model for a session bound to client.
func New(client *rooms.Client, opts Options) *App {
	a := &App{client: client, opts: opts, width: 80, height: 24, dark: true, colour: true}
	a.restyle()
	a.lobbyView.games = Engines(opts.Games)
	return a
}

// Init implements tea.Model.
func (a *App) Init() tea.Cmd {
	cmds := []tea.Cmd{tea.RequestBackgroundColor}
	if a.opts.InviteCode != "" {
		code := a.opts.InviteCode
		cmds = append(cmds, a.call(func() error { return a.client.JoinCode(code) }, ""))
	}
	return tea.Batch(cmds...)
}

// call runs a hub request off the UI goroutine and reports its result.
func (a *App) call(f func() error, ok string) tea.Cmd {
	return func() tea.Msg { return resultMsg{err: f(), ok: ok} }
}

func (a *App) setStatus(msg string, bad bool) {
	a.status, a.bad = msg, bad
}

// Update implements tea.Model.
func (a *App) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		a.width, a.height = msg.Width, msg.Height
		if a.pager != nil {
			a.pager.resize(a.width, a.height)
		}
		return a, nil
	case tea.BackgroundColorMsg:
		a.dark = msg.IsDark()
		a.restyle()
		return a, nil
	case tea.ColorProfileMsg:
		// A terminal without colour gets the plain theme, whose
		// selection and emphasis use reverse video and bold instead.
		if msg.Profile <= colorprofile.ASCII && a.colour {
			a.colour = false
			a.restyle()
		}
		return a, nil
	case rooms.LobbyUpdate:
		a.lobby = msg
		a.lobbyView.clamp(len(a.lobby.Tables))
		return a, nil
	case rooms.TableUpdate:
		return a, a.onTable(msg)
	case historyMsg, leaderboardMsg, replayMsg:
		a.onHistoryMsg(msg)
		return a, nil
	case resultMsg:
		if msg.err != nil {
			text := errorText(msg.err)
			if a.table != nil {
				text = engine.ExpandSeats(text, a.nameOf)
			}
			a.setStatus(text, true)
		} else if msg.ok != "" {
			a.setStatus(msg.ok, false)
		}
		return a, nil
	case endedMsg:
		a.ended = true
		a.status = msg.notice
		if a.status == "" {
			a.status = "the connection ended."
		}
		return a, tea.Tick(4*time.Second, func(time.Time) tea.Msg { return quitMsg{} })
	case quitMsg:
		return a, tea.Quit
	case tickMsg:
		a.ticking = false
		return a, a.maybeTick()
	case tea.KeyPressMsg:
		if a.ended {
			return a, tea.Quit
		}
		return a, a.onKey(msg)
	}
	if a.input != nil {
		var cmd tea.Cmd
		*a.input, cmd = a.input.Update(msg)
		return a, cmd
	}
	return a, nil
}

// restyle picks the theme and help styles after a background or colour
// change.
func (a *App) restyle() {
	a.th = theme.For(a.dark, a.colour)
	a.help = helpFor(a.dark, a.colour)
}

// helps holds the help models of the four themes, shared by every session.
var helps = map[[2]bool]*help.Model{}

var helpsMu sync.Mutex

// helpFor is the shared help model for a theme: plain styles (bold keys)
// without colour.
func helpFor(dark, colour bool) *help.Model {
	helpsMu.Lock()
	defer helpsMu.Unlock()
	if h := helps[[2]bool{dark, colour}]; h != nil {
		return h
	}
	h := help.New()
	h.Styles = help.DefaultStyles(dark)
	if !colour {
		plain := lipgloss.NewStyle()
		h.Styles.ShortKey = plain.Bold(true)
		h.Styles.FullKey = plain.Bold(true)
		h.Styles.ShortDesc, h.Styles.FullDesc = plain, plain
		h.Styles.ShortSeparator, h.Styles.FullSeparator = plain, plain
		h.Styles.Ellipsis = plain
	}
	helps[[2]bool{dark, colour}] = &h
	return &h
}

// helpKey names one rendering of a key help line.
type helpKey struct {
	help  *help.Model
	width int
	keys  string
}

var helpLines = memo[helpKey]{max: 256}

// shortHelp renders the one-line key help of the key map named keys (whose
// bindings are those bindings returns) at width w.
func (a *App) shortHelp(w int, keys string, bindings func() []key.Binding) string {
	return helpLines.get(helpKey{a.help, w, keys}, func() string {
		h := *a.help
		h.SetWidth(w)
		return h.ShortHelpView(bindings())
	})
}

// onTable takes a table update from the hub.
func (a *App) onTable(u rooms.TableUpdate) tea.Cmd {
	if u.Closed {
		a.table = nil
		a.tableView = tableState{}
		if a.scr == scrTable {
			a.scr = scrLobby
		}
		if u.Notice != "" {
			a.setStatus(u.Notice, false)
		}
		return nil
	}
	first := a.table == nil || a.table.Table.ID != u.Table.ID
	if !first && a.table.Table.Status != u.Table.Status {
		a.setStatus("", false) // old hints ("press S to start") no longer apply
	}
	a.table = &u
	if first {
		a.tableView = tableState{board: a.newBoard(u.Table.Game)}
		a.scr, a.history = scrTable, nil
		a.setStatus("", false)
	}
	if u.Notice != "" {
		a.setStatus(u.Notice, false)
	}
	a.tableView.clamp(len(u.Legal))
	return a.maybeTick()
}

// maybeTick schedules a one-second redraw while a response deadline runs, so
// an idle session does no work at all.
func (a *App) maybeTick() tea.Cmd {
	if a.ticking || a.table == nil || a.table.Deadline.IsZero() || time.Until(a.table.Deadline) <= 0 {
		return nil
	}
	a.ticking = true
	return tea.Tick(time.Second, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// onKey routes a key press to the overlay, the editor or the screen.
func (a *App) onKey(k tea.KeyPressMsg) tea.Cmd {
	g := keys.GlobalKeys()
	switch {
	case a.pager != nil:
		if a.pager.update(k) {
			a.pager = nil
		}
		return nil
	case a.prompt != "":
		return a.onPromptKey(k)
	case a.history != nil && a.scr == scrLobby && !keyMatches(k, g.Help) && !keyMatches(k, g.Colour):
		closed, cmd := a.historyKey(k)
		if closed {
			a.history = nil
		}
		return cmd
	case keyMatches(k, g.Colour):
		a.colour = !a.colour
		a.restyle()
		if a.colour {
			a.setStatus("Colour on.", false)
		} else {
			a.setStatus("Colour off.", false)
		}
		return nil
	case keyMatches(k, g.Refresh):
		return tea.ClearScreen
	case keyMatches(k, g.Help):
		a.openHelp()
		return nil
	}
	switch a.scr {
	case scrCreate:
		return a.createKey(k)
	case scrTable:
		if a.table != nil {
			return a.tableKey(k)
		}
		a.scr = scrLobby
	}
	return a.lobbyKey(k)
}

// openPrompt starts editing a one-line value.
func (a *App) openPrompt(what, value, placeholder string) tea.Cmd {
	a.prompt = what
	in := textinput.New()
	in.CharLimit = 32
	a.input = &in
	a.input.Placeholder = placeholder
	a.input.SetValue(value)
	a.input.CursorEnd()
	return a.input.Focus()
}

// onPromptKey edits the open prompt; enter submits, esc cancels.
func (a *App) onPromptKey(k tea.KeyPressMsg) tea.Cmd {
	switch k.String() {
	case "esc":
		a.prompt, a.input = "", nil
		a.setStatus("Cancelled.", false)
		return nil
	case "enter":
		what, value := a.prompt, a.input.Value()
		a.prompt, a.input = "", nil
		switch what {
		case promptName:
			return func() tea.Msg {
				name, err := a.client.Rename(value)
				if err != nil {
					return resultMsg{err: err}
				}
				return resultMsg{ok: "You are now " + name + "."}
			}
		case promptCode:
			return a.call(func() error { return a.client.JoinCode(value) }, "")
		case promptReport:
			seat, reason, ok := parseReport(value)
			if !ok {
				a.setStatus("Report whom? Give the seat number first, e.g. 2 insults everyone.", true)
				return nil
			}
			return a.call(func() error { return a.client.Report(seat, reason) }, "Reported to the admins. Thank you.")
		}
		return nil
	}
	var cmd tea.Cmd
	*a.input, cmd = a.input.Update(k)
	return cmd
}

// Prompt kinds.
const (
	promptName   = "Your name"
	promptCode   = "Invite code"
	promptReport = "Report seat"
)

// promptLine is the open prompt with its input.
func (a *App) promptLine() string {
	return a.th.Key.Render(a.prompt+": ") + a.input.View() + a.th.Faint.Render("  enter ok · esc cancel")
}

// parseReport reads "2 insults everyone": a seat number from 1, then the
// reason (which may be empty).
func parseReport(s string) (seat int, reason string, ok bool) {
	num, reason, _ := strings.Cut(strings.TrimSpace(s), " ")
	n, err := strconv.Atoi(strings.TrimPrefix(num, "#"))
	if err != nil || n < 1 {
		return 0, "", false
	}
	return n - 1, strings.TrimSpace(reason), true
}

// View implements tea.Model.
func (a *App) View() tea.View {
	v := tea.NewView(a.render())
	v.AltScreen = true
	return v
}

// render draws the whole screen as a string of exactly the terminal's size.
func (a *App) render() string {
	if a.ended {
		msg := "This session is closed: " + a.status + "\nGoodbye!"
		return lipgloss.Place(max(a.width, 1), max(a.height, 1), lipgloss.Center, lipgloss.Center, msg)
	}
	needW, needH := a.minSize()
	if a.width < needW || a.height < needH {
		return a.tooSmall(needW, needH)
	}
	if a.pager != nil {
		return a.pager.view(a.th, *a.help)
	}
	if a.history != nil && a.scr == scrLobby {
		return fitScreen(a.historyView(), a.width, a.height)
	}
	var body string
	switch a.scr {
	case scrCreate:
		body = a.createView()
	case scrTable:
		if a.table != nil {
			body = a.sharedTableScreen()
			break
		}
		fallthrough
	default:
		body = a.lobbyScreen()
	}
	return fitScreen(body, a.width, a.height)
}

// minSize is the smallest terminal the current screen can be drawn in.
func (a *App) minSize() (int, int) {
	if a.scr == scrTable && a.table != nil {
		if r := a.tableView.board; r != nil {
			return r.MinSize()
		}
	}
	return minWidth, minHeight
}

// tooSmall asks the player to enlarge the terminal.
func (a *App) tooSmall(w, h int) string {
	msg := fmt.Sprintf("Please enlarge your terminal to at least %dx%d.\nIt is %dx%d now.\n\nctrl+c quits.", w, h, a.width, a.height)
	return lipgloss.Place(max(a.width, 1), max(a.height, 1), lipgloss.Center, lipgloss.Center, msg)
}

// statusLine renders the last message (errors stand out); with none, the
// server's notice, if an admin posted one.
func (a *App) statusLine() string {
	if a.status == "" {
		if n := a.serverNotice(); n != "" {
			return a.th.Warn.Render(board.Clip("Notice: "+n, max(a.width, 10)))
		}
		return ""
	}
	if a.bad {
		return a.th.Bad.Render("! " + a.status)
	}
	return a.th.Good.Render(a.status)
}

// serverNotice is what the server tells everyone now: an admin's notice,
// and in the lobby that no tables open while the server drains.
func (a *App) serverNotice() string {
	if a.scr == scrTable && a.table != nil {
		return a.table.ServerNotice
	}
	n := a.lobby.Notice
	if a.lobby.Draining {
		n = strings.TrimSpace(n + " · No new tables for now (maintenance).")
		n = strings.TrimPrefix(n, "· ")
	}
	return n
}

// errorText turns an error into a line for the player.
func errorText(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Msg
	}
	return err.Error()
}

// Feed is a session's stream of hub updates, as messages for its program.
// A session calls Drain when Notify fires, and Drain(send, true) once when
// Done closes (the hub closed the client).
type Feed struct{ c *rooms.Client }

// NewFeed is the feed of client's updates.
func NewFeed(c *rooms.Client) Feed { return Feed{c: c} }

// Notify fires when updates wait.
func (f Feed) Notify() <-chan struct{} { return f.c.Notify() }

// Done closes when the hub has closed the client.
func (f Feed) Done() <-chan struct{} { return f.c.Done() }

// OnWake sets a function the hub calls (never waiting for it) when Notify
// fires or Done closes.
func (f Feed) OnWake(wake func()) { f.c.OnWake(wake) }

// Drain sends what waits: the latest lobby and table updates, or, once the
// client is closed, the farewell that ends the session.
func (f Feed) Drain(send func(tea.Msg), done bool) {
	lobby, table := f.c.Take()
	if done {
		notice := ""
		if table != nil && table.Closed {
			notice = table.Notice
		}
		send(endedMsg{notice: notice})
		return
	}
	if lobby != nil {
		send(*lobby)
	}
	if table != nil {
		send(*table)
	}
}
