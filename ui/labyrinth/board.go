// Package labyrinth draws the Library Labyrinth board for the table screen:
// the 5x5 library of octagonal Floor tiles (lit or dark, paths and
// bookcases, Terror and Shelf tokens, meeples, the Trolley and the
// Bookwyrm at its junction with the four tiles it may disturb), every
// open hand and the game's counters. A cursor over the tiles (arrows or
// h j k l) picks the tile that m (move, capture, return), f (flip),
// r and R (rotate) and g (pass cards) act on; several ways of doing the
// same thing are listed beside the board, tab and shift+tab move the mark
// between them and enter plays the marked one; backspace takes back the
// newest step of that choice, while a move made is final. Without colour
// every symbol keeps its letter (H Q A L T F) and every tile part its
// glyph.
// A board of 110 columns or more with the lines for it draws larger
// tiles and more of the game in words (see largeLines).
package labyrinth

import (
	"fmt"
	"strconv"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// NewBoard makes one session's board view: the board.Factory that cmd/arcade
// wires next to the engine's game.
func NewBoard() board.Renderer { return New() }

// Board draws lab.View values and keeps one session's cursor and the
// choice being made between several matching moves.
type Board struct {
	cursor int    // the tile under the cursor, row*5+col
	seen   string // the turn the cursor was placed for
	pick   *choice
	// steps are the steps that built pick, oldest first (see steps.go).
	steps []step
	names []string // display names from the last Render, for messages
	pal   *palette // the styles for the last theme drawn with
	// legal is the legal list the last key came with, for the view whose
	// stateKey is legalAt: the panel tells which keys work on the
	// cursor's tile while the game has not moved on.
	legal   []engine.Action
	legalAt string
}

// choice is a set of legal moves that match one key on one tile, of which
// the panel lists; the player marks one with tab and plays it with enter.
type choice struct {
	tile  int
	acts  []engine.Action
	idx   int
	state string // the view the choice was made in
	// partners, for a pass (g), are the moves of each of acts's groups:
	// the card of yours passed on is chosen first, then what comes back
	// and from whom (see byCard).
	partners [][]engine.Action
}

// New makes a board with the cursor on the compass tile.
func New() *Board { return &Board{cursor: lab.Centre} }

// MinSize implements board.Renderer: the whole table screen fits 80x23
// (an 80x24 terminal with a tmux or screen status line).
func (b *Board) MinSize() (int, int) { return 80, 23 }

// myTurn reports whether the viewer acts now: chooses starting Books in
// setup (every player at once), or takes the turn.
func myTurn(v lab.View) bool {
	if v.Phase == lab.PhaseSetup {
		return v.You >= 0 && v.SetupPicks > 0
	}
	return !v.Over && v.You >= 0 && v.Turn == v.You
}

// ownTile is the viewer's meeple's tile (the centre for a spectator).
func ownTile(v lab.View) int {
	if s, ok := seatOf(v, v.You); ok {
		return s.Tile
	}
	return lab.Centre
}

// seatOf finds seat s among the view's players.
func seatOf(v lab.View, s engine.Seat) (lab.SeatView, bool) {
	for _, sv := range v.Seats {
		if sv.Seat == s {
			return sv, true
		}
	}
	return lab.SeatView{}, false
}

// stateKey names the moment of the game a view shows: a choice made in one
// moment is dropped in the next.
func stateKey(v lab.View) string {
	cards := 0
	for _, s := range v.Seats {
		cards = cards*28 + s.Hand.Slots*4 + s.Chosen
	}
	return fmt.Sprintf("%s:%d:%d:%d:%d:%d", v.Phase, v.TurnNo, int(v.Turn), v.ActionsLeft, cards, ownTile(v))
}

// sync puts the cursor on the viewer's tile when a turn begins (or the
// board first sees the game) and drops a choice the game has moved past,
// with its steps.
func (b *Board) sync(v lab.View) {
	turn := v.Phase + ":" + strconv.Itoa(v.TurnNo) + ":" + strconv.Itoa(int(v.Turn))
	if turn != b.seen {
		b.seen = turn
		b.cursor = ownTile(v)
	}
	if b.cursor < 0 || b.cursor >= lab.NumTiles {
		b.cursor = ownTile(v)
	}
	if b.pick != nil && b.pick.state != stateKey(v) {
		b.drop()
	}
}

// name is seat s's display name.
func (b *Board) name(s engine.Seat) string {
	return board.Context{Names: b.names}.Name(s)
}

// PreferredHeight implements board.Sizer: a status line over the grid of
// small tiles (16 lines) at 80x24, over the grid of tall tiles (26 lines)
// once the terminal has room for them and for the moves below.
func (b *Board) PreferredHeight(width, height int) int {
	if height-7 >= tallHeight+1 && width >= minTallWidth {
		return tallHeight + 1
	}
	return smallHeight + 1
}
