package labyrinth

import "arcade/engine"

// Refusals asked of a view: a board says why a key does nothing in the
// engine's words, citing the engine's rule, rather than restating the
// rules. The checks are Apply's own (refuse.go, refusemove.go), run on a
// game that shows the view; what the view hides plays no part in them.

// WhyNot says why the viewer may not make move a in the position v shows,
// as Apply would refuse it, with the rule behind it (an
// *engine.RuleError); nil when the move is legal or the checks find no
// reason.
func (v View) WhyNot(a engine.Action) error {
	g, err := v.position()
	if err != nil {
		return err
	}
	if g.mayAct(v.You) && g.isLegal(v.You, a) {
		return nil
	}
	return g.whyRefused(v.You, a)
}

// WhyNotOn says why the viewer has no move of kind on tile i in the
// position v shows: no flip of it (KindFlip), no rotation (KindRotate),
// no move of the meeple there, with the capture or the return the tile
// calls for (KindMove), no pass with whoever stands there (KindPass). It
// judges the move the player most likely means, so a board asks it when
// the viewer has no legal move of that kind there; nil when it finds no
// reason.
func (v View) WhyNotOn(kind string, i int) error {
	if !isTile(i) {
		return engine.Illegal("There is no tile number %d.", i)
	}
	g, err := v.position()
	if err != nil {
		return err
	}
	return g.whyNotOn(v.You, kind, i)
}

// position is a game that shows v, for the checks: its decks and discard
// piles hold as many cards as shown, unnamed (no check names them), and
// what v hides is left out or, for the other players' starting Books,
// dealt at random.
func (v View) position() (*state, error) {
	rng := engine.NewRNG(1)
	g, err := shownBy(&v, &rng)
	if err != nil {
		return nil, err
	}
	for gn := range NumGenres {
		g.BookDeck[gn], g.BookDiscard[gn] = unnamed(v.BookDeck[gn]), unnamed(v.BookDiscard[gn])
	}
	g.RewardDeck, g.RewardDiscard = unnamed(v.RewardDeck), unnamed(v.RewardDiscard)
	g.events.Discard()
	return g, nil
}

// unnamed is a pile of n cards (none below zero) that no check names.
func unnamed(n int) []int { return make([]int, max(n, 0)) }

// whyNotOn says why seat s has no move of kind on tile i (see
// View.WhyNotOn): why it may not make such a move now at all, or why the
// move meant is refused.
func (g *state) whyNotOn(s engine.Seat, kind string, i int) error {
	a := engine.Action{Kind: kind, Args: []int{i}}
	switch kind {
	case KindRotate:
		a.Args = append(a.Args, 1)
	case KindPass:
		a.Args = PassSpec{Tile: i, Partner: -1, Give: -1, Receive: -1, Service: -1}.Args()
	case KindMove:
		a.Args = MoveSpec{Tile: i, Ladder: -1, Copier: -1, Copied: -1}.Args()
	}
	if err := g.whyNotNow(s, a); err != nil || g.Phase != PhaseActions || s != g.Turn {
		return err
	}
	switch kind {
	case KindFlip:
		return g.whyNotFlip(a.Args)
	case KindRotate:
		return g.whyNotRotate(i)
	case KindMove:
		return g.whyNotMoveTo(i)
	case KindPass:
		return g.whyNotPassOn(i)
	}
	return nil
}

// whyNotMoveTo says why the current player's meeple cannot go to tile i:
// the way there, with every Secret Passage of the hand and its Library
// Ladder where nothing else opens the way, then the capture of the Terror
// there with every card of the hand, or the return of a captured Terror
// (one showing the Shelf's symbol, if any) to the Shelf there.
func (g *state) whyNotMoveTo(i int) error {
	h, t, from := g.me(), &g.Tiles[i], g.Pos[g.Turn]
	m := MoveSpec{Tile: i, Piece: PieceMeeple, Ladder: -1, Copier: -1, Copied: -1, Terror: -1}
	switch {
	case t.Terror >= 0:
		m.Bonus = BonusCapture
	case t.Shelf >= 0 && len(h.Captured) > 0:
		m.Bonus, m.Terror = BonusReturn, h.Captured[0].Terror
		for _, c := range h.Captured {
			if Terrors[c.Terror].Needs[t.Shelf] > 0 {
				m.Terror = c.Terror
			}
		}
	}
	cells := g.cells()
	if ladder := booster(h, LibraryLadder); ladder >= 0 && pathCosts(&cells, from, false)[i] >= unreachable {
		m.Ladder = ladder
	}
	for _, id := range h.Cards {
		if HasBoost(id, SecretPassage) && id != m.Ladder {
			m.Passages = append(m.Passages, id)
		}
	}
	if err := g.whyNotWay(m); err != nil {
		return err
	}
	switch m.Bonus {
	case BonusCapture:
		if !g.canCover(t.Terror) {
			return engine.Refuse(ruleCover, "Your cards cannot capture the %s: it needs %s.", Terrors[t.Terror].Name, terrorLetters[t.Terror])
		}
	case BonusReturn:
		return g.whyNotReturn(m)
	}
	return nil
}

// canCover reports whether the current player's cards together show every
// symbol Terror t needs, a Book of theirs counting twice with a
// Photocopier.
func (g *state) canCover(t int) bool {
	h, need := g.me(), pack(Terrors[t].Needs)
	if symbolsOf(h.Cards, -1, -1).covers(need) {
		return true
	}
	if booster(h, Photocopier) < 0 {
		return false
	}
	for _, id := range h.Cards {
		if IsBook(id) && symbolsOf(h.Cards, id, -1).covers(need) {
			return true
		}
	}
	return false
}

// whyNotPassOn says why the current player cannot pass cards with whoever
// stands on tile i: nobody does, neither holds a card to pass, or the
// pass meant (a card of the player's given, else one of the partner's
// taken; with a Trolley Service card from another tile) is refused.
func (g *state) whyNotPassOn(i int) error {
	partner := -1
	for p, at := range g.Pos {
		if at == i && p != int(g.Turn) {
			partner = p
			break
		}
	}
	if g.solo() && g.TrolleyAt == i {
		partner = 1
	}
	if partner < 0 {
		return engine.Refuse(rulePassTile, "Nobody else stands on %s to pass cards with.", TileName(i))
	}
	p := PassSpec{Tile: i, Partner: partner, Give: -1, Receive: -1, Service: -1}
	if i != g.Pos[g.Turn] {
		p.Service = booster(g.me(), TrolleyService)
	}
	var buf [HandLimit]int
	if gives := g.passable(buf[:0], g.me(), p.Service); len(gives) > 0 {
		p.Give = gives[0]
	} else if gets := g.passable(buf[:0], g.partnerHand(partner), -1); len(gets) > 0 {
		p.Receive = gets[0]
	} else {
		return engine.Refuse(rulePassTile, "Neither of you holds a card that may be passed.")
	}
	return g.whyNotPass(p)
}
