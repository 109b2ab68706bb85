package labyrinth

import "arcade/engine"

// Refusals: why a move that is not legal is refused, in a player's words,
// with the rule behind it. Each check looks only at what Legal looks at
// for that kind of move (at most the paths from one tile); a move refused
// for a reason none of them names gets the plain "not a legal move now".

// notLegal is the refusal of action a by seat s, which is not one of the
// seat's legal actions.
func (g *state) notLegal(s engine.Seat, a engine.Action) error {
	if err := g.whyRefused(s, a); err != nil {
		return err
	}
	return notNow(a)
}

// notNow is the refusal of a move none of the checks finds a reason
// against: in its words where it has them (a board's menu may be a moment
// behind the game), else as written.
func notNow(a engine.Action) error {
	if words := plainLabel(a); words != "" {
		return engine.Illegal("%q is not a move you can make now.", words)
	}
	return engine.Illegal("%s is not a legal move now.", a)
}

// whyRefused says why seat s may not make move a, or nil when none of the
// checks finds a reason.
func (g *state) whyRefused(s engine.Seat, a engine.Action) error {
	if err := g.whyNotNow(s, a); err != nil || g.Phase != PhaseActions || s != g.Turn || !wellFormed(a) {
		return err
	}
	return g.whyNot(a)
}

// whyNotNow says why seat s may not make a move of a's kind at this
// moment, whatever its arguments: the starting Books are being chosen,
// it is not the seat's turn, or no action is left for a move that costs
// one.
func (g *state) whyNotNow(s engine.Seat, a engine.Action) error {
	switch {
	case g.Phase == PhaseOver:
		return engine.Illegal("The game is over.")
	case g.Phase == PhaseSetup:
		return g.whyNotSetup(s, a)
	case a.Kind == KindGenre:
		return engine.Refuse(rulingStartBooks, "The starting Books are chosen: the game is under way.")
	case s != g.Turn:
		return g.whyNotOffTurn(s, a)
	case wellFormed(a) && g.Actions == 0 && g.costsAction(a):
		return engine.Refuse(ruleActions, "You have no actions left this turn: play a Time Machine for one more, or end your actions.")
	}
	return nil
}

// wellFormed reports whether a is a move of this game with the arguments
// its kind takes, its tile and genre in range.
func wellFormed(a engine.Action) bool {
	n := len(a.Args)
	switch a.Kind {
	case KindKeep, KindPassAction, KindEnd:
		return n == 0
	case KindDiscard, KindTime:
		return n == 1
	case KindGenre:
		return n == 1 && isGenre(a.Args[0])
	case KindTake:
		for i := 0; i < n; i += 2 {
			if !isGenre(a.Args[i]) {
				return false
			}
		}
		return n == 1 || n == 3 || n == 5
	case KindFlip:
		return (n == 1 || n == 2) && isTile(a.Args[0])
	case KindRotate:
		return n == 2 && isTile(a.Args[0]) && (a.Args[1] == 1 || a.Args[1] == -1)
	case KindPass:
		return n == 5
	case KindMove:
		m, ok := DecodeMove(a.Args)
		return ok && isTile(m.Tile) && m.Piece >= PieceMeeple && m.Piece <= PieceRide &&
			m.Bonus >= BonusNone && m.Bonus <= BonusReward
	}
	return false
}

// isGenre reports whether gn is a genre's number.
func isGenre(gn int) bool { return gn >= 0 && gn < NumGenres }

// isTile reports whether i is a tile's index.
func isTile(i int) bool { return i >= 0 && i < NumTiles }

// nameOf names a card (or a captured Terror) a player sent.
func nameOf(id int) string {
	if name := CardName(id); name != "?" {
		return name
	}
	return "that card"
}

// notHeld refuses a card that is in nobody's hand it could come from.
func notHeld(id int) error { return engine.Illegal("You do not hold %s.", nameOf(id)) }

// whyNotOffTurn says why seat s may not play a out of turn.
func (g *state) whyNotOffTurn(s engine.Seat, a engine.Action) error {
	switch {
	case s < 0 || int(s) >= g.Players:
		return engine.Illegal("It is not your turn.")
	case g.offTurn(s):
		if a.Kind == KindDiscard && wellFormed(a) {
			return g.whyNotDiscard(a.Args[0])
		}
		return engine.Refuse(rulingOffTurn, "It is not your turn: out of turn you may only discard a card or keep your cards.")
	case (a.Kind == KindDiscard || a.Kind == KindKeep) && g.Players > 1:
		if g.Kept&(1<<s) != 0 {
			return engine.Refuse(rulingOffTurn, "You chose to keep your cards until this turn ends.")
		}
		return engine.Refuse(rulingOffTurn, "Out of turn you may discard only while your hand is full.")
	}
	return engine.Refuse(ruleTurnOrder, "It is not your turn: it is %s's.", seatRef(g.Turn))
}

// whyNotSetup says why seat s may not play a while the starting Books
// are chosen.
func (g *state) whyNotSetup(s engine.Seat, a engine.Action) error {
	switch {
	case s < 0 || int(s) >= g.Players:
		return engine.Illegal("Only the players choose starting Books.")
	case !g.choosing(s):
		return engine.Refuse(rulingStartBooks, "You have chosen your three starting Books: they are revealed when everyone has chosen.")
	case a.Kind != KindGenre:
		return engine.Refuse(rulingStartBooks, "First choose your three starting Books, one genre at a time.")
	}
	return nil
}

// whyNot says why the current player may not play a, a well-formed move,
// in the action phase, with an action left if it costs one.
func (g *state) whyNot(a engine.Action) error {
	args := a.Args
	switch a.Kind {
	case KindKeep:
		return engine.Refuse(rulingOffTurn, "Keeping your cards is asked only on the others' turns.")
	case KindFlip:
		return g.whyNotFlip(args)
	case KindRotate:
		return g.whyNotRotate(args[0])
	case KindTake:
		return g.whyNotTake(args)
	case KindPass:
		return g.whyNotPass(PassSpec{args[0], args[1], args[2], args[3], args[4]})
	case KindMove:
		m, _ := DecodeMove(args)
		return g.whyNotGo(m)
	case KindPassAction:
		return g.whyNotPassAction()
	case KindTime:
		return g.whyNotBooster(args[0], TimeMachine)
	case KindDiscard:
		return g.whyNotDiscard(args[0])
	}
	return nil
}

// costsAction reports whether a, a well-formed move, costs an action.
func (g *state) costsAction(a engine.Action) bool {
	switch a.Kind {
	case KindFlip, KindRotate, KindTake, KindMove, KindPassAction:
		return true
	case KindPass:
		return !g.passFree(PassSpec{Service: a.Args[4]})
	}
	return false
}

// whyNotBooster says why card id cannot be played from the current
// player's hand as booster b.
func (g *state) whyNotBooster(id int, b Boost) error {
	switch {
	case g.me().has(id):
		if !HasBoost(id, b) {
			return engine.Refuse(ruleBoosters, "%s is not a %s card.", nameOf(id), b)
		}
		return nil
	case g.solo() && g.Trolley.has(id):
		return engine.Refuse(rulingOwnBoosters, "%s is in the Trolley's hand: boosters are played from your own hand.", nameOf(id))
	}
	return notHeld(id)
}

// whyNotDiscard says why card id cannot be discarded.
func (g *state) whyNotDiscard(id int) error {
	if id >= TerrorCard && id < TerrorCard+NumTerrors {
		return engine.Refuse(ruleKeepTerror, "A captured Terror cannot be discarded: return it to a Shelf.")
	}
	return notHeld(id)
}

// whyNotFlip says why tile args[0] cannot be flipped (with the Useful
// Map args[1], if any).
func (g *state) whyNotFlip(args []int) error {
	i, at := args[0], g.Pos[g.Turn]
	if g.Tiles[i].Lit {
		return engine.Refuse(ruleFlip, "%s is lit already.", TileName(i))
	}
	if len(args) == 1 {
		if !Adjacent(at, i) {
			return engine.Refuse(ruleFlip, "%s is not next to your tile (%s): you flip a tile next to yours, not diagonal, unless you play a Useful Map.",
				TileName(i), TileName(at))
		}
		return nil
	}
	if err := g.whyNotBooster(args[1], UsefulMap); err != nil {
		return err
	}
	if Adjacent(at, i) {
		return engine.Refuse(ruleFlip, "%s is next to your tile: flipping it needs no Useful Map.", TileName(i))
	}
	return nil
}

// whyNotRotate says why tile i cannot be rotated.
func (g *state) whyNotRotate(i int) error {
	at := g.Pos[g.Turn]
	switch t := &g.Tiles[i]; {
	case i != at && !Adjacent(at, i):
		return engine.Refuse(ruleRotate, "%s is neither your tile (%s) nor next to it (not diagonal).", TileName(i), TileName(at))
	case !t.Lit:
		return engine.Refuse(ruleRotate, "%s is dark: only a lit tile is rotated, so flip it first.", TileName(i))
	case t.Shape == ShapeCross:
		return engine.Refuse(rulingNoRotate, "%s looks the same every way round: rotating it changes nothing.", TileName(i))
	}
	return nil
}

// whyNotTake says why the Books of args cannot be taken.
func (g *state) whyNotTake(args []int) error {
	if g.me().room() < 1 {
		return engine.Refuse(ruleHandRoom, "Your hand is full (six slots): discard a card first.")
	}
	var buf [3]int
	genres := buf[:0]
	for i, x := range args {
		if i%2 == 0 {
			genres = append(genres, x)
		} else if err := g.whyNotBooster(x, LibraryCard); err != nil {
			return err
		}
	}
	for _, gn := range genres {
		if g.bookSupply(gn) < engine.Count(genres, gn) {
			return engine.Refuse(ruleRefill, "Not enough %s Books are left to take: the deck and its discards are empty.", GenreNames[gn])
		}
	}
	return nil
}

// whyNotPassAction says why the current player may not pass an action.
func (g *state) whyNotPassAction() error {
	switch {
	case g.solo():
		return engine.Refuse(rulingTokenReturns, "The Pass-An-Action token is not used in the solo game.")
	case g.PassTo == g.Turn:
		return engine.Refuse(rulingTokenReturns, "You received the Pass-An-Action token this turn, so you cannot pass an action on.")
	case g.PassTo >= 0:
		return engine.Refuse(rulingPassToken, "You have passed an action already: there is only one Pass-An-Action token.")
	}
	return nil
}

// whyNotPass says why the pass p cannot be made.
func (g *state) whyNotPass(p PassSpec) error {
	who, holder := "the Trolley", "The Trolley"
	if !g.solo() {
		if p.Partner < 0 || p.Partner >= g.Players || p.Partner == int(g.Turn) {
			return nil
		}
		who = seatRef(engine.Seat(p.Partner))
		holder = who
	} else if p.Partner != 1 {
		return nil
	}
	if p.Service >= 0 {
		if err := g.whyNotBooster(p.Service, TrolleyService); err != nil {
			return err
		}
	} else if g.partnerTile(p.Partner) != g.Pos[g.Turn] {
		return engine.Refuse(rulePassTile, "You and %s are not on one tile: passing needs that, or a Trolley Service card.", who)
	}
	mine, theirs := g.me(), g.partnerHand(p.Partner)
	if err := g.whyNotPassCard(mine, p.Give, notHeld); err != nil {
		return err
	}
	if err := g.whyNotPassCard(theirs, p.Receive, func(id int) error {
		return engine.Illegal("%s does not hold %s.", holder, nameOf(id))
	}); err != nil {
		return err
	}
	room := mine.room()
	if p.Service >= 0 {
		room++ // the Trolley Service card leaves the hand
	}
	switch {
	case p.Give >= 0 && p.Receive < 0 && theirs.room() <= 0:
		return engine.Refuse(ruleHandRoom, "The hand of %s is full (six slots).", who)
	case p.Receive >= 0 && p.Give < 0 && room <= 0:
		return engine.Refuse(ruleHandRoom, "Your hand is full (six slots): give a card in exchange, or discard one first.")
	}
	return nil
}

// whyNotPassCard says why card id (-1: none) cannot pass out of hand h;
// missing refuses a card h does not hold.
func (g *state) whyNotPassCard(h *hand, id int, missing func(int) error) error {
	switch {
	case id < 0:
		return nil
	case id >= TerrorCard && id < TerrorCard+NumTerrors:
		if !g.solo() {
			return engine.Refuse(ruleNoTerrorPass, "Captured Terrors cannot be passed to another player.")
		}
		if h.captured(id-TerrorCard) >= 0 {
			return nil
		}
	case h.has(id):
		return nil
	}
	return missing(id)
}
