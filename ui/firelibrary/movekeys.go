package firelibrary

import (
	"charm.land/bubbles/v2/key"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/keys"
)

// toolKeys are the hot keys of tool plays and token placements, in the
// order the moves come: digits, then letters no other move uses (nor the
// table screen: j and k move its cursor).
const toolKeys = "123456789acfghilmnoqtuvwxyz"

// letterKeys are the moves with a letter of their own.
var letterKeys = map[string]string{fl.KindDraw: "d", fl.KindStop: "s", fl.KindRest: "r", fl.KindBurn: "b",
	fl.KindPass: "p", fl.KindDone: "e"}

// MoveKeys implements board.MoveKeyer: a Turn Order card's number, d draw,
// s stop, r rest, b Burn!, p pass, e done, 1-4 a market slot or the deck,
// 0 keep and 1-9 swap a tool; tool plays and placements take toolKeys in
// order.
func (Renderer) MoveKeys(_ engine.View, legal []engine.Action) []key.Binding {
	out := make([]key.Binding, len(legal))
	next := 0
	for i, a := range legal {
		if k, ok := letterKeys[a.Kind]; ok {
			out[i] = keys.Move(k)
			continue
		}
		switch a.Kind {
		case fl.KindOrder:
			out[i] = keys.Digit(a.Arg(0))
		case fl.KindTool:
			out[i] = keys.Digit(a.Arg(0) + 1)
		case fl.KindKeep:
			out[i] = keys.Digit(0)
		case fl.KindSwap:
			if a.Arg(0) >= 0 && a.Arg(0) < 9 {
				out[i] = keys.Digit(a.Arg(0) + 1)
			}
		default: // a tool play or a placement
			if next < len(toolKeys) {
				out[i] = keys.Move(toolKeys[next : next+1])
			}
			next++
		}
	}
	return out
}

// safeKinds are the moves that spend nothing, best first: end the turn,
// keep the tools, call Burn! (a point for every player who calls it),
// answer a window without a tool.
var safeKinds = []string{fl.KindDone, fl.KindKeep, fl.KindBurn, fl.KindPass}

// DefaultMove implements board.Defaulter: a new choice highlights the move
// that spends nothing (End your turn, not an After Scoring tool; Burn!,
// not a pass), so that hammering enter never plays a tool.
func (Renderer) DefaultMove(_ engine.View, legal []engine.Action) int {
	for _, kind := range safeKinds {
		for i, a := range legal {
			if a.Kind == kind {
				return i
			}
		}
	}
	return -1
}
