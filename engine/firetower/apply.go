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
		return nil, engine.Illegal("It is not your turn.")
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

// explain says why a move that is not legal is refused.
func (g *state) explain(s engine.Seat, a engine.Action) error {
	want := func(n int) bool { return len(a.Args) == n }
	hand := g.Seats[s].Hand
	switch {
	case a.Kind == KindSpread && want(2) && g.phase() == PartSpread:
		if _, err := g.Pos.Spread(g.Pos.Wind, Point{a.Args[0], a.Args[1]}); err != nil {
			return ruleError(err)
		}
	case a.Kind == KindPlay && want(4) && g.phase() == PartAction:
		if a.Args[0] < 0 || a.Args[0] >= len(hand) {
			return engine.Illegal("You have no card number %d.", a.Args[0]+1)
		}
		if _, err := g.Pos.Place(hand[a.Args[0]], Point{a.Args[1], a.Args[2]}, a.Args[3]); err != nil {
			return ruleError(err)
		}
	case a.Kind == KindBucket && want(3):
		if !g.Seats[s].Bucket {
			return engine.Illegal("You have used your Bucket.")
		}
		if _, err := g.Pos.Bucket(Point{a.Args[0], a.Args[1]}, a.Args[2], g.towersOf(s)); err != nil {
			return ruleError(err)
		}
	case a.Kind == KindEmber && want(2) && g.EmberFrom != nil:
		if _, err := g.Pos.EmberTo(*g.EmberFrom, Point{a.Args[0], a.Args[1]}); err != nil {
			return ruleError(err)
		}
	}
	return engine.Illegal("%s is not one of your moves now (%s).", a, partText(g.phase()))
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
