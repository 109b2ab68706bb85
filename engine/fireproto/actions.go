package fireproto

import (
	"strconv"
	"strings"

	"arcade/engine"
)

// Action kinds.
const (
	KindOrder = "order" // Args [card number]: take a Turn Order card
	KindDraw  = "draw"  // draw a token from the bag
	KindScore = "score" // score the books on your card and end your turn
	KindDouse = "douse" // spend a Bucket on the fire just drawn
	KindBurn  = "burn"  // let the fire burn your books and end your turn
)

// Legal implements engine.State. Callers must not write to the list:
// the search and fire phases share theirs.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if !g.pending(s) {
		return nil
	}
	switch g.Phase {
	case PhaseOrder:
		out := make([]engine.Action, 0, len(g.Cards))
		for _, c := range g.Cards {
			if c.Holder < 0 {
				out = append(out, engine.Action{Kind: KindOrder, Args: orderArgs[c.Number-1]})
			}
		}
		return out
	case PhaseSearch:
		return searchMoves[btoi(g.Drawn > 0)+2*btoi(g.canDouse())]
	case PhaseFire:
		return fireMoves
	}
	return nil
}

// The moves of the search and fire phases, shared by every Legal that
// lists them (callers do not write to the list Legal returns): draw, then
// score after a draw, then douse a harmless fire just drawn.
var (
	searchMoves = [4][]engine.Action{
		{{Kind: KindDraw}},
		{{Kind: KindDraw}, {Kind: KindScore}},
		{{Kind: KindDraw}, {Kind: KindDouse}},
		{{Kind: KindDraw}, {Kind: KindScore}, {Kind: KindDouse}},
	}
	fireMoves = []engine.Action{{Kind: KindDouse}, {Kind: KindBurn}}
)

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// orderArgs are the arguments of the "order" moves Legal lists, one per
// card: shared, so that listing them allocates nothing. Nobody writes to
// a move's Args.
var orderArgs = [...][]int{{1}, {2}, {3}, {4}, {5}}

// canDouse reports whether the token just drawn is an undoused fire and the
// active player holds a Bucket.
func (g *state) canDouse() bool {
	if g.Drawn == 0 || g.Seats[g.Active].Buckets == 0 {
		return false
	}
	c := g.cardOf(g.Active)
	return c.Spaces[g.Drawn-1] == Fire && !c.Doused[g.Drawn-1]
}

// Apply implements engine.State. Every action is checked against Legal
// first, so a refused action changes nothing.
func (g *state) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	if !g.allows(s, a) {
		return nil, g.refuse(s, a)
	}
	switch a.Kind {
	case KindOrder:
		g.chooseOrder(s, a.Args[0])
	case KindDraw:
		g.draw()
	case KindScore:
		g.score()
	case KindDouse:
		g.douse()
	case KindBurn:
		g.burn()
	}
	return g.log.Take(), nil
}

// allows reports whether a is one of the moves Legal(s) lists, without
// listing them (TestAllowsIsLegal checks that they agree).
func (g *state) allows(s engine.Seat, a engine.Action) bool {
	if !g.pending(s) {
		return false
	}
	if a.Kind == KindOrder {
		if g.Phase != PhaseOrder || len(a.Args) != 1 {
			return false
		}
		c := g.card(a.Args[0])
		return c != nil && c.Holder < 0
	}
	if len(a.Args) > 0 {
		return false
	}
	switch g.Phase {
	case PhaseSearch:
		return a.Kind == KindDraw || a.Kind == KindScore && g.Drawn > 0 || a.Kind == KindDouse && g.canDouse()
	case PhaseFire:
		return a.Kind == KindDouse || a.Kind == KindBurn
	}
	return false
}

// refuse explains why a is not legal for s and cites the rule that
// forbids it; malformed moves cite none.
func (g *state) refuse(s engine.Seat, a engine.Action) error {
	switch {
	case g.Phase == PhaseOver:
		return engine.Illegal("The game is over")
	case s < 0 || int(s) >= g.Players:
		return engine.Illegal("Only seated players can play")
	}
	switch a.Kind {
	case KindOrder, KindDraw, KindScore, KindDouse, KindBurn:
	default:
		return engine.Illegal("Unknown move %q", a.Kind)
	}
	if !g.pending(s) {
		return engine.Refuse(g.turnRule(), "It is not your turn: %s", g.doing())
	}
	if a.Kind == KindOrder {
		return g.refuseOrder(a)
	}
	if len(a.Args) > 0 {
		return engine.Illegal("%q takes no arguments", a.Kind)
	}
	switch {
	case g.Phase == PhaseOrder:
		return engine.Refuse(ruleChoosing, "You cannot %s now: %s", a.Kind, g.doing())
	case g.Phase == PhaseFire:
		return engine.Refuse(engine.Ruling(10),
			"First decide about the fire on space %d: douse it with a Bucket or let it burn", g.Drawn)
	case a.Kind == KindScore:
		return engine.Refuse(engine.Ruling(7), "Your turn starts with a draw: draw at least one token before scoring")
	case a.Kind == KindBurn:
		return g.refuseBurn()
	}
	return g.refuseDouse(s)
}

// turnRule is the rule that says whose move it is: the order of choosing
// cards, or the order of the turns.
func (g *state) turnRule() engine.Rule {
	if g.Phase == PhaseOrder {
		return engine.Ruling(5)
	}
	return ruleTurns
}

// refuseBurn explains why nothing burns when the active player asks to
// burn while searching.
func (g *state) refuseBurn() error {
	if g.Drawn > 0 {
		if c := g.cardOf(g.Active); c.Spaces[g.Drawn-1] == Fire && !c.Doused[g.Drawn-1] {
			return engine.Refuse(engine.Ruling(9),
				"That fire is only a warning: it is on a safe space and no other fire counts; you may draw or score")
		}
	}
	return engine.Refuse(engine.Ruling(9), "Nothing is burning: you may draw or score")
}

// refuseDouse explains why seat s, searching, cannot douse.
func (g *state) refuseDouse(s engine.Seat) error {
	switch {
	case g.Seats[s].Buckets == 0:
		return engine.Refuse(ruleDouse, "You hold no Bucket: you take one when a turn of yours ends in fire")
	case g.Drawn > 0 && g.cardOf(s).Doused[g.Drawn-1]:
		return engine.Refuse("no longer counts as a fire for ending your turn", "That fire is already doused")
	}
	return engine.Refuse(engine.Ruling(10), "A Bucket can only douse the fire you have just drawn")
}

// refuseOrder explains why an "order" move is not legal for the seat
// whose move it is.
func (g *state) refuseOrder(a engine.Action) error {
	switch {
	case g.Phase != PhaseOrder && g.Round == 1:
		return engine.Refuse("In round 1 the cards are dealt at random",
			"You cannot choose a Turn Order card now: %s", g.doing())
	case g.Phase != PhaseOrder:
		return engine.Refuse(ruleChoosing, "You cannot choose a Turn Order card now: %s", g.doing())
	case len(a.Args) != 1:
		return engine.Illegal("%q needs exactly one number", a.Kind)
	}
	if c := g.card(a.Args[0]); c != nil {
		return engine.Refuse(engine.Ruling(5), "The %s Turn Order card is already taken by %s",
			engine.Ordinal(c.Number), engine.SeatRef(c.Holder))
	}
	in := make([]string, len(g.Cards))
	for i, c := range g.Cards {
		in[i] = strconv.Itoa(c.Number)
	}
	return engine.Refuse("With n players cards 1 to n are used",
		"There is no Turn Order card %d in this game (in play: %s)", a.Args[0], strings.Join(in, ", "))
}

// doing describes who the game is waiting for.
func (g *state) doing() string {
	switch g.Phase {
	case PhaseOrder:
		return engine.SeatRef(g.Active) + " is choosing a Turn Order card"
	case PhaseSearch:
		return engine.SeatRef(g.Active) + " is searching the library"
	case PhaseFire:
		return engine.SeatRef(g.Active) + " is deciding whether to douse a fire"
	}
	return "the game is over"
}

// Timeout implements engine.State: take the lowest-numbered free card;
// draw the first token, then score; douse a fire that would end the turn
// (the absent player keeps their books). A seat that may not act gets the
// zero Action.
func (g *state) Timeout(s engine.Seat) engine.Action {
	legal := g.Legal(s)
	if len(legal) == 0 {
		return engine.Action{}
	}
	want := legal[0] // order: the lowest free card; fire: douse
	if g.Phase == PhaseSearch && g.Drawn > 0 {
		want = engine.Action{Kind: KindScore}
	}
	a, _ := engine.Find(legal, want)
	return a
}
