package horror

import (
	"fmt"
	"math/bits"
	"slices"

	"arcade/engine"
)

// refusal says why seat s may not make move a, which allows refused:
// the rule it breaks, in a player's words, for the common cases; a
// malformed move, or a rare one, is simply not legal now.
func (g *state) refusal(s engine.Seat, a engine.Action) error {
	switch {
	case g.Phase == PhaseOver:
		return engine.Illegal("the game is over")
	case s < 0 || int(s) >= len(g.Seats):
		return engine.Illegal("seat %d is not playing", s)
	case !g.pending(s):
		return g.waitRefusal()
	}
	k, ok := kindOf(a.Kind)
	if !ok {
		return engine.Illegal("%q is not a move of Horror in the Library", a.Kind)
	}
	if lo, hi := arity(k); len(a.Args) < lo || len(a.Args) > hi {
		n := fmt.Sprint(lo)
		if hi > lo {
			n += " or " + fmt.Sprint(hi)
		}
		return engine.Illegal("%s takes %s %s", a.Kind, n, engine.Plural(hi, "argument", "arguments"))
	}
	if phaseOf(k) != g.Phase {
		return g.phaseRefusal(k)
	}
	if err := g.kindRefusal(s, k, a.Args); err != nil {
		return err
	}
	// In words where the move has them: a board's menu may be a moment
	// behind the game.
	if words := g.View(s).(View).Describe(a); words != "" {
		return engine.Illegal("%q is not a move you can make now", words)
	}
	return engine.Illegal("%s is not a legal move now", a)
}

// waitRefusal is the refusal of a move by a seat that is not pending.
func (g *state) waitRefusal() error {
	switch g.Phase {
	case PhaseRespond:
		return engine.Refuse(engine.Ruling(10), "wait: the player attacked is choosing whether to play a Protection")
	case PhaseStart:
		return engine.Refuse(engine.Ruling(12), "it is not your turn to choose a starting room")
	}
	return engine.Refuse(ruleTurnOrder, "it is not your turn")
}

// arity is the fewest and the most arguments a move of kind k takes.
func arity(k moveKind) (lo, hi int) {
	switch k {
	case mPicture, mPass, mNoLoot, mEnd:
		return 0, 0
	case mRotate, mLoot:
		return 2, 2
	case mPlay:
		return 1, 2
	case mExchange:
		return 3, 4
	}
	return 1, 1
}

// phaseOf is the phase in which moves of kind k are made.
func phaseOf(k moveKind) Phase {
	switch k {
	case mColours:
		return PhaseColours
	case mStart:
		return PhaseStart
	case mGhost:
		return PhaseGhost
	case mProtect, mPass:
		return PhaseRespond
	case mLoot, mNoLoot:
		return PhaseLoot
	}
	return PhaseTurn
}

// phaseRefusal is the refusal of a move of kind k, which belongs to
// another phase than the game's.
func (g *state) phaseRefusal(k moveKind) error {
	switch g.Phase {
	case PhaseColours:
		return engine.Refuse(ruleColours, "first choose the colours your Horror needs")
	case PhaseStart:
		return engine.Refuse(ruleStartRoom, "first choose your starting room")
	case PhaseGhost:
		return engine.Refuse(ruleDrive, "first drive the ghost you beat to another room")
	case PhaseRespond:
		return engine.Refuse(engine.Ruling(10), "first answer the attack: play a Protection or take the blow")
	case PhaseLoot:
		return engine.Refuse(ruleLoot, "first take a spare component or a card from the player you hit, or nothing")
	}
	switch phaseOf(k) {
	case PhaseGhost:
		return engine.Refuse(ruleDrive, "you have beaten no ghost to drive")
	case PhaseRespond:
		return engine.Refuse(ruleProtection, "there is no attack on you to answer")
	case PhaseLoot:
		return engine.Refuse(ruleLoot, "you have hit nobody to take from")
	}
	return engine.Illegal("the game has begun: the setup choices are made")
}

// kindRefusal says why move k(args) of seat s, a move of the game's
// phase, is refused, or nil when it finds no reason.
func (g *state) kindRefusal(s engine.Seat, k moveKind, args []int) error {
	p := &g.Seats[s]
	switch k {
	case mColours:
		if bits.OnesCount(uint(args[0])) != g.Items || args[0] >= 1<<numColours {
			return engine.Refuse(ruleColours, "choose %d of the %d colours", g.Items, numColours)
		}
	case mStart:
		return g.cellRefusal(args[0], ruleStartRoom, "the Portal is no starting room: choose any other room")
	case mGhost:
		return g.driveRefusal(args[0])
	case mProtect:
		return g.protectRefusal(p, args[0])
	case mLoot:
		return g.lootRefusal(engine.Seat(args[0]), args[1])
	case mPlay, mAttack:
		return g.bonusRefusal(p, s, k, args)
	case mMove, mRotate, mSearch, mMirror, mPicture, mExchange:
		if g.Actions == 0 {
			return engine.Refuse(ruleActions, "you have no actions left this turn: play a bonus action or end your turn")
		}
		return g.actionRefusal(p, s, k, args)
	}
	return nil
}

// cellRefusal refuses a cell that is not in the library (malformed), or
// the Portal, citing rule with the words portal.
func (g *state) cellRefusal(c int, rule engine.Rule, portal string) error {
	switch {
	case c < 0 || c >= len(g.Cells):
		return engine.Illegal("the library has no cell %d", c)
	case c == g.centre():
		return engine.Refuse(rule, "%s", portal)
	}
	return nil
}

// driveRefusal says why the beaten ghost may not be driven to cell c.
func (g *state) driveRefusal(c int) error {
	switch {
	case c < 0 || c >= len(g.Cells):
		return engine.Illegal("the library has no cell %d", c)
	case c == g.Ghosts[g.Beaten]:
		return engine.Refuse(ruleDrive, "the ghost is in that room already: drive it to another")
	case c != g.centre() && g.ghostCount(c) >= maxGhostsRoom:
		return engine.Refuse(engine.Ruling(19), "%s holds %d ghosts already", g.place(c).name(), maxGhostsRoom)
	}
	return nil
}

// protectRefusal says why p, attacked, may not play card c.
func (g *state) protectRefusal(p *seatState, c int) error {
	if !slices.Contains(p.Cards, c) {
		return engine.Illegal("you hold no such card")
	}
	weapon := cardKinds[g.Weapon]
	if kind := cardKinds[c]; kind != protectionFor(weapon) {
		return engine.Refuse(ruleProtection, "%s does not answer a %s", kindNames[kind], kindNames[weapon])
	}
	return nil
}

// lootRefusal says why the attacker may not take a spare component
// (what 0) or a card (what 1) from seat v.
func (g *state) lootRefusal(v engine.Seat, what int) error {
	switch {
	case what != 0 && what != 1:
		return engine.Illegal("loot 0 takes a spare component, loot 1 a card")
	case v != g.Victim:
		return engine.Refuse(ruleLoot, "you may take only from the player you hit")
	case what == 0 && len(g.Seats[v].Spare) == 0:
		return engine.Refuse(ruleLoot, "the player you hit has no spare component")
	case what == 1 && len(g.Seats[v].Cards) == 0:
		return engine.Refuse(ruleLoot, "the player you hit holds no Blessing or Curse card")
	}
	return nil
}

// overwhelmed is the refusal of something p may not do below 0
// Fortitude (ruling 8), or nil when p's Fortitude is 0 or more.
func overwhelmed(p *seatState, what string) error {
	if p.Fort >= 0 {
		return nil
	}
	return engine.Refuse(engine.Ruling(8),
		"below 0 Fortitude you may only move, rotate rooms and look at mirrors and pictures: you cannot %s (Fortitude %+d)",
		what, p.Fort)
}

// bonusRefusal says why seat s (p) may not play a card or attack a ghost
// (move k(args)).
func (g *state) bonusRefusal(p *seatState, s engine.Seat, k moveKind, args []int) error {
	if k == mAttack {
		if err := overwhelmed(p, "attack a ghost"); err != nil {
			return err
		}
		return g.attackRefusal(p, args[0])
	}
	if err := overwhelmed(p, "play a card"); err != nil {
		return err
	}
	c := args[0]
	if !slices.Contains(p.Cards, c) {
		return engine.Illegal("you hold no such card")
	}
	kind := cardKinds[c]
	switch {
	case cardRules[kind] == ruleProtection:
		return engine.Refuse(ruleProtection, "a Protection is played only in answer to a Knife, Revolver or Poison")
	case !isWeapon(kind) && len(args) == 2:
		return engine.Illegal("%s takes no target", kindNames[kind])
	case isWeapon(kind) && len(args) == 1:
		return engine.Illegal("a %s needs a target: the seat of the player you attack", kindNames[kind])
	case isWeapon(kind):
		return g.targetRefusal(p, s, kind, engine.Seat(args[1]))
	}
	return nil
}

// targetRefusal says why seat s (p) may not use a weapon of kind kind on
// seat t.
func (g *state) targetRefusal(p *seatState, s engine.Seat, kind int, t engine.Seat) error {
	switch {
	case t < 0 || int(t) >= len(g.Seats):
		return engine.Illegal("seat %d is not playing", t)
	case t == s:
		return engine.Refuse(cardRules[kind], "a %s is used on another player", kindNames[kind])
	case g.Seats[t].Cell == p.Cell:
		return nil
	case kind == Revolver:
		return engine.Refuse(cardRules[kind], "a Revolver reaches only a player in your room or next door through open doors")
	}
	return engine.Refuse(cardRules[kind], "a %s reaches only a player in your room", kindNames[kind])
}

// attackRefusal says why p may not attack ghost gh.
func (g *state) attackRefusal(p *seatState, gh int) error {
	switch {
	case g.AttackLost:
		return engine.Refuse(engine.Ruling(5), "you lost an attack this turn: no more attacks until your next turn")
	case gh < 0 || gh >= numGhosts:
		return engine.Illegal("there is no ghost %d", gh)
	case g.Ghosts[gh] != p.Cell:
		return engine.Refuse(ruleAttack, "that ghost is not in your room")
	case slices.Contains(p.Fresh, gh):
		return nil
	case slices.Contains(g.Shy, gh):
		return engine.Refuse(engine.Ruling(4), "that ghost appeared around you this turn: you may meet it again only on a later turn")
	}
	return engine.Refuse(engine.Ruling(4), "you were in the room when that ghost came: leave the room and come back first")
}

// actionRefusal says why seat s (p), with an action left, may not take
// action k(args).
func (g *state) actionRefusal(p *seatState, s engine.Seat, k moveKind, args []int) error {
	here := g.place(p.Cell).name()
	rm := &rooms[g.Cells[p.Cell].Tile]
	switch k {
	case mMove:
		return g.doorRefusal(p, args[0])
	case mRotate:
		return g.rotateRefusal(p, args[0], args[1])
	case mSearch:
		if args[0] != 0 && args[0] != 1 {
			return engine.Illegal("search 0 is a bookcase, search 1 a drawer")
		}
		if err := overwhelmed(p, "search"); err != nil {
			return err
		}
		if args[0] == 0 && rm.Bookcases == 0 {
			return engine.Refuse(ruleSearch, "there is no bookcase in %s", here)
		}
		if args[0] == 1 && rm.Drawers == 0 {
			return engine.Refuse(ruleSearch, "there is no drawer in %s", here)
		}
	case mMirror:
		return g.mirrorRefusal(p, rm, args[0])
	case mPicture:
		if !rm.Picture {
			return engine.Refuse(rulePicture, "there is no picture in %s", here)
		}
	case mExchange:
		if err := overwhelmed(p, "exchange"); err != nil {
			return err
		}
		if rm.Bookcases == 0 {
			return engine.Refuse(ruleExchangeAt, "there is no bookcase in %s to exchange at", here)
		}
		if g.Exchanged[p.Cell] >= rm.Bookcases {
			return engine.Refuse(engine.Ruling(9), "you have exchanged at every bookcase of %s this turn", here)
		}
		return g.exchangeRefusal(p, s, args[0], args[1:])
	}
	return nil
}

// doorRefusal says why p may not go through the door of its room in
// direction d.
func (g *state) doorRefusal(p *seatState, d int) error {
	if d < 0 || d > 3 {
		return engine.Illegal("there is no direction %d: 0 north, 1 east, 2 south, 3 west", d)
	}
	n, cost := g.passageTo(p.Cell, d)
	switch {
	case n < 0:
		return engine.Refuse(ruleDoors, "the library ends to the %s of your room", dirNames[d])
	case cost < 0:
		return engine.Refuse(ruleDoors, "no door leads %s from your room: a wall stands on one side", dirNames[d])
	}
	if g.LockPicks {
		cost = 0
	}
	switch {
	case n == g.centre() && !g.complete(p):
		return engine.Refuse(engine.Ruling(7), "you may enter the Portal only with every component your Horror needs (%d of %d placed)",
			len(p.Placed), g.Items)
	case n == g.centre() && p.Fort-cost < 0:
		return engine.Refuse(engine.Ruling(7), "you need Fortitude 0 or more after the door to enter the Portal (Fortitude %+d, the door costs %d)",
			p.Fort, cost)
	case !canPay(p, cost):
		return engine.Refuse(engine.Ruling(8), "the closed door costs %d Fortitude, and Fortitude cannot fall below %d", cost, minFort)
	}
	return nil
}

// rotateRefusal says why p may not turn the room in cell c a quarter q.
func (g *state) rotateRefusal(p *seatState, c, q int) error {
	if q != 1 && q != 3 {
		return engine.Illegal("a room turns a quarter: 1 clockwise, 3 anticlockwise")
	}
	if err := g.cellRefusal(c, engine.Ruling(11), "the Portal never turns"); err != nil || c == p.Cell {
		return err
	}
	if direction(g.Size, p.Cell, c) >= 0 {
		return nil
	}
	return engine.Refuse(ruleRotate, "you may turn only your own room or one next to it")
}

// mirrorRefusal says why p, in a room rm, may not go through a mirror to
// cell c.
func (g *state) mirrorRefusal(p *seatState, rm *room, c int) error {
	switch {
	case !rm.Mirror:
		return engine.Refuse(ruleMirror, "there is no mirror in %s", g.place(p.Cell).name())
	case c < 0 || c >= len(g.Cells):
		return engine.Illegal("the library has no cell %d", c)
	case c == p.Cell:
		return engine.Refuse(ruleMirror, "a mirror takes you to another room")
	case !rooms[g.Cells[c].Tile].Mirror:
		return engine.Refuse(ruleMirror, "%s has no mirror to come out of", g.place(c).name())
	case !canPay(p, g.mirrorCost()):
		return engine.Refuse(engine.Ruling(8), "the mirror costs %d Fortitude, and Fortitude cannot fall below %d", g.mirrorCost(), minFort)
	}
	return nil
}

// exchangeRefusal says why seat s (p) may not give the spare components
// set for its component of colour want.
func (g *state) exchangeRefusal(p *seatState, s engine.Seat, want int, set []int) error {
	switch {
	case want < 0 || want >= numColours:
		return engine.Illegal("there is no colour %d", want)
	case !p.Need[want]:
		return engine.Refuse(ruleExchangeWant, "your Horror does not need a %s component", colourNames[want])
	case p.placedColour(want):
		return engine.Refuse(ruleExchangeWant, "your %s component is on your Horror card already", colourNames[want])
	}
	var cols [numColours]bool
	for i, c := range set {
		if !slices.Contains(p.Spare, c) || slices.Contains(set[:i], c) {
			return engine.Refuse(ruleExchangeSet, "you may give only spare components you hold")
		}
		cols[c%numColours] = true
	}
	// Two cards of one colour, or three of three colours.
	if n := engine.Count(cols[:], true); n != 1 && len(set) == 2 || n != 3 && len(set) == 3 {
		return engine.Refuse(ruleExchangeSet, "give two spare components of one colour, or three of different colours")
	}
	if c, _, _ := g.exchangeCard(s, want); c < 0 {
		return engine.Refuse(engine.Ruling(9), "no %s component for your Horror is left: neither its deck nor anyone's spares hold one",
			colourNames[want])
	}
	return nil
}
