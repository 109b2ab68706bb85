package horror

import (
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// started is a 2-player game past setup: both need red, yellow and green,
// seat a starts in cell 0 and seat b in cell 8; it is the first player's turn.
func started(t *testing.T, seed uint64) *state {
	t.Helper()
	g := newGame(t, 2, nil, seed)
	for _, s := range g.Order {
		et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindColours, Args: []int{7}}})
	}
	for i, s := range g.Order {
		et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindStart, Args: []int{i * 8}}})
	}
	if g.Phase != PhaseTurn || g.Active != g.Order[0] || g.Actions != 3 {
		t.Fatalf("phase %s active %d", g.Phase, g.Active)
	}
	return g
}

// setTile puts room tile (0-based) at cell c with rotation rot, swapping.
func setTile(g *state, c, tile, rot int) {
	for i := range g.Cells {
		if g.Cells[i].Tile == tile {
			g.Cells[i].Tile = g.Cells[c].Tile
		}
	}
	g.Cells[c] = cell{Tile: tile, Rot: rot}
}

func has(g *state, s engine.Seat, kind string, args ...int) bool {
	_, ok := engine.Pick(g.Legal(s), kind, args...)
	return ok
}

func TestSetupOrderAndPhases(t *testing.T) {
	g := newGame(t, 4, engine.Options{OptItems: "6"}, 3)
	if g.Phase != PhaseStart || g.Size != 5 || len(g.Seats[0].Markers) != 6 || g.threshold() != 4 {
		t.Fatalf("phase %s size %d", g.Phase, g.Size)
	}
	if has(g, g.Active, KindStart, g.centre()) || !has(g, g.Active, KindStart, 0) {
		t.Fatal("the Portal is not a starting room")
	}
	g2 := newGame(t, 3, nil, 3)
	if g2.Phase != PhaseColours || len(g2.Legal(g2.Active)) != 20 || len(g2.Seats[0].Markers) != 8 {
		t.Fatal("3 items: 20 ways to choose the colours")
	}
}

func TestDoorsAndCosts(t *testing.T) {
	g := started(t, 1)
	s := g.Active
	p := &g.Seats[s]
	// Room 1 (type A: N open, E closed, S open, W closed) at cell 4? No:
	// the Portal is cell 4. Put type A rooms at cells 0 and 1, unturned.
	setTile(g, 0, 0, 0)
	setTile(g, 1, 1, 0)
	setTile(g, 3, 6, 0) // type B: N open, E open, S closed, W wall
	p.Cell = 0
	if g.passage(0, East) != 1 || g.passage(0, North) != -1 || g.passage(0, South) != 0 {
		t.Fatalf("passages %d %d %d", g.passage(0, East), g.passage(0, North), g.passage(0, South))
	}
	et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindMove, Args: []int{East}}})
	if p.Cell != 1 || p.Fort != 4 || g.Actions != 2 {
		t.Fatalf("cell %d fort %d actions %d", p.Cell, p.Fort, g.Actions)
	}
	p.Fort = 0
	if has(g, s, KindMove, South) {
		t.Fatal("into the Portal without the components")
	}
	p.Placed = []int{p.Horror*6 + Red, p.Horror*6 + Yellow, p.Horror*6 + Green}
	for col := range 3 {
		g.Decks[col] = slices.DeleteFunc(g.Decks[col], func(x int) bool { return x == p.Horror*6+col })
	}
	// Cell 1 (room 2, type A unturned) faces the Portal with its open S door.
	if !has(g, s, KindMove, South) {
		t.Fatal("the Portal through an open door at Fortitude 0")
	}
	g.Ghosts[0] = g.centre()
	ev := et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindMove, Args: []int{South}}})
	if g.Phase == PhaseOver {
		if g.Winner != s || len(g.Roll.Dice) != 1 || g.Roll.Dice[0] < 3 {
			t.Fatalf("won with %v", g.Roll)
		}
	} else if p.Cell != 1 || p.Fort != -1 || g.Roll.Dice[0] >= 3 {
		t.Fatalf("lost in the Portal: cell %d fort %d roll %v %v", p.Cell, p.Fort, g.Roll, ev)
	}
}

func TestGhostSummonedAtThreshold(t *testing.T) {
	g := started(t, 2)
	s := g.Active
	p := &g.Seats[s]
	setTile(g, 0, 0, 0) // room 1: 2 bookcases, a drawer, a mirror
	p.Cell = 0
	other := &g.Seats[1-s]
	other.Cell = 0
	other.Markers[0], other.Next = 0, 1
	p.Markers[0], p.Next = 0, 1
	et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindSearch, Args: []int{0}}})
	if g.Ghosts[0] != 0 || p.Fort > 4 || other.Fort != 4 {
		t.Fatalf("ghosts %v forts %d %d", g.Ghosts, p.Fort, other.Fort)
	}
	if has(g, s, KindAttack, 0) {
		t.Fatal("a ghost that appeared in your room cannot be attacked before leaving")
	}
	et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindSearch, Args: []int{0}}})
	if len(g.ghostsIn(0)) != 1 {
		t.Fatal("a fourth marker summons no second ghost")
	}
}

func TestKnifeAndProtection(t *testing.T) {
	g := started(t, 3)
	a, v := g.Active, 1-g.Active
	pa, pv := &g.Seats[a], &g.Seats[v]
	pv.Cell = pa.Cell
	move := func(from *[]int, to *[]int, c int) {
		*from = slices.DeleteFunc(*from, func(x int) bool { return x == c })
		*to = append(*to, c)
	}
	move(&g.Curses, &pa.Cards, 14)   // a Knife
	move(&g.Blessings, &pv.Cards, 4) // Protection against stabbing
	pa.Fort, pv.Fort = 2, 2
	et.MustApply(t, g, et.Move{Seat: a, Action: engine.Action{Kind: KindPlay, Args: []int{14, int(v)}}})
	if g.Phase != PhaseRespond || !slices.Equal(g.Responding(), []engine.Seat{v}) || len(g.Legal(a)) != 0 {
		t.Fatal("the victim answers out of turn")
	}
	if g.Timeout(v).Kind != KindPass {
		t.Fatal("running out of time takes the blow")
	}
	ev := et.MustApply(t, g, et.Move{Seat: v, Action: engine.Action{Kind: KindProtect, Args: []int{4}}})
	if pv.Fort != 2 || pa.Fort != 2 || g.Phase != PhaseTurn || g.Active != a || len(pv.Cards) != 0 ||
		!et.HasText(ev, a, "{seat"+string(rune('0'+v))+"} plays Protection against stabbing: the Knife does them no harm") {
		t.Fatalf("after the Protection: %d %d %s %v", pv.Fort, pa.Fort, g.Phase, ev)
	}
	// Now a Knife with no card to answer: it strikes at once and loots.
	move(&g.Curses, &pa.Cards, 15)
	pv.Spare = append(pv.Spare, g.Decks[Blue][0])
	g.Decks[Blue] = g.Decks[Blue][1:]
	et.MustApply(t, g, et.Move{Seat: a, Action: engine.Action{Kind: KindPlay, Args: []int{15, int(v)}}})
	if g.Phase != PhaseLoot || pv.Fort != 1 || pa.Fort != 3 {
		t.Fatalf("phase %s forts %d %d", g.Phase, pv.Fort, pa.Fort)
	}
	et.MustApply(t, g, et.Move{Seat: a, Action: engine.Action{Kind: KindLoot, Args: []int{int(v), 0}}})
	if len(pv.Spare) != 0 || len(pa.Spare)+len(pa.Placed) != 1 || g.Phase != PhaseTurn {
		t.Fatal("the loot")
	}
}

func TestExchange(t *testing.T) {
	g := started(t, 4)
	s := g.Active
	p := &g.Seats[s]
	setTile(g, 0, 2, 0) // room 3: 2 bookcases
	p.Cell = 0
	for _, c := range []int{Blue, Blue} {
		x := g.Decks[c][0]
		if x/6 == p.Horror {
			x = g.Decks[c][1]
		}
		g.Decks[c] = slices.DeleteFunc(g.Decks[c], func(y int) bool { return y == x })
		p.Spare = append(p.Spare, x)
	}
	legal := g.Legal(s)
	n := 0
	for _, a := range legal {
		if a.Kind == KindExchange {
			n++
		}
	}
	if n != 3 { // red, yellow or green for the two blues
		t.Fatalf("%d exchanges", n)
	}
	et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindExchange, Args: slices.Concat([]int{Green}, p.Spare)}})
	if len(p.Placed) != 1 || p.Placed[0] != p.Horror*6+Green || len(p.Spare) != 0 || g.Exchanged[0] != 1 {
		t.Fatalf("placed %v spare %v", p.Placed, p.Spare)
	}
}

func TestLockedInARoomSkipsTurn(t *testing.T) {
	g := started(t, 5)
	s := g.Active
	g.Seats[1-s].Skip = true
	et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindEnd}})
	if g.Active != s || g.Seats[1-s].Skip || g.Round != 2 {
		t.Fatalf("active %d round %d", g.Active, g.Round)
	}
}

// TestOverwhelmedBelowZero: ruling 8. The rulebook: "Players below 0 have
// become overwhelmed by events and can only stagger through doors, summon
// the ability to move rooms and look at the mirrors and paintings." Below
// 0 a player plays no card (a Restore, a weapon, nor a Protection in
// answer to an attack) and attacks no ghost, but still moves and rotates.
func TestOverwhelmedBelowZero(t *testing.T) {
	g := started(t, 3)
	a, v := g.Active, 1-g.Active
	pa, pv := &g.Seats[a], &g.Seats[v]
	pv.Cell = pa.Cell
	take := func(from *[]int, to *[]int, c int) {
		*from = slices.DeleteFunc(*from, func(x int) bool { return x == c })
		*to = append(*to, c)
	}
	take(&g.Blessings, &pa.Cards, 7) // Restore Fortitude
	take(&g.Curses, &pa.Cards, 14)   // a Knife
	take(&g.Blessings, &pv.Cards, 4) // Protection against stabbing
	pa.Fort = -1
	offers := func(kind string) bool {
		return slices.ContainsFunc(g.Legal(a), func(m engine.Action) bool { return m.Kind == kind })
	}
	for _, k := range []string{KindPlay, KindSearch, KindExchange} {
		if offers(k) {
			t.Errorf("below 0 the player may still %s: %v", k, g.Legal(a))
		}
	}
	if !offers(KindRotate) || !offers(KindMove) {
		t.Errorf("below 0 the player may not move or rotate: %v", g.Legal(a))
	}
	pa.Fort = 0 // the way back up: at 0 cards play again
	if !has(g, a, KindPlay, 7) {
		t.Fatal("at 0 the Restore is not offered")
	}
	pv.Fort = -2
	et.MustApply(t, g, et.Move{Seat: a, Action: engine.Action{Kind: KindPlay, Args: []int{14, int(v)}}})
	if g.Phase == PhaseRespond || pv.Fort != -3 {
		t.Fatalf("a victim below 0 was asked for a Protection: phase %s, Fortitude %d", g.Phase, pv.Fort)
	}
}

// TestExchangeReachesAnotherPlayersSpare: ruling 9. The rulebook: "exchange
// Component cards for a card needed by a player" and "exchange unwanted
// Component cards they have collected for another card they need". A spare
// is never a card its holder needs, so when the needed card lies among
// another player's spares (its deck cannot give it), the exchange takes it
// from there: a game cannot stall for want of a card nobody can use.
func TestExchangeReachesAnotherPlayersSpare(t *testing.T) {
	g := started(t, 4)
	s := g.Active
	p := &g.Seats[s]
	other := &g.Seats[1-s]
	setTile(g, 0, 2, 0) // room 3: 2 bookcases
	p.Cell = 0
	take := func(c int) {
		g.Decks[c%6] = slices.DeleteFunc(g.Decks[c%6], func(y int) bool { return y == c })
	}
	mine := p.Horror*6 + Green
	take(mine)
	other.Spare = append(other.Spare, mine)
	for _, c := range g.Decks[Blue][:3] {
		if c/6 != p.Horror && len(p.Spare) < 2 {
			take(c)
			p.Spare = append(p.Spare, c)
		}
	}
	deck := len(g.Decks[Green])
	ev := et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindExchange, Args: slices.Concat([]int{Green}, p.Spare)}})
	if !slices.Contains(p.Placed, mine) || slices.Contains(other.Spare, mine) || len(g.Decks[Green]) != deck {
		t.Fatalf("placed %v, the other's spares %v, green deck %d (was %d)", p.Placed, other.Spare, len(g.Decks[Green]), deck)
	}
	said := false
	for _, e := range ev {
		said = said || strings.Contains(e.Text(), "taken from "+engine.SeatRef(1-s)+"'s spares")
	}
	if !said {
		t.Errorf("the log does not say where the card came from: %v", ev)
	}
}

// TestGhostMetAgainOnALaterTurn: ruling 4. The rulebook: "If a player is
// already in a room when a Ghost appears, they must leave the room and
// re-enter on their next turn." A player whose search summons a ghost
// around them gains no attack by stepping out and back in the same turn;
// on their next turn, out and back in, they may attack it.
func TestGhostMetAgainOnALaterTurn(t *testing.T) {
	g := started(t, 2)
	s := g.Active
	p := &g.Seats[s]
	setTile(g, 0, 0, 0) // room 1: 2 bookcases, a drawer, a mirror; E closed
	setTile(g, 1, 1, 0) // room 2, its W side closed
	p.Cell, p.Fort = 0, 5
	g.Seats[1-s].Cell = 8
	p.Markers[0], p.Markers[1], p.Next = 0, 0, 2
	et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindSearch, Args: []int{0}}})
	if g.Ghosts[0] != 0 {
		t.Fatalf("no ghost summoned: %v", g.Ghosts)
	}
	out := func() {
		t.Helper()
		p.Fort, g.Actions = 5, 3
		et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindMove, Args: []int{East}}})
		et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindMove, Args: []int{West}}})
		if p.Cell != 0 {
			t.Fatalf("not back in the ghost's room: cell %d", p.Cell)
		}
	}
	out()
	if has(g, s, KindAttack, 0) {
		t.Fatal("stepping out and back in the turn the ghost appeared gave an attack on it")
	}
	et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindEnd}})
	for g.Active != s {
		q := g.Pending()[0]
		a := g.Timeout(q)
		et.MustApply(t, g, et.Move{Seat: q, Action: a})
	}
	if g.Active != s {
		t.Fatalf("seat %d's turn, want %d's", g.Active, s)
	}
	out()
	if !has(g, s, KindAttack, 0) {
		t.Fatalf("out and back in on the next turn gives no attack: %v", g.Legal(s))
	}
}
