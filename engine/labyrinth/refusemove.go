package labyrinth

import "arcade/engine"

// whyNotGo says why the move m cannot be made.
func (g *state) whyNotGo(m MoveSpec) error {
	if err := g.whyNotWay(m); err != nil {
		return err
	}
	switch m.Bonus {
	case BonusCapture:
		return g.whyNotCapture(m)
	case BonusReturn:
		return g.whyNotReturn(m)
	case BonusReward:
		return g.whyNotReward(m)
	}
	return nil
}

// whyNotWay says why the piece of move m cannot go to its tile and end
// there with its bonus, whatever the cards the bonus uses.
func (g *state) whyNotWay(m MoveSpec) error {
	if m.Piece != PieceMeeple && !g.solo() {
		return engine.Refuse(ruleTrolley, "Only the solo game has the Trolley.")
	}
	if m.Piece == PieceRide && g.TrolleyAt != g.Pos[g.Turn] {
		return engine.Refuse(rulingRideStart, "The Trolley is not on your tile: to move and ride, both start on one tile.")
	}
	from := g.Pos[g.Turn]
	if m.Piece == PieceTrolley {
		from = g.TrolleyAt
	}
	if m.Tile == from {
		return engine.Refuse(rulingTokenStop, "You are on %s already: a move ends on another tile.", TileName(from))
	}
	if !g.Tiles[m.Tile].Lit {
		return engine.Refuse(ruleBlock, "%s is dark: moves go along lit tiles only.", TileName(m.Tile))
	}
	if err := g.whyNotStop(m); err != nil {
		return err
	}
	return g.whyNotPath(m, from)
}

// whyNotStop says why move m may not end on its tile with its bonus.
func (g *state) whyNotStop(m MoveSpec) error {
	t, name := &g.Tiles[m.Tile], TileName(m.Tile)
	switch {
	case m.Piece == PieceTrolley && (t.token() || m.Bonus == BonusCapture || m.Bonus == BonusReturn):
		return engine.Refuse(rulingTrolleyAlone, "The Trolley cannot capture or return on its own: move and ride with it.")
	case t.Terror >= 0 && m.Bonus != BonusCapture:
		return engine.Refuse(rulingTokenStop, "A move may end on the %s only to capture it.", Terrors[t.Terror].Name)
	case t.Shelf >= 0 && m.Bonus != BonusReturn:
		return engine.Refuse(rulingTokenStop, "A move may end on the %s Shelf only to return a Terror to it.", GenreNames[t.Shelf])
	case m.Bonus == BonusCapture && t.Terror < 0:
		return engine.Illegal("No Terror stands on %s to capture.", name)
	case m.Bonus == BonusReturn && t.Shelf < 0:
		return engine.Illegal("No Shelf stands on %s to return a Terror to.", name)
	case m.Bonus == BonusReward && t.Kind != KindReward:
		return engine.Illegal("%s is not a Reward tile.", name)
	}
	return nil
}

// whyNotPath says why the way of move m from tile from is closed to it:
// dark tiles, tokens, or bookcases without a Secret Passage for each.
func (g *state) whyNotPath(m MoveSpec, from int) error {
	laddered := m.Ladder >= 0
	if laddered {
		if err := g.whyNotBooster(m.Ladder, LibraryLadder); err != nil {
			return err
		}
	}
	for _, id := range m.Passages {
		if err := g.whyNotBooster(id, SecretPassage); err != nil {
			return err
		}
	}
	cells := g.cells()
	cost := pathCosts(&cells, from, laddered)[m.Tile]
	switch {
	case cost < unreachable:
	case !laddered && pathCosts(&cells, from, true)[m.Tile] < unreachable:
		return engine.Refuse(ruleBlock, "Terror or Shelf tokens block every way from %s to %s (a Library Ladder passes them).",
			TileName(from), TileName(m.Tile))
	default:
		return engine.Refuse(ruleBlock, "Dark tiles cut every way from %s to %s.", TileName(from), TileName(m.Tile))
	}
	if len(m.Passages) < cost {
		return engine.Refuse(rulingPassages, "The way from %s to %s crosses at least %d %s: each takes a Secret Passage card.",
			TileName(from), TileName(m.Tile), cost, engine.Plural(cost, "bookcase", "bookcases"))
	}
	if laddered && pathCosts(&cells, from, false)[m.Tile] <= cost {
		return engine.Refuse(rulingPassageCard, "The Library Ladder saves nothing on this move: a Ladder is offered only where it saves Secret Passages or opens the way.")
	}
	return nil
}

// whyNotCapture says why the cards of move m cannot capture the Terror
// on its tile.
func (g *state) whyNotCapture(m MoveSpec) error {
	h, terror := g.me(), g.Tiles[m.Tile].Terror
	for _, c := range m.Cards {
		switch {
		case h.has(c):
		case g.solo() && g.Trolley.has(c):
			if m.Piece != PieceRide {
				return engine.Refuse(ruleRide, "%s is in the Trolley's hand: its cards count when you move and ride with it.", nameOf(c))
			}
		default:
			return notHeld(c)
		}
	}
	copied := -1
	if m.Copier >= 0 {
		if err := g.whyNotBooster(m.Copier, Photocopier); err != nil {
			return err
		}
		if !IsBook(m.Copied) || !h.has(m.Copied) {
			return engine.Refuse(rulingCopier, "A Photocopier copies a Book of your own hand.")
		}
		copied = m.Copied
	}
	name, need := Terrors[terror].Name, pack(Terrors[terror].Needs)
	if !symbolsOf(m.Cards, copied, -1).covers(need) {
		return engine.Refuse(ruleCover, "Those cards do not show every symbol the %s needs (%s).", name, terrorLetters[terror])
	}
	if h.slots()-g.spent(&m)+1 > HandLimit {
		return engine.Refuse(ruleHandRoom, "Your hand has no slot left for the captured %s.", name)
	}
	if copied >= 0 && symbolsOf(m.Cards, -1, -1).covers(need) {
		return engine.Refuse(rulingCopier, "Those cards capture the %s without the Photocopier: it is offered only where it saves a card.", name)
	}
	for _, c := range m.Cards {
		if symbolsOf(m.Cards, copied, c).covers(need) {
			return engine.Refuse(rulingCapture, "%s is not needed to capture the %s: a capture uses only the cards it needs.", nameOf(c), name)
		}
	}
	return nil
}

// symbolsOf is the symbols cards show for a capture, the Book copied (-1:
// none) counting twice, without the card left (-1: none).
func symbolsOf(cards []int, copied, left int) packed {
	var have packed
	for _, c := range cards {
		if c == left || c < 0 || c >= NumCards {
			continue
		}
		have += cardSyms[c]
		if c == copied {
			have += cardSyms[c]
		}
	}
	return have
}

// whyNotReturn says why the Terror of move m cannot go back to the Shelf
// on its tile.
func (g *state) whyNotReturn(m MoveSpec) error {
	if m.Terror < 0 || m.Terror >= NumTerrors {
		return nil
	}
	name := Terrors[m.Terror].Name
	if g.me().captured(m.Terror) < 0 {
		if !g.solo() || g.Trolley.captured(m.Terror) < 0 {
			return engine.Illegal("You hold no captured %s.", name)
		}
		if m.Piece != PieceRide {
			return engine.Refuse(ruleRide, "The Trolley holds the %s: move and ride with it to return it.", name)
		}
	}
	if shelf := g.Tiles[m.Tile].Shelf; Terrors[m.Terror].Needs[shelf] == 0 {
		return engine.Refuse(ruleReturnSymbol, "The %s does not show the %s symbol (%s) of the %s Shelf.",
			name, SymbolNames[shelf], SymbolLetters[shelf], GenreNames[shelf])
	}
	return nil
}

// whyNotReward says why move m cannot draw a Reward card on its tile.
func (g *state) whyNotReward(m MoveSpec) error {
	switch {
	case g.RewardTiles&(1<<m.Tile) != 0:
		return engine.Refuse(rulingRewardTile, "%s has given its Reward card this turn.", TileName(m.Tile))
	case g.rewardSupply() == 0:
		return engine.Refuse(ruleRefill, "No Reward card is left to draw: the deck and its discards are empty.")
	case m.Piece == PieceTrolley && g.Trolley.slots()+1 > HandLimit:
		return engine.Refuse(ruleHandRoom, "The Trolley's hand is full (six slots).")
	case m.Piece != PieceTrolley && g.me().slots()-g.spent(&m)+1 > HandLimit:
		return engine.Refuse(ruleHandRoom, "Your hand is full (six slots): discard a card to draw the Reward card.")
	}
	return nil
}
