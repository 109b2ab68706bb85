package labyrinth

import (
	"testing"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
)

// TestMoveKeys: the moves the board does not offer (starting Books, a
// plain take, the pass-an-action token, the end of the actions) have the
// hot keys players have always pressed; the board's own moves have none.
func TestMoveKeys(t *testing.T) {
	legal := []engine.Action{{Kind: lab.KindGenre, Args: []int{0}}, {Kind: lab.KindTake, Args: []int{5}},
		{Kind: lab.KindTake, Args: []int{2, 40, 3}}, {Kind: lab.KindPassAction}, {Kind: lab.KindEnd},
		{Kind: lab.KindFlip, Args: []int{17}}, {Kind: lab.KindPass, Args: []int{3}}}
	want := []string{"1", "6", "", "p", "e", "", ""}
	for i, b := range New().MoveKeys(nil, legal) {
		if got := b.Help().Key; got != want[i] {
			t.Errorf("%v: key %q, want %q", legal[i], got, want[i])
		}
	}
}
