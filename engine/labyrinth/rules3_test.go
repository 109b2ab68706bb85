package labyrinth

import (
	"testing"

	"arcade/engine"
)

// TestBoosters: Useful Map, Library Card, Time Machine, Trolley Service
// and Photocopier.
func TestBoosters(t *testing.T) {
	s := newScen(t, 2, nil, 10)
	g := s.g
	g.Wyrm = 0
	um := rewardID("Useful Map / Photocopier")
	lc := rewardID("Trolley Service / Library Card")
	tm := rewardID("Time Machine / Library Ladder")
	s.cards(0, um, lc, tm)
	s.not(KindFlip, 24)
	s.do(KindFlip, 24, um) // E5 from the compass
	s.do(KindTake, 2, lc, 3)
	s.do(KindTime, tm)
	if g.Actions != 2 {
		t.Fatalf("%d actions", g.Actions)
	}
	// Trolley Service: pass with player 2 on another tile.
	s.lay(c2, KindCross, ShapeCross, 0)
	g.Pos[1] = c2
	ts := rewardID("Library Ladder / Trolley Service")
	s.cards(0, ts)
	book := g.Hands[0].Cards[0]
	s.not(KindPass, c2, 1, book, -1, -1)
	s.do(KindPass, c2, 1, book, -1, ts)
	if len(g.Hands[1].Cards) != 1 {
		t.Fatal("nothing passed")
	}
	s.do(KindEnd)
	s.golden("boosters")
}

// TestPhotocopier: one Book counts twice, and is used up with the rest.
func TestPhotocopier(t *testing.T) {
	s := newScen(t, 2, nil, 11)
	s.lay(c2, KindTerror, ShapeCorner, 1)
	fenrir := terrorID("Fenrir the Wolf") // FF AA
	s.terror(c2, fenrir)
	circe, pc := bookID("Circe"), rewardID("Secret Passage / Photocopier")
	s.cards(0, circe, pc)
	s.do(KindMove, move(c2, capturing(circe), copying(pc, circe))...)
	h := &s.g.Hands[0]
	if len(h.Cards) != 0 || len(h.Captured) != 1 {
		t.Fatalf("hand %+v", h)
	}
	s.golden("photocopier")
}

// TestRotate: own tile or an adjacent lit one, either way, carrying its
// tokens and meeples; never the compass or a crossroads.
func TestRotate(t *testing.T) {
	s := newScen(t, 2, nil, 12)
	s.lay(c2, KindTerror, ShapeCorner, 0)
	s.terror(c2, 3)
	s.lay(b3, KindCross, ShapeCross, 0)
	s.not(KindRotate, Centre, 1)
	s.not(KindRotate, b3, 1)
	s.not(KindRotate, 0, 1) // not adjacent
	s.do(KindRotate, c2, -1)
	if s.g.Tiles[c2].Rot != 3 || s.g.Tiles[c2].Terror != 3 {
		t.Fatalf("tile %+v", s.g.Tiles[c2])
	}
	s.do(KindRotate, c2, 1)
	s.golden("rotate")
}

// TestSoloTrolley: free passes with the Trolley (Terrors too), the
// Trolley cannot capture alone, move and ride captures with both hands.
func TestSoloTrolley(t *testing.T) {
	s := newScen(t, 1, nil, 13)
	g := s.g
	g.Wyrm = 0
	s.lay(c2, KindTerror, ShapeCorner, 1)
	s.lay(d2, KindShelf, ShapeCorner, 3)
	basilisk := terrorID("Basilisk")
	s.terror(c2, basilisk)
	s.shelf(d2, int(Historical))
	jo, nzinga := bookID("Jo March"), bookID("Nzinga")
	s.cards(0, jo)
	s.cards(-1, nzinga)
	s.do(KindPass, Centre, 1, jo, -1, -1) // free
	if g.Actions != 3 {
		t.Fatalf("a pass to the Trolley cost an action: %d", g.Actions)
	}
	s.not(KindMove, move(c2, piece(PieceTrolley), capturing(min(jo, nzinga), max(jo, nzinga)))...)
	s.do(KindMove, move(c2, piece(PieceRide), capturing(min(jo, nzinga), max(jo, nzinga)))...)
	if g.Pos[0] != c2 || g.TrolleyAt != c2 || len(g.Hands[0].Captured) != 1 || len(g.Trolley.Cards) != 0 {
		t.Fatalf("after the ride: %+v %+v", g.Hands[0], g.Trolley)
	}
	s.do(KindPass, c2, 1, TerrorCard+basilisk, -1, -1)
	s.do(KindMove, move(Centre, piece(PieceTrolley))...)
	s.not(KindMove, move(d2, piece(PieceRide), returning(basilisk))...) // they no longer share a tile
	s.not(KindMove, move(d2)...)                                        // a Shelf ends a move only to return a Terror
	if len(g.Trolley.Captured) != 1 {
		t.Fatal("the Terror left the Trolley")
	}
	s.golden("solo-trolley")
}

// TestSoloRideReturn: move and ride returns a Terror the Trolley holds.
func TestSoloRideReturn(t *testing.T) {
	s := newScen(t, 1, nil, 14)
	g := s.g
	s.lay(c2, KindShelf, ShapeCorner, 1)
	s.shelf(c2, int(Legends))
	basilisk, jo := terrorID("Basilisk"), bookID("Jo March")
	s.cards(-1, jo)
	g.Trolley.remove(jo)
	for i, x := range g.TerrorStack {
		if x == basilisk {
			g.TerrorStack = append(g.TerrorStack[:i], g.TerrorStack[i+1:]...)
			break
		}
	}
	g.Trolley.Captured = []capture{{Terror: basilisk, Cards: []int{jo}}}
	s.check()
	s.not(KindMove, move(c2, returning(basilisk))...) // the player does not hold it
	s.do(KindMove, move(c2, piece(PieceRide), returning(basilisk))...)
	if !g.Filled[Legends] || len(g.Trolley.Cards) != 1 {
		t.Fatalf("trolley %+v", g.Trolley)
	}
	s.golden("solo-ride-return")
}

// TestSoloHasNoPassToken: the Pass-An-Action token is not used solo, and
// a solo turn has three actions.
func TestSoloHasNoPassToken(t *testing.T) {
	s := newScen(t, 1, nil, 16)
	if s.g.Actions != 3 {
		t.Fatalf("%d actions", s.g.Actions)
	}
	s.not(KindPassAction)
}

// TestLabels: every legal action of random games has words; tile actions
// name their tile in Args[0]. (Hot keys are the ui's: ui/labyrinth.)
func TestLabels(t *testing.T) {
	randomGames(t, 6, 70, func(g *state, _ *engine.RNG) {
		for _, a := range g.Legal(g.Turn) {
			if d := moveWords(g, g.Turn, a); d == "" {
				t.Fatalf("action %v: no words", a)
			}
			switch a.Kind {
			case KindFlip, KindRotate, KindMove, KindPass:
				if a.Args[0] < 0 || a.Args[0] >= NumTiles {
					t.Fatalf("%v has no tile", a)
				}
			}
		}
	}, nil)
}

// TestTrolleyDrawsReward: in the solo game the Trolley moving alone onto a
// Reward tile draws the card into its own hand (ruling 20).
func TestTrolleyDrawsReward(t *testing.T) {
	s := newScen(t, 1, nil, 17)
	g := s.g
	g.Wyrm = 0
	s.lay(c2, KindReward, ShapeCorner, 1) // open E, S
	s.do(KindMove, move(c2, piece(PieceTrolley), rewarded)...)
	if len(g.Trolley.Cards) != 1 || len(g.Hands[0].Cards) != 0 || g.TrolleyAt != c2 {
		t.Fatalf("the Trolley's Reward: trolley %+v, player %+v", g.Trolley, g.Hands[0])
	}
}

// TestTwoLibraryCards: both Library Cards boost one take: three Books for
// one action, both cards spent (ruling 26).
func TestTwoLibraryCards(t *testing.T) {
	s := newScen(t, 2, nil, 18)
	g := s.g
	a, b := rewardID("Secret Passage / Library Card"), rewardID("Trolley Service / Library Card")
	s.cards(0, a, b)
	s.do(KindTake, int(Legends), min(a, b), int(Legends), max(a, b), int(Science))
	h := g.Hands[0]
	if len(h.Cards) != 3 || g.Actions != 2 || h.has(a) || h.has(b) {
		t.Fatalf("after the take: hand %+v, %d actions", h, g.Actions)
	}
	for _, id := range h.Cards {
		if gn := Books[id].Genre; gn != Legends && gn != Science {
			t.Fatalf("took %s", Books[id].Name)
		}
	}
}
