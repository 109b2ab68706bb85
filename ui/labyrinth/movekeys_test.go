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
		{Kind: lab.KindFlip, Args: []int{17}}, {Kind: lab.KindPass, Args: []int{3}}, {Kind: lab.KindKeep}}
	want := []string{"1", "6", "", "p", "e", "", "", "e"}
	for i, b := range New().MoveKeys(nil, legal) {
		if got := b.Help().Key; got != want[i] {
			t.Errorf("%v: key %q, want %q", legal[i], got, want[i])
		}
	}
}

// TestFullHandSaysSo: a Book's hot key with a full hand says why it takes
// nothing, not merely that the key is not a move.
func TestFullHandSaysSo(t *testing.T) {
	full := lab.HandView{Slots: 6, Limit: 6}
	for id := range 6 {
		full.Cards = append(full.Cards, card(id))
	}
	v := lab.View{You: 0, Players: 2, Turn: 0, Phase: lab.PhaseActions, ActionsLeft: 2, BookDeck: [lab.NumGenres]int{9, 9, 9, 9, 9, 9},
		Seats: []lab.SeatView{{Seat: 0, Tile: lab.Centre, Hand: full}, {Seat: 1, Tile: lab.Centre}}}
	for _, k := range []string{"2", "t"} {
		r := New().HandleKey(k, v, nil)
		if !r.Warning || !strings.Contains(r.Message, "hand is full") {
			t.Errorf("%s with a full hand: %+v", k, r)
		}
	}
}

// TestPassChoosesCardThenWhatComesBack: g offers the cards of yours to
// pass on (and taking without giving), not every combination at once; the
// chosen card then offers what comes back, and from whom.
func TestPassChoosesCardThenWhatComesBack(t *testing.T) {
	var acts []engine.Action
	for _, partner := range []int{1, 2} {
		for _, give := range []int{-1, 7, 24} {
			for _, take := range []int{-1, 10*partner + 1, 10*partner + 2} {
				if give >= 0 || take >= 0 {
					acts = append(acts, engine.Action{Kind: lab.KindPass, Args: []int{12, partner, give, take, -1}})
				}
			}
		}
	}
	firsts, groups := byCard(acts)
	if len(firsts) != 3 {
		t.Fatalf("%d first choices for %d passes, want 3 (none, card 7, card 24)", len(firsts), len(acts))
	}
	for i, g := range groups {
		for _, a := range g {
			if a.Args[2] != firsts[i].Args[2] {
				t.Errorf("group %d mixes the cards passed on: %v", i, g)
			}
		}
	}
}
