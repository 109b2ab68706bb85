package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// The log pane and the chat under it, in lines.
const (
	// splitPaneMin is the lowest pane that shows the log and the chat one
	// over the other; a lower one shows the chat alone while its line is
	// open, else the log with the newest chat line under it.
	splitPaneMin = 5
	// chatMin and chatMax bound the chat's part of a pane (a third of it;
	// half, without chatMax, while the chat line is open).
	chatMin, chatMax = 3, 8
	// logMin is the least the chat leaves the log: its heading and a line.
	logMin = 2
	// logScrollStep is how many lines one press scrolls the log (fewer
	// when the pane shows fewer, so that no line is skipped).
	logScrollStep = 3
)

// logPane shows the log and, once someone has said something (or the
// chat line is open), the chat below it.
func (ts *tableScreen) logPane(w, h int) string {
	chat := ts.u.Chat
	switch {
	case len(chat) == 0 && !ts.s.chatOpen():
		return ts.eventPane(w, h)
	case h < splitPaneMin && ts.s.chatOpen():
		return ts.s.chatPane(chat, w, h) // a short pane: the chat alone while it is open
	case h < splitPaneMin:
		// A short pane keeps the log, and the newest chat line under it.
		return board.FitBlock(ts.eventPane(w, h-1), w, h-1) + "\n" + ts.s.lastChat(chat, w)
	}
	chatH := min(max(h/3, chatMin), chatMax)
	if ts.s.chatOpen() {
		chatH = max(h/2, chatMin)
	}
	chatH = min(chatH, h-logMin)
	return board.FitBlock(ts.eventPane(w, h-chatH), w, h-chatH) + "\n" + ts.s.chatPane(chat, w, chatH)
}

// eventPane shows the newest log lines that fit (scrolled by logOffset).
func (ts *tableScreen) eventPane(w, h int) string {
	th := ts.s.th
	t := ts.u
	ts.logW, ts.logRows = w, h-1
	head := th.Heading.Render("LOG")
	switch {
	case ts.logOffset > 0 && ts.logNew > 0:
		head += th.Warn.Render(fmt.Sprintf(" (%d new below: ])", ts.logNew))
	case ts.logOffset > 0:
		head += th.Faint.Render(" (scrolled back: ])")
	}
	// Only the newest entries that fill the pane (and the lines scrolled
	// past) are put in words.
	var lines []string
	for i := len(t.Log) - 1; i >= 0 && len(lines) < h-1+ts.logOffset; i-- {
		lines = append(ts.logEntry(t.Log[i], w), lines...)
	}
	shown := lastLines(lines, h-1, ts.logOffset)
	if ts.logOffset == 0 {
		shown = append(shown, ts.rulesBeside(w, h-1-len(shown))...)
	}
	return head + "\n" + strings.Join(shown, "\n")
}

// rulesBeside is the game's rulebook for the room a tall, wide log column
// leaves under a short log (a game just begun, a table waiting): the rules
// lie beside the board until the log needs their lines. They start where
// the waiting room beside stopped (tableScreen.rulesShown).
func (ts *tableScreen) rulesBeside(w, room int) []string {
	const fewest = 8 // a heading, a gap and a few lines worth reading
	if w < rulesWidth || room < fewest {
		return nil
	}
	g, ok := engine.FindGame(ts.s.games, ts.u.Table.Game)
	if !ok {
		return nil
	}
	parts := rulesParts(g.Info(), min(w, rulesColumnMax))
	if ts.rulesShown >= len(parts) {
		return nil
	}
	th := ts.s.th
	head := th.Heading.Render("RULES") + th.Faint.Render(" · ? shows them all")
	if ts.rulesShown > 0 {
		head = th.Heading.Render("RULES, CONTINUED") + th.Faint.Render(" · ? shows them all")
	}
	cols, _ := flowParts(parts[ts.rulesShown:], []int{room - 2}, true)
	out := []string{"", head}
	for _, l := range cols[0] {
		out = append(out, th.Faint.Render(l)) // under the log, in the faint ink
	}
	return out
}

// rulesWidth is the narrowest log column that shows the rules beside a
// short log (reflowed to it).
const rulesWidth = 60

// logScrollKey scrolls the log back ([) and forward (]); back at the
// newest, the count of new lines is cleared.
func (ts *tableScreen) logScrollKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	step := logScrollStep
	if ts.logRows > 0 {
		step = min(step, ts.logRows)
	}
	switch {
	case keyMatches(k, ts.keys.LogUp):
		ts.logOffset = min(ts.logOffset+step, max(ts.logLineCount()-1, 0))
	case keyMatches(k, ts.keys.LogDown):
		ts.logOffset = max(ts.logOffset-step, 0)
		if ts.logOffset == 0 {
			ts.logNew = 0
		}
	default:
		return nil, false
	}
	return nil, true
}

// logEntry is one log line in words, wrapped to w columns (8 at least).
func (ts *tableScreen) logEntry(l rooms.LogLine, w int) []string {
	return wrap(engine.ExpandSeats(l.Text, ts.nameOf), max(w, 8))
}

// logLineCount is how many lines the whole log takes at its last width.
func (ts *tableScreen) logLineCount() int {
	n := 0
	for _, l := range ts.u.Log {
		n += len(ts.logEntry(l, ts.logW))
	}
	return n
}

// scrollWith keeps a log scrolled back in place as update u comes after
// old, counting what came in below, until the player's turn begins: then
// it follows the newest again.
func (ts *tableScreen) scrollWith(old, u *rooms.TableUpdate, turn bool) {
	if ts.logOffset == 0 {
		return
	}
	added := rooms.NewSince(old.Log, u.Log)
	for _, l := range u.Log[len(u.Log)-added:] {
		ts.logOffset += len(ts.logEntry(l, ts.logW))
	}
	ts.logNew += added
	if turn && len(u.Legal) > 0 {
		ts.logOffset, ts.logNew = 0, 0
	}
}
