package labyrinth

import (
	"slices"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestRewardTileOnceATurn: ruling 25. The rulebook (p.7) says "If you land
// (finish your move) on a purple Reward tile, you may draw a Reward card."
// and sets no limit a turn; the arcade lets each Reward tile give one card
// a turn, so that no turn goes on for ever. The tile gives again on the
// next turn.
func TestRewardTileOnceATurn(t *testing.T) {
	s := newScen(t, 2, nil, 15)
	g := s.g
	g.Wyrm = 0
	s.lay(c2, KindReward, ShapeCorner, 1) // open E, S
	s.do(KindMove, move(c2, rewarded)...)
	s.do(KindMove, move(Centre)...)
	if v := g.View(0).(View); !v.RewardTaken || v.RewardTiles != 1<<c2 {
		t.Fatalf("the view shows reward taken %v, tiles %b", v.RewardTaken, v.RewardTiles)
	}
	s.not(KindMove, move(c2, rewarded)...) // the tile gave its card this turn
	s.do(KindMove, move(c2)...)
	if g.Turn != 1 || len(g.Hands[0].Cards) != 1 || g.RewardTaken || g.RewardTiles != 0 {
		t.Fatalf("turn %d, hand %v, reward taken %v, tiles %b", g.Turn, g.Hands[0].Cards, g.RewardTaken, g.RewardTiles)
	}
}

// TestDiscardOutOfTurn: ruling 15. The rulebook (p.15) says "You may
// discard cards from your hand for free at any time. This doesn't cost an
// action, and can be done even when it's not your turn." A player whose
// hand is full is in a discard window on the others' turns: discarding
// makes room for a gift; keeping closes the window until the next turn.
// The turn's player never waits for the window.
func TestDiscardOutOfTurn(t *testing.T) {
	s := newScen(t, 3, nil, 21)
	g := s.g
	g.Wyrm = 0
	gift := bookID("Circe")
	s.cards(0, gift)
	s.cards(1, 1, 2, 3, 4, 5, 6)
	s.cards(2, 7, 8, 9, 10, 11)
	if p := g.Pending(); !slices.Equal(p, []engine.Seat{0, 1}) {
		t.Fatalf("pending %v", p)
	}
	if r := g.Responding(); !slices.Equal(r, []engine.Seat{1}) {
		t.Fatalf("responding %v (seat 3 has room: not asked)", r)
	}
	give := PassSpec{Tile: Centre, Partner: 1, Give: gift, Receive: -1, Service: -1}.Args()
	s.not(KindPass, give...) // no room for the gift
	if a := g.Timeout(1); a.Kind != KindKeep {
		t.Fatalf("timeout %v", a)
	}
	if legal := g.Legal(1); len(legal) != 7 || !slices.ContainsFunc(legal, func(a engine.Action) bool { return a.Kind == KindKeep }) {
		t.Fatalf("legal out of turn %v", legal)
	}
	// Seat 3 has room: no discard out of turn; nor any other move.
	enginetest.CheckRefused(t, g, enginetest.Move{Seat: 2, Action: engine.Action{Kind: KindDiscard, Args: []int{7}}})
	enginetest.CheckRefused(t, g, enginetest.Move{Seat: 1, Action: engine.Action{Kind: KindTake, Args: []int{0}}})
	enginetest.CheckRefused(t, g, enginetest.Move{Seat: 1, Action: engine.Action{Kind: KindDiscard, Args: []int{gift}}})

	actions := g.Actions
	ev := enginetest.MustApply(t, g, enginetest.Move{Seat: 1, Action: engine.Action{Kind: KindDiscard, Args: []int{3}}})
	if len(ev) != 1 || ev[0].Text() != "{seat1} discards "+CardName(3)+" out of turn." {
		t.Fatalf("events %v", ev)
	}
	if g.Turn != 0 || g.Actions != actions || g.Hands[1].room() != 1 || !slices.Contains(g.BookDiscard[Books[3].Genre], 3) {
		t.Fatalf("turn %d, %d actions, hand %v", g.Turn, g.Actions, g.Hands[1].Cards)
	}
	if p := g.Pending(); !slices.Equal(p, []engine.Seat{0}) {
		t.Fatalf("pending %v after making room", p)
	}
	s.do(KindPass, give...) // the gift is accepted
	if !g.Hands[1].has(gift) {
		t.Fatal("the gift did not arrive")
	}

	// Full again: keeping closes the window for the rest of the turn, and
	// the next turn asks again.
	if p := g.Pending(); !slices.Equal(p, []engine.Seat{0, 1}) {
		t.Fatalf("pending %v", p)
	}
	enginetest.MustApply(t, g, enginetest.Move{Seat: 1, Action: g.Timeout(1)})
	if p := g.Pending(); !slices.Equal(p, []engine.Seat{0}) || len(g.Legal(1)) != 0 {
		t.Fatalf("pending %v after keeping", p)
	}
	enginetest.CheckRefused(t, g, enginetest.Move{Seat: 1, Action: engine.Action{Kind: KindDiscard, Args: []int{4}}})
	s.do(KindEnd)
	if p := g.Pending(); !slices.Equal(p, []engine.Seat{1}) {
		t.Fatalf("pending %v on seat 2's own turn", p)
	}
	s.not(KindKeep) // never on one's own turn
	s.do(KindEnd)
	if p := g.Pending(); !slices.Equal(p, []engine.Seat{2, 1}) {
		t.Fatalf("pending %v on seat 3's turn", p)
	}
	// Every bot keeps its cards out of turn.
	for _, level := range []string{"easy", "normal", "hard"} {
		rng := engine.NewRNG(1)
		if a := (Game{}).Bot(level).Choose(t.Context(), g.View(1), g.Legal(1), &rng); a.Kind != KindKeep {
			t.Fatalf("%s bot plays %v out of turn", level, a)
		}
	}
}
