package firelibrary

import (
	"testing"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
)

// TestMoveKeys: the hot keys players have always pressed; tool plays take
// 1-9 and then letters, in the order they come.
func TestMoveKeys(t *testing.T) {
	legal := []engine.Action{{Kind: fl.KindOrder, Args: []int{5}}, {Kind: fl.KindDraw}, {Kind: fl.KindStop},
		{Kind: fl.KindRest}, {Kind: fl.KindBurn}, {Kind: fl.KindPass}, {Kind: fl.KindDone},
		{Kind: fl.KindTool, Args: []int{0}}, {Kind: fl.KindTool, Args: []int{3}}, {Kind: fl.KindKeep},
		{Kind: fl.KindSwap, Args: []int{1}}, {Kind: fl.KindSwap, Args: []int{9}}}
	want := []string{"5", "d", "s", "r", "b", "p", "e", "1", "4", "0", "2", ""}
	for range 11 {
		legal = append(legal, engine.Action{Kind: fl.KindPlay, Args: []int{0}})
	}
	want = append(want, "1", "2", "3", "4", "5", "6", "7", "8", "9", "a", "c")
	for i, b := range (Renderer{}).MoveKeys(nil, legal) {
		if got := b.Help().Key; got != want[i] {
			t.Errorf("move %d %v: key %q, want %q", i, legal[i], got, want[i])
		}
	}
}

// TestDefaultMoveSpendsNothing: after escaping, End your turn is
// highlighted, not an After Scoring tool; a swap keeps the tools; Burn! is
// highlighted, not a pass.
func TestDefaultMoveSpendsNothing(t *testing.T) {
	after := []engine.Action{{Kind: fl.KindPlay, Args: []int{3}}, {Kind: fl.KindPlay, Args: []int{7}}, {Kind: fl.KindDone}}
	if got := (Renderer{}).DefaultMove(nil, after); got != 2 {
		t.Errorf("after escaping: default %d, want End your turn (2)", got)
	}
	swap := []engine.Action{{Kind: fl.KindSwap, Args: []int{0}}, {Kind: fl.KindKeep}}
	if got := (Renderer{}).DefaultMove(nil, swap); got != 1 {
		t.Errorf("swap: default %d, want keep (1)", got)
	}
	burn := []engine.Action{{Kind: fl.KindBurn}, {Kind: fl.KindPass}}
	if got := (Renderer{}).DefaultMove(nil, burn); got != 0 {
		t.Errorf("No Tool's Fire Spreading: default %d, want Burn! (0): every player who calls it scores", got)
	}
	if got := (Renderer{}).DefaultMove(nil, []engine.Action{{Kind: fl.KindDraw}, {Kind: fl.KindStop}}); got != -1 {
		t.Errorf("saving: default %d, want none", got)
	}
}
