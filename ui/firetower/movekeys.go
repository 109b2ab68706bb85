package firetower

import (
	"charm.land/bubbles/v2/key"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/keys"
)

// windKeys are the hot keys of wind cards by direction.
var windKeys = [4]string{"n", "e", "s", "w"}

// MoveKeys implements board.MoveKeyer: p passes or ends the turn (or
// redraws nothing), a wind card's direction (n e s w) plays it, o rolls the
// die with the first wind card, and d discards (or redraws) the whole hand.
// The other moves are made on the board (see HandleKey).
func (b *Board) MoveKeys(view engine.View, legal []engine.Action) []key.Binding {
	var hand []ft.Card
	if v, ok := engine.ViewAs[ft.View](view); ok {
		hand = v.Hand
	}
	out := make([]key.Binding, len(legal))
	roll := true
	for i, a := range legal {
		switch a.Kind {
		case ft.KindEnd, ft.KindPass:
			out[i] = keys.Move("p")
		case ft.KindWind:
			if c := a.Arg(0); c >= 0 && c < len(hand) {
				out[i] = keys.Move(windKeys[hand[c].Dir()])
			}
		case ft.KindRoll:
			if roll {
				out[i], roll = keys.Move("o"), false
			}
		case ft.KindDiscard:
			if len(hand) > 0 && len(a.Args) == len(hand) {
				out[i] = keys.Move("d")
			}
		case ft.KindRedraw:
			switch {
			case len(a.Args) == 0:
				out[i] = keys.Move("p")
			case len(a.Args) == len(hand):
				out[i] = keys.Move("d")
			}
		}
	}
	return out
}
