package ui

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"charm.land/bubbles/v2/key"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

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
	var out []menuMove
	if !keyed {
		out = make([]menuMove, 0, len(t.Legal)) // every move has a line
	}
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

// inviteLines tell how others join and what the host does next.
func (ts *tableScreen) inviteLines(w int) []string {
	th := ts.s.th
	t := ts.u
	lines := []string{th.Heading.Render("WAITING FOR PLAYERS")}
	if t.Code != "" {
		lines = append(lines, "Invite code: "+th.Accent.Render(t.Code))
		others := "Others press i in the lobby and type it."
		if t.Tournament != "" {
			others = "The round's players come straight to their kept seats with it (i in the lobby); anyone else watches."
		}
		lines = append(lines, wrap(others, w)...)
		if ts.s.opts.ConnectHint != "" {
			lines = append(lines, "Or from a shell:", " "+th.Key.Render(strings.Replace(ts.s.opts.ConnectHint, "ssh ", "ssh -t ", 1)+" "+t.Code))
		}
	}
	lines = append(lines, "")
	switch {
	case t.Tournament != "":
		lines = append(lines, wrap(rooms.TournamentWaits, w)...)
	case t.Host:
		lines = append(lines, wrap("You are the host: B seats bots (any empty seat, any level), S starts the game once every seat is filled, O changes the options.", w)...)
	case t.You != engine.Spectator:
		lines = append(lines, "Waiting for the host to start.")
	default:
		lines = append(lines, "You are watching this table.")
	}
	return lines
}

// clockWarning is how near its end the turn clock takes the warning ink.
const clockWarning = 15 * time.Second

// movesPane lists the player's legal moves, or says who is to play.
func (ts *tableScreen) movesPane(w, h int) string {
	t := ts.u
	var lines []string
	switch {
	case t.Table.Status == rooms.Finished:
		lines = ts.gameOverLines(w, h)
	case t.Table.Status == rooms.Waiting:
		lines = ts.inviteLines(w)
	case t.Unsaved:
		lines = append([]string{ts.s.th.Bad.Render("NOT SAVED YET")},
			wrap("Nothing here moves until the arcade can save this table; it tries again every second.", w)...)
	case len(t.Legal) == 0:
		lines = ts.waitingLines(w)
	default:
		lines = ts.moveLines(w, h)
	}
	return strings.Join(lines, "\n")
}

// gameOverLines are the moves pane after the game: the heading with the
// way back, then the rest (gameOverBody), scrolled by ↑↓ when the pane is
// too short for all of it; the heading says so.
func (ts *tableScreen) gameOverLines(w, h int) []string {
	th, km := ts.s.th, ts.keys
	body := ts.gameOverBody(w)
	room := max(h-1, 1)
	ts.overMax = max(len(body)-room, 0)
	if ts.overMax == 0 {
		return append([]string{th.Heading.Render("GAME OVER") + th.Faint.Render(" · Q returns to the lobby")}, body...)
	}
	off := min(ts.overOffset, ts.overMax)
	more := keyLabels(km.Up, km.Down)
	switch off {
	case 0:
		more = keyLabels(km.Down)
	case ts.overMax:
		more = keyLabels(km.Up)
	}
	head := th.Heading.Render("GAME OVER") + th.Faint.Render(" · "+more+" more · Q lobby")
	return append([]string{head}, body[off:off+room]...)
}

// gameOverBody is what the game-over pane says under its heading: an open
// rematch, every player's place (the game's board.Ranker, else by score),
// the game's summary, and how to ask for a rematch.
func (ts *tableScreen) gameOverBody(w int) []string {
	th, t := ts.s.th, ts.u
	var lines []string
	player := t.You != engine.Spectator
	if player && t.Rematch != "" {
		lines = append(lines, wrap(th.Accent.Render("A rematch is open: R takes your seat there."), w)...)
	}
	r := ts.finalRanking(w)
	for _, l := range r.Head {
		lines = append(lines, wrap(l, w)...)
	}
	nameW := ts.placeNameW(r.Places, w)
	for _, p := range r.Places {
		lines = append(lines, ts.placeLines(p, w, nameW)...)
	}
	for _, l := range r.Foot {
		for _, part := range wrap(l, w) {
			lines = append(lines, th.Faint.Render(part))
		}
	}
	lines = append(lines, wrap(engine.ExpandSeats(t.Outcome.Summary, ts.nameOf), w)...)
	if player && t.Rematch == "" {
		lines = append(lines, th.Faint.Render("R asks everyone for a rematch, same seats."))
	}
	return lines
}

// finalRanking is the game's own ranking (board.Ranker), else the seats
// by score.
func (ts *tableScreen) finalRanking(w int) board.Ranking {
	t := ts.u
	if r, ok := ts.board.(board.Ranker); ok {
		return r.Ranking(t.View, t.Outcome, ts.boardContext(w, 0))
	}
	return board.Ranking{Places: board.ByScore(t.Outcome, strconv.Itoa)}
}

// The final ranking's columns: the names' is as wide as the longest name
// there, at most placeNameWidth, and narrower only where the pane has no
// room for placeLead and the longest score beside it, down to
// placeNameMin (placeNameW).
const (
	placeNameWidth = 16
	placeNameMin   = 10
	placeLead      = len("* 1st  ") + 1 // the mark, the place, the gaps
)

// placeNameW is the width of the final ranking's name column in a pane
// of w cells (the player's own name counts with its " (you)").
func (ts *tableScreen) placeNameW(places []board.Place, w int) int {
	name, score := 0, 0
	for _, p := range places {
		n := board.Width(ts.nameOf(p.Seat))
		if p.Seat == ts.u.You {
			n += len(" (you)")
		}
		name, score = max(name, n), max(score, board.Width(p.Score))
	}
	return max(min(name, placeNameWidth, w-placeLead-score), min(name, placeNameMin))
}

// placeLines put one place of the final ranking in words, "★ 1st  anna
// 57 points", the player's own marked "(you)" and highlighted; a line too
// long for w goes on under the score. nameW is the name column's width
// (placeNameW).
func (ts *tableScreen) placeLines(p board.Place, w, nameW int) []string {
	th := ts.s.th
	mark := "  "
	if p.Won {
		mark = "★ "
	}
	name := board.Clip(ts.nameOf(p.Seat), nameW)
	if p.Seat == ts.u.You {
		name = board.Clip(ts.nameOf(p.Seat), nameW-len(" (you)")) + " (you)"
	}
	head := fmt.Sprintf("%s%-4s %s ", mark, engine.Ordinal(p.Place), board.PadRight(name, nameW))
	text := head + p.Score
	if p.Note != "" {
		text += ", " + p.Note
	}
	lines := board.WrapHang(text, w, board.Width(head))
	if p.Seat == ts.u.You {
		for i, l := range lines {
			lines[i] = th.Accent.Render(l)
		}
	}
	return lines
}

// clockMark is the countdown beside the pane's heading: the response
// window's, else the turn clock's ("" with neither), at the moment the
// frame shows (drawnAt).
func (ts *tableScreen) clockMark() string {
	th, t := ts.s.th, ts.u
	now := ts.drawnAt
	if l, _ := clockLeft(t.Deadline, now); l != "" {
		return th.Warn.Render(" ⏱ " + l)
	}
	l, _ := clockLeft(t.TurnDeadline, now)
	switch {
	case l == "":
		return ""
	case t.TurnDeadline.Sub(now) <= clockWarning:
		return th.Warn.Render(" ⏱ " + l)
	}
	return th.Faint.Render(" ⏱ " + l)
}

// waitingLines say whom the table waits for while the player has no
// move, after that a bot plays for them, where one does.
func (ts *tableScreen) waitingLines(w int) []string {
	th, t := ts.s.th, ts.u
	var who []string
	for _, s := range t.Pending {
		name := ts.nameOf(s)
		if int(s) >= 0 && int(s) < len(t.Seats) {
			if note := seatNote(t.Seats[s]); note != "" {
				name += " (" + note + ")"
			}
		}
		who = append(who, name)
	}
	waiting := ""
	if len(who) > 0 {
		waiting = "Waiting for " + th.Accent.Render(strings.Join(who, ", ")) + "."
	}
	// A seat out of time again and again comes first: the host has a
	// choice to make.
	lines := append([]string{th.Heading.Render("WAITING") + ts.clockMark()}, ts.overdueLines(w)...)
	if note := ts.standInNote(); note != "" {
		return append(lines, wrap(strings.TrimSpace(note+" "+waiting), w)...)
	}
	return append(lines, wrap(waiting, w)...)
}

// overdueLines are overdueNote in the warning's ink, in w columns (none
// when no seat ran out of time again and again).
func (ts *tableScreen) overdueLines(w int) []string {
	var lines []string
	if note := ts.overdueNote(); note != "" {
		for _, l := range wrap(note, w) {
			lines = append(lines, ts.s.th.Warn.Render(l))
		}
	}
	return lines
}

// standInNote says, when a bot plays for the player while they are idle,
// which bot it is and that any move of theirs takes the seat back ("" when
// no bot plays for them).
func (ts *tableScreen) standInNote() string {
	me := ts.mySeat()
	if me == nil || !me.StandIn {
		return ""
	}
	return "While you are idle, " + rooms.ABot(me.BotLevel) + " plays your seat; any move you make takes it back."
}

// mySeat is the player's own seat (nil for a spectator).
func (ts *tableScreen) mySeat() *rooms.SeatInfo {
	if y := int(ts.u.You); y >= 0 && y < len(ts.u.Seats) {
		return &ts.u.Seats[y]
	}
	return nil
}

// moveLines are the pane while the player has moves: the heading, a note
// on the moves made on the board, and a window of the menu that keeps the
// highlighted move in sight (a move too long for the column takes a
// second line).
func (ts *tableScreen) moveLines(w, h int) []string {
	th, t := ts.s.th, ts.u
	var lines []string
	switch note := ts.standInNote(); {
	case note != "":
		lines = append(lines, th.Warn.Render("A BOT PLAYS FOR YOU")+ts.clockMark())
		lines = append(lines, wrap(note, w)...)
	case autoPassing(t):
		lines = append(lines, th.Heading.Render("AUTO-PASS")+ts.clockMark())
		lines = append(lines, wrap(th.Faint.Render("You can only pass: the window runs out by itself (A turns auto-pass off)."), w)...)
	default:
		lines = append(lines, th.Good.Render("YOUR MOVE")+ts.clockMark())
	}
	lines = append(lines, ts.overdueLines(w)...)
	menu := ts.menu()
	if n := len(t.Legal) - len(menu); n > 0 {
		for _, l := range wrap(ts.boardMovesNote(n, len(menu) > 0), w) {
			lines = append(lines, th.Faint.Render(l))
		}
	}
	room := max(h-len(lines), 1)
	first := max(ts.actionIdx-room+1, 0)
	for {
		rows, sel, next := ts.menuRows(menu, first, w, room)
		if sel || first >= ts.actionIdx {
			if first > 0 || next < len(menu) {
				// Not every move fits: say which are shown, and how to see the rest.
				span := fmt.Sprintf("%d-%d", first+1, next)
				if next == first+1 {
					span = fmt.Sprint(next)
				}
				lines[0] += th.Faint.Render(fmt.Sprintf(" · %s of %d, ↑↓ more", span, len(menu)))
			}
			return append(lines, rows...)
		}
		first++
	}
}

// boardMovesNote says that n moves are made on the board, not in the
// menu (more: the menu lists others).
func (ts *tableScreen) boardMovesNote(n int, more bool) string {
	on := fmt.Sprintf("Choose one of %d moves on the board", n)
	switch _, asks := ts.board.(board.Asker); {
	case asks:
		on = "Play with the keys over the board"
	case n == 1:
		on = "Choose the move on the board"
	}
	if more {
		return on + ", or:"
	}
	return on + "."
}

// menuRows draws the moves of the menu from first on, in at most room
// lines of width w, and reports whether the highlighted one is among them
// and the index after the last one shown.
func (ts *tableScreen) menuRows(menu []menuMove, first, w, room int) (rows []string, sel bool, next int) {
	th := ts.s.th
	next = first
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
		lineW, hang := max(w-1, 8), board.Width(head)
		part := board.WrapHang(head+text, lineW, hang)
		if len(part) > 2 {
			rest := strings.Join(strings.Fields(strings.Join(part[1:], " ")), " ")
			part = []string{part[0], board.Clip(strings.Repeat(" ", hang)+rest, lineW)}
		}
		if len(rows)+len(part) > room && len(rows) > 0 {
			break
		}
		next = i + 1
		for j, l := range part {
			if i == ts.actionIdx {
				mark := " "
				if j == 0 {
					mark = "›"
				}
				rows = append(rows, th.Selected.Render(board.PadRight(mark+l, w)))
				sel = true
			} else {
				rows = append(rows, " "+l)
			}
		}
	}
	return rows, sel, next
}
