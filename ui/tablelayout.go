package ui

import (
	"strings"

	"arcade/rooms"
	"arcade/ui/board"
)

// The table screen's layout, in terminal lines and columns.
const (
	// chromeLines are the lines around the body: the header over it, the
	// status line and the key line under it.
	chromeLines = 3
	// wideWidth is the narrowest terminal that gets the wide layout: the
	// log as a full-height column on the right, the board and the moves
	// sharing the left. Narrower ones stack the board over a moves | log
	// strip.
	wideWidth = 160
	// wideLogPercent is the log column's share of a wide terminal's width.
	wideLogPercent = 40
	// boardMovesGap is the blank line between the board and the moves in
	// the wide layout.
	boardMovesGap = 1
	// stripLines is the height of the moves | log strip under the board,
	// unless the board prefers more lines (board.Sizer) or draws fewer.
	stripLines = 7
	// minStripLines is the least a board that prefers more lines leaves
	// the strip.
	minStripLines = 3
	// minBoardLines is the least height a board is given.
	minBoardLines = 4
	// stripMovesPercent is the moves' share of the strip's width; the log
	// takes the rest.
	stripMovesPercent = 55
	// ruleWidth is the width of the "│" rule between two columns.
	ruleWidth = 1
	// cornerGap is what a log in a board's free corner keeps from the
	// blank column left of it: the rule and a space.
	cornerGap = ruleWidth + 1
)

// Smallest empty corner freeCorner offers the log: its width and height.
const (
	cornerMinW = 30
	cornerMinH = 8
)

// draw draws the table: header, board (or seats while waiting), moves and
// log, status and keys.
func (ts *tableScreen) draw() string {
	w, h := ts.width, ts.height
	header := ts.header()
	boardW, logW := w, 0
	if w >= wideWidth {
		logW = w * wideLogPercent / 100
		boardW = w - logW - ruleWidth
	}
	top, used := ts.boardArea(boardW, h)
	var body string
	if logW > 0 {
		body = ts.wideBody(top, used, boardW, logW)
	} else if x, from := freeCorner(top, used, w); from >= 0 && used-from > h-chromeLines-used {
		body = ts.cornerBody(top, used, x, from)
	} else {
		body = ts.stackedBody(top, used)
	}
	return board.FitBlock(header, w, 1) + "\n" + body + "\n" + ts.statusBar() + "\n" + ts.keyLine()
}

// keyLine is the last line: the keys that work now, or, while an open
// prompt has the status line and what was typed in it was refused, why
// (the prompt's own keys are on its line).
func (ts *tableScreen) keyLine() string {
	if ts.s.prompt != nil && ts.s.bad && ts.s.status != "" {
		return ts.s.statusLine("", ts.width)
	}
	return ts.hints()
}

// boardArea draws the top of the body, w columns wide on a terminal h
// lines high: the seats panel, the seats while waiting, or the board. used
// is how many lines of it show.
func (ts *tableScreen) boardArea(w, h int) (top string, used int) {
	t := ts.u
	boardH := max(h-chromeLines-stripLines, minBoardLines)
	if sz, ok := ts.board.(board.Sizer); ok && t.View != nil {
		boardH = max(boardH, min(sz.PreferredHeight(w, h), h-chromeLines-minStripLines))
	}
	ts.rulesShown = 0
	switch {
	case ts.panelOpen():
		top = ts.seatPanelView(w)
	case ts.why != nil:
		// The rule's words may need more lines than the board: the moves
		// and log strip gives up all but its least.
		boardH = max(boardH, h-chromeLines-minStripLines)
		top = ts.whyView(w, boardH)
	case t.Table.Status == rooms.Waiting && ts.width >= wideWidth:
		// The waiting room is the wide layout's whole left column, the
		// invitation in it.
		boardH = h - chromeLines
		top = board.FitBlock(ts.waitingRoom(w, boardH, true), w, boardH)
	case t.Table.Status == rooms.Waiting || t.View == nil:
		if len(t.Chat) > 0 || ts.s.chatOpen() {
			// Talk while waiting: the chat under the room gets half.
			boardH = min(boardH, max((h-chromeLines)/2, minBoardLines))
		}
		top = ts.waitingRoom(w, boardH, false)
	case ts.board != nil:
		top = ts.board.Render(t.View, ts.boardContext(w, boardH))
	default:
		top = ts.s.th.Faint.Render("(this game has no board view)")
	}
	return top, min(strings.Count(top, "\n")+1, boardH)
}

// wideBody is the wide layout's body: the board over the moves on the
// left, the log as a full-height column on the right.
func (ts *tableScreen) wideBody(top string, used, boardW, logW int) string {
	bodyH := ts.height - chromeLines
	movesH := bodyH - used - boardMovesGap
	left := board.FitBlock(top, boardW, used)
	if movesH > 0 {
		left += "\n" + board.FitBlock("", boardW, boardMovesGap) + "\n" + board.FitBlock(ts.movesPane(boardW, movesH), boardW, movesH)
	}
	return board.Columns(board.FitBlock(left, boardW, bodyH), ts.rule(bodyH), board.FitBlock(ts.logPane(logW, bodyH), logW, bodyH))
}

// cornerBody is the body of a board that leaves a large empty corner at
// its bottom right (a tall board with a short panel beside it): the log
// goes there, from line from and column x on, and the moves take the
// whole width below.
func (ts *tableScreen) cornerBody(top string, used, x, from int) string {
	th, w := ts.s.th, ts.width
	logH, logW := used-from, w-x-cornerGap
	movesH := ts.height - chromeLines - used
	lines := board.Lines(top, used)
	for i := range from {
		lines[i] = board.Fit(lines[i], w)
	}
	logLines := strings.Split(board.FitBlock(ts.logPane(logW, logH), logW, logH), "\n")
	rule := th.Faint.Render("│") + " "
	for i := range logH {
		// The corner is blank past x: cut there without a mark.
		lines[from+i] = board.PadRight(board.Cut(lines[from+i], x), x) + rule + logLines[i]
	}
	lines = append(lines, board.FitBlock(ts.movesPane(w, movesH), w, movesH))
	return strings.Join(lines, "\n")
}

// stackedBody is the body of a terminal narrower than wideWidth: the
// board over a moves | log strip, which takes the lines the board leaves.
func (ts *tableScreen) stackedBody(top string, used int) string {
	w := ts.width
	stripH := ts.height - chromeLines - used
	movesW := w * stripMovesPercent / 100
	logW := w - movesW - ruleWidth
	strip := board.Columns(
		board.FitBlock(ts.movesPane(movesW, stripH), movesW, stripH), ts.rule(stripH), board.FitBlock(ts.logPane(logW, stripH), logW, stripH))
	return board.FitBlock(top, w, used) + "\n" + strip
}

// rule is the faint "│" column, h lines high, between two columns.
func (ts *tableScreen) rule(h int) string {
	return ts.s.th.Faint.Render(strings.TrimRight(strings.Repeat("│\n", h), "\n"))
}

// freeCorner finds the largest empty bottom-right corner of the first used
// lines of a board drawn w wide: the column x where it starts (a blank
// column after the board's widest line) and the line from where it runs to
// the bottom (-1 when there is none of at least cornerMinW x cornerMinH
// beside the cornerGap).
func freeCorner(top string, used, w int) (x, from int) {
	lines := strings.Split(top, "\n")
	lines = lines[:min(len(lines), used)]
	from, x = -1, w
	best, widest := 0, 0
	for i := len(lines) - 1; i >= 0; i-- {
		widest = max(widest, board.TrimmedWidth(lines[i]))
		freeW, h := w-(widest+1)-cornerGap, len(lines)-i
		if freeW < cornerMinW {
			break
		}
		if h >= cornerMinH && freeW*h > best {
			best, x, from = freeW*h, widest+1, i
		}
	}
	return x, from
}
