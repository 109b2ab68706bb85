package horror

import (
	"math/bits"
	"slices"

	"arcade/engine"
)

// pending reports whether seat s may act now.
func (g *state) pending(s engine.Seat) bool {
	switch g.Phase {
	case PhaseOver:
		return false
	case PhaseRespond:
		return s == g.Victim
	}
	return s == g.Active
}

// Legal implements engine.State. The moves are listed in the state's
// scratch list, then written out as a new list, or handed out again when
// they are those of a list handed out lately (kept in the state's
// lists): no list is ever changed once handed out, and callers must not
// change them either.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if !g.pending(s) {
		return nil
	}
	l := moveList{moves: g.scratch[:0]}
	g.listMoves(s, &l)
	g.scratch = l.moves
	h := l.sum()
	kept := &g.lists[h%uint64(len(g.lists))]
	if kept.hash == h && kept.list != nil && slices.Equal(kept.moves, l.moves) {
		return kept.list
	}
	kept.hash, kept.list, kept.moves = h, l.actions(g, &g.arena), g.arena.keep(g, l.moves)
	return kept.list
}

// allows reports whether a is one of seat s's legal moves, and its kind.
func (g *state) allows(s engine.Seat, a engine.Action) (moveKind, bool) {
	if !g.pending(s) {
		return 0, false
	}
	m, ok := encode(a)
	if !ok {
		return 0, false
	}
	l := moveList{probe: true, want: m}
	g.listMoves(s, &l)
	return m.kind(), l.found
}

// listMoves lists seat s's legal moves (s may act) into l.
func (g *state) listMoves(s engine.Seat, l *moveList) {
	p := &g.Seats[s]
	switch g.Phase {
	case PhaseColours:
		for m := 1; m < 1<<numColours; m++ {
			if bits.OnesCount(uint(m)) == g.Items {
				l.add(mColours, m)
			}
		}
	case PhaseStart:
		for c := range g.Cells {
			if c != g.centre() {
				l.add(mStart, c)
			}
		}
	case PhaseRespond:
		prot := protectionFor(cardKinds[g.Weapon])
		for _, c := range p.Cards {
			if cardKinds[c] == prot {
				l.add(mProtect, c)
				break
			}
		}
		l.add(mPass)
	case PhaseLoot:
		v := &g.Seats[g.Victim]
		if len(v.Spare) > 0 {
			l.add(mLoot, int(g.Victim), 0)
		}
		if len(v.Cards) > 0 {
			l.add(mLoot, int(g.Victim), 1)
		}
		l.add(mNoLoot)
	case PhaseGhost:
		for c := range g.Cells {
			if c != g.Ghosts[g.Beaten] && (c == g.centre() || g.ghostCount(c) < maxGhostsRoom) {
				l.add(mGhost, c)
			}
		}
	case PhaseTurn:
		if g.Actions > 0 {
			g.actionMoves(s, l)
		}
		g.bonusMoves(s, l)
		l.add(mEnd)
	}
}

// canPay reports whether p can pay cost Fortitude (never below -5).
func canPay(p *seatState, cost int) bool { return p.Fort-cost >= minFort }

// moveCost is what passing through door d of p's room costs this turn, or
// -1 when it may not be passed.
func (g *state) moveCost(p *seatState, d int) int {
	n, cost := g.passageTo(p.Cell, d)
	return g.costThrough(p, n, cost)
}

// costThrough is moveCost of a door to cell n whose passage costs cost
// (passageTo).
func (g *state) costThrough(p *seatState, n, cost int) int {
	if cost < 0 {
		return -1
	}
	if g.LockPicks {
		cost = 0
	}
	if !canPay(p, cost) {
		return -1
	}
	if n == g.centre() && (!g.complete(p) || p.Fort-cost < 0) {
		return -1
	}
	return cost
}

// doorMoves lists the moves through the doors of p's room (moveCost),
// reading the neighbours and the sides of the rooms from their tables in
// the 3x3 and the 5x5 library.
func (g *state) doorMoves(p *seatState, l *moveList) {
	c := p.Cell
	if uint(c) >= uint(len(g.Cells)) || g.Size*g.Size != len(g.Cells) || g.Size != 3 && g.Size != 5 {
		for d := range 4 {
			if g.moveCost(p, d) >= 0 {
				l.add(mMove, d)
			}
		}
		return
	}
	here := &g.Cells[c]
	sides := &turnedEdges[here.Tile][here.Rot&3]
	for d, n := range &neighbours[g.Size/5][c] {
		cost := -1
		if n >= 0 {
			there := &g.Cells[n]
			cost = int(passCosts[sides[d]][turnedEdges[there.Tile][there.Rot&3][(d+2)&3]])
		}
		if g.costThrough(p, int(n), cost) >= 0 {
			l.add(mMove, d)
		}
	}
}

// mirrorCost is what a mirror costs this turn.
func (g *state) mirrorCost() int {
	if g.FreeMirror {
		return 0
	}
	return mirrorFortitude
}

// rotationOrder lists a cell's own place among its neighbours in cell
// order: north, west, itself, east, south (-1).
var rotationOrder = [5]int{North, West, -1, East, South}

// rotations lists the rotations a player in cell c may make: its own
// room and the adjacent ones, never the Portal, in cell order, each a
// quarter clockwise, then anticlockwise.
func (g *state) rotations(c int, l *moveList) {
	for _, d := range rotationOrder {
		n := c
		if d >= 0 {
			n = g.neighbour(c, d)
		}
		if n >= 0 && n != g.centre() {
			l.add(mRotate, n, 1)
			l.add(mRotate, n, 3)
		}
	}
}

// rotations are the rotations from each cell of the 3x3 and the 5x5
// library (state.rotations).
var rotations = func() (out [2][25][]move) {
	for i, size := range [2]int{3, 5} {
		g := &state{Size: size}
		for c := range size * size {
			l := moveList{}
			g.rotations(c, &l)
			out[i][c] = l.moves
		}
	}
	return out
}()

// actionMoves lists the actions (Move, Search, Look, Exchange) seat s
// may take.
func (g *state) actionMoves(s engine.Seat, l *moveList) {
	p := &g.Seats[s]
	if l.lists(mMove) {
		g.doorMoves(p, l)
	}
	// The rooms a player may rotate: its own and the adjacent ones, never
	// the Portal, in cell order.
	if l.lists(mRotate) {
		if g.Size == 3 || g.Size == 5 {
			for _, m := range rotations[g.Size/5][p.Cell] {
				l.push(m)
			}
		} else {
			g.rotations(p.Cell, l)
		}
	}
	rm := &rooms[g.Cells[p.Cell].Tile]
	if p.Fort >= 0 && l.lists(mSearch) {
		if rm.Bookcases > 0 {
			l.add(mSearch, 0)
		}
		if rm.Drawers > 0 {
			l.add(mSearch, 1)
		}
	}
	if rm.Mirror && l.lists(mMirror) && canPay(p, g.mirrorCost()) {
		for c, cl := range g.Cells {
			if c != p.Cell && rooms[cl.Tile].Mirror {
				l.add(mMirror, c)
			}
		}
	}
	if rm.Picture {
		l.add(mPicture)
	}
	if p.Fort >= 0 && g.Exchanged[p.Cell] < rm.Bookcases && l.lists(mExchange) {
		g.exchanges(s, l)
	}
}

// exchanges lists p's exchanges: for each colour p still needs whose
// card can be had, each set of spare cards it may give (two of a colour,
// the two lowest; three of different colours, the lowest of each).
func (g *state) exchanges(s engine.Seat, l *moveList) {
	p := &g.Seats[s]
	// The two lowest spare cards of each colour, and how many there are.
	var low [numColours][2]int
	var n [numColours]int
	for _, c := range p.Spare {
		col := c % numColours
		switch {
		case n[col] == 0 || c < low[col][0]:
			low[col][1], low[col][0] = low[col][0], c
		case n[col] == 1 || c < low[col][1]:
			low[col][1] = c
		}
		n[col]++
	}
	pairs, cols := false, 0
	for col := range n {
		pairs = pairs || n[col] >= 2
		if n[col] > 0 {
			cols++
		}
	}
	if !pairs && cols < 3 {
		return
	}
	for want := range numColours {
		if c, _, _ := g.exchangeCard(s, want); c < 0 {
			continue
		}
		for col := range n {
			if n[col] >= 2 {
				l.add(mExchange, want, low[col][0], low[col][1])
			}
		}
		for a := 0; a < numColours; a++ {
			for b := a + 1; b < numColours; b++ {
				for c := b + 1; c < numColours; c++ {
					if n[a] > 0 && n[b] > 0 && n[c] > 0 {
						l.add(mExchange, want, low[a][0], low[b][0], low[c][0])
					}
				}
			}
		}
	}
}

// exchangeCard is the card seat me would take for colour want in an exchange
// and where it lies (ruling 9): its deck, or, when the deck has none, a
// spare of another seat (from is that seat; fromSpares false for the
// deck). Card -1: none to be had. It is p's own Horror's card of that
// colour (colour match: the deck's top card, else another seat's lowest
// spare of the colour, the seats searched in turn from p's left).
func (g *state) exchangeCard(me engine.Seat, want int) (card int, from engine.Seat, fromSpares bool) {
	p := &g.Seats[me]
	if !p.Need[want] || p.placedColour(want) {
		return -1, 0, false
	}
	fits := func(c int) bool { return c == p.Horror*numColours+want }
	if g.ColourMatch {
		if len(g.Decks[want]) > 0 {
			return g.Decks[want][0], 0, false
		}
		fits = func(c int) bool { return c%numColours == want }
	} else if slices.ContainsFunc(g.Decks[want], fits) {
		return p.Horror*numColours + want, 0, false
	}
	for i := 1; i < len(g.Seats); i++ {
		s := engine.Seat((int(me) + i) % len(g.Seats))
		best := -1
		for _, c := range g.Seats[s].Spare {
			if fits(c) && (best < 0 || c < best) {
				best = c
			}
		}
		if best >= 0 {
			return best, s, true
		}
	}
	return -1, 0, false
}

// bonusMoves lists the bonus actions: playing a Blessing or Curse,
// attacking a ghost.
func (g *state) bonusMoves(s engine.Seat, l *moveList) {
	p := &g.Seats[s]
	if p.Fort < 0 {
		return // overwhelmed: no cards, no attacks (ruling 8)
	}
	if len(p.Cards) > 0 && l.lists(mPlay) {
		seen := [numKinds]bool{}
		for _, c := range p.Cards {
			k := cardKinds[c]
			if seen[k] {
				continue
			}
			seen[k] = true
			switch {
			case k == FreeTravel, k == LockPicks, k == Restore:
				l.add(mPlay, c)
			case isWeapon(k):
				g.targets(s, c, l)
			}
		}
	}
	if !g.AttackLost && l.lists(mAttack) {
		for _, gh := range p.Fresh {
			if g.Ghosts[gh] == p.Cell {
				l.add(mAttack, gh)
			}
		}
	}
}

// anyBonus reports whether seat s has a bonus action.
func (g *state) anyBonus(s engine.Seat) bool {
	l := moveList{probe: true, any: true}
	g.bonusMoves(s, &l)
	return l.found
}

// targets lists playing weapon card c on each player seat s can reach
// with it: in the same room, or (Revolver) in an adjacent room joined by
// open doors.
func (g *state) targets(s engine.Seat, c int, l *moveList) {
	p := &g.Seats[s]
	k := cardKinds[c]
	for t := range g.Seats {
		q := &g.Seats[t]
		if engine.Seat(t) == s || q.Cell < 0 {
			continue
		}
		if q.Cell == p.Cell {
			l.add(mPlay, c, t)
			continue
		}
		if k != Revolver {
			continue
		}
		for d := range 4 {
			if g.neighbour(p.Cell, d) == q.Cell && g.passage(p.Cell, d) == 0 {
				l.add(mPlay, c, t)
			}
		}
	}
}
