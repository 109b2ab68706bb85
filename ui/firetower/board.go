// Package firetower draws the Fire Tower board for the table screen and
// lets the player place patterns on it with a cursor: move it with the
// arrows (or h j k l), turn the pattern with r, pick a card with tab or its
// number, see exactly which squares the card would change, and play it
// with enter. Without colour every square keeps a distinct glyph.
package firetower

import (
	"strconv"

	ft "arcade/engine/firetower"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// NewBoard makes one session's board view: the board.Factory that cmd/arcade
// wires next to the engine's game.
func NewBoard() board.Renderer { return New() }

// Board draws ft.View values and keeps one session's cursor and choices.
type Board struct {
	choice
	// steps are the steps of the move being built, oldest first (see
	// Back).
	steps []step
	seen  string // the decision the choices belong to
	// touched: a key has changed the choices since the decision came up.
	touched bool
	// cells are the styled cells drawn so far in cellsTheme.
	cells      cells
	cellsTheme *theme.Theme
	last       *drawn // the board's last drawing
}

// New makes a board with the cursor on the eternal flame.
func New() *Board { return &Board{choice: choice{cursor: ft.Point{X: 7, Y: 7}, marks: map[int]bool{}}} }

// MinSize implements board.Renderer: the whole table screen fits 80x23
// (an 80x24 terminal with a tmux or screen status line).
func (b *Board) MinSize() (int, int) { return 80, 23 }

// myTurn reports whether the viewer must decide now.
func myTurn(v ft.View) bool { return !v.Over && v.You >= 0 && v.Acting == v.You }

// sync resets the per-decision choices when a new decision comes up: the
// marks, the Bucket and the steps of the move being built are dropped, the
// cursor jumps to the first square the wind (or an Ember) can reach.
func (b *Board) sync(v ft.View) {
	key := string(v.Part) + ":" + strconv.Itoa(v.TurnNo) + ":" + strconv.Itoa(int(v.Acting))
	if me, ok := v.Mine(); !ok || !me.Bucket {
		b.bucket = false
	}
	if key == b.seen {
		b.sel = min(max(b.sel, 0), max(len(v.Hand)-1, 0))
		return
	}
	b.seen, b.touched = key, false
	b.forget()
	b.sel = min(max(b.sel, 0), max(len(v.Hand)-1, 0))
	if !myTurn(v) {
		return
	}
	var targets []ft.Point
	switch v.Part {
	case ft.PartSpread:
		targets = v.SpreadTargets(v.Wind)
	case ft.PartEmber:
		if v.EmberFrom != nil {
			targets = v.EmberTargets(*v.EmberFrom)
		}
	}
	if len(targets) > 0 {
		b.cursor = targets[0]
	}
}

// PreferredHeight implements board.Sizer: all sixteen rows plus the column
// letters, so an 80x24 terminal shows the whole forest in glyphs; from
// 40 lines, with the width for it, the large board (two lines a row).
func (b *Board) PreferredHeight(width, height int) int {
	if height >= 40 && width >= largeWidth {
		return 2*ft.Size + 1
	}
	return ft.Size + 1
}
