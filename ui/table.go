package ui

import (
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

// The table screen: its state, the updates it takes, its header and
// status line. Its key routing is in tablekeys.go, its layout in
// tablelayout.go, the log pane in tablelog.go, the moves in tablemenu.go
// and the waiting room in tablewait.go.

// tableScreen is a table, for a player or a spectator: the header, the
// board (or the seats while waiting, or the host's seats panel), the moves
// and the log. It draws the latest rooms.TableUpdate of its table.
type tableScreen struct {
	s             *session
	keys          *keys.Table
	width, height int
	u             *rooms.TableUpdate
	// board draws this table's game (nil when the game has no board view).
	board     board.Renderer
	actionIdx int
	// logOffset is how many lines the log is scrolled back (0 follows the
	// newest); logNew counts the events that came in below since;
	// logW is the log's last width (to keep a scrolled log in place) and
	// logRows the lines it last showed (a scroll moves at most that many).
	logOffset    int
	logNew       int
	logW         int
	logRows      int
	confirmLeave bool
	// ask is the question open on the status line (nil when none).
	ask *ask
	// overOffset is how many lines the game-over pane is scrolled down;
	// overMax is the most its last drawing allowed.
	overOffset, overMax int
	seats               seatPanel
	// rulesShown is how many parts of the game's rules the waiting room
	// showed beside the seats in the last drawing (the log column goes on
	// from there).
	rulesShown int
	// next is a screen a key opened over the table (the host's options
	// form), for Update to show.
	next screen
	// refusal is the player's last refusal that cites a rule, and why the
	// "why?" pane open in the board's place (nil when closed).
	refusal rooms.LogLine
	why     *whyPane
	// drawnAt is the moment the frame being drawn shows (its countdown,
	// clockMark): one reading of the clock for the sharing key and the
	// drawing alike.
	drawnAt time.Time
}

func newTableScreen(s *session, u *rooms.TableUpdate, b board.Renderer) *tableScreen {
	ts := &tableScreen{s: s, keys: &tableKeys, u: u, board: b}
	ts.actionIdx = ts.defaultIdx()
	ts.clamp()
	return ts
}

// setUpdate takes a newer update of the same table.
// The status line describes the present only: a new status of the table
// (old hints such as "press S to start"), the turn coming to or leaving
// the player ("not your turn"), or a player coming back or going away ("a
// bot plays for ann") clears it. A log scrolled back stays where the
// player put it (scrollWith).
func (ts *tableScreen) setUpdate(u *rooms.TableUpdate) {
	old := ts.u
	turn := (len(old.Legal) > 0) != (len(u.Legal) > 0)
	if old.Table.Status != u.Table.Status || turn || seatsChanged(old.Seats, u.Seats) {
		ts.s.setStatus("", false)
	}
	ts.scrollWith(old, u, turn)
	newChoice := !slices.EqualFunc(old.Legal, u.Legal, engine.Action.Same)
	ts.u = u
	if newChoice {
		ts.actionIdx = ts.defaultIdx()
	}
	ts.clamp()
}

// seatsChanged reports whether a player came back or went away (what the
// host did with the seats, seating or removing a bot, is not a change: its
// own message says what it did).
func seatsChanged(a, b []rooms.SeatInfo) bool {
	if len(a) != len(b) {
		return true
	}
	for i := range a {
		if a[i].Connected != b[i].Connected {
			return true
		}
	}
	return false
}

func (ts *tableScreen) clamp() {
	ts.actionIdx = min(max(ts.actionIdx, 0), max(len(ts.u.Legal)-1, 0))
}

// SetSize implements screen.
func (ts *tableScreen) SetSize(w, h int) { ts.width, ts.height = w, h }

// ShortHelp implements help.KeyMap.
func (ts *tableScreen) ShortHelp() []key.Binding { return ts.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (ts *tableScreen) FullHelp() [][]key.Binding { return ts.keys.FullHelp() }

// MinSize implements minSizer: the board's.
func (ts *tableScreen) MinSize() (int, int) {
	if ts.board != nil {
		return ts.board.MinSize()
	}
	return minWidth, minHeight
}

// helpTopic implements helpTopic: what the board has to say about the view
// (card texts), how a table works, and the game's rules.
func (ts *tableScreen) helpTopic() topic {
	tp := topic{intro: tableIntro}
	if d, ok := ts.board.(board.Detailer); ok && ts.u.View != nil {
		tp.details = d.Details(ts.u.View)
	}
	tp.game, _ = engine.FindGame(ts.s.games, ts.u.Table.Game)
	return tp
}

// tableIntro is the help's paragraph on tables.
const tableIntro = "At a table the moves you can make are listed under \"Your move\" with a key\n" +
	"each; press the key, or choose with ↑/↓ and press enter. Esc never leaves a\n" +
	"table: Q (or ctrl+c) asks whether to leave. The host starts with S and seats\n" +
	"bots with B: a panel where ↑/↓ choose the seat (an empty one before the game,\n" +
	"the seat of a player who left during it or whose time ran out), ←/→ the level\n" +
	"(easy, normal, hard), enter seats the bot and x takes one out again; K removes\n" +
	"a player (before the game, or one who is away) and H makes them the host. At a\n" +
	"correspondence table where a player ran out of time three times in a row, the\n" +
	"host's K hands their seat to a bot and E ends the game now, with no winner.\n\n" +
	"/ opens the chat line (/mute NAME hides a player, /unmute NAME shows them).\n" +
	"When a decision becomes yours the terminal rings and its title says so: N\n" +
	"turns that off. A turns auto-pass on: a window where you can only pass runs\n" +
	"out by itself. With a turn clock, the table plays for a player whose time runs\n" +
	"out, and a bot does after three timeouts in a row; a clock of days spends a\n" +
	"day of the player's vacation first, and after three the host chooses. After\n" +
	"the game R asks for a rematch with the same seats.\n\n"

// seatName is the name of a seat's player as the seat lists show it,
// marked (markedName).
func seatName(s rooms.SeatInfo) string { return markedName(s.Name, s.Admin, s.OwnsName) }

// names returns the display names by seat.
func (ts *tableScreen) names() []string {
	out := make([]string, len(ts.u.Seats))
	for i, s := range ts.u.Seats {
		out[i] = s.Name
		if s.Empty || s.Name == "" {
			out[i] = fmt.Sprintf("seat %d", i+1)
		}
	}
	return out
}

func (ts *tableScreen) nameOf(s engine.Seat) string {
	n := ts.names()
	if int(s) >= 0 && int(s) < len(n) {
		return n[s]
	}
	return "?"
}

// Update implements screen: keys go along tableKeyRoute.
func (ts *tableScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	k, ok := msg.(tea.KeyPressMsg)
	if !ok {
		return ts, nil
	}
	cmd := ts.key(k)
	if next := ts.next; next != nil {
		ts.next = nil
		return next, cmd
	}
	return ts, cmd
}

// spectatorKey is everything a spectator's table screen is drawn from, a
// running countdown as it shows included, when its board keeps no state
// of its own (board.Stateless) and no prompt is open: spectators with
// equal keys share one drawing. The update is named by its seats (one
// slice per publish, shared by the table's spectators; table IDs and
// versions repeat across hubs, as in tests).
type spectatorKey struct {
	seats               *rooms.SeatInfo
	table               string
	version             uint64
	th                  *theme.Theme
	width, height       int
	logOffset, logNew   int
	confirmLeave, panel bool
	status              string
	bad                 bool
	hint                string
	muted               string
	clock               string // the countdown as it shows (clockMark)
}

// spectatorScreens holds the spectators' table screens drawn lately, as
// rows that fit the screen: a move at a watched table is drawn and
// measured once for all who watch it, not once each.
var spectatorScreens = memo[spectatorKey, []string]{max: 256}

// View implements screen.
func (ts *tableScreen) View() string { return strings.Join(ts.rows(nil), "\n") }

// rows implements rowScreen: the table as exactly its height in rows, each
// fitted to its width, appended to dst, shared between spectators where it
// can be.
func (ts *tableScreen) rows(dst []string) []string {
	t := ts.u
	ts.drawnAt = time.Now()
	// A game-over pane is drawn for each spectator: its drawing keeps
	// how far it scrolls (overMax).
	if _, ok := ts.board.(board.Stateless); !ok || t.You != engine.Spectator ||
		ts.s.prompt != nil || len(t.Seats) == 0 || t.Table.Status == rooms.Finished {
		return append(dst, ts.fittedRows()...)
	}
	k := spectatorKey{&t.Seats[0], t.Table.ID, t.Version, ts.s.th, ts.width, ts.height, ts.logOffset, ts.logNew, ts.confirmLeave, ts.seats.open,
		ts.s.status, ts.s.bad, ts.s.opts.ConnectHint, ts.s.mutedKey(), ts.clockMark()}
	return append(dst, spectatorScreens.get(k, ts.fittedRows)...)
}

// fittedRows draws the table and fits it to the screen.
func (ts *tableScreen) fittedRows() []string {
	rows, _ := fitRows(strings.Split(ts.draw(), "\n"), ts.width, ts.height)
	return rows
}

// statusBar is the line under the body: the leave question, the warning
// that the table is not saved, or the session's status line; an open
// prompt takes its place.
func (ts *tableScreen) statusBar() string {
	th, t := ts.s.th, ts.u
	if ts.s.prompt != nil {
		return ts.s.promptLine(ts.width)
	}
	switch {
	case ts.confirmLeave:
		return th.Warn.Render(ts.leaveQuestion())
	case ts.ask != nil:
		return th.Warn.Render(ts.ask.question)
	case t.Unsaved:
		// Above any other line: nothing on this screen moves until the
		// table is saved.
		return th.Bad.Render(board.Clip("! "+rooms.ErrUnsaved.Error(), max(ts.width, 10)))
	}
	return ts.s.statusLine(t.ServerNotice, ts.width)
}

// leaveQuestion asks whether to leave, saying what leaving does to the
// table (as rooms does it): before the game the seat is freed, or the
// table closes when no other player is here; during it a correspondence
// game waits, clock running, a game only bots play with the player ends,
// one nobody else is at closes unless a player comes back soon, and
// otherwise the seat waits.
func (ts *tableScreen) leaveQuestion() string {
	t := ts.u
	switch {
	case t.Table.Status == rooms.Waiting && ts.othersHere():
		return "Leave the table? Your seat is freed. y/n"
	case t.Table.Status == rooms.Waiting:
		return "Leave? The table closes: no other player is here. y/n"
	case t.Clock.Correspondence() && !ts.s.client.Player().Guest:
		return "Back to the lobby? Your seat waits for you, and your clock runs on. y/n"
	case ts.botsOnly() && len(t.Watchers) > 0:
		return "Leave? The game ends once nobody watches: nobody else plays here. y/n"
	case ts.botsOnly():
		return "Leave? The game ends: nobody else plays here. y/n"
	case !ts.othersHere() && len(t.Watchers) == 0:
		return "Leave? Nobody else is here: the table closes if no player returns soon. y/n"
	case ts.s.client.Player().Guest:
		return "Leave mid-game? As a guest you may not get this seat back. y/n"
	}
	return "Leave mid-game? Your seat waits for you (the host may give it to a bot). y/n"
}

// othersHere reports whether another player is at the table now.
func (ts *tableScreen) othersHere() bool {
	for i, s := range ts.u.Seats {
		if engine.Seat(i) != ts.u.You && s.Connected {
			return true
		}
	}
	return false
}

// botsOnly reports whether nobody but the table's creator ever sat here
// (the hub's word, TableUpdate.Shared): the game ends when they leave.
func (ts *tableScreen) botsOnly() bool { return !ts.u.Shared }

// panelOpen reports whether the host's seats panel shows (it closes with
// the game).
func (ts *tableScreen) panelOpen() bool {
	return ts.seats.open && ts.u.Table.Status != rooms.Finished
}

// boardContext is what a board draws with, in w x h cells.
func (ts *tableScreen) boardContext(w, h int) board.Context {
	return board.Context{Width: w, Height: h, Theme: ts.s.th, Names: ts.names(), You: ts.u.You}
}

func (ts *tableScreen) header() string {
	th := ts.s.th
	t := ts.u
	parts := []string{th.Title.Render(t.Table.GameName)}
	switch {
	case t.Code == "" && t.Table.Private: // a spectator: no code to show
		parts = append(parts, "private table")
	case t.Code == "":
	case t.Table.Private:
		parts = append(parts, "private table "+th.Accent.Render(t.Code))
	default:
		parts = append(parts, "table "+th.Accent.Render(t.Code))
	}
	switch t.Table.Status {
	case rooms.Waiting:
		parts = append(parts, fmt.Sprintf("waiting %d/%d", t.Table.Taken, t.Table.Seats))
	case rooms.Playing:
		parts = append(parts, th.Good.Render("playing"))
	case rooms.Finished:
		parts = append(parts, th.Warn.Render("game over"))
	}
	if t.You == engine.Spectator {
		parts = append(parts, th.Faint.Render("you watch"))
	} else {
		you := "you: " + ts.nameOf(t.You)
		if t.Host {
			you += " (host)"
		}
		parts = append(parts, you)
	}
	// Whether the game counts for ratings, the tournament it plays for and
	// how many watch, each where it fits (before who you are).
	var extra []string
	if t.Rated && t.Table.Status != rooms.Waiting {
		extra = append(extra, "rated")
	}
	if t.Tournament != "" {
		extra = append(extra, "tournament "+t.Tournament)
	}
	if n := len(t.Watchers); n > 0 {
		extra = append(extra, th.Faint.Render(fmt.Sprintf("%d watching", n)))
	}
	for _, e := range extra {
		with := append(parts[:len(parts)-1:len(parts)-1], e, parts[len(parts)-1])
		if board.Width(strings.Join(with, " · ")) <= ts.width {
			parts = with
		}
	}
	return strings.Join(parts, " · ")
}
