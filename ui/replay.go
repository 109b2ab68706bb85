package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// The replay viewer of the "your games" screen (history.go): a finished
// game stepped through move by move, its board and its log as a spectator
// saw them.

// replayMsg brings a finished game's record.
type replayMsg struct {
	id  int64
	rec engine.Record
	err error
}

// replayView steps through one finished game.
type replayView struct {
	id     int64
	rec    engine.Record
	game   engine.Game
	board  board.Renderer
	state  engine.State
	at     int      // moves applied
	events []string // public events of the last move
	log    []string // every public event up to here, oldest first
	err    error
}

// startReplay opens the replay of a record at its first move.
func (h *historyScreen) startReplay(id int64, rec engine.Record) {
	g, ok := engine.FindGame(h.s.games, rec.Game)
	if !ok {
		h.s.setStatus("This server no longer has that game.", true)
		return
	}
	r := &replayView{id: id, rec: rec, game: g, board: newBoard(h.s.opts.Games, rec.Game)}
	r.seek(0)
	if r.err != nil {
		h.s.setStatus("That game does not replay: "+r.err.Error(), true)
		return
	}
	h.replay = r
}

// seek replays the record from the start up to move n.
func (r *replayView) seek(n int) {
	n = min(max(n, 0), len(r.rec.Moves))
	opts, err := r.game.Info().Resolve(r.rec.Options)
	if err == nil {
		r.state, err = r.game.New(r.rec.Players, opts, r.rec.Seed)
	}
	r.at, r.events, r.log, r.err = 0, nil, nil, err
	for r.err == nil && r.at < n {
		r.step()
	}
}

// step applies the next move, keeping its public events.
func (r *replayView) step() {
	m := r.rec.Moves[r.at]
	evs, err := r.state.Apply(m.Seat, m.Action)
	if err != nil {
		r.err = err
		return
	}
	r.at++
	r.events = r.events[:0]
	for _, e := range evs {
		if e.VisibleTo(engine.Spectator) {
			r.events = append(r.events, engine.ExpandSeats(e.Text(), r.name))
		}
	}
	for _, e := range r.events {
		r.log = append(r.log, fmt.Sprintf("%d. %s", r.at, e))
	}
}

// name is a seat's name in the record.
func (r *replayView) name(s engine.Seat) string {
	if int(s) >= 0 && int(s) < len(r.rec.Names) && r.rec.Names[s] != "" {
		return r.rec.Names[s]
	}
	return fmt.Sprintf("seat %d", int(s)+1)
}

// replayKey moves through the replay.
func (h *historyScreen) replayKey(k tea.KeyPressMsg) tea.Cmd {
	r := h.replay
	km := h.replayKeys
	switch {
	case keyMatches(k, km.Back):
		h.replay = nil
	case keyMatches(k, km.Forward):
		if r.at < len(r.rec.Moves) {
			r.step()
		}
	case keyMatches(k, km.Backward):
		r.seek(r.at - 1)
	case keyMatches(k, km.Start):
		r.seek(0)
	case keyMatches(k, km.End):
		r.seek(len(r.rec.Moves))
	default:
		h.s.setStatus(fmt.Sprintf("%q does nothing here: →/l and ←/h step through the game, esc closes it.", k.String()), true)
	}
	return nil
}

// replayView draws the replay at its current move: the board, and the
// game's log up to the move, beside the board where the terminal is wide
// enough for both, under it otherwise.
func (h *historyScreen) replayView() string {
	s := h.s
	r, th, w, ht := h.replay, s.th, h.width, h.height
	head := th.Title.Render(fmt.Sprintf("REPLAY #%d", r.id)) + " · " + s.gameName(r.rec.Game) +
		fmt.Sprintf(" · move %d of %d", r.at, len(r.rec.Moves)) + th.Faint.Render(" · as a spectator saw it")
	bodyH := max(ht-4, 1)
	boardW, logW := w, min(replayLogWidth, w/3)
	mw, mh := 0, 0
	if r.board != nil {
		mw, mh = r.board.MinSize()
	}
	beside := logW >= replayLogMin && w-logW-1 >= mw
	if beside {
		boardW = w - logW - 1
	}
	boardH := bodyH
	if !beside {
		boardH = max(bodyH-replayLogLines, min(mh, bodyH))
	}
	var body string
	switch {
	case r.err != nil:
		body = "This game stops replaying here: " + r.err.Error()
	case r.board == nil:
		body = th.Faint.Render("(no board view for this game)")
	case boardW < mw || boardH < mh:
		body = fmt.Sprintf("Enlarge your terminal to %dx%d to see the board.", mw, mh)
	default:
		body = r.board.Render(r.state.View(engine.Spectator), board.Context{
			Width: boardW, Height: boardH, Theme: th, Names: r.rec.Names, You: engine.Spectator})
	}
	var screen string
	if beside {
		screen = board.Columns(board.FitBlock(body, boardW, bodyH), board.FitBlock("", 1, bodyH),
			board.FitBlock(strings.Join(r.logLines(th, logW, bodyH), "\n"), logW, bodyH))
	} else {
		// The log takes every line the board leaves.
		boardH = min(boardH, len(strings.Split(strings.TrimRight(body, "\n "), "\n"))+1)
		screen = board.FitBlock(body, w, boardH) + "\n" + board.FitBlock(strings.Join(r.logLines(th, w, bodyH-boardH), "\n"), w, bodyH-boardH)
	}
	return board.FitBlock(head, w, 1) + "\n" + screen + "\n" + s.statusLine(s.lobbyNotice(), w) + "\n" +
		s.shortHelp(w, "replay", h.replayKeys)
}

// The replay's log: its width beside the board (at most, and at least to
// go beside it), and its lines under a board that does not leave room.
const (
	replayLogWidth = 48
	replayLogMin   = 30
	replayLogLines = 5
)

// logLines are the last lines of the replay's log that fit h lines of w
// columns, under a heading; the outcome ends it once the game is over.
func (r *replayView) logLines(th *theme.Theme, w, h int) []string {
	if h <= 0 {
		return nil
	}
	var lines []string
	for _, l := range r.log {
		lines = append(lines, board.WrapHang(l, w, 3)...)
	}
	if r.at == len(r.rec.Moves) && r.state != nil {
		if o := r.state.Outcome(); o.Done {
			lines = append(lines, wrap("Game over. "+engine.ExpandSeats(o.Summary, r.name), w)...)
		}
	}
	if len(lines) == 0 {
		lines = []string{th.Faint.Render("Nothing has happened yet: → steps forward.")}
	}
	if len(lines) > h-1 {
		lines = lines[len(lines)-(h-1):]
	}
	return append([]string{th.Heading.Render("LOG")}, lines...)
}
