package labyrinth

import (
	"strings"
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

// TestFullHandSaysSo: a Book's hot key with a full hand says why it takes
// nothing, not merely that the key is not a move.
func TestFullHandSaysSo(t *testing.T) {
	v := lab.View{You: 0, Turn: 0, Phase: lab.PhaseActions, ActionsLeft: 2,
		Seats: []lab.SeatView{{Seat: 0, Hand: lab.HandView{Slots: 6, Limit: 6}}}}
	for _, k := range []string{"2", "t"} {
		r := New().HandleKey(k, v, nil)
		if !r.Warning || !strings.Contains(r.Message, "hand is full") {
			t.Errorf("%s with a full hand: %+v", k, r)
		}
	}
}
