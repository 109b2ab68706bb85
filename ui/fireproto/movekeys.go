package fireproto

import (
	"charm.land/bubbles/v2/key"

	"arcade/engine"
	fp "arcade/engine/fireproto"
	"arcade/keys"
)

// letterKeys are the moves with a letter of their own.
var letterKeys = map[string]string{fp.KindDraw: "d", fp.KindScore: "s", fp.KindDouse: "b", fp.KindBurn: "f"}

// MoveKeys implements board.MoveKeyer: a Turn Order card's number, d draw,
// s score, b douse and f burn.
func (Renderer) MoveKeys(_ engine.View, legal []engine.Action) []key.Binding {
	out := make([]key.Binding, len(legal))
	for i, a := range legal {
		if k, ok := letterKeys[a.Kind]; ok {
			out[i] = keys.Move(k)
		} else if a.Kind == fp.KindOrder {
			out[i] = keys.Digit(a.Arg(0))
		}
	}
	return out
}
