package horror

import (
	"fmt"

	"charm.land/bubbles/v2/key"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/keys"
	"arcade/ui/board"
)

// cursorMoves are the cursor keys: steps (row, column).
var cursorMoves = map[string][2]int{
	"up": {-1, 0}, "k": {-1, 0},
	"down": {1, 0}, "j": {1, 0},
	"left": {0, -1}, "h": {0, -1},
	"right": {0, 1}, "l": {0, 1},
}

// HandleKey implements board.KeyHandler: the cursor keys (arrows, h j k
// l, o back to your room) while you pick rooms; m or enter on the room
// under the cursor (start there, move there through a door or a mirror,
// drive the beaten ghost there); r and R turn it clockwise and back.
func (b *Board) HandleKey(k string, view engine.View, legal []engine.Action) board.Reply {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok || !usesCursor(v) {
		return board.Reply{}
	}
	b.sync(v)
	if d, ok := cursorMoves[k]; ok {
		r := min(max(b.cursor/v.Size+d[0], 0), v.Size-1)
		c := min(max(b.cursor%v.Size+d[1], 0), v.Size-1)
		b.cursor = r*v.Size + c
		return board.Took()
	}
	switch k {
	case "o":
		b.cursor = ownCell(v)
		return board.Took()
	case "m", "enter":
		if a, ok := b.roomMove(v, legal); ok {
			return board.Play(a)
		}
		if k == "enter" {
			return board.Reply{}
		}
		return board.Refuse(fmt.Sprintf("You cannot go to %s from here now.", hr.CellName(b.cursor, v.Size)))
	case "r", "R", "shift+r":
		q := 1
		if k != "r" {
			q = 3
		}
		if a, ok := engine.Pick(legal, hr.KindRotate, b.cursor, q); ok {
			return board.Play(a)
		}
		return board.Refuse("You can turn only your own room or one next to it (never the Portal), with an action left.")
	}
	return board.Reply{}
}

// roomMove is the legal move that takes the viewer (or the beaten ghost)
// to the room under the cursor.
func (b *Board) roomMove(v *hr.View, legal []engine.Action) (engine.Action, bool) {
	for _, a := range legal {
		switch a.Kind {
		case hr.KindStart, hr.KindMirror, hr.KindGhost:
			if a.Arg(0) == b.cursor {
				return a, true
			}
		case hr.KindMove:
			if neighbour(v, ownCell(v), a.Arg(0)) == b.cursor {
				return a, true
			}
		}
	}
	return engine.Action{}, false
}

// neighbour is the cell next to c in direction d, or -1.
func neighbour(v *hr.View, c, d int) int { return hr.Neighbour(v.Size, c, d) }

// MoveKeys implements board.MoveKeyer: b and d search a bookcase or a
// drawer, p looks at the picture, a attacks the first ghost, e ends the
// turn; y plays a Protection and n takes the blow; the other moves
// (exchanges, cards, colours, loot, moves by door) get the digits 1-9 in
// menu order.
func (b *Board) MoveKeys(view engine.View, legal []engine.Action) []key.Binding {
	out := make([]key.Binding, len(legal))
	digit := 1
	attack := false
	for i, a := range legal {
		switch {
		case a.Kind == hr.KindSearch && a.Arg(0) == 0:
			out[i] = keys.Move("b")
		case a.Kind == hr.KindSearch:
			out[i] = keys.Move("d")
		case a.Kind == hr.KindPicture:
			out[i] = keys.Move("p")
		case a.Kind == hr.KindEnd:
			out[i] = keys.Move("e")
		case a.Kind == hr.KindProtect:
			out[i] = keys.Move("y")
		case a.Kind == hr.KindPass:
			out[i] = keys.Move("n")
		case a.Kind == hr.KindNoLoot:
			out[i] = keys.Digit(0)
		case a.Kind == hr.KindAttack && !attack:
			out[i], attack = keys.Move("a"), true
		case a.Kind == hr.KindRotate, a.Kind == hr.KindStart, a.Kind == hr.KindGhost, a.Kind == hr.KindMirror:
			// on the board: the cursor, then m or r
		case digit <= 9:
			out[i] = keys.Digit(digit)
			digit++
		}
	}
	return out
}
