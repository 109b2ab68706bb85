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

// tableState is the table screen's own state: the highlighted move, the
// log's scroll, whether the leave question is open and the host's seats
// panel.
type tableState struct {
	// board draws this table's game (nil when the game has no board view).
	board        board.Renderer
	actionIdx    int
	logOffset    int
	confirmLeave bool
	seats        seatPanel
}

func (t *tableState) clamp(n int) {
	t.actionIdx = min(max(t.actionIdx, 0), max(n-1, 0))
}

// names returns the display names by seat.
func (a *App) names() []string {
	out := make([]string, len(a.table.Seats))
	for i, s := range a.table.Seats {
		out[i] = s.Name
		if s.Empty || s.Name == "" {
			out[i] = fmt.Sprintf("seat %d", i+1)
		}
	}
	return out
}

func (a *App) nameOf(s engine.Seat) string {
	n := a.names()
	if int(s) >= 0 && int(s) < len(n) {
		return n[s]
	}
	return "?"
}

func (a *App) tableKey(k tea.KeyPressMsg) tea.Cmd {
	km := keys.TableKeys()
	t := a.table
	ts := &a.tableView
	if ts.confirmLeave {
		switch {
		case keyMatches(k, km.Yes):
			ts.confirmLeave = false
			return a.call(a.client.Leave, "You left the table.")
		case keyMatches(k, km.No):
			ts.confirmLeave = false
			a.setStatus("", false)
		default:
			a.setStatus("Leave the table? Press y to leave or n to stay.", true)
		}
		return nil
	}
	if ts.seats.open && t.Table.Status != rooms.Finished {
		return a.seatPanelKey(k)
	}
	switch {
	case keyMatches(k, km.Leave):
		ts.confirmLeave = true
		a.setStatus("", false)
		return nil
	case keyMatches(k, km.LogUp):
		ts.logOffset = min(ts.logOffset+3, max(len(t.Log)-1, 0))
		return nil
	case keyMatches(k, km.LogDown):
		ts.logOffset = max(ts.logOffset-3, 0)
		return nil
	case keyMatches(k, km.Start) && t.Table.Status == rooms.Waiting:
		return a.call(a.client.Start, "")
	case keyMatches(k, km.AddBot):
		return a.openSeatPanel()
	case keyMatches(k, km.Report):
		cmd := a.openPrompt(promptReport, "", "seat number, then why: 2 insults everyone")
		a.input.CharLimit = 4 + rooms.MaxReasonRunes
		return cmd
	}
	if kh, ok := ts.board.(board.KeyHandler); ok && t.View != nil {
		r := kh.HandleKey(k.String(), t.View, t.Legal)
		if r.Message != "" {
			a.setStatus(r.Message, r.Warning && r.Action == nil)
		}
		if r.Action != nil {
			return a.act(*r.Action)
		}
		if r.Used {
			return nil
		}
	}
	switch {
	case keyMatches(k, km.Up):
		ts.actionIdx = max(ts.actionIdx-1, 0)
		return nil
	case keyMatches(k, km.Down):
		ts.actionIdx = min(ts.actionIdx+1, max(len(a.menu())-1, 0))
		return nil
	case keyMatches(k, km.Do):
		if m := a.menu(); ts.actionIdx < len(m) {
			return a.act(m[ts.actionIdx].act)
		}
	}
	if m := a.menu(); true {
		if i := slices.IndexFunc(m, func(mv menuMove) bool { return keyMatches(k, mv.key) }); i >= 0 {
			ts.actionIdx = i
			return a.act(m[i].act)
		}
	}
	switch {
	case t.Table.Status == rooms.Finished:
		a.setStatus("The game is over. Press Q to go back to the lobby.", true)
	case t.Table.Status == rooms.Waiting:
		a.setStatus(fmt.Sprintf("%q does nothing here. Waiting for players; ? for help.", k.String()), true)
	case len(t.Legal) == 0:
		a.setStatus(fmt.Sprintf("%q does nothing now: it is not your turn.", k.String()), true)
	default:
		a.setStatus(fmt.Sprintf("%q is not one of your moves: use the keys shown under YOUR MOVE.", k.String()), true)
	}
	return nil
}

// act sends a move to the table.
func (a *App) act(act engine.Action) tea.Cmd {
	a.setStatus("", false)
	return a.call(func() error { return a.client.Act(act) }, "")
}

// tableScreen draws the table: header, board (or seats while waiting),
// moves and log, status and keys.
// spectatorKey is everything a spectator's table screen is drawn from, when
// its board keeps no state of its own (board.Stateless) and no countdown
// runs: spectators with equal keys share one drawing.
type spectatorKey struct {
	table               string
	version             uint64
	th                  *theme.Theme
	width, height       int
	logOffset           int
	confirmLeave, panel bool
	status              string
	bad                 bool
	hint                string
}

// spectatorScreens holds the spectators' table screens drawn lately: a move
// at a watched table is drawn once for all who watch it, not once each.
var spectatorScreens = memo[spectatorKey]{max: 256}

// sharedTableScreen is tableScreen, shared between spectators where it can be.
func (a *App) sharedTableScreen() string {
	t, ts := a.table, &a.tableView
	if _, ok := ts.board.(board.Stateless); !ok || t.You != engine.Spectator || !t.Deadline.IsZero() || a.prompt != "" {
		return a.tableScreen()
	}
	k := spectatorKey{t.Table.ID, t.Version, a.th, a.width, a.height, ts.logOffset, ts.confirmLeave, ts.seats.open,
		a.status, a.bad, a.opts.ConnectHint}
	return spectatorScreens.get(k, a.tableScreen)
}

func (a *App) tableScreen() string {
	th := a.th
	t := a.table
	w, h := a.width, a.height
	header := a.tableHeader()

	// Wide terminals get the log as a full-height column on the right; the
	// board and the moves share the left. Narrow ones stack the board over
	// a moves | log strip.
	boardW, logW := w, 0
	if w >= 110 {
		logW = max(w-100, 36)
		boardW = w - logW - 1
	}
	bottomH := 7
	boardH := max(h-3-bottomH, 4)
	if sz, ok := a.tableView.board.(board.Sizer); ok && t.View != nil {
		boardH = max(boardH, min(sz.PreferredHeight(boardW, h), h-3-4))
	}
	var top string
	if a.tableView.seats.open && t.Table.Status != rooms.Finished {
		top = a.seatPanelView(boardW)
	} else if t.Table.Status == rooms.Waiting || t.View == nil {
		top = a.waitingRoom(boardW, boardH)
	} else if r := a.tableView.board; r != nil {
		top = r.Render(t.View, board.Context{Width: boardW, Height: boardH, Theme: th, Names: a.names(), You: t.You})
	} else {
		top = th.Faint.Render("(this game has no board view)")
	}
	used := min(strings.Count(top, "\n")+1, boardH)
	bottomH = h - 3 - used
	bodyH := h - 3
	var body string
	if logW > 0 {
		left := fitBlock(top, boardW, used) + "\n" + fitBlock("", boardW, 1) + "\n" + fitBlock(a.movesPane(boardW, bodyH-used-1), boardW, bodyH-used-1)
		sep := strings.TrimRight(strings.Repeat("│\n", bodyH), "\n")
		body = board.Columns(fitBlock(left, boardW, bodyH), th.Faint.Render(sep), fitBlock(a.logPane(logW, bodyH), logW, bodyH))
	} else {
		leftW := w * 11 / 20
		rightW := w - leftW - 1
		sep := strings.TrimRight(strings.Repeat("│\n", bottomH), "\n")
		bottom := board.Columns(
			fitBlock(a.movesPane(leftW, bottomH), leftW, bottomH), th.Faint.Render(sep), fitBlock(a.logPane(rightW, bottomH), rightW, bottomH))
		body = fitBlock(top, w, used) + "\n" + bottom
	}

	var status string
	if a.tableView.confirmLeave {
		status = th.Warn.Render("Leave the table? y leaves, n stays.")
		if t.Table.Status == rooms.Playing && t.You != engine.Spectator {
			status = th.Warn.Render("Leave mid-game? Your seat waits for you (the host may give it to a bot). y/n")
		}
	} else {
		status = a.statusLine()
	}
	if a.prompt != "" {
		status = a.promptLine()
	}
	return fitBlock(header, w, 1) + "\n" + body + "\n" + status + "\n" + a.tableHints()
}

func (a *App) tableHeader() string {
	th := a.th
	t := a.table
	parts := []string{th.Title.Render(t.Table.GameName)}
	if t.Table.Private {
		parts = append(parts, "private table "+th.Accent.Render(t.Code))
	} else {
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
		parts = append(parts, th.Faint.Render("watching"))
	} else {
		you := "you: " + a.nameOf(t.You)
		if t.Host {
			you += " (host)"
		}
		parts = append(parts, you)
	}
	return strings.Join(parts, " · ")
}

// waitingRoom lists the seats before the game starts.
func (a *App) waitingRoom(w, h int) string {
	th := a.th
	t := a.table
	lines := []string{th.Heading.Render("SEATS")}
	for i, s := range t.Seats {
		var who string
		switch {
		case s.Empty:
			who = th.Faint.Render("empty")
		case s.Bot:
			who = s.Name + th.Faint.Render(" (bot, "+s.BotLevel+")")
		default:
			who = s.Name
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
	if len(t.Options) > 0 {
		var opts []string
		for k, v := range t.Options {
			opts = append(opts, k+"="+v)
		}
		slices.Sort(opts)
		lines = append(lines, "", th.Faint.Render("Options: "+strings.Join(opts, ", ")))
	}
	return strings.Join(lines, "\n")
}

// menu is the list of moves shown under YOUR MOVE, with the hot keys the
// board gives them (board.MoveKeyer). A board that takes keys itself (a
// cursor over the board) makes its own moves there, so the menu keeps only
// the moves with a hot key.
func (a *App) menu() []menuMove {
	t := a.table
	_, keyed := a.tableView.board.(board.KeyHandler)
	var binds []key.Binding
	if mk, ok := a.tableView.board.(board.MoveKeyer); ok && t.View != nil {
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

// menuMove is one line of the move menu: a legal move (the index into the
// update's Legal, whose words the table gives on demand, and the move) and
// its hot key (the zero binding for none), which both plays the move and is
// shown before the words.
type menuMove struct {
	i   int
	act engine.Action
	key key.Binding
}

// inviteLines tell how others join and what the host does next.
func (a *App) inviteLines(w int) []string {
	th := a.th
	t := a.table
	lines := []string{th.Heading.Render("WAITING FOR PLAYERS")}
	if t.Code != "" {
		lines = append(lines, "Invite code: "+th.Accent.Render(t.Code))
		lines = append(lines, wrap("Others press i in the lobby and type it.", w)...)
		if a.opts.ConnectHint != "" {
			lines = append(lines, "Or from a shell:", " "+th.Key.Render(strings.Replace(a.opts.ConnectHint, "ssh ", "ssh -t ", 1)+" "+t.Code))
		}
	}
	lines = append(lines, "")
	switch {
	case t.Host:
		lines = append(lines, wrap("You are the host: B seats bots (any empty seat, any level), S starts the game once every seat is filled.", w)...)
	case t.You != engine.Spectator:
		lines = append(lines, "Waiting for the host to start.")
	default:
		lines = append(lines, "You are watching this table.")
	}
	return lines
}

// movesPane lists the player's legal moves, or says who is to play.
func (a *App) movesPane(w, h int) string {
	th := a.th
	t := a.table
	var lines []string
	if t.Table.Status == rooms.Finished {
		lines = append(lines, th.Heading.Render("GAME OVER"))
		lines = append(lines, a.ranking()...)
		for _, s := range wrap(engine.ExpandSeats(t.Outcome.Summary, a.nameOf), w) {
			lines = append(lines, s)
		}
		lines = append(lines, th.Faint.Render("Q returns to the lobby"))
		return strings.Join(lines, "\n")
	}
	if t.Table.Status == rooms.Waiting {
		return strings.Join(a.inviteLines(w), "\n")
	}
	left := ""
	if !t.Deadline.IsZero() {
		if d := time.Until(t.Deadline); d > 0 {
			left = th.Warn.Render(fmt.Sprintf(" ⏱ %ds", int(d.Seconds()+0.999)))
		}
	}
	if len(t.Legal) == 0 {
		var who []string
		for _, s := range t.Pending {
			name := a.nameOf(s)
			if int(s) >= 0 && int(s) < len(t.Seats) && a.canTakeBot(int(s)) {
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
	lines = append(lines, th.Good.Render("YOUR MOVE")+left)
	menu := a.menu()
	if n := len(t.Legal) - len(menu); n > 0 {
		lines = append(lines, th.Faint.Render(fmt.Sprintf(" or play one of %d moves on the board", n)))
	}
	// Show a window of the menu that keeps the highlighted move in sight.
	room := max(h-len(lines), 1)
	first := 0
	if a.tableView.actionIdx >= room {
		first = a.tableView.actionIdx - room + 1
	}
	for i, mv := range menu {
		if i < first {
			continue
		}
		if len(lines) >= h {
			break // below the pane: no words asked for
		}
		k := mv.key.Help().Key
		if k == "" {
			k = "·"
		}
		// Only the shown moves are put in words, and the words have no
		// width limit: the menu clips them to its column.
		text := t.Describe(mv.i)
		if text == "" {
			text = "…" // the table has moved on: the next update is coming
		}
		row := board.Clip(fmt.Sprintf("[%s] %s", k, text), max(w-1, 1))
		if i == a.tableView.actionIdx {
			lines = append(lines, th.Selected.Render(padRight("›"+row, w)))
		} else {
			lines = append(lines, " "+row)
		}
	}
	return strings.Join(lines, "\n")
}

// ranking lists the final scores, best first.
func (a *App) ranking() []string {
	t := a.table
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
		out = append(out, fmt.Sprintf("%s%d. %-16s %d", mark, i+1, a.nameOf(engine.Seat(r.seat)), r.score))
	}
	return out
}

// logPane shows the newest log lines that fit (scrolled by logOffset).
func (a *App) logPane(w, h int) string {
	th := a.th
	t := a.table
	head := th.Heading.Render("LOG")
	if a.tableView.logOffset > 0 {
		head += th.Faint.Render(fmt.Sprintf(" (%d back, ] for newer)", a.tableView.logOffset))
	}
	var lines []string
	for _, l := range t.Log {
		lines = append(lines, wrap(engine.ExpandSeats(l, a.nameOf), w)...)
	}
	shown := lastLines(lines, h-1, a.tableView.logOffset)
	return head + "\n" + strings.Join(shown, "\n")
}

// tableHints is the key line for the table screen.
func (a *App) tableHints() string {
	th := a.th
	t := a.table
	k := func(key, what string) string { return th.Key.Render(key) + " " + th.Faint.Render(what) }
	if a.tableView.seats.open && t.Table.Status != rooms.Finished {
		return a.seatPanelHints()
	}
	var parts []string
	switch {
	case t.Table.Status == rooms.Waiting && t.Host:
		parts = append(parts, k("B", "seat bots"), k("S", "start"))
	case len(t.Legal) > 0:
		if _, cursor := a.tableView.board.(board.KeyHandler); cursor {
			parts = append(parts, k("keys", "on the board and in the moves"))
		} else {
			parts = append(parts, k("key/enter", "move"), k("↑↓", "choose"))
		}
	}
	if t.Host && t.Table.Status == rooms.Playing && a.nextBotSeat(0) >= 0 {
		parts = append(parts, k("B", "bot for a player who left"))
	}
	parts = append(parts, k("[ ]", "log"), k("?", "help & rules"), k("Q", "leave"))
	return strings.Join(parts, "  ")
}
