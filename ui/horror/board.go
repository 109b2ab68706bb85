// Package horror draws the Horror in the Library board for the table
// screen: the library of rooms (3x3 or 5x5, the Portal in the centre)
// with the passages between them (a gap is an open passage, = a closed
// one that costs Fortitude, a line no way through), each room's number,
// bookcases (b), drawers (d), mirror (M) or picture (P), the players in
// it (seat numbers, @ for you), its ghosts (g level 1, G level 2) and
// search markers (m and a count); beside it the viewer's Horror card,
// spare components and held Blessings and Curses, every player's
// Fortitude and progress, the last roll of the dice and the room under
// the cursor. Arrows or h j k l move the cursor; m or enter moves there
// (door or mirror), starts there or drives a beaten ghost there; r and R
// turn it. Without colour every mark keeps its letter.
package horror

import (
	"strconv"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// NewBoard makes one session's board view: the board.Factory that
// cmd/arcade wires next to the engine's game.
func NewBoard() board.Renderer { return &Board{cursor: -1} }

// Board draws hr.View values and keeps one session's cursor.
type Board struct {
	cursor int    // the cell under the cursor, -1 before the first view
	seen   string // the turn the cursor was placed for
	size   int    // the library's rows in the last view drawn (0: none yet)
}

// MinSize implements board.Renderer: the whole table screen fits 80x24.
func (b *Board) MinSize() (int, int) { return 80, 23 }

// PreferredHeight implements board.Sizer: a status line over the grid,
// taller rooms when the terminal has room for them and for eight lines
// of moves and log below (the 5x5 library takes 17 lines at 80x24).
func (b *Board) PreferredHeight(width, height int) int {
	n := b.size
	if n == 0 {
		n = 5
	}
	return pickGeom(width, height-3-8, n).gridHeight(n) + 1
}

// ownCell is the viewer's room (the Portal for a spectator or before the start).
func ownCell(v *hr.View) int {
	if v.You >= 0 && int(v.You) < len(v.Players) && v.Players[v.You].Cell >= 0 {
		return v.Players[v.You].Cell
	}
	// Not in the library yet: the room left of the Portal, where nobody may
	// start, so that m starts there at once.
	return v.Size*v.Size/2 - 1
}

// sync puts the cursor on the viewer's room when a turn begins.
func (b *Board) sync(v *hr.View) {
	b.size = v.Size
	turn := string(v.Phase) + ":" + strconv.Itoa(v.Round) + ":" + strconv.Itoa(int(v.Active))
	if turn != b.seen || b.cursor < 0 || b.cursor >= len(v.Cells) {
		b.seen = turn
		b.cursor = ownCell(v)
	}
}

// myTurn reports whether the viewer must act now.
func myTurn(v *hr.View) bool {
	if v.Over || v.You < 0 {
		return false
	}
	if v.Phase == hr.PhaseRespond {
		return v.Victim == v.You
	}
	return v.Active == v.You
}

// usesCursor reports whether the viewer picks rooms now (the cursor keys
// are the board's; otherwise they go to the move menu).
func usesCursor(v *hr.View) bool {
	return myTurn(v) && (v.Phase == hr.PhaseStart || v.Phase == hr.PhaseTurn || v.Phase == hr.PhaseGhost)
}

// name is seat s's name for the viewer ("you" for themself).
func name(v *hr.View, ctx board.Context, s engine.Seat) string {
	if s == v.You {
		return "you"
	}
	return ctx.Name(s)
}
