package horror

import (
	"fmt"
	"slices"

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

// HandleKey implements board.KeyHandler: 1-6 tick the colours your Horror
// needs and enter confirms them; the cursor keys (arrows, h j k l, o
// back to your room) while you pick rooms, or look at them while others
// play; m or enter on the room under the cursor (start there, go there
// through a door or a mirror, drive the beaten ghost there); r and R turn
// it clockwise and back.
func (b *Board) HandleKey(k string, view engine.View, legal []engine.Action) board.Reply {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok || len(v.Cells) != v.Size*v.Size || v.Size < 1 {
		return board.Reply{}
	}
	b.sync(v)
	b.remember(v, legal)
	if myTurn(v) && v.Phase == hr.PhaseColours {
		return b.colourKey(k, v, legal)
	}
	looking := picksRooms(v) || len(legal) == 0
	if d, ok := cursorMoves[k]; ok && looking {
		r := min(max(b.cursor/v.Size+d[0], 0), v.Size-1)
		c := min(max(b.cursor%v.Size+d[1], 0), v.Size-1)
		b.cursor = r*v.Size + c
		return board.Took()
	}
	if k == "o" && looking {
		b.cursor = ownCell(v)
		return board.Took()
	}
	if !picksRooms(v) {
		return board.Reply{}
	}
	switch k {
	case "m", "enter":
		if a, ok := b.roomMove(v, legal); ok {
			return board.Play(a)
		}
		return refuse(v.WhyNotRoom(b.cursor))
	case "r", "R", "shift+r":
		q := 1
		if k != "r" {
			q = 3
		}
		if a, ok := engine.Pick(legal, hr.KindRotate, b.cursor, q); ok {
			return board.Play(a)
		}
		return refuse(v.WhyNotRotate(b.cursor))
	}
	return board.Reply{}
}

// colourKey takes the keys of the colour choice: 1-6 tick a colour,
// enter confirms as many as the Horror needs.
func (b *Board) colourKey(k string, v *hr.View, legal []engine.Action) board.Reply {
	if len(k) == 1 && k[0] >= '1' && k[0] <= '6' {
		c := int(k[0] - '1')
		b.ticked[c] = !b.ticked[c]
		b.toggles = append(b.toggles, c)
		return board.Inform(fmt.Sprintf("%d of %d ticked.", b.tickedCount(), v.Items))
	}
	if k != "enter" {
		return board.Reply{}
	}
	if a, ok := engine.Pick(legal, hr.KindColours, b.tickedMask()); ok {
		// Sent: the choice is final, nothing is left to take back.
		b.toggles = nil
		return board.Play(a)
	}
	return refuse(v.WhyNotColours(b.tickedMask()))
}

// refuse is the reply to a move on the board that the legal moves lack:
// why the rules refuse it (err, from the view), or, where the view finds
// no reason, that it is not a move now.
func refuse(err error) board.Reply {
	if err == nil {
		return board.Refuse("That is not one of your moves now.")
	}
	return board.RefuseErr(err)
}

// tickedCount counts the ticked colours.
func (b *Board) tickedCount() int { return engine.Count(b.ticked[:], true) }

// tickedMask is the ticked colours as a colours move's mask.
func (b *Board) tickedMask() int {
	m := 0
	for c, t := range b.ticked {
		if t {
			m |= 1 << c
		}
	}
	return m
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
			if hr.Neighbour(v.Size, ownCell(v), a.Arg(0)) == b.cursor {
				return a, true
			}
		}
	}
	return engine.Action{}, false
}

// MoveKeys implements board.MoveKeyer: b and d search a bookcase or a
// drawer, p looks at the picture, a attacks the first ghost, e ends the
// turn; y plays a Protection and n takes the blow; 0 takes nothing from
// the victim; enter confirms the colours ticked; the other moves
// (exchanges, cards, more attacks, loot) get the digits 1-9 in menu
// order. Starts, moves, mirrors, turns and ghosts are made on the board
// (HandleKey).
func (b *Board) MoveKeys(view engine.View, legal []engine.Action) []key.Binding {
	if v, ok := engine.ViewAs[hr.View](view); ok {
		b.sync(v)
		b.remember(v, legal)
	}
	return moveKeys(legal, b.tickedMask())
}

// moveKeys gives the moves their hot keys (MoveKeys); mask is the colours
// ticked, whose move enter confirms.
func moveKeys(legal []engine.Action, mask int) []key.Binding {
	out := make([]key.Binding, len(legal))
	digit := 1
	attack := false
	for i, a := range legal {
		switch {
		case a.Kind == hr.KindColours:
			if a.Arg(0) == mask {
				out[i] = keys.Move("enter")
			}
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
		case slices.Contains(boardKinds, a.Kind):
			// on the board: the cursor, then m or r
		case digit <= 9:
			out[i] = keys.Digit(digit)
			digit++
		}
	}
	return out
}

// boardKinds are the moves made on the board with the cursor.
var boardKinds = []string{hr.KindMove, hr.KindRotate, hr.KindStart, hr.KindGhost, hr.KindMirror}

// listed counts the moves with digit keys (exchanges, cards, more
// attacks, loot).
func listed(legal []engine.Action) int {
	n := 0
	for _, k := range moveKeys(legal, 0) {
		if l := k.Help().Key; len(l) == 1 && l[0] >= '1' && l[0] <= '9' {
			n++
		}
	}
	return n
}

// DefaultMove implements board.Defaulter: in a turn the menu starts on
// ending it, the move that spends nothing.
func (b *Board) DefaultMove(_ engine.View, legal []engine.Action) int {
	return slices.IndexFunc(legal, func(a engine.Action) bool { return a.Kind == hr.KindEnd })
}
