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
