package labyrinth

import (
	"slices"
	"strings"

	"arcade/engine"
)

// doMove carries out a legal move: spends its boosters, moves the piece
// and takes its automatic bonus.
func (g *state) doMove(m MoveSpec) {
	g.Actions--
	h := g.me()
	who := engine.SeatRef(g.Turn)
	var used []string
	spend := func(id int, effect Boost) {
		h.remove(id)
		g.discard(id)
		used = append(used, CardName(id)+" ("+effect.String()+")")
	}
	for _, id := range m.Passages {
		spend(id, SecretPassage)
	}
	if m.Ladder >= 0 {
		spend(m.Ladder, LibraryLadder)
	}
	if m.Copier >= 0 {
		spend(m.Copier, Photocopier)
	}
	if len(used) > 0 {
		g.log("%s uses %s.", who, strings.Join(used, ", "))
	}
	from := g.Pos[g.Turn]
	switch m.Piece {
	case PieceMeeple:
		g.Pos[g.Turn] = m.Tile
		g.log("%s moves from %s to %s.", who, TileName(from), TileName(m.Tile))
	case PieceTrolley:
		from = g.TrolleyAt
		g.TrolleyAt = m.Tile
		g.log("%s moves the Trolley from %s to %s.", who, TileName(from), TileName(m.Tile))
	case PieceRide:
		g.Pos[g.Turn], g.TrolleyAt = m.Tile, m.Tile
		g.log("%s rides with the Trolley from %s to %s.", who, TileName(from), TileName(m.Tile))
	}
	g.Last = []int{from, m.Tile}
	switch m.Bonus {
	case BonusCapture:
		g.capture(m)
	case BonusReturn:
		g.returnTerror(m)
	case BonusReward:
		g.RewardTaken = true
		id := g.drawReward()
		if m.Piece == PieceTrolley {
			g.Trolley.Cards = append(g.Trolley.Cards, id)
			g.log("The Trolley draws the Reward card %s.", CardName(id))
		} else {
			h.Cards = append(h.Cards, id)
			g.log("%s draws the Reward card %s.", who, CardName(id))
		}
	}
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
	g.log(text+".", engine.SeatRef(g.Turn), Terrors[id].Name, cardList(m.Cards, false))
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
	who := engine.SeatRef(g.Turn)
	g.log("%s returns the %s to the %s Shelf.", who, Terrors[m.Terror].Name, GenreNames[shelf])
	if g.filled() == NumGenres {
		g.finish(true, "Every Shelf genre has its Terror back: the library is saved!")
		return
	}
	if id := g.drawReward(); id >= 0 {
		holder.Cards = append(holder.Cards, id)
		g.log("%s draws the Reward card %s.", who, CardName(id))
	}
}
