package labyrinth

import "slices"

// doMove carries out a legal move: spends its boosters, moves the piece
// and takes its automatic bonus.
func (g *state) doMove(m MoveSpec) {
	g.Actions--
	h := g.me()
	spent := used{Seat: g.Turn}
	for _, id := range m.Passages {
		spent.add(id, SecretPassage)
	}
	if m.Ladder >= 0 {
		spent.add(m.Ladder, LibraryLadder)
	}
	if m.Copier >= 0 {
		spent.add(m.Copier, Photocopier)
	}
	for _, u := range spent.Spent[:spent.N] {
		h.remove(u.card)
		g.discard(u.card)
	}
	if spent.N > 0 {
		record(g, spent)
	}
	from := g.Pos[g.Turn]
	switch m.Piece {
	case PieceMeeple:
		g.Pos[g.Turn] = m.Tile
	case PieceTrolley:
		from = g.TrolleyAt
		g.TrolleyAt = m.Tile
	case PieceRide:
		g.Pos[g.Turn], g.TrolleyAt = m.Tile, m.Tile
	}
	record(g, moved{g.Turn, m.Piece, from, m.Tile})
	g.Last = append(g.Last[:0], from, m.Tile)
	switch m.Bonus {
	case BonusCapture:
		g.capture(m)
	case BonusReturn:
		g.returnTerror(m)
	case BonusReward:
		g.RewardTaken = true
		g.RewardTiles |= 1 << m.Tile
		id := g.drawReward()
		if m.Piece == PieceTrolley {
			g.Trolley.Cards = append(g.Trolley.Cards, id)
		} else {
			h.Cards = append(h.Cards, id)
		}
		record(g, drewReward{Seat: g.Turn, Card: id, Trolley: m.Piece == PieceTrolley})
	}
}

// spending is a booster card a move spends, with the effect it is used for.
type spending struct {
	card   int
	effect Boost
}

// capture takes the Terror on the move's tile into the player's hand with
// the cards used (ruling C8.3).
func (g *state) capture(m MoveSpec) {
	t := &g.Tiles[m.Tile]
	id := t.Terror
	t.Terror = -1
	for _, c := range m.Cards {
		if !g.me().remove(c) {
			g.Trolley.remove(c)
		}
	}
	h := g.me()
	h.Captured = append(h.Captured, capture{Terror: id, Cards: slices.Clone(m.Cards)})
	f := captured{Seat: g.Turn, Terror: id, Copied: m.Copied}
	f.N = copy(f.Cards[:], m.Cards)
	record(g, f)
}

// returnTerror returns a captured Terror to the Shelf on the move's tile:
// both leave the game, the cards under the Terror are discarded, and
// whoever held it draws a Reward card. The sixth genre wins.
func (g *state) returnTerror(m MoveSpec) {
	t := &g.Tiles[m.Tile]
	shelf := t.Shelf
	t.Shelf = -1
	holder := g.me()
	i := holder.captured(m.Terror)
	if i < 0 {
		holder = &g.Trolley
		i = holder.captured(m.Terror)
	}
	pile := holder.Captured[i]
	holder.Captured = slices.Delete(holder.Captured, i, i+1)
	for _, c := range pile.Cards {
		g.discard(c)
	}
	g.Returned = append(g.Returned, returned{Terror: m.Terror, Shelf: shelf})
	g.Filled[shelf] = true
	record(g, returnedTerror{g.Turn, m.Terror, shelf})
	if g.filled() == NumGenres {
		g.finish(librarySaved)
		return
	}
	if id := g.drawReward(); id >= 0 {
		holder.Cards = append(holder.Cards, id)
		record(g, drewReward{Seat: g.Turn, Card: id, Returned: true})
	}
}
