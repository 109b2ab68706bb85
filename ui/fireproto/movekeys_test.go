package fireproto

import (
	"testing"

	"arcade/engine"
	fp "arcade/engine/fireproto"
)

// TestMoveKeys: the hot keys players have always pressed.
func TestMoveKeys(t *testing.T) {
	legal := []engine.Action{{Kind: fp.KindOrder, Args: []int{3}}, {Kind: fp.KindDraw}, {Kind: fp.KindScore},
		{Kind: fp.KindDouse}, {Kind: fp.KindBurn}}
	want := []string{"3", "d", "s", "b", "f"}
	for i, b := range (Renderer{}).MoveKeys(nil, legal) {
		if got := b.Help().Key; got != want[i] || len(b.Keys()) != 1 || b.Keys()[0] != want[i] {
			t.Errorf("%v: key %q (%v), want %q", legal[i], got, b.Keys(), want[i])
		}
	}
}
