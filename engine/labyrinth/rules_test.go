package labyrinth

import "testing"

// Tiles round the compass C3 (12).
const (
	c2 = 7
	d2 = 8
	b3 = 11
	d3 = 13
	e3 = 14
	c4 = 17
)

// TestCaptureAndReturn is the rulebook's example (p.8): Jo March and
// Nzinga capture the Basilisk, which goes back to the purple Shelf.
func TestCaptureAndReturn(t *testing.T) {
	s := newScen(t, 2, nil, 1)
	s.lay(c2, KindTerror, ShapeCorner, 1) // open E, S
	s.lay(d2, KindShelf, ShapeCorner, 3)  // open W, N
	basilisk, kraken := terrorID("Basilisk"), terrorID("Kraken")
	s.terror(c2, basilisk)
	s.shelf(d2, int(Amazing))
	jo, nzinga := bookID("Jo March"), bookID("Nzinga")
	s.cards(0, jo, nzinga, bookID("Circe"))
	s.not(KindMove, move(c2)...) // a move may end on a Terror only to capture it
	s.not(KindMove, move(d2)...) // the Terror blocks the way
	s.do(KindMove, move(c2, capturing(min(jo, nzinga), max(jo, nzinga)))...)
	h := &s.g.Hands[0]
	if len(h.Captured) != 1 || h.slots() != 2 || s.g.Tiles[c2].Terror != -1 {
		t.Fatalf("after the capture: %+v", h)
	}
	if s.g.Actions != 2 {
		t.Fatalf("%d actions left", s.g.Actions)
	}
	s.do(KindMove, move(d2, returning(basilisk))...)
	if !s.g.Filled[Amazing] || len(h.Captured) != 0 || len(h.Cards) != 2 || s.g.Tiles[d2].Shelf != -1 {
		t.Fatalf("after the return: %+v, filled %v", h, s.g.Filled)
	}
	_ = kraken
	s.golden("capture-return")
}

// TestCaptureSets: the capture moves offered are the minimal covering
// sets, smallest first; a hand that cannot cover the Terror cannot end
// its move there.
func TestCaptureSets(t *testing.T) {
	pool := []int{bookID("Jo March"), bookID("Nzinga"), bookID("Circe"), bookID("Zenobia")}
	sets := coverSets(pool, Terrors[terrorID("Basilisk")].Needs, -1)
	// Circe (ATF) and Zenobia (TAF) alone cover T F A.
	if len(sets) < 2 || len(sets[0]) != 1 || len(sets[1]) != 1 {
		t.Fatalf("sets %v", sets)
	}
	for _, set := range sets {
		for _, x := range set {
			if x == bookID("Circe") && len(set) > 1 {
				t.Fatalf("a set with Circe is not minimal: %v", set)
			}
		}
	}
	if got := coverSets(pool[:2], Terrors[terrorID("Kraken")].Needs, -1); len(got) != 0 {
		t.Fatalf("Jo March and Nzinga capture the Kraken: %v", got)
	}
	// Magical items count for capturing.
	if got := coverSets([]int{rewardID("Drink Me")}, syms("LL"), -1); len(got) != 1 {
		t.Fatalf("Drink Me does not cover LL: %v", got)
	}
	// Photocopier: Circe (ATF) copied covers the Fenrir (FFAA) alone.
	if got := coverSets(pool, Terrors[terrorID("Fenrir the Wolf")].Needs, bookID("Circe")); len(got) == 0 || len(got[0]) != 1 {
		t.Fatalf("copied Circe: %v", got)
	}
}

// TestMovement: dark tiles, bookcases and tokens block; Secret Passages
// cross bookcases, a Library Ladder passes tokens; other meeples never
// block.
func TestMovement(t *testing.T) {
	s := newScen(t, 2, nil, 2)
	s.lay(b3, KindReward, ShapeCorner, 2) // open S, W: a bookcase faces the compass
	s.lay(d3, KindTerror, ShapeT, 1)      // open E, S, W
	s.lay(e3, KindReward, ShapeCorner, 2) // open S, W
	s.terror(d3, terrorID("Kraken"))
	s.not(KindMove, move(c4)...) // dark
	s.not(KindMove, move(b3)...) // a bookcase
	s.not(KindMove, move(e3)...) // the Kraken blocks
	sp, ll := rewardID("Secret Passage / Library Card"), rewardID("Library Ladder / Trolley Service")
	s.cards(0, sp, ll)
	if got := s.g.paths(Centre, false)[b3]; got != 1 {
		t.Fatalf("%d bookcases to B3", got)
	}
	s.g.Wyrm = 0 // strikes far from here
	s.do(KindMove, move(b3, passages(sp))...)
	s.not(KindMove, move(Centre)...) // back through the bookcase: no passage left
	s.cards(1, ll)
	s.do(KindEnd)
	s.not(KindMove, move(e3, ladder(ll), passages(sp))...)
	s.do(KindMove, move(e3, ladder(ll), rewarded)...)
	if len(s.g.Hands[1].Cards) != 1 || !IsReward(s.g.Hands[1].Cards[0]) {
		t.Fatalf("no Reward card: %v", s.g.Hands[1].Cards)
	}
	s.golden("movement")
}
