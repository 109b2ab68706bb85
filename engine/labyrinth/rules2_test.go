package labyrinth

import (
	"slices"
	"testing"
)

// TestHandLimit: six slots, a captured Terror with its cards is one.
func TestHandLimit(t *testing.T) {
	s := newScen(t, 2, nil, 3)
	s.lay(c2, KindTerror, ShapeCorner, 1)
	s.terror(c2, terrorID("Basilisk"))
	circe := bookID("Circe")
	s.cards(0, circe, 1, 2, 3, 4, 5)
	s.not(KindTake, 0)
	s.do(KindMove, move(c2, capturing(circe))...)
	if s.g.Hands[0].slots() != 6 {
		t.Fatalf("%d slots", s.g.Hands[0].slots())
	}
	s.not(KindTake, 0)
	s.do(KindDiscard, 1)
	s.do(KindTake, 0)
	s.not(KindDiscard, TerrorCard+terrorID("Basilisk")) // never a captured Terror
	s.golden("hand-limit")
}

// TestPassAnAction: the next player gets four actions; one token.
func TestPassAnAction(t *testing.T) {
	s := newScen(t, 3, nil, 4)
	s.g.Wyrm = 0
	s.do(KindPassAction)
	if s.g.Actions != 2 || s.g.PassTo != 1 {
		t.Fatalf("%d actions, token with %d", s.g.Actions, s.g.PassTo)
	}
	s.not(KindPassAction) // one token
	s.do(KindEnd)
	if s.g.Turn != 1 || s.g.Actions != 4 {
		t.Fatalf("seat %d has %d actions", s.g.Turn, s.g.Actions)
	}
	s.not(KindPassAction) // the token is in use this turn
	s.do(KindEnd)
	if s.g.Actions != 3 || s.g.PassTo != -1 {
		t.Fatalf("%d actions, token with %d", s.g.Actions, s.g.PassTo)
	}
	s.do(KindPassAction)
	s.golden("pass-action")
}

// TestSixTerrorsMidAction: flipping the sixth Terror loses at once, even
// with actions left.
func TestSixTerrorsMidAction(t *testing.T) {
	s := newScen(t, 2, nil, 5)
	for i, tl := range []int{0, 1, 2, 3, 4} {
		s.lay(tl, KindTerror, ShapeCorner, 0)
		s.terror(tl, i)
	}
	s.dark(c2, KindTerror)
	s.do(KindFlip, c2)
	if o := s.g.Outcome(); !o.Done || len(o.Winners) != 0 || s.g.terrorsOnGrid() != 6 {
		t.Fatalf("outcome %+v", o)
	}
	if len(s.g.Legal(0)) != 0 {
		t.Fatal("moves after the loss")
	}
	s.golden("six-terrors")
}

// TestDisturbanceCases: the four cases of p.9 and ruling C8.8.
func TestDisturbanceCases(t *testing.T) {
	s := newScen(t, 2, nil, 6)
	g := s.g
	g.Wyrm = 5 // junction (2,3): NW D3, NE E3, SE E4, SW D4
	d4, e4 := 18, 19
	s.dark(e3, KindShelf)
	s.lay(d3, KindTerror, ShapeT, 0)
	s.lay(e4, KindReward, ShapeCorner, 0)
	s.lay(d4, KindCross, ShapeCross, 0)
	g.Pos[1] = d4
	g.Disturb = append(g.Disturb, SW, SE, NW, NE) // drawn NE first
	s.do(KindEnd)                                 // NE: E3 dark -> lit, a Shelf appears
	if !g.Tiles[e3].Lit || g.Tiles[e3].Shelf < 0 {
		t.Fatal("E3 not flipped and activated")
	}
	g.Wyrm = 5
	s.do(KindEnd) // NW: D3 an empty Terror tile -> a new Terror
	if g.Tiles[d3].Terror < 0 {
		t.Fatal("no Terror on D3")
	}
	g.Wyrm = 5
	s.do(KindEnd) // SE: E4 empty Reward tile -> dark
	if g.Tiles[e4].Lit || !g.Tiles[e4].Seen {
		t.Fatal("E4 not flipped dark")
	}
	g.Wyrm = 5
	rot := g.Tiles[d4].Rot
	s.do(KindEnd) // SW: D4 holds player 2 -> rotated, never flipped dark
	if !g.Tiles[d4].Lit || g.Tiles[d4].Rot != (rot+1)%4 {
		t.Fatal("D4 not rotated")
	}
	v := g.View(0).(View)
	if !v.Tiles[e4].Known || v.Tiles[e4].Kind != KindReward || v.Tiles[e4].Lit {
		t.Fatalf("a dark tile seen before: %+v", v.Tiles[e4])
	}
	s.golden("disturbance")
}

// TestDoubleCurse: a double card strikes two tiles, NE/SE before SW/NW,
// and a sixth Terror between them loses at once.
func TestDoubleCurse(t *testing.T) {
	s := newScen(t, 2, map[string]string{OptDoubles: "true"}, 7)
	g := s.g
	g.Wyrm = 5
	for i, tl := range []int{0, 1, 2, 3} {
		s.lay(tl, KindTerror, ShapeCorner, 0)
		s.terror(tl, i)
	}
	s.dark(d3, KindTerror)
	s.dark(19, KindTerror)
	g.Disturb = append(g.Disturb, DisturbNWSE)
	s.do(KindEnd) // SE (E4) first: the fifth Terror; then NW (D3): the sixth
	if !g.Tiles[19].Lit || !g.Tiles[d3].Lit || g.Phase != PhaseOver || g.Won {
		t.Fatalf("phase %s", g.Phase)
	}
	s.golden("double-curse")
}

// TestOutOfTime: the card under the deck loses.
func TestOutOfTime(t *testing.T) {
	s := newScen(t, 1, nil, 8)
	s.g.Disturb = s.g.Disturb[:1]
	s.do(KindEnd)
	if s.g.Phase == PhaseOver {
		t.Skip("the last card lost by six Terrors")
	}
	s.do(KindEnd)
	if o := s.g.Outcome(); !o.Done || len(o.Winners) != 0 {
		t.Fatalf("outcome %+v", o)
	}
	s.golden("out-of-time")
}

// TestWin: the sixth return wins at once, before any disturbance.
func TestWin(t *testing.T) {
	s := newScen(t, 2, nil, 9)
	g := s.g
	for gn := range 5 {
		k := slices.Index(g.ShelfStack, gn)
		g.ShelfStack = slices.Delete(g.ShelfStack, k, k+1)
		k = slices.Index(g.TerrorStack, 10+gn)
		g.TerrorStack = slices.Delete(g.TerrorStack, k, k+1)
		g.Returned = append(g.Returned, returned{Terror: 10 + gn, Shelf: gn})
		g.Filled[gn] = true
	}
	s.lay(c2, KindShelf, ShapeT, 0) // open N, E, S
	s.shelf(c2, int(Amazing))
	basilisk := terrorID("Basilisk")
	jo := bookID("Jo March")
	s.cards(0, jo)
	k := slices.Index(g.TerrorStack, basilisk)
	g.TerrorStack = slices.Delete(g.TerrorStack, k, k+1)
	g.Hands[0].remove(jo)
	g.Hands[0].Captured = []capture{{Terror: basilisk, Cards: []int{jo}}}
	s.check()
	left := len(g.Disturb)
	s.do(KindMove, move(c2, returning(basilisk))...)
	if o := s.g.Outcome(); !o.Done || len(o.Winners) != 2 || len(g.Disturb) != left {
		t.Fatalf("outcome %+v", o)
	}
	s.golden("win")
}
