package labyrinth

import (
	"slices"
	"strings"
)

// doMove carries out a legal move: spends its boosters, moves the piece
// and takes its automatic bonus.
func (g *state) doMove(m MoveSpec) {
	g.Actions--
	h := g.me()
	var spent [HandLimit + 2]spending
	used := spent[:0]
	for _, id := range m.Passages {
		used = append(used, spending{id, SecretPassage})
	}
	if m.Ladder >= 0 {
		used = append(used, spending{m.Ladder, LibraryLadder})
	}
	if m.Copier >= 0 {
		used = append(used, spending{m.Copier, Photocopier})
	}
	for _, u := range used {
		h.remove(u.card)
		g.discard(u.card)
	}
	if len(used) > 0 {
		g.log(func() string {
			names := make([]string, len(used))
			for i, u := range used {
				names[i] = CardName(u.card) + " (" + u.effect.String() + ")"
			}
			return seatRef(g.Turn) + " uses " + strings.Join(names, ", ") + "."
		})
	}
	from := g.Pos[g.Turn]
	switch m.Piece {
	case PieceMeeple:
		g.Pos[g.Turn] = m.Tile
		g.log(func() string {
			return seatRef(g.Turn) + " moves from " + TileName(from) + " to " + TileName(m.Tile) + "."
		})
	case PieceTrolley:
		from = g.TrolleyAt
		g.TrolleyAt = m.Tile
		g.log(func() string {
			return seatRef(g.Turn) + " moves the Trolley from " + TileName(from) + " to " + TileName(m.Tile) + "."
		})
	case PieceRide:
		g.Pos[g.Turn], g.TrolleyAt = m.Tile, m.Tile
		g.log(func() string {
			return seatRef(g.Turn) + " rides with the Trolley from " + TileName(from) + " to " + TileName(m.Tile) + "."
		})
	}
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
			g.log(func() string { return "The Trolley draws the Reward card " + CardName(id) + "." })
		} else {
			h.Cards = append(h.Cards, id)
			g.log(func() string { return seatRef(g.Turn) + " draws the Reward card " + CardName(id) + "." })
		}
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
	text := "%s captures the %s with %s"
	if m.Copied >= 0 {
		text += " (" + CardName(m.Copied) + " photocopied)"
	}
	g.log(func() string {
		text := seatRef(g.Turn) + " captures the " + Terrors[id].Name + " with " + cardList(m.Cards, false)
		if m.Copied >= 0 {
			text += " (" + CardName(m.Copied) + " photocopied)"
		}
		return text + "."
	})
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
	g.log(func() string {
		return seatRef(g.Turn) + " returns the " + Terrors[m.Terror].Name + " to the " + GenreNames[shelf] + " Shelf."
	})
	if g.filled() == NumGenres {
		g.finish(true, "Every Shelf genre has its Terror back: the library is saved!")
		return
	}
	if id := g.drawReward(); id >= 0 {
		holder.Cards = append(holder.Cards, id)
		g.log(func() string { return seatRef(g.Turn) + " draws the Reward card " + CardName(id) + "." })
	}
}
