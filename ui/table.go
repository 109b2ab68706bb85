package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

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
	// newest); logNew counts the events that came in below since, and
	// logW is the log's last width (to keep a scrolled log in place).
	logOffset    int
	logNew       int
	logW         int
	confirmLeave bool
	seats        seatPanel
	// next is a screen a key opened over the table (the host's options
	// form), for Update to show.
	next screen
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
// bot plays for ann") clears it. A log scrolled back stays where the player put it,
// counting what came in below, until their turn begins: then it follows
// the newest again.
func (ts *tableScreen) setUpdate(u *rooms.TableUpdate) {
	old := ts.u
	turn := (len(old.Legal) > 0) != (len(u.Legal) > 0)
	if old.Table.Status != u.Table.Status || turn || seatsChanged(old.Seats, u.Seats) {
		ts.s.setStatus("", false)
	}
	if ts.logOffset > 0 {
		added := logAdded(old.Log, u.Log)
		for _, l := range u.Log[len(u.Log)-added:] {
			ts.logOffset += len(wrap(engine.ExpandSeats(l, ts.nameOf), max(ts.logW, 8)))
		}
		ts.logNew += added
		if turn && len(u.Legal) > 0 {
			ts.logOffset, ts.logNew = 0, 0
		}
	}
	newChoice := !sameActions(old.Legal, u.Legal)
	ts.u = u
	if newChoice {
		ts.actionIdx = ts.defaultIdx()
	}
	ts.clamp()
}

// sameActions reports whether two lists of moves are the same moves.
func sameActions(a, b []engine.Action) bool {
	return slices.EqualFunc(a, b, func(x, y engine.Action) bool {
		return x.Kind == y.Kind && slices.Equal(x.Args, y.Args)
	})
}

// defaultIdx is the menu line to highlight when a new choice opens: the
// board's safe move (board.Defaulter), else the first.
func (ts *tableScreen) defaultIdx() int {
	d, ok := ts.board.(board.Defaulter)
	if !ok || ts.u.View == nil {
		return 0
	}
	want := d.DefaultMove(ts.u.View, ts.u.Legal)
	for i, mv := range ts.menu() {
		if mv.i == want {
			return i
		}
	}
	return 0
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

// logAdded is how many entries at the end of log now are new since log
// before (the log keeps only its recent entries, so older ones drop off
// its start).
func logAdded(before, now []string) int {
	for k := 0; k <= len(before); k++ {
		rest := before[k:]
		if len(rest) <= len(now) && slices.Equal(rest, now[:len(rest)]) {
			return len(now) - len(rest)
		}
	}
	return len(now)
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
	"a player (before the game, or one who is away) and H makes them the host.\n\n" +
	"/ opens the chat line (/mute NAME hides a player, /unmute NAME shows them).\n" +
	"When a decision becomes yours the terminal rings and its title says so: N\n" +
	"turns that off. A turns auto-pass on: a window where you can only pass runs\n" +
	"out by itself. With a turn clock, the table plays for a player whose time runs\n" +
	"out, and a bot does after three timeouts in a row. After the game R asks for a\n" +
	"rematch with the same seats.\n\n"

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

// Update implements screen. The leave question and the seats panel take
// the keys first, then the table's own keys, the board (board.KeyHandler),
// the menu's cursor and the moves' hot keys.
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

func (ts *tableScreen) key(k tea.KeyPressMsg) tea.Cmd {
	km := ts.keys
	t := ts.u
	if ts.confirmLeave {
		switch {
		case keyMatches(k, km.Yes):
			ts.confirmLeave = false
			return ts.s.call(ts.s.client.Leave, "You left the table.")
		case keyMatches(k, km.No):
			ts.confirmLeave = false
			ts.s.setStatus("", false)
		default:
			ts.s.setStatus("Leave the table? Press y to leave or n to stay.", true)
		}
		return nil
	}
	if ts.seats.open && t.Table.Status != rooms.Finished {
		return ts.seatPanelKey(k)
	}
	switch {
	case keyMatches(k, km.Leave) && t.Table.Status == rooms.Finished:
		// Nothing is lost by leaving a finished game: no question.
		return ts.s.call(ts.s.client.Leave, "")
	case keyMatches(k, km.Leave):
		ts.confirmLeave = true
		ts.s.setStatus("", false)
		return nil
	case keyMatches(k, km.Chat):
		return ts.s.openChat()
	case keyMatches(k, km.Signal):
		return ts.toggleSignal()
	case keyMatches(k, km.AutoPass):
		return ts.toggleAutoPass()
	case keyMatches(k, km.Rematch) && t.Table.Status == rooms.Finished:
		return ts.rematch()
	case keyMatches(k, km.Options) && t.Table.Status == rooms.Waiting:
		if !t.Host {
			ts.s.setStatus("Only the host changes the options.", true)
			return nil
		}
		ts.next = newOptionsScreen(ts)
		return nil
	case keyMatches(k, km.LogUp):
		ts.logOffset = min(ts.logOffset+3, max(len(t.Log)-1, 0))
		return nil
	case keyMatches(k, km.LogDown):
		ts.logOffset = max(ts.logOffset-3, 0)
		if ts.logOffset == 0 {
			ts.logNew = 0
		}
		return nil
	case keyMatches(k, km.Start) && t.Table.Status == rooms.Waiting:
		return ts.s.call(ts.s.client.Start, "")
	case keyMatches(k, km.AddBot):
		return ts.openSeatPanel()
	case keyMatches(k, km.Report):
		return ts.openReport()
	}
	if kh, ok := ts.board.(board.KeyHandler); ok && t.View != nil {
		r := kh.HandleKey(k.String(), t.View, t.Legal)
		if r.Message != "" {
			ts.s.setStatus(r.Message, r.Warning && r.Action == nil)
		} else if r.Used {
			ts.s.setStatus("", false) // a valid choice: an old refusal no longer applies
		}
		if r.Action != nil {
			return ts.act(*r.Action)
		}
		if r.Used {
			return nil
		}
	}
	switch {
	case keyMatches(k, km.Up):
		ts.actionIdx = max(ts.actionIdx-1, 0)
		ts.s.setStatus("", false)
		return nil
	case keyMatches(k, km.Down):
		ts.actionIdx = min(ts.actionIdx+1, max(len(ts.menu())-1, 0))
		ts.s.setStatus("", false)
		return nil
	case keyMatches(k, km.Do):
		if m := ts.menu(); ts.actionIdx < len(m) {
			return ts.act(m[ts.actionIdx].act)
		}
	}
	if m := ts.menu(); true {
		if i := slices.IndexFunc(m, func(mv menuMove) bool { return keyMatches(k, mv.key) }); i >= 0 {
			ts.actionIdx = i
			return ts.act(m[i].act)
		}
	}
	switch {
	case t.Table.Status == rooms.Finished && t.You != engine.Spectator:
		ts.s.setStatus("The game is over. R asks for a rematch; Q goes back to the lobby.", true)
	case t.Table.Status == rooms.Finished:
		ts.s.setStatus("The game is over. Press Q to go back to the lobby.", true)
	case t.Table.Status == rooms.Waiting:
		ts.s.setStatus(fmt.Sprintf("%q does nothing here. Waiting for players; ? for help.", k.String()), true)
	case len(t.Legal) == 0:
		ts.s.setStatus(fmt.Sprintf("%q does nothing now: it is not your turn.", k.String()), true)
	default:
		ts.s.setStatus(fmt.Sprintf("%q is not one of your moves: use the keys shown under YOUR MOVE.", k.String()), true)
	}
	return nil
}

// act sends a move to the table.
func (ts *tableScreen) act(act engine.Action) tea.Cmd {
	ts.s.setStatus("", false)
	return ts.s.call(func() error { return ts.s.client.Act(act) }, "")
}

// spectatorKey is everything a spectator's table screen is drawn from, when
// its board keeps no state of its own (board.Stateless), no countdown runs
// and no prompt is open: spectators with equal keys share one drawing. The
// update is named by its seats (one slice per publish, shared by the
// table's spectators; table IDs and versions repeat across hubs, as in
// tests).
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
}

// spectatorScreens holds the spectators' table screens drawn lately: a move
// at a watched table is drawn once for all who watch it, not once each.
var spectatorScreens = memo[spectatorKey]{max: 256}

// View implements screen: the table, shared between spectators where it
// can be.
func (ts *tableScreen) View() string {
	t := ts.u
	if _, ok := ts.board.(board.Stateless); !ok || t.You != engine.Spectator || !t.Deadline.IsZero() || !t.TurnDeadline.IsZero() ||
		ts.s.prompt != nil || len(t.Seats) == 0 {
		return ts.draw()
	}
	k := spectatorKey{&t.Seats[0], t.Table.ID, t.Version, ts.s.th, ts.width, ts.height, ts.logOffset, ts.logNew, ts.confirmLeave, ts.seats.open,
		ts.s.status, ts.s.bad, ts.s.opts.ConnectHint, ts.s.mutedKey()}
	return spectatorScreens.get(k, ts.draw)
}

// draw draws the table: header, board (or seats while waiting), moves and
// log, status and keys.
func (ts *tableScreen) draw() string {
	th := ts.s.th
	t := ts.u
	w, h := ts.width, ts.height
	header := ts.header()

	// Wide terminals (160 columns) get the log as a full-height column on
	// the right; the board and the moves share the left. Others stack the
	// board over a moves | log strip, which takes the lines the board
	// leaves.
	boardW, logW := w, 0
	if w >= 160 {
		logW = w * 2 / 5
		boardW = w - logW - 1
	}
	bottomH := 7
	boardH := max(h-3-bottomH, 4)
	if sz, ok := ts.board.(board.Sizer); ok && t.View != nil {
		boardH = max(boardH, min(sz.PreferredHeight(boardW, h), h-3-3))
	}
	var top string
	if ts.seats.open && t.Table.Status != rooms.Finished {
		top = ts.seatPanelView(boardW)
	} else if t.Table.Status == rooms.Waiting || t.View == nil {
		top = ts.waitingRoom(boardW, boardH)
	} else if r := ts.board; r != nil {
		top = r.Render(t.View, ts.boardContext(boardW, boardH))
	} else {
		top = th.Faint.Render("(this game has no board view)")
	}
	used := min(strings.Count(top, "\n")+1, boardH)
	bottomH = h - 3 - used
	bodyH := h - 3
	var body string
	if logW > 0 {
		left := fitBlock(top, boardW, used) + "\n" + fitBlock("", boardW, 1) + "\n" + fitBlock(ts.movesPane(boardW, bodyH-used-1), boardW, bodyH-used-1)
		sep := strings.TrimRight(strings.Repeat("│\n", bodyH), "\n")
		body = board.Columns(fitBlock(left, boardW, bodyH), th.Faint.Render(sep), fitBlock(ts.logPane(logW, bodyH), logW, bodyH))
	} else if x, from := freeCorner(top, used, w); from >= 0 && used-from > bottomH {
		// A board that leaves a large empty corner at its bottom right
		// (a tall board with a short panel beside it) gets the log
		// there, and the moves take the whole width below.
		logH := used - from
		lines := strings.Split(fitBlock(top, w, used), "\n")
		logLines := strings.Split(fitBlock(ts.logPane(w-x-2, logH), w-x-2, logH), "\n")
		for i := range logH {
			// The corner is blank past x: cut there without a mark.
			left := ansi.Truncate(lines[from+i], x, "")
			left += strings.Repeat(" ", max(x-board.Width(left), 0))
			lines[from+i] = left + th.Faint.Render("│") + " " + logLines[i]
		}
		body = strings.Join(lines, "\n") + "\n" + fitBlock(ts.movesPane(w, bottomH), w, bottomH)
	} else {
		leftW := w * 11 / 20
		rightW := w - leftW - 1
		sep := strings.TrimRight(strings.Repeat("│\n", bottomH), "\n")
		bottom := board.Columns(
			fitBlock(ts.movesPane(leftW, bottomH), leftW, bottomH), th.Faint.Render(sep), fitBlock(ts.logPane(rightW, bottomH), rightW, bottomH))
		body = fitBlock(top, w, used) + "\n" + bottom
	}

	var status string
	if ts.confirmLeave {
		status = th.Warn.Render("Leave the table? y leaves, n stays.")
		switch {
		case t.Table.Status != rooms.Playing || t.You == engine.Spectator:
		case ts.s.client.Player().Guest:
			status = th.Warn.Render("Leave mid-game? As a guest you may not get this seat back. y/n")
		default:
			status = th.Warn.Render("Leave mid-game? Your seat waits for you (the host may give it to a bot). y/n")
		}
	} else if t.Unsaved {
		// Above any other line: nothing on this screen moves until the
		// table is saved.
		status = th.Bad.Render(board.Clip("! "+rooms.ErrUnsaved.Error(), max(ts.width, 10)))
	} else {
		status = ts.s.statusLine(t.ServerNotice, ts.width)
	}
	if ts.s.prompt != nil {
		status = ts.s.promptLine(ts.width)
	}
	return fitBlock(header, w, 1) + "\n" + body + "\n" + status + "\n" + ts.hints()
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
	// How many watch, where it fits (before who you are).
	if n := len(t.Watchers); n > 0 {
		with := append(parts[:len(parts)-1:len(parts)-1], th.Faint.Render(fmt.Sprintf("%d watching", n)), parts[len(parts)-1])
		if line := strings.Join(with, " · "); board.Width(line) <= ts.width {
			return line
		}
	}
	return strings.Join(parts, " · ")
}

// waitingRoom lists the seats before the game starts.
func (ts *tableScreen) waitingRoom(w, h int) string {
	th := ts.s.th
	t := ts.u
	lines := []string{th.Heading.Render("SEATS")}
	for i, s := range t.Seats {
		var who string
		switch {
		case s.Empty:
			who = th.Faint.Render("empty")
		case s.Bot:
			who = s.Name + th.Faint.Render(" (bot, "+s.BotLevel+")")
		default:
			who = seatName(s)
			if !s.Connected {
				who += th.Faint.Render(" (away)")
			}
		}
		mark := "  "
		if engine.Seat(i) == t.You {
			mark = "▸ "
		}
		lines = append(lines, fmt.Sprintf("%s%d. %s", mark, i+1, who))
	}
	opts := "Turn clock " + string(t.Clock)
	if words := ts.optionWords(); words != "" {
		opts += " · " + words
	}
	lines = append(lines, "")
	for _, l := range wrap("Options: "+opts, w) {
		lines = append(lines, th.Faint.Render(l))
	}
	if len(t.Watchers) > 0 {
		for _, l := range wrap("Watching: "+strings.Join(t.Watchers, ", "), w) {
			lines = append(lines, th.Faint.Render(l))
		}
	}
	if ts.s.client.Player().Guest && t.You != engine.Spectator {
		lines = append(lines, "")
		for _, l := range wrap("You are a guest (no SSH key): if your connection drops, this seat cannot be given back to you. Connect with a key to keep it.", w) {
			lines = append(lines, th.Warn.Render(l))
		}
	}
	return strings.Join(lines, "\n")
}

// optionWords are the table's options in the new-table form's words, in
// the form's order: "Mode standard · No tools no · Fire normal".
func (ts *tableScreen) optionWords() string {
	g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game)
	if !ok || len(ts.u.Options) == 0 {
		return ""
	}
	var out []string
	for _, o := range g.Info().Options {
		v, ok := ts.u.Options[o.Key]
		if !ok {
			continue
		}
		if o.Kind == engine.Bool {
			v = map[string]string{"true": "yes", "false": "no"}[v]
		}
		out = append(out, o.Name+" "+v)
	}
	return strings.Join(out, " · ")
}

// menu is the list of moves shown under YOUR MOVE, with the hot keys the
// board gives them (board.MoveKeyer). A board that takes keys itself (a
// cursor over the board) makes its own moves there, so the menu keeps only
// the moves with a hot key.
func (ts *tableScreen) menu() []menuMove {
	t := ts.u
	_, keyed := ts.board.(board.KeyHandler)
	var binds []key.Binding
	if mk, ok := ts.board.(board.MoveKeyer); ok && t.View != nil {
		binds = mk.MoveKeys(t.View, t.Legal)
	}
	out := make([]menuMove, 0, len(t.Legal))
	for i, act := range t.Legal {
		var b key.Binding
		if i < len(binds) {
			b = binds[i]
		}
		if keyed && len(b.Keys()) == 0 {
			continue
		}
		out = append(out, menuMove{i, act, b})
	}
	return out
}

// menuMove is one line of the move menu: a legal move (its index into the
// update's Legal, and the move, whose words the update's view gives) and
// its hot key (the zero binding for none), which both plays the move and is
// shown before the words.
type menuMove struct {
	i   int
	act engine.Action
	key key.Binding
}

// inviteLines tell how others join and what the host does next.
func (ts *tableScreen) inviteLines(w int) []string {
	th := ts.s.th
	t := ts.u
	lines := []string{th.Heading.Render("WAITING FOR PLAYERS")}
	if t.Code != "" {
		lines = append(lines, "Invite code: "+th.Accent.Render(t.Code))
		lines = append(lines, wrap("Others press i in the lobby and type it.", w)...)
		if ts.s.opts.ConnectHint != "" {
			lines = append(lines, "Or from a shell:", " "+th.Key.Render(strings.Replace(ts.s.opts.ConnectHint, "ssh ", "ssh -t ", 1)+" "+t.Code))
		}
	}
	lines = append(lines, "")
	switch {
	case t.Host:
		lines = append(lines, wrap("You are the host: B seats bots (any empty seat, any level), S starts the game once every seat is filled, O changes the options.", w)...)
	case t.You != engine.Spectator:
		lines = append(lines, "Waiting for the host to start.")
	default:
		lines = append(lines, "You are watching this table.")
	}
	return lines
}

// movesPane lists the player's legal moves, or says who is to play.
func (ts *tableScreen) movesPane(w, h int) string {
	th := ts.s.th
	t := ts.u
	var lines []string
	if t.Table.Status == rooms.Finished {
		// The way back comes first: the pane may be too short for all.
		lines = append(lines, th.Heading.Render("GAME OVER")+th.Faint.Render(" · Q returns to the lobby"))
		if t.You != engine.Spectator {
			if t.Rematch != "" {
				lines = append(lines, wrap(th.Accent.Render("A rematch is open: R takes your seat there."), w)...)
			} else {
				lines = append(lines, th.Faint.Render("R asks everyone for a rematch, same seats."))
			}
		}
		if r, ok := ts.board.(board.Ranker); ok {
			for _, l := range r.Ranking(t.Outcome, ts.boardContext(w, h)) {
				lines = append(lines, wrap(l, w)...)
			}
		} else {
			lines = append(lines, ts.ranking()...)
		}
		lines = append(lines, wrap(engine.ExpandSeats(t.Outcome.Summary, ts.nameOf), w)...)
		return strings.Join(lines, "\n")
	}
	if t.Table.Status == rooms.Waiting {
		return strings.Join(ts.inviteLines(w), "\n")
	}
	left := ""
	now := time.Now()
	if l, _ := clockLeft(t.Deadline, now); l != "" {
		left = th.Warn.Render(" ⏱ " + l)
	} else if l, _ := clockLeft(t.TurnDeadline, now); l != "" {
		left = th.Faint.Render(" ⏱ " + l)
		if t.TurnDeadline.Sub(now) <= 15*time.Second {
			left = th.Warn.Render(" ⏱ " + l)
		}
	}
	if t.Unsaved {
		lines = append(lines, th.Bad.Render("NOT SAVED YET"))
		lines = append(lines, wrap("Nothing here moves until the arcade can save this table; it tries again every second.", w)...)
		return strings.Join(lines, "\n")
	}
	if len(t.Legal) == 0 {
		var who []string
		for _, s := range t.Pending {
			name := ts.nameOf(s)
			if int(s) >= 0 && int(s) < len(t.Seats) && ts.canTakeBot(int(s)) {
				name += " (away)"
			}
			who = append(who, name)
		}
		lines = append(lines, th.Heading.Render("WAITING")+left)
		if len(who) > 0 {
			lines = append(lines, "Waiting for "+th.Accent.Render(strings.Join(who, ", "))+".")
		}
		return strings.Join(lines, "\n")
	}
	if autoPassing(t) {
		lines = append(lines, th.Heading.Render("AUTO-PASS")+left)
		lines = append(lines, wrap(th.Faint.Render("You can only pass: the window runs out by itself (A turns auto-pass off)."), w)...)
	} else {
		lines = append(lines, th.Good.Render("YOUR MOVE")+left)
	}
	menu := ts.menu()
	if n := len(t.Legal) - len(menu); n > 0 {
		on := fmt.Sprintf("Choose one of %d moves on the board", n)
		switch _, asks := ts.board.(board.Asker); {
		case asks:
			on = "Play with the keys over the board"
		case n == 1:
			on = "Choose the move on the board"
		}
		if len(menu) > 0 {
			on += ", or:"
		} else {
			on += "."
		}
		for _, l := range wrap(on, w) {
			lines = append(lines, th.Faint.Render(l))
		}
	}
	// Show a window of the menu that keeps the highlighted move in sight;
	// a move too long for the column takes a second line.
	room := max(h-len(lines), 1)
	first := max(ts.actionIdx-room+1, 0)
	for {
		rows, sel := ts.menuRows(menu, first, w, room)
		if sel || first >= ts.actionIdx {
			lines = append(lines, rows...)
			break
		}
		first++
	}
	return strings.Join(lines, "\n")
}

// menuRows draws the moves of the menu from first on, in at most room
// lines of width w, and reports whether the highlighted one is among them.
func (ts *tableScreen) menuRows(menu []menuMove, first, w, room int) (rows []string, sel bool) {
	th := ts.s.th
	for i := first; i < len(menu) && len(rows) < room; i++ {
		mv := menu[i]
		k := mv.key.Help().Key
		if k == "" {
			k = "·"
		}
		// Only the shown moves are put in words, from the update's view
		// on this goroutine; a move may name a player by seat reference
		// (engine.SeatRef).
		text := engine.ExpandSeats(engine.Describe(ts.u.View, mv.act), ts.nameOf)
		head := fmt.Sprintf("[%s] ", k)
		part := wrapHang(head+text, max(w-1, 8), board.Width(head))
		if len(part) > 2 {
			part = []string{part[0], board.Clip(strings.Join(strings.Fields(strings.Join(part[1:], " ")), " "), max(w-1, 8))}
			part[1] = strings.Repeat(" ", board.Width(head)) + strings.TrimLeft(part[1], " ")
			part[1] = board.Clip(part[1], max(w-1, 8))
		}
		if len(rows)+len(part) > room && len(rows) > 0 {
			break
		}
		for j, l := range part {
			if i == ts.actionIdx {
				mark := " "
				if j == 0 {
					mark = "›"
				}
				rows = append(rows, th.Selected.Render(padRight(mark+l, w)))
				sel = true
			} else {
				rows = append(rows, " "+l)
			}
		}
	}
	return rows, sel
}

// wrapHang wraps s to w columns, indenting the lines after the first by
// hang columns.
func wrapHang(s string, w, hang int) []string {
	lines := strings.Split(ansi.Wrap(s, w, ""), "\n")
	if len(lines) < 2 || hang >= w/2 {
		return lines
	}
	rest := strings.Split(ansi.Wrap(strings.Join(lines[1:], " "), w-hang, ""), "\n")
	for i := range rest {
		rest[i] = strings.Repeat(" ", hang) + rest[i]
	}
	return append(lines[:1], rest...)
}

// ranking lists the final scores, best first.
func (ts *tableScreen) ranking() []string {
	t := ts.u
	type row struct {
		seat  int
		score int
	}
	var rows []row
	for i, s := range t.Outcome.Scores {
		rows = append(rows, row{i, s})
	}
	slices.SortStableFunc(rows, func(x, y row) int { return y.score - x.score })
	var out []string
	for i, r := range rows {
		mark := "  "
		if slices.Contains(t.Outcome.Winners, engine.Seat(r.seat)) {
			mark = "★ "
		}
		out = append(out, fmt.Sprintf("%s%d. %-16s %d", mark, i+1, ts.nameOf(engine.Seat(r.seat)), r.score))
	}
	return out
}

// logPane shows the log and, once someone has said something (or the
// chat line is open), the chat below it.
func (ts *tableScreen) logPane(w, h int) string {
	chat := ts.u.Chat
	switch {
	case len(chat) == 0 && !ts.s.chatOpen():
		return ts.eventPane(w, h)
	case h < 5 && ts.s.chatOpen():
		return ts.s.chatPane(chat, w, h) // a short pane: the chat alone while it is open
	case h < 5:
		// A short pane keeps the log, and the newest chat line under it.
		return fitBlock(ts.eventPane(w, h-1), w, h-1) + "\n" + ts.s.lastChat(chat, w)
	}
	chatH := min(max(h/3, 3), 8)
	if ts.s.chatOpen() {
		chatH = max(h/2, 3)
	}
	chatH = min(chatH, h-2)
	return fitBlock(ts.eventPane(w, h-chatH), w, h-chatH) + "\n" + ts.s.chatPane(chat, w, chatH)
}

// eventPane shows the newest log lines that fit (scrolled by logOffset).
func (ts *tableScreen) eventPane(w, h int) string {
	th := ts.s.th
	t := ts.u
	ts.logW = w
	head := th.Heading.Render("LOG")
	switch {
	case ts.logOffset > 0 && ts.logNew > 0:
		head += th.Warn.Render(fmt.Sprintf(" (%d new below: ])", ts.logNew))
	case ts.logOffset > 0:
		head += th.Faint.Render(" (scrolled back: ])")
	}
	var lines []string
	for _, l := range t.Log {
		lines = append(lines, wrap(engine.ExpandSeats(l, ts.nameOf), w)...)
	}
	shown := lastLines(lines, h-1, ts.logOffset)
	if ts.logOffset == 0 {
		shown = append(shown, ts.rulesBeside(w, h-1-len(shown))...)
	}
	return head + "\n" + strings.Join(shown, "\n")
}

// rulesBeside is the start of the game's rulebook for the room a tall,
// wide log column leaves under a short log (a game just begun): the rules
// lie beside the board until the log needs their lines.
func (ts *tableScreen) rulesBeside(w, room int) []string {
	const fewest = 8 // a heading, a gap and a few lines worth reading
	if w < rulesWidth || room < fewest {
		return nil
	}
	g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game)
	if !ok {
		return nil
	}
	th := ts.s.th
	out := []string{"", th.Heading.Render("RULES") + th.Faint.Render(" · ? shows them all")}
	for _, l := range strings.Split(rulesBody(g.Info().Rules), "\n") {
		if len(out) == room {
			break
		}
		out = append(out, th.Faint.Render(board.Clip(l, w)))
	}
	return out
}

// rulesWidth is the narrowest log column that shows the rules beside a
// short log: the rulebooks' lines are at most 72 columns.
const rulesWidth = 72

// rulesBody is a rulebook without its title (the table's header names the
// game): the text from the first blank line on, without leading blanks.
func rulesBody(rules string) string {
	if _, body, ok := strings.Cut(rules, "\n\n"); ok {
		return strings.TrimLeft(body, "\n")
	}
	return rules
}

// hints is the key line of the table screen: what may be done now, each
// with the keys of the binding that does it (see hint).
func (ts *tableScreen) hints() string {
	t, km := ts.u, ts.keys
	if ts.seats.open && t.Table.Status != rooms.Finished {
		return ts.seatPanelHints()
	}
	var parts []string
	switch {
	case t.Table.Status == rooms.Waiting && t.Host:
		parts = append(parts, ts.hint("seat bots", km.AddBot), ts.hint("start", km.Start), ts.hint("options", km.Options))
	case len(t.Legal) > 0:
		if _, cursor := ts.board.(board.KeyHandler); cursor {
			parts = append(parts, ts.hintKeys("on the board and in the moves", "keys"))
		} else {
			// A move's own hot key, or the menu's cursor and enter.
			parts = append(parts, ts.hintKeys("move", "key/"+keyLabels(km.Do)), ts.hint("choose", km.Up, km.Down))
		}
	}
	if t.Host && t.Table.Status == rooms.Playing && ts.nextBotSeat(0) >= 0 {
		parts = append(parts, ts.hint("bot for a player who left", km.AddBot))
	}
	if t.Table.Status == rooms.Finished && t.You != engine.Spectator {
		parts = append(parts, ts.hint("rematch", km.Rematch))
	}
	parts = append(parts, ts.hint("chat", km.Chat), ts.hint("log", km.LogUp, km.LogDown), ts.hint(km.Help.Help().Desc, km.Help))
	if t.Table.Status == rooms.Finished {
		parts = append(parts, ts.hint("lobby", km.Leave))
	} else {
		parts = append(parts, ts.hint("leave", km.Leave))
	}
	return ts.packHints(parts)
}

// hint is one item of a key line: the keys of the bindings (keys.Label of
// each: arrows side by side, single characters apart, "[ ]", others with a
// slash), then what they do here.
func (ts *tableScreen) hint(what string, bs ...key.Binding) string {
	return ts.hintKeys(what, keyLabels(bs...))
}

// hintKeys is a key line item with the keys already labelled.
func (ts *tableScreen) hintKeys(what, keyLabel string) string {
	return ts.s.th.Key.Render(keyLabel) + " " + ts.s.th.Faint.Render(what)
}

// keyLabels labels bindings together for a key line.
func keyLabels(bs ...key.Binding) string {
	labels := make([]string, len(bs))
	arrows, chars := true, true
	for i, b := range bs {
		labels[i] = keys.Label(b)
		arrows = arrows && keys.IsArrow(labels[i])
		chars = chars && len([]rune(labels[i])) == 1
	}
	switch {
	case arrows:
		return strings.Join(labels, "")
	case chars:
		return strings.Join(labels, " ")
	}
	return strings.Join(labels, "/")
}

// openReport opens the prompt that reports a player to the admins: a seat
// number, then why.
func (ts *tableScreen) openReport() tea.Cmd {
	s := ts.s
	return s.openPrompt(promptReport, "", "seat number, then why: 2 insults everyone", 4+rooms.MaxReasonRunes, func(value string) tea.Cmd {
		seat, reason, ok := parseReport(value)
		if !ok {
			s.setStatus("Report whom? Give the seat number first, e.g. 2 insults everyone.", true)
			return nil
		}
		return s.call(func() error { return s.client.Report(seat, reason) }, "Reported to the admins. Thank you.")
	})
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

// packHints joins the key line's items, leaving out whole items from the
// middle when they do not fit: the last two (help, and leave) always show.
func (ts *tableScreen) packHints(parts []string) string {
	line := strings.Join(parts, "  ")
	for len(parts) > 3 && board.Width(line) > ts.width {
		parts = append(parts[:len(parts)-3], parts[len(parts)-2:]...)
		line = strings.Join(parts, "  ")
	}
	return line
}

// toggleSignal turns the your-turn bell and title off or on.
func (ts *tableScreen) toggleSignal() tea.Cmd {
	s := ts.s
	s.quiet = !s.quiet
	s.client.SetQuiet(s.quiet)
	if s.quiet {
		s.setStatus("Your-turn bell and title off (N turns them on).", false)
	} else {
		s.setStatus("Your-turn bell and title on: the terminal rings when a decision is yours.", false)
	}
	return nil
}

// toggleAutoPass turns the player's auto-pass off or on.
func (ts *tableScreen) toggleAutoPass() tea.Cmd {
	if ts.u.You == engine.Spectator {
		ts.s.setStatus("Auto-pass is for the players.", true)
		return nil
	}
	on := !ts.u.AutoPass
	ok := "Auto-pass off: every window asks you."
	if on {
		ok = "Auto-pass on: a window where you can only pass runs out by itself, as long as for anyone."
	}
	return ts.s.call(func() error { return ts.s.client.SetAutoPass(on) }, ok)
}

// rematch opens the rematch of the finished game, or takes the player's
// seat in the one another player opened.
func (ts *tableScreen) rematch() tea.Cmd {
	if ts.u.You == engine.Spectator {
		ts.s.setStatus("A rematch is for the players of the game.", true)
		return nil
	}
	ts.s.setStatus("Setting up the rematch…", false)
	return ts.s.call(ts.s.client.Rematch, "Rematch: same game, same seats. The others are asked to come.")
}

// Smallest empty corner freeCorner offers the log: its width and height.
const (
	cornerMinW = 30
	cornerMinH = 8
)

// freeCorner finds the largest empty bottom-right corner of the first used
// lines of a board drawn w wide: the column x where it starts and the
// line from where it runs to the bottom (-1 when there is none of at
// least cornerMinW x cornerMinH).
func freeCorner(top string, used, w int) (x, from int) {
	lines := strings.Split(top, "\n")
	lines = lines[:min(len(lines), used)]
	from, x = -1, w
	best, widest := 0, 0
	for i := len(lines) - 1; i >= 0; i-- {
		widest = max(widest, board.Width(strings.TrimRight(ansi.Strip(lines[i]), " ")))
		freeW, h := w-widest-3, len(lines)-i
		if freeW < cornerMinW {
			break
		}
		if h >= cornerMinH && freeW*h > best {
			best, x, from = freeW*h, widest+1, i
		}
	}
	return x, from
}
