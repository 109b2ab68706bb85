package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// tableKeyHandler is one step of the table screen's key routing: it takes
// the key (took) with the command the key gives, or leaves it to the next.
type tableKeyHandler func(ts *tableScreen, k tea.KeyPressMsg) (cmd tea.Cmd, took bool)

// tableKeyRoute is the order in which the table screen offers a key: the
// leave question and the seats panel take every key while open, then come
// the table's own keys, the board (board.KeyHandler), the menu's cursor
// and the moves' hot keys; a key nobody wants is explained on the status
// line.
var tableKeyRoute = []tableKeyHandler{
	(*tableScreen).leaveQuestionKey,
	(*tableScreen).askKey,
	(*tableScreen).seatPanelOpenKey,
	(*tableScreen).whyKey,
	(*tableScreen).leaveKey,
	(*tableScreen).playerKey,
	(*tableScreen).hostKey,
	(*tableScreen).overdueKey,
	(*tableScreen).logScrollKey,
	(*tableScreen).gameOverScrollKey,
	(*tableScreen).backKey,
	(*tableScreen).boardKey,
	(*tableScreen).menuCursorKey,
	(*tableScreen).menuHotKey,
	(*tableScreen).unusedKey,
}

// key offers a key press along tableKeyRoute until a handler takes it.
func (ts *tableScreen) key(k tea.KeyPressMsg) tea.Cmd {
	for _, h := range tableKeyRoute {
		if cmd, took := h(ts, k); took {
			return cmd
		}
	}
	return nil
}

// leaveQuestionKey answers the leave question while it is asked: y leaves,
// n stays, and any other key asks again.
func (ts *tableScreen) leaveQuestionKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	if !ts.confirmLeave {
		return nil, false
	}
	switch {
	case keyMatches(k, ts.keys.Yes):
		ts.confirmLeave = false
		return ts.s.call(ts.s.client.Leave, "You left the table."), true
	case keyMatches(k, ts.keys.No):
		ts.confirmLeave = false
		ts.s.setStatus("", false)
	default:
		ts.s.setStatus("Leave the table? Press y to leave or n to stay.", true)
	}
	return nil, true
}

// seatPanelOpenKey gives every key to the host's seats panel while it is
// open.
func (ts *tableScreen) seatPanelOpenKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	if !ts.panelOpen() {
		return nil, false
	}
	return ts.seatPanelKey(k), true
}

// leaveKey leaves a finished game, or a table the player only watches, at
// once, and asks before leaving any other (leaveQuestion).
func (ts *tableScreen) leaveKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	if !keyMatches(k, ts.keys.Leave) {
		return nil, false
	}
	if ts.u.Table.Status == rooms.Finished || ts.u.You == engine.Spectator {
		// Nothing is lost by leaving: no question.
		return ts.s.call(ts.s.client.Leave, ""), true
	}
	ts.confirmLeave = true
	ts.s.setStatus("", false)
	return nil, true
}

// playerKey takes the keys anyone at the table has: the chat line, the
// player's own toggles, the rematch after the game and the report.
func (ts *tableScreen) playerKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	km := ts.keys
	switch {
	case keyMatches(k, km.Chat):
		return ts.s.openChat(), true
	case keyMatches(k, km.Signal):
		return ts.toggleSignal(), true
	case keyMatches(k, km.AutoPass):
		return ts.toggleAutoPass(), true
	case keyMatches(k, km.Rematch) && ts.u.Table.Status == rooms.Finished:
		return ts.rematch(), true
	case keyMatches(k, km.Report):
		return ts.openReport(), true
	}
	return nil, false
}

// hostKey takes the keys that set a table up: the options form and the
// start before the game, and the seats panel (which says who may use it).
func (ts *tableScreen) hostKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	km, t := ts.keys, ts.u
	waiting := t.Table.Status == rooms.Waiting
	switch {
	case keyMatches(k, km.Options) && waiting:
		if !t.Host {
			ts.s.setStatus(ts.onlyHost("changes the options."), true)
			return nil, true
		}
		ts.next = newOptionsScreen(ts)
		return nil, true
	case keyMatches(k, km.Start) && waiting:
		return ts.s.call(ts.s.client.Start, ""), true
	case keyMatches(k, km.AddBot):
		return ts.openSeatPanel(), true
	}
	return nil, false
}

// gameOverScrollKey scrolls the game-over pane with ↑↓ when it is too
// short for the whole ranking (the boards take no keys once the game is
// over).
func (ts *tableScreen) gameOverScrollKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	if ts.u.Table.Status != rooms.Finished {
		return nil, false
	}
	switch {
	case keyMatches(k, ts.keys.Up):
		ts.overOffset = max(min(ts.overOffset, ts.overMax)-1, 0)
	case keyMatches(k, ts.keys.Down):
		ts.overOffset = min(ts.overOffset+1, ts.overMax)
	default:
		return nil, false
	}
	return nil, true
}

// boardKey offers the key to a board that takes keys itself
// (board.KeyHandler): it may make a move, or say why it cannot, without
// taking the key.
func (ts *tableScreen) boardKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	t := ts.u
	kh, ok := ts.board.(board.KeyHandler)
	if !ok || t.View == nil {
		return nil, false
	}
	r := kh.HandleKey(k.String(), t.View, t.Legal)
	if r.Message != "" {
		ts.s.setStatus(r.Message, r.Warning && r.Action == nil)
		if r.Warning && r.Action == nil {
			ts.refused(r.Message, r.Rule)
		}
	} else if r.Used {
		ts.s.setStatus("", false) // a valid choice: an old refusal no longer applies
	}
	if r.Action != nil {
		return ts.act(*r.Action), true
	}
	return nil, r.Used
}

// backKey takes back the newest step of the move the board is building
// (board.Stepper); with none, it says that a move made is final.
func (ts *tableScreen) backKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	if !keyMatches(k, ts.keys.Back) || ts.u.View == nil || ts.u.You == engine.Spectator {
		return nil, false
	}
	if st, ok := ts.board.(board.Stepper); ok {
		if r := st.Back(ts.u.View); r.Used {
			ts.s.setStatus(r.Message, false)
			return nil, true
		}
	}
	ts.s.setStatus("Nothing to take back: a move made is final (the others have seen it).", false)
	return nil, true
}

// building describes the move the board is building ("" when none).
func (ts *tableScreen) building() string {
	if st, ok := ts.board.(board.Stepper); ok && ts.u.View != nil && len(ts.u.Legal) > 0 {
		return st.Building(ts.u.View)
	}
	return ""
}

// menuCursorKey moves the menu's highlight, and enter plays the move
// under it.
func (ts *tableScreen) menuCursorKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	km := ts.keys
	switch {
	case keyMatches(k, km.Up):
		ts.actionIdx = max(ts.actionIdx-1, 0)
		ts.s.setStatus("", false)
		return nil, true
	case keyMatches(k, km.Down):
		ts.actionIdx = min(ts.actionIdx+1, max(len(ts.menu())-1, 0))
		ts.s.setStatus("", false)
		return nil, true
	case keyMatches(k, km.Do):
		if m := ts.menu(); ts.actionIdx < len(m) {
			return ts.act(m[ts.actionIdx].act), true
		}
	}
	return nil, false
}

// menuHotKey plays the move whose hot key this is.
func (ts *tableScreen) menuHotKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	m := ts.menu()
	i := slices.IndexFunc(m, func(mv menuMove) bool { return keyMatches(k, mv.key) })
	if i < 0 {
		return nil, false
	}
	ts.actionIdx = i
	return ts.act(m[i].act), true
}

// unusedKey takes a key nothing else wanted and says why it did nothing.
func (ts *tableScreen) unusedKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	t := ts.u
	switch {
	case t.Table.Status == rooms.Finished && t.You != engine.Spectator:
		ts.s.setStatus("The game is over. R asks for a rematch; Q goes back to the lobby.", true)
	case t.Table.Status == rooms.Finished:
		ts.s.setStatus("The game is over. Press Q to go back to the lobby.", true)
	case t.Table.Status == rooms.Waiting:
		ts.s.setStatus(fmt.Sprintf("%q does nothing here. %s", k.String(), ts.waitingFor()), true)
	case t.You == engine.Spectator:
		ts.s.setStatus(fmt.Sprintf("%q does nothing: you are watching. Q leaves, / chats.", k.String()), true)
	case len(t.Legal) == 0:
		ts.s.setStatus(fmt.Sprintf("%q does nothing now: it is not your turn.", k.String()), true)
	default:
		ts.s.setStatus(fmt.Sprintf("%q is not one of your moves: use the keys shown under YOUR MOVE.", k.String()), true)
	}
	return nil, true
}

// onlyHost refuses a host's key to another player: "Only the host " and
// what the host does; at a tournament's table, which nobody hosts, why.
func (ts *tableScreen) onlyHost(does string) string {
	if ts.u.Tournament != "" {
		return rooms.ErrTournamentTable.Error()
	}
	return "Only the host " + does
}

// waitingFor says what a waiting table waits for, and who can end the
// wait with which key.
func (ts *tableScreen) waitingFor() string {
	t, km := ts.u, ts.keys
	full := !slices.ContainsFunc(t.Seats, func(s rooms.SeatInfo) bool { return s.Empty })
	switch {
	case t.Tournament != "":
		return rooms.TournamentWaits
	case t.Host && full:
		return "Every seat is filled: " + km.Start.Help().Key + " starts the game."
	case t.Host:
		return "Waiting for players: " + km.AddBot.Help().Key + " seats bots; then " + km.Start.Help().Key + " starts."
	case full:
		return "Every seat is filled: the host starts the game."
	}
	return "Waiting for players; the host starts the game."
}

// act sends a move to the table.
func (ts *tableScreen) act(act engine.Action) tea.Cmd {
	ts.s.setStatus("", false)
	return ts.s.call(func() error { return ts.s.client.Act(act) }, "")
}

// toggleSignal turns the your-turn bell and title off or on: the setting
// is kept first (a command, off the drawing path), then it takes effect
// (quietMsg).
func (ts *tableScreen) toggleSignal() tea.Cmd {
	c, on := ts.s.client, !ts.s.quiet
	return func() tea.Msg { return quietMsg{on: on, err: c.SetQuiet(on)} }
}

// quietMsg is the outcome of toggleSignal: the signals are off (on) or on
// again, unless err says the setting could not be kept.
type quietMsg struct {
	on  bool
	err error
}

// quietKept applies a kept setting and says so.
func (s *session) quietKept(msg quietMsg) {
	switch {
	case msg.err != nil:
		s.setStatus(errorText(msg.err), true)
	case msg.on:
		s.quiet = true
		s.setStatus("Your-turn bell and title off (N turns them on).", false)
	default:
		s.quiet = false
		s.setStatus("Your-turn bell and title on: the terminal rings when a decision is yours.", false)
	}
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
	ok := "Rematch: same game, same seats. The others are asked to come."
	others := slices.Delete(slices.Clone(ts.u.Seats), int(ts.u.You), int(ts.u.You)+1)
	if !slices.ContainsFunc(others, func(s rooms.SeatInfo) bool { return !s.Bot || s.StandIn }) { // a stand-in keeps its player's seat
		ok = "Rematch: the bots take their seats again, and the game starts."
	}
	return ts.s.call(ts.s.client.Rematch, ok)
}

// openReport opens the prompt that reports a player to the admins: a seat
// number, then why.
func (ts *tableScreen) openReport() tea.Cmd { return ts.openReportOn("") }

// openReportOn opens the report prompt on value: what was typed, when it
// lacked the seat number.
func (ts *tableScreen) openReportOn(value string) tea.Cmd {
	s := ts.s
	return s.openPrompt(promptReport, value, "seat number, then why: 2 insults everyone", 4+rooms.MaxReasonRunes, func(value string) tea.Cmd {
		seat, reason, ok := parseReport(value)
		if !ok {
			s.setStatus("Report whom? Give the seat number first, e.g. 2 insults everyone.", true)
			return ts.openReportOn(value)
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

// hints is the key line of the table screen: what may be done now, each
// with the keys of the binding that does it (see hint).
func (ts *tableScreen) hints() string {
	t, km := ts.u, ts.keys
	if ts.panelOpen() {
		return ts.seatPanelHints()
	}
	var parts []string
	switch {
	case t.Table.Status == rooms.Waiting && t.Host:
		parts = append(parts, ts.hint("seat bots", km.AddBot), ts.hint("start", km.Start), ts.hint("options", km.Options))
	case len(t.Legal) > 0:
		if b := ts.building(); b != "" {
			parts = append(parts, ts.hint("take back ("+b+")", km.Back))
		}
		if _, cursor := ts.board.(board.KeyHandler); cursor {
			parts = append(parts, ts.hintKeys("on the board and in the moves", "keys"))
		} else {
			// A move's own hot key, or the menu's cursor and enter.
			parts = append(parts, ts.hintKeys("move", "key/"+keyLabels(km.Do)), ts.hint("choose", km.Up, km.Down))
		}
	}
	if late := ts.overdueSeat(); late >= 0 && t.Host {
		parts = append(parts, ts.hint("bot for "+ts.nameOf(engine.Seat(late)), km.Kick), ts.hint("end the game", km.EndEarly))
	} else if t.Host && t.Table.Status == rooms.Playing && ts.nextBotSeat(0) >= 0 {
		parts = append(parts, ts.hint("bot for a player who left", km.AddBot))
	}
	if t.Table.Status == rooms.Finished && t.You != engine.Spectator {
		parts = append(parts, ts.hint("rematch", km.Rematch))
	}
	parts = append(parts, ts.hint("chat", km.Chat), ts.hint("log", km.LogUp, km.LogDown))
	if ts.canExplain() {
		parts = append(parts, ts.hint("why?", km.Why))
	}
	parts = append(parts, ts.hint(km.Help.Help().Desc, km.Help))
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
	th := ts.s.th
	return hintItems.get(hintKey{th, what, keyLabel}, func() string {
		return th.Key.Render(keyLabel) + " " + th.Faint.Render(what)
	})
}

// hintKey names one styled key line item: its theme, what the keys do
// and their label (fixed texts, so few items).
type hintKey struct {
	th         *theme.Theme
	what, keys string
}

var hintItems = memo[hintKey, string]{max: 256}

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
