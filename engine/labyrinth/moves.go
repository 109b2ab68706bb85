package labyrinth

import "math/bits"

// listMoves lists every legal move: for each piece that may move and each
// tile it can reach, the ways to get there with the fewest Secret
// Passages (with and without a Library Ladder, when the Ladder saves
// passages or opens the way), times the bonus the move may carry.
func (g *state) listMoves(l *actionList) {
	pieces := [3]int{PieceMeeple}
	np := 1
	if g.solo() {
		pieces[np] = PieceTrolley
		np++
		if g.TrolleyAt == g.Pos[0] {
			pieces[np] = PieceRide
			np++
		}
	}
	ladder := booster(g.me(), LibraryLadder)
	cells := g.cells()
	for _, piece := range pieces[:np] {
		if l.looking && l.want.Arg(movePiece) != piece {
			continue
		}
		from := g.Pos[g.Turn]
		if piece == PieceTrolley {
			from = g.TrolleyAt
		}
		var pool lazyPool // the cards for captures, read when a Terror is in reach
		plain := pathCosts(&cells, from, false)
		var laddered [NumTiles]int
		if ladder >= 0 {
			laddered = pathCosts(&cells, from, true)
		}
		for to := range NumTiles {
			if to == from || (l.looking && l.want.Arg(moveTile) != to) {
				continue
			}
			if plain[to] < unreachable {
				g.listMovesTo(l, &pool, piece, to, plain[to], -1)
			}
			if ladder >= 0 && laddered[to] < plain[to] {
				g.listMovesTo(l, &pool, piece, to, laddered[to], ladder)
			}
		}
	}
}

// addMove lists one move (see KindMove for its Args).
func addMove(l *actionList, m MoveSpec) {
	if l.looking {
		var buf [32]int
		l.add(m.appendArgs(buf[:0])...)
		return
	}
	k := movePassages + 1 + len(m.Passages)
	switch m.Bonus {
	case BonusCapture:
		k += len(m.Cards)
	case BonusReturn:
		k++
	}
	m.appendArgs(l.reserve(k)[:0])
	l.commit(k)
}

// listMovesTo lists the moves of piece to tile to crossing n bookcases,
// with the ladder card or -1: plain, capturing, returning or drawing a
// Reward.
func (g *state) listMovesTo(l *actionList, pool *lazyPool, piece, to, n, ladder int) {
	t := &g.Tiles[to]
	if piece == PieceTrolley && t.token() {
		return // only the player captures and returns
	}
	var pbuf [HandLimit]int
	m := MoveSpec{Tile: to, Piece: piece, Ladder: ladder, Copier: -1, Copied: -1, Terror: -1}
	if t.Terror >= 0 {
		g.listCaptures(l, pool.get(g, piece), m, n)
		return
	}
	h := g.me()
	passages, ok := appendBoosters(pbuf[:0], h, SecretPassage, n, ladder)
	if !ok {
		return
	}
	m.Passages = passages
	if t.Shelf >= 0 {
		m.Bonus = BonusReturn
		hands := [2]*hand{h, &g.Trolley}
		for _, hh := range hands[:rideHands(piece)] {
			for _, c := range hh.Captured {
				if Terrors[c.Terror].Needs[t.Shelf] > 0 {
					m.Terror = c.Terror
					addMove(l, m)
				}
			}
		}
		return
	}
	addMove(l, m)
	// The Trolley alone may draw a Reward too (only capturing and
	// returning need the player): the card goes into its own hand.
	room := h.slots()-g.spent(&m)+1 <= HandLimit
	if piece == PieceTrolley {
		room = g.Trolley.slots()+1 <= HandLimit
	}
	// Each Reward tile gives one card a turn (ruling 25).
	if t.Kind == KindReward && g.RewardTiles&(1<<to) == 0 && g.rewardSupply() > 0 && room {
		m.Bonus = BonusReward
		addMove(l, m)
	}
}

// rideHands is the number of hands a move of piece draws on: the
// player's and, in a ride, the Trolley's.
func rideHands(piece int) int {
	if piece == PieceRide {
		return 2
	}
	return 1
}

// spent is the number of the player's cards a move uses up from the hand.
func (g *state) spent(m *MoveSpec) int {
	n := len(m.Passages)
	if m.Ladder >= 0 {
		n++
	}
	if m.Copier >= 0 {
		n++
	}
	for _, id := range m.Cards {
		if g.me().has(id) {
			n++
		}
	}
	return n
}

// listCaptures lists the ways to capture the Terror on m's tile crossing
// n bookcases: every minimal covering set of the cards at hand (the
// player's, and in a ride the Trolley's), and with a Photocopier every
// set it makes smaller.
func (g *state) listCaptures(l *actionList, pool *lazyPool, m MoveSpec, n int) {
	h := g.me()
	m.Bonus, m.Terror = BonusCapture, g.Tiles[m.Tile].Terror
	need := Terrors[m.Terror].Needs
	var masks [64]uint16
	var cards [maxPool]int
	var pbuf [HandLimit]int
	// add lists the captures with the sets of cards in sets, if the hand
	// has the passages for them and room for the Terror.
	add := func(sets []uint16) {
		if len(sets) == 0 {
			return
		}
		p, ok := appendBoosters(pbuf[:0], h, SecretPassage, n, m.Copier, m.Ladder)
		if !ok {
			return
		}
		m.Passages, m.Cards = p, nil
		spent := g.spent(&m) // the boosters; then the cards of the hand in each set
		for _, set := range sets {
			if h.slots()-spent-bits.OnesCount16(set&pool.mine)+1 <= HandLimit {
				m.Cards = pool.cards.set(cards[:0], set)
				addMove(l, m)
			}
		}
	}
	add(pool.cards.minimal(masks[:0], need, -1))
	copier := booster(h, Photocopier, m.Ladder)
	if copier < 0 {
		return
	}
	for _, b := range h.Cards {
		if IsBook(b) {
			m.Copier, m.Copied = copier, b
			add(pool.cards.minimal(masks[:0], need, b))
		}
	}
}

// lazyPool is the cards a piece's captures draw on, read when first
// needed (get).
type lazyPool struct {
	ready bool
	cards coverPool
	mine  uint16 // the cards of the player's hand, as a set
}

// get reads the cards for captures by piece: the player's, and in a ride
// the Trolley's too.
func (p *lazyPool) get(g *state, piece int) *lazyPool {
	if !p.ready {
		var cards [maxPool]int
		n := copy(cards[:], g.me().Cards)
		if piece == PieceRide {
			n += copy(cards[n:], g.Trolley.Cards)
		}
		p.cards, p.ready = newCoverPool(cards[:n]), true
		for i, id := range p.cards.cards[:p.cards.n] {
			if g.me().has(id) {
				p.mine |= 1 << i
			}
		}
	}
	return p
}
