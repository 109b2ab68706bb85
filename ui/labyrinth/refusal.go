package labyrinth

import (
	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// Refusals: why a key does nothing. The engine's checks say why a move is
// refused, in its words and citing the rule behind it (lab.View.WhyNot
// and WhyNotOn), which the table's why pane explains; the board only says
// what no rule is about.

// tileKinds are the kinds of move the tile keys stand for.
var tileKinds = map[string]string{"m": lab.KindMove, "f": lab.KindFlip, "r": lab.KindRotate, "R": lab.KindRotate, "g": lab.KindPass}

// outOfPlay says why a viewer may not act at all, which no rule is
// about: the game is over, or the viewer watches it ("" otherwise).
func outOfPlay(v lab.View) string {
	switch {
	case v.Over:
		return "The game is over."
	case v.You < 0:
		return "You are watching this game."
	}
	return ""
}

// refusal says why key does nothing on tile i.
func (b *Board) refusal(v lab.View, key string, i int) board.Reply {
	if why := outOfPlay(v); why != "" {
		return board.Refuse(why)
	}
	r := b.refuseErr(v.WhyNotOn(tileKinds[key], i), "That is not possible on "+lab.TileName(i)+" now.")
	if myTurn(v) && v.Phase == lab.PhaseSetup {
		r.Message += " Keys 1-6 choose a genre."
	}
	return r
}

// handRefusal says why a hand key (t, 1-6, x, b) has no move to offer:
// the engine's refusal of the move meant, the one a (when the viewer may
// try it), or none.
func (b *Board) handRefusal(v lab.View, a engine.Action, try bool, none string) board.Reply {
	if why := outOfPlay(v); why != "" {
		return board.Refuse(why)
	}
	if !try {
		return board.Refuse(none)
	}
	return b.refuseErr(v.WhyNot(a), none)
}

// refuseErr is the reply of a key whose move the engine refuses with err
// (the players named), or refuses for no reason its checks find: then
// the board says fallback.
func (b *Board) refuseErr(err error, fallback string) board.Reply {
	if err == nil {
		return board.Refuse(fallback)
	}
	r := board.RefuseErr(err)
	r.Message = engine.ExpandSeats(r.Message, b.name)
	return r
}
