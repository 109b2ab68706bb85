package labyrinth

import (
	"slices"

	"arcade/engine"
)

// moveActions lists every legal move: for each piece that may move and
// each tile it can reach, the ways to get there with the fewest Secret
// Passages (with and without a Library Ladder, when the Ladder saves
// passages or opens the way), times the bonus the move may carry.
func (g *state) moveActions() []engine.Action {
	var out []engine.Action
	for _, m := range g.moveSpecs() {
		out = append(out, engine.Action{Kind: KindMove, Args: m.Args()})
	}
	return out
}

// moveSpecs lists the legal moves of the current player.
func (g *state) moveSpecs() []MoveSpec {
	pieces := []int{PieceMeeple}
	if g.solo() {
		pieces = append(pieces, PieceTrolley)
		if g.TrolleyAt == g.Pos[0] {
			pieces = append(pieces, PieceRide)
		}
	}
	h := g.me()
	ladder := booster(h, LibraryLadder)
	var out []MoveSpec
	for _, piece := range pieces {
		from := g.Pos[g.Turn]
		if piece == PieceTrolley {
			from = g.TrolleyAt
		}
		plain := g.paths(from, false)
		var laddered [NumTiles]int
		if ladder >= 0 {
			laddered = g.paths(from, true)
		}
		for to := range NumTiles {
			if to == from {
				continue
			}
			if plain[to] < unreachable {
				out = append(out, g.movesTo(piece, to, plain[to], -1)...)
			}
			if ladder >= 0 && laddered[to] < plain[to] {
				out = append(out, g.movesTo(piece, to, laddered[to], ladder)...)
			}
		}
	}
	return out
}

// movesTo lists the moves of piece to tile to crossing n bookcases, with
// the ladder card or -1: plain, capturing, returning or drawing a Reward.
func (g *state) movesTo(piece, to, n, ladder int) []MoveSpec {
	h := g.me()
	t := &g.Tiles[to]
	base := MoveSpec{Tile: to, Piece: piece, Ladder: ladder, Copier: -1, Copied: -1, Terror: -1}
	// withPassages adds the Secret Passages (none of the cards in skip),
	// false if the hand lacks them.
	withPassages := func(m MoveSpec, skip ...int) (MoveSpec, bool) {
		p := boosters(h, SecretPassage, n, append(skip, ladder)...)
		if p == nil {
			return m, false
		}
		m.Passages = p
		return m, true
	}
	var out []MoveSpec
	switch {
	case t.Terror >= 0:
		if piece != PieceTrolley {
			out = g.captures(base, withPassages)
		}
	case t.Shelf >= 0:
		if piece == PieceTrolley {
			break
		}
		for _, id := range g.returnable(piece, t.Shelf) {
			m := base
			m.Bonus, m.Terror = BonusReturn, id
			if m, ok := withPassages(m); ok {
				out = append(out, m)
			}
		}
	default:
		m, ok := withPassages(base)
		if !ok {
			break
		}
		out = append(out, m)
		// The Trolley alone may draw a Reward too (only capturing and
		// returning need the player): the card goes into its own hand.
		room := h.slots()-g.spent(m)+1 <= HandLimit
		if piece == PieceTrolley {
			room = g.Trolley.slots()+1 <= HandLimit
		}
		if t.Kind == KindReward && !g.RewardTaken && g.rewardSupply() > 0 && room {
			m.Bonus = BonusReward
			out = append(out, m)
		}
	}
	return out
}

// spent is the number of the player's cards a move uses up from the hand.
func (g *state) spent(m MoveSpec) int {
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

// captures lists the ways to capture the Terror on base.Tile: every
// minimal covering set of the cards at hand (the player's, and in a ride
// the Trolley's), and with a Photocopier every set it makes smaller.
func (g *state) captures(base MoveSpec, withPassages func(MoveSpec, ...int) (MoveSpec, bool)) []MoveSpec {
	h := g.me()
	terror := g.Tiles[base.Tile].Terror
	need := Terrors[terror].Needs
	pool := slices.Clone(h.Cards)
	if base.Piece == PieceRide {
		pool = append(pool, g.Trolley.Cards...)
	}
	var out []MoveSpec
	add := func(m MoveSpec, set []int, skip ...int) {
		m.Bonus, m.Cards, m.Terror = BonusCapture, set, terror
		m, ok := withPassages(m, append(skip, set...)...)
		if ok && h.slots()-g.spent(m)+1 <= HandLimit {
			out = append(out, m)
		}
	}
	for _, set := range coverSets(pool, need, -1) {
		add(base, set)
	}
	copier := booster(h, Photocopier, base.Ladder)
	if copier < 0 {
		return out
	}
	for _, b := range h.Cards {
		if !IsBook(b) {
			continue
		}
		for _, set := range coverSets(pool, need, b) {
			m := base
			m.Copier, m.Copied = copier, b
			add(m, set, copier)
		}
	}
	return out
}

// returnable lists the captured Terrors a move of piece could return to a
// Shelf of genre shelf: those showing its symbol, held by the player or,
// in a ride, by the Trolley.
func (g *state) returnable(piece, shelf int) []int {
	var out []int
	hands := []*hand{g.me()}
	if piece == PieceRide {
		hands = append(hands, &g.Trolley)
	}
	for _, h := range hands {
		for _, c := range h.Captured {
			if Terrors[c.Terror].Needs[shelf] > 0 {
				out = append(out, c.Terror)
			}
		}
	}
	return out
}
