// Package horror draws the Horror in the Library board for the table
// screen: the library of rooms (3x3 or 5x5, the Portal in the centre)
// in box-drawing walls, with the passages between them (a gap is an open
// passage, ═ or ║ a closed one that costs Fortitude, a wall no way
// through); each room shows its grid reference and its contents as
// symbols (▤ bookcase, ▭ drawer, ◇ mirror, ▣ picture), the players in
// it (@ you, the others by number), its ghosts (g, G) and its search
// markers against the threshold (●●○○), with a legend beside it and the
// room under the cursor described in a sentence. A line over the board
// says what the game asks now and which keys do it; the panel beside it
// holds your Horror and what it still needs, every player's Fortitude,
// components, spares and cards, the decks, the bag and the ghosts to
// come, and the last roll. Larger terminals get larger rooms that spell
// their contents out, and tall ones the Horror card and the players in
// tables under the library. Arrows or h j k l move the cursor; m or enter
// goes there (door or mirror), starts there or drives a beaten ghost
// there; r and R turn it; 1-6 and enter choose the colours your Horror
// needs, and backspace takes back the newest tick before enter (a move
// sent is final). Without colour every mark keeps its glyph.
package horror

import (
	"fmt"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// NewBoard makes one session's board view: the board.Factory that
// cmd/arcade wires next to the engine's game.
func NewBoard() board.Renderer { return &Board{cursor: -1} }

// Board draws hr.View values and keeps one session's cursor, the colours
// ticked while choosing them, and the legal moves of the last choice.
type Board struct {
	cursor int    // the cell under the cursor, -1 before the first view
	seen   string // the turn the cursor was placed for
	size   int    // the library's rows in the last view drawn (0: none yet)
	// ticked are the colours ticked for the Horror, in the colour choice,
	// and toggles the colours whose tick 1-6 changed, oldest first: the
	// steps backspace takes back (Back).
	ticked  [6]bool
	toggles []int
	// legal is the legal list last given with a view whose turnKey is
	// legalAt (MoveKeys, HandleKey): the line over the board names the
	// keys that work.
	legal   []engine.Action
	legalAt string
	pal     *palette
	// panelLines is how tall the panel would be in full as last drawn,
	// and wideLines how tall the tables under the library would be for
	// the last view seen; want is the height PreferredHeight last asked
	// for (0: none).
	panelLines int
	wideLines  int
	want       int
}

// MinSize implements board.Renderer: the whole table screen fits 80x23
// (an 80x24 terminal with a tmux or screen status line).
func (b *Board) MinSize() (int, int) { return 80, 23 }

// PreferredHeight implements board.Sizer: the lines over the board and
// the library in the largest rooms that leave the moves and the log
// their lines (three on a small terminal, a quarter of a large one), or
// the panel beside it when that is taller.
func (b *Board) PreferredHeight(width, height int) int {
	n := b.size
	if n == 0 {
		n = 5
	}
	avail := max(height-3-stripLines(height), 1)
	b.want = newFrame(width, avail, n).height(b.panelLines, b.wideLines)
	return b.want
}

// palette is the board's styles for th.
func (b *Board) palette(th *theme.Theme) *palette {
	if b.pal == nil || b.pal.th != th {
		b.pal = newPalette(th)
	}
	return b.pal
}

// ownCell is the viewer's room (the Portal for a spectator or before the start).
func ownCell(v *hr.View) int {
	if v.You >= 0 && int(v.You) < len(v.Players) && v.Players[v.You].Cell >= 0 {
		return v.Players[v.You].Cell
	}
	// Not in the library yet: the room left of the Portal, where anyone
	// may start, so that m starts there at once.
	return v.Portal() - 1
}

// turnKey names whose decision a view shows: the cursor goes back to
// the viewer's room, and the ticked colours and the legal moves are
// forgotten, when it changes.
func turnKey(v *hr.View) string {
	return fmt.Sprint(v.Phase, ":", v.Round, ":", v.Active, ":", v.Victim, ":", v.You)
}

// sync puts the cursor on the viewer's room when a turn begins and
// forgets the ticked colours and the legal moves of another turn.
func (b *Board) sync(v *hr.View) {
	b.size, b.wideLines = v.Size, wideCount(v)
	if turn := turnKey(v); turn != b.seen || b.cursor < 0 || b.cursor >= len(v.Cells) {
		b.seen = turn
		b.cursor = ownCell(v)
		b.ticked, b.toggles = [6]bool{}, nil
		b.legal, b.legalAt = nil, ""
	}
}

// remember keeps the legal moves that came with view v. The table asks
// for the moves' keys whenever the legal moves change (MoveKeys), so the
// last ones given are those of the view drawn while the turn lasts.
func (b *Board) remember(v *hr.View, legal []engine.Action) {
	b.legal, b.legalAt = legal, turnKey(v)
}

// known is the legal list of view v when the board has it.
func (b *Board) known(v *hr.View) ([]engine.Action, bool) {
	if b.legalAt == turnKey(v) {
		return b.legal, true
	}
	return nil, false
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

// picksRooms reports whether the viewer picks a room now: a start, a
// move or a turn, a ghost's new room.
func picksRooms(v *hr.View) bool {
	return myTurn(v) && (v.Phase == hr.PhaseStart || v.Phase == hr.PhaseTurn || v.Phase == hr.PhaseGhost)
}

// name is seat s's name for the viewer ("you" for themself).
func name(v *hr.View, ctx board.Context, s engine.Seat) string {
	if s == v.You {
		return "you"
	}
	return ctx.Name(s)
}
