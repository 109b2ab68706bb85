package firetower

import (
	"arcade/engine"
)

// Apply implements engine.State. The move must be one of Legal(s); an
// illegal move returns a *engine.RuleError that says why and changes
// nothing.
func (g *state) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	if g.Over {
		return nil, engine.Illegal("The game is over.")
	}
	if g.acting() != s {
		return nil, g.notYourTurn()
	}
	if !g.allowed(s, a) {
		return nil, g.explain(s, a)
	}
	return g.do(s, a), nil
}

// do carries out a move that is known to be legal (Apply has checked it,
// or a bot's search generated it the way Legal does) and returns its
// events.
func (g *state) do(s engine.Seat, a engine.Action) []engine.Event {
	g.Last = nil
	switch a.Kind {
	case KindSpread:
		g.doSpread(s, Point{a.Args[0], a.Args[1]})
	case KindPlay:
		g.doPlay(s, a.Args[0], Point{a.Args[1], a.Args[2]}, a.Args[3])
	case KindWind, KindRoll:
		g.doWind(s, a.Args[0], a.Kind == KindRoll)
	case KindDiscard:
		g.discard(s, a.Args)
		g.refill(s)
		g.Part = PartEnd
	case KindBucket:
		g.doBucket(s, Point{a.Args[0], a.Args[1]}, a.Args[2])
	case KindEmber:
		g.doEmberTo(s, Point{a.Args[0], a.Args[1]})
	case KindEnd, KindPass:
		g.nextTurn()
	case KindTrim:
		g.discard(s, a.Args)
	case KindRedraw:
		g.Tasks = g.Tasks[1:]
		g.doRedraw(s, a.Args)
	}
	g.settle()
	evs := g.log.Take()
	g.remember(evs)
	return evs
}

// explain says why a move that is not legal is refused, citing the rule
// it breaks where one does; a malformed move gets the step's name alone.
func (g *state) explain(s engine.Seat, a engine.Action) error {
	if n, ok := argCounts[a.Kind]; ok && (n < 0 || len(a.Args) == n) {
		if err := g.outOfStep(s, a); err != nil {
			return err
		}
		if err := g.misplaced(s, a); err != nil {
			return err
		}
	}
	return engine.Illegal("%s is not one of your moves now (%s).", a, partText(g.phase()))
}

// argCounts is how many arguments each kind of move takes (-1: a list of
// hand cards).
var argCounts = map[string]int{
	KindSpread: 2, KindPlay: 4, KindWind: 1, KindRoll: 1, KindDiscard: -1, KindBucket: 3,
	KindEmber: 2, KindEnd: 0, KindTrim: 1, KindRedraw: -1, KindPass: 0,
}

// notYourTurn refuses a move from a seat that is not the one to decide.
func (g *state) notYourTurn() error {
	switch g.phase() {
	case PartTrim:
		return engine.Refuse(ruleKeepCards, "It is not your turn: the player who burned a tower is discarding down to the hand size.")
	case PartRedraw:
		return engine.Refuse(ruleStormRedraw, "It is not your turn: after the Firestorm, players redraw one at a time from the one who drew it.")
	}
	return engine.Refuse(ruleTurnOrder, "It is not your turn: play goes clockwise, one player at a time.")
}

// outOfStep says why a move of the wrong kind for the step the game waits
// for is refused: each part of a turn in order, one action a turn, one
// Bucket a game, the wind set only by wind cards.
func (g *state) outOfStep(s engine.Seat, a engine.Action) error {
	p := g.phase()
	switch k := a.Kind; {
	case p == PartTrim && k != KindTrim:
		return engine.Refuse(ruleKeepCards, "First discard down to %d cards: you have taken the cards of the tower you burned.", g.HandSize)
	case p == PartRedraw && k != KindRedraw:
		return engine.Refuse(ruleStormRedraw, "First the Firestorm's redraw: discard the cards you want to replace, or keep your hand.")
	case k == KindBucket && !g.Seats[s].Bucket:
		return bucketUsed()
	case k == KindBucket:
		return nil
	case p == PartSpread && k != KindSpread:
		return engine.Refuse(rulePartsOrder, "First the wind spreads the fire: put its gem (Part 1), then take your action.")
	case p != PartSpread && k == KindSpread:
		return engine.Refuse(rulePartsOrder, "The wind has spread the fire this turn already: Part 1 is over.")
	case p == PartEmber && k != KindEmber:
		return engine.Refuse(rulingEmber, "First land the Ember's gem: the Ember lifts it, then lands it.")
	case p == PartEnd && k != KindEnd:
		return engine.Refuse(rulePart2, "You have taken this turn's action: use your Bucket or end the turn.")
	case p == PartAction && (k == KindEnd || k == KindPass):
		return engine.Refuse(rulePart2, "Take your action first: play a card, or discard and draw.")
	case p == PartAction && (k == KindWind || k == KindRoll):
		hand, i := g.Seats[s].Hand, a.Args[0]
		if i >= 0 && i < len(hand) && !hand[i].IsWind() {
			return engine.Refuse(ruleWindCards, "%s is not a wind card: only a wind card sets the wind or rolls the die.", hand[i])
		}
	}
	return nil
}

// bucketUsed refuses a second Bucket.
func bucketUsed() error {
	return engine.Refuse(ruleBucketOnce, "You have used your Bucket: it is played once per game.")
}

// misplaced says why the rules refuse a board move in the step that takes
// it: the square or pattern breaks a placement rule.
func (g *state) misplaced(s engine.Seat, a engine.Action) error {
	hand := g.Seats[s].Hand
	switch p := g.phase(); {
	case a.Kind == KindSpread && p == PartSpread:
		_, err := g.Pos.Spread(g.Pos.Wind, Point{a.Args[0], a.Args[1]})
		return ruleError(err)
	case a.Kind == KindPlay && p == PartAction:
		if a.Args[0] < 0 || a.Args[0] >= len(hand) {
			return engine.Illegal("You have no card number %d.", a.Args[0]+1)
		}
		_, err := g.Pos.Place(hand[a.Args[0]], Point{a.Args[1], a.Args[2]}, a.Args[3])
		return ruleError(err)
	case a.Kind == KindBucket:
		_, err := g.Pos.Bucket(Point{a.Args[0], a.Args[1]}, a.Args[2], g.towersOf(s))
		return ruleError(err)
	case a.Kind == KindEmber && g.EmberFrom != nil:
		_, err := g.Pos.EmberTo(*g.EmberFrom, Point{a.Args[0], a.Args[1]})
		return ruleError(err)
	}
	return nil
}

func (g *state) doSpread(s engine.Seat, at Point) {
	e, _ := g.Pos.Spread(g.Pos.Wind, at)
	g.setBoard(e)
	engine.Tell(&g.log, engine.Everyone, fireSpread{s, g.Pos.Wind, at})
	g.Part = PartAction
	g.checkTowers(s)
}

// takeCard removes hand card i and puts it on the discard pile.
func (g *state) takeCard(s engine.Seat, i int) Card {
	return g.discardCards(s, []int{i})[0]
}

func (g *state) doPlay(s engine.Seat, i int, at Point, rot int) {
	c := g.Seats[s].Hand[i]
	e, _ := g.Pos.Place(c, at, rot)
	g.takeCard(s, i)
	g.setBoard(e)
	if c == Ember {
		from := at // a copy, so that at stays off the heap on other cards
		g.EmberFrom = &from
		g.Part = PartEmber
		engine.Tell(&g.log, engine.Everyone, emberLifted{s, at})
		return
	}
	var buf [4]Point // a pattern's squares, as in Place
	engine.Tell(&g.log, engine.Everyone, played{s, c, stretchOf(c.Shape().appendCells(buf[:0], at, rot)), e.tally()})
	g.endCard(s)
}

// endCard finishes a card: burned towers, the draw, then Part 2 is done.
func (g *state) endCard(s engine.Seat) {
	g.Part = PartEnd
	g.checkTowers(s)
	g.refill(s)
}

func (g *state) doEmberTo(s engine.Seat, to Point) {
	e, _ := g.Pos.EmberTo(*g.EmberFrom, to)
	from := *g.EmberFrom
	g.EmberFrom = nil
	g.setBoard(e)
	g.Last = append(g.Last, from)
	engine.Tell(&g.log, engine.Everyone, emberMoved{s, from, to})
	g.endCard(s)
}

func (g *state) doWind(s engine.Seat, i int, roll bool) {
	c := g.takeCard(s, i)
	old := g.Pos.Wind
	switch {
	case roll:
		g.Pos.Wind = g.rollWind(old)
		engine.Tell(&g.log, engine.Everyone, windRolled{s, c, g.Pos.Wind})
	case !g.windLive(c.Dir()):
		g.Pos.Wind = g.rollWind(-1)
		engine.Tell(&g.log, engine.Everyone, windDead{s, c, g.Pos.Wind})
	default:
		g.Pos.Wind = c.Dir()
		engine.Tell(&g.log, engine.Everyone, windSet{s, c})
	}
	g.Part = PartEnd
	g.refill(s)
}

func (g *state) doBucket(s engine.Seat, at Point, rot int) {
	e, _ := g.Pos.Bucket(at, rot, g.towersOf(s))
	g.setBoard(e)
	g.Seats[s].Bucket = false
	var buf [3]Point // the Bucket's line
	engine.Tell(&g.log, engine.Everyone, bucketEmptied{s, stretchOf(Line3.appendCells(buf[:0], at, rot)), e.tally()})
	if g.Part == PartEmber && g.grid().landings(*g.EmberFrom).empty() {
		g.emberBack(s)
	}
}

// emberBack ends an Ember whose lifted gem a Bucket has left nowhere to
// land (ruling 26): the gem goes back to the square it was lifted from.
func (g *state) emberBack(s engine.Seat) {
	from := *g.EmberFrom
	g.EmberFrom = nil
	var e Effect
	e.add(&g.Pos.Board, from, Fire)
	g.setBoard(e)
	engine.Tell(&g.log, engine.Everyone, emberBack{from})
	g.endCard(s)
}

func (g *state) doRedraw(s engine.Seat, idx []int) {
	if len(idx) == 0 {
		engine.Tell(&g.log, engine.Everyone, handKept{s})
		return
	}
	g.discard(s, idx)
	g.refill(s)
}

// discard moves seat s's hand cards at idx to the discard pile and says
// so once, to everyone, without naming them (ruling 22). The seat chose
// them, so no private line repeats the discard in the second person; what
// it draws back comes in the "You drew" line, as after a card.
func (g *state) discard(s engine.Seat, idx []int) {
	gone := g.discardCards(s, idx)
	engine.Tell(&g.log, engine.Everyone, discarded{s, len(gone)})
}
