package ui

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"charm.land/bubbles/v2/help"
	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// screen is one full-screen view of a session: the lobby, the new-table
// form, a table (playing or watching), "your games", help. It has the shape
// of soft-serve's common.Component: a model with its own key map and a size.
//
// The router (App) owns the current screen. It hands every key press and
// every message meant for the screen to Update, and shows the screen that
// Update returns: the same one, a new one (the lobby opens a form), or the
// one to go back to (the form's esc returns the lobby). It calls SetSize
// on every resize and whenever a screen becomes current, so View always
// draws at the terminal's size. Everything the screens of a session share
// (the hub client, the theme, the status line, the prompt) is in *session.
type screen interface {
	// ShortHelp and FullHelp (help.KeyMap) are the screen's own key
	// bindings, the very ones its Update matches: its key line and the
	// help screen are made from them.
	help.KeyMap
	// SetSize tells the screen the terminal's size.
	SetSize(width, height int)
	// Update handles a key press or a message meant for this screen and
	// returns the screen to show next, and a command.
	Update(msg tea.Msg) (screen, tea.Cmd)
	// View draws the screen at its size, without the router's overlays.
	View() string
}

// The key maps of the screens, made once and shared by every session (a
// screen holds a pointer: an idle session keeps no key map of its own).
// Never change them.
var (
	globalKeys      = keys.GlobalKeys()
	lobbyKeys       = keys.LobbyKeys()
	adminKeys       = keys.AdminLobbyKeys()
	allTables       = keys.AdminTablesKeys()
	formKeys        = keys.FormKeys()
	editKeys        = keys.EditFormKeys()
	tableKeys       = keys.TableKeys()
	pagerKeys       = keys.PagerKeys()
	historyKeys     = keys.HistoryKeys()
	replayKeys      = keys.ReplayKeys()
	settingsKeys    = keys.SettingsKeys()
	tournamentsKeys = keys.TournamentsKeys()
)

// minSizer is implemented by screens that need more than minWidth x
// minHeight (a table whose board is large).
type minSizer interface {
	MinSize() (width, height int)
}

// helpTopic is implemented by screens whose help says more than their keys:
// details drawn before the keys (the cards in hand), a paragraph after the
// KEYS heading, and the game whose rules follow.
type helpTopic interface {
	helpTopic() topic
}

// topic is what a screen adds to its help.
type topic struct {
	details, intro string
	game           engine.Game
}

// Minimum terminal size for the lobby and forms.
const (
	minWidth  = 60
	minHeight = 18
)

// session is what every screen of one session shares: the hub client, the
// games, the theme, the last lobby update, the status line and the one-line
// prompt. It holds no screen but the lobby, the session's home.
type session struct {
	client *rooms.Client
	opts   Options
	games  []engine.Game
	// gamesKey names the games (their IDs) for memo keys: equal for every
	// session of a server.
	gamesKey string

	dark, colour bool
	th           *theme.Theme
	help         *help.Model // shared per theme (see helpFor): copy before changing

	lobby  rooms.LobbyUpdate // the latest
	status string
	// statusHint follows the status and is kept whole when the status is
	// cut to the width (a refusal's "(W: why?)").
	statusHint string
	// statusAt is when the status was set (statusLife).
	statusAt time.Time
	bad      bool
	// prompt is the open one-line editor (nil when closed).
	prompt *prompt

	// home is the lobby screen, which every other screen returns to.
	home *lobbyScreen

	// tableChat is the chat of the table the session is at (nil in the
	// lobby).
	tableChat *[]rooms.ChatLine
	// away are the tables where the player's seat waits for them, the
	// latest first, as of the last lobby update (rooms.Client.AwaySeats).
	away      []rooms.TableSummary
	awayAsked bool // the hub has been asked once
	// turns say, for the tables where the player holds a seat, whose
	// move it is and until when (rooms.Client.Turns), asked with away.
	turns []rooms.Turn
	// arrival is what to say when the next table's screen opens.
	arrival string
	social
}

// call runs a hub request off the UI goroutine and reports its result.
func (s *session) call(f func() error, ok string) tea.Cmd {
	return func() tea.Msg { return resultMsg{err: f(), ok: ok} }
}

// statusLife is how long feedback stays on the status line: long enough
// to read a sentence, short enough that it never outlives its moment.
const statusLife = 6 * time.Second

// setStatus sets the status line; bad shows msg as a warning. It clears
// itself after statusLife (App.statusTimer).
func (s *session) setStatus(msg string, bad bool) {
	s.status, s.statusHint, s.bad, s.statusAt = msg, "", bad, time.Now()
}

// setStatusHint sets a warning followed by a hint that stays whole when
// the line is too narrow for both (statusLine).
func (s *session) setStatusHint(msg, hint string) {
	s.setStatus(msg, true)
	s.statusHint = hint
}

// statusLine renders the last message (errors stand out); with none, the
// server's notice, cut to width.
func (s *session) statusLine(notice string, width int) string {
	if s.status == "" {
		if notice != "" {
			return s.th.Warn.Render(board.Clip("Notice: "+notice, max(width, 10)))
		}
		return ""
	}
	text := s.status
	if s.bad {
		text = "! " + text
	}
	if s.statusHint != "" {
		room := max(width-board.Width(s.statusHint)-1, 10)
		if board.Width(text) > room {
			text = board.Clip(text, room)
		}
		text += " " + s.statusHint
	}
	if s.bad {
		return s.th.Bad.Render(text)
	}
	return s.th.Good.Render(text)
}

// lobbyNotice is what the server tells the lobby now: an admin's notice,
// and that no tables open while the server drains.
func (s *session) lobbyNotice() string {
	n := s.lobby.Notice
	if s.lobby.Draining {
		n = strings.TrimSpace(n + " · No new tables for now (maintenance).")
		n = strings.TrimPrefix(n, "· ")
	}
	return n
}

// restyle picks the theme and help styles after a background or colour
// change.
func (s *session) restyle() {
	s.th = theme.For(s.dark, s.colour)
	s.help = helpFor(s.dark, s.colour)
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

// helpKey names one rendering of a key help line: the help model (its
// theme), the width and the key map, by name (a name always stands for
// the same bindings).
type helpKey struct {
	help  *help.Model
	width int
	keys  string
}

var helpLines = memo[helpKey, string]{max: 256}

// shortHelp renders the one-line key help of the key map km, named name,
// at width w. What does not fit is left out whole, from the middle: the
// last two keys (help, and the key that quits or closes) always show, so
// the line never ends cut short.
func (s *session) shortHelp(w int, name string, km help.KeyMap) string {
	return s.keyLines(w, 1, name, km)
}

// keyLines is shortHelp on up to n lines: the keys are laid out line by
// line, and only what does not fit on n lines is left out.
func (s *session) keyLines(w, n int, name string, km help.KeyMap) string {
	return helpLines.get(helpKey{s.help, w*8 + n, name}, func() string {
		st := s.help.Styles
		var items []string
		for _, b := range km.ShortHelp() {
			if b.Enabled() {
				items = append(items, st.ShortKey.Render(b.Help().Key)+" "+st.ShortDesc.Render(b.Help().Desc))
			}
		}
		sep := st.ShortSeparator.Render(" • ")
		lines := board.Pack(items, sep, w)
		for len(items) > 2 && len(lines) > n {
			items = append(items[:len(items)-3], items[len(items)-2:]...)
			lines = board.Pack(items, sep, w)
		}
		return strings.Join(lines, "\n")
	})
}

// gameName is a game's name by ID (the ID when the server has no such game).
func (s *session) gameName(id string) string {
	if g, ok := engine.FindGame(s.games, id); ok {
		return g.Info().Name
	}
	return id
}

// gameKeys interns the memo names of game lists, so that every session of
// a server shares one string.
var gameKeys sync.Map

// gamesKeyOf is the memo name of a list of games: their IDs.
func gamesKeyOf(games []engine.Game) string {
	ids := make([]string, len(games))
	for i, g := range games {
		ids[i] = g.Info().ID
	}
	k := strings.Join(ids, ",")
	v, _ := gameKeys.LoadOrStore(k, k)
	return v.(string)
}

// prompt is the one-line editor for a name, an invite code or a report,
// made when it opens (sessions that never edit anything keep none).
type prompt struct {
	label  string
	input  textinput.Model
	submit func(value string) tea.Cmd
}

// openPrompt starts editing a one-line value of at most limit characters;
// enter hands it to submit, esc cancels.
func (s *session) openPrompt(label, value, placeholder string, limit int, submit func(string) tea.Cmd) tea.Cmd {
	in := textinput.New()
	in.CharLimit = limit
	in.Placeholder = placeholder
	// The placeholder is faint in every theme (the stock grey is lost
	// without colour, and it would look typed).
	st := in.Styles()
	st.Focused.Placeholder, st.Blurred.Placeholder = s.th.Faint, s.th.Faint
	in.SetStyles(st)
	in.SetValue(value)
	in.CursorEnd()
	s.prompt = &prompt{label: label, input: in, submit: submit}
	return s.prompt.input.Focus()
}

// promptKey edits the open prompt.
func (s *session) promptKey(k tea.KeyPressMsg) tea.Cmd {
	p := s.prompt
	if s.chatOpen() && s.chatScroll(k) {
		return nil
	}
	switch k.String() {
	case "esc":
		s.prompt = nil
		s.setStatus("Cancelled.", false)
		return nil
	case "enter":
		s.prompt = nil
		return p.submit(p.input.Value())
	}
	return s.editPrompt(k)
}

// editPrompt hands msg to the open prompt's editor. The editor is a large
// value (textinput.Model, copied into and out of its Update), so this
// stays a function of its own: a caller that inlined it would carry some
// 30 KB of stack frame even where no prompt is open, as App.update does
// for every hub update, on a goroutine that starts small for each one.
//
//go:noinline
func (s *session) editPrompt(msg tea.Msg) tea.Cmd {
	var cmd tea.Cmd
	s.prompt.input, cmd = s.prompt.input.Update(msg)
	return cmd
}

// promptLine is the open prompt with its input, in a line w cells wide:
// the input takes what the label and the "enter ok" hint leave.
// A value at its length limit says so, so that a refused keystroke is
// not a mystery.
func (s *session) promptLine(w int) string {
	hint, style := "  enter ok · esc cancel", s.th.Faint
	in := &s.prompt.input
	if in.CharLimit > 0 && utf8.RuneCountInString(in.Value()) >= in.CharLimit {
		hint, style = fmt.Sprintf("  %d characters at most · enter ok · esc cancel", in.CharLimit), s.th.Warn
	}
	in.SetWidth(max(w-board.Width(s.prompt.label)-2-board.Width(in.Prompt)-board.Width(hint)-1, 8))
	return s.th.Key.Render(s.prompt.label+": ") + in.View() + style.Render(hint)
}

// keyMatches reports whether a key press triggers the binding.
func keyMatches(k tea.KeyPressMsg, b ...key.Binding) bool { return key.Matches(k, b...) }

// errorText turns an error into a line for the player.
func errorText(err error) string {
	var re *engine.RuleError
	if errors.As(err, &re) {
		return re.Msg
	}
	return err.Error()
}

// otherSeatsNote tells a player seated at table at that seats of theirs
// at other tables wait for them too ("" when none), naming each table by
// its host and game.
func otherSeatsNote(away []rooms.TableSummary, at string) string {
	var tables []string
	for _, t := range away {
		if t.ID != at {
			tables = append(tables, fmt.Sprintf("%s's %s table", t.Host, t.GameName))
		}
	}
	switch len(tables) {
	case 0:
		return ""
	case 1:
		return "Your seat at " + tables[0] + " waits for you too: Q, then enter on it in the lobby."
	}
	return "Your seats at " + engine.JoinAnd(tables) + " wait for you too: Q, then enter on one in the lobby."
}

// refreshAway asks the hub where the player's seats wait for them and
// says so when one the lobby offered is gone, unless the player is taking
// it back (at is the table they are at, "" in the lobby): the host gave
// it to a bot, or its game ended.
func (s *session) refreshAway(at string) {
	was := s.away
	s.loadSeats()
	for _, t := range was {
		if t.ID != at && !slices.ContainsFunc(s.away, func(a rooms.TableSummary) bool { return a.ID == t.ID }) {
			s.setStatus(fmt.Sprintf("Your seat at %s's %s table is no longer kept for you: its game ended, or the host gave it to a bot.", t.Host, t.GameName), false)
		}
	}
}

// loadSeats asks the hub where the player's seats wait for them and whose
// move it is there (both take the hub's lock a moment and read no store),
// the tables where it is their move first.
func (s *session) loadSeats() {
	s.away, s.turns = s.client.AwaySeats(), s.client.Turns()
	slices.SortStableFunc(s.away, func(a, b rooms.TableSummary) int {
		am, bm := s.yourMoveAt(a.ID), s.yourMoveAt(b.ID)
		switch {
		case am == bm:
			return 0
		case am:
			return -1
		}
		return 1
	})
}

// turnAt is what the hub said of the player's turn at table id.
func (s *session) turnAt(id string) (rooms.Turn, bool) {
	i := slices.IndexFunc(s.turns, func(t rooms.Turn) bool { return t.Table == id })
	if i < 0 {
		return rooms.Turn{}, false
	}
	return s.turns[i], true
}

// yourMoveAt reports whether a decision at table id is the player's.
func (s *session) yourMoveAt(id string) bool {
	t, ok := s.turnAt(id)
	return ok && t.YourMove
}

// yourMoves counts the tables, among those the lobby lists as the
// player's, where a decision is theirs.
func (s *session) yourMoves() int {
	n := 0
	for _, t := range s.away {
		if s.yourMoveAt(t.ID) {
			n++
		}
	}
	return n
}
