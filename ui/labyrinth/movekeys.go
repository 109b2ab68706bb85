package labyrinth

import (
	"charm.land/bubbles/v2/key"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/keys"
)

// MoveKeys implements board.MoveKeyer: a genre's number (1-6) chooses it
// in setup or takes one of its Books, p passes an action, e ends the turn
// and, out of turn with a full hand, keeps the hand (ruling 15: x still
// discards). The other moves are made on the board (see HandleKey).
func (b *Board) MoveKeys(_ engine.View, legal []engine.Action) []key.Binding {
	out := make([]key.Binding, len(legal))
	for i, a := range legal {
		switch {
		case a.Kind == lab.KindGenre, a.Kind == lab.KindTake && len(a.Args) == 1:
			out[i] = keys.Digit(a.Arg(0) + 1)
		case a.Kind == lab.KindPassAction:
			out[i] = keys.Move("p")
		case a.Kind == lab.KindEnd, a.Kind == lab.KindKeep:
			out[i] = keys.Move("e")
		}
	}
	return out
}
