package firelibrary

import (
	"slices"

	"arcade/engine"
)

// Action kinds.
const (
	KindDraw  = "draw"  // draw a token from the bag
	KindStop  = "stop"  // escape and score
	KindOrder = "order" // Args [card number 1-6]: take a Turn Order card
	KindTool  = "tool"  // Args [market slot 0-2, or 3 for the deck]
	KindSwap  = "swap"  // Args [hand index]: discard that tool for a new one
	KindKeep  = "keep"  // keep your tools at the end of the round
	KindPlay  = "play"  // Args [tool, choices...]: play a tool from your hand
	KindPass  = "pass"  // answer a window without playing a tool
	KindDig   = "dig"   // the second double draw of a played Shovel
	KindPlace = "place" // Args [token kind]: place a token a Shovel or Torch drew
	KindRest  = "rest"  // Torch: put the tokens not placed back
	KindDone  = "done"  // end After Scoring, and the turn
	KindBurn  = "burn"  // No Tool variant: call Burn!
)

// Legal implements engine.State. The list is kept until the next Apply,
// which checks its move against it (callers must not write to it): a
// player, a bot or a playout asks for the moves and then plays one.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if g.legal == nil || g.legalOf != s {
		g.legal, g.legalOf = g.listLegal(s), s
	}
	return g.legal
}

// listLegal lists seat s's legal moves.
func (g *state) listLegal(s engine.Seat) []engine.Action {
	if !g.pending(s) {
		return nil
	}
	switch g.Phase {
	case PhaseOrder:
		out := make([]engine.Action, 0, len(g.Cards))
		for i := range g.Cards {
			if c := &g.Cards[i]; g.free(c) {
				out = append(out, engine.Action{Kind: KindOrder, Args: oneArg(c.Number)})
			}
		}
		return out
	case PhaseSave:
		out := make([]engine.Action, 0, 8)
		if g.Bag.Total() > 0 {
			out = append(out, engine.Action{Kind: KindDraw})
		}
		out = append(out, engine.Action{Kind: KindStop}) // even before the first draw (ruling 10)
		g.addToolPlays(s, &out)
		return out
	case PhasePlace:
		out := make([]engine.Action, 0, len(g.Turn.Drawing)+1)
		for i, t := range g.Turn.Drawing {
			if !slices.Contains(g.Turn.Drawing[:i], t) {
				out = append(out, engine.Action{Kind: KindPlace, Args: oneArg(int(t))})
			}
		}
		if g.Turn.Placed > 0 {
			out = append(out, engine.Action{Kind: KindRest})
		}
		return out
	case PhaseSpread:
		if g.Var.NoTools {
			return []engine.Action{{Kind: KindBurn}, {Kind: KindPass}}
		}
		return g.withToolPlays(s, KindPass)
	case PhaseAmulet:
		return g.withToolPlays(s, KindPass)
	case PhaseAfter:
		return g.withToolPlays(s, KindDone)
	case PhaseTool:
		out := make([]engine.Action, 0, len(g.Market)+1)
		for i := range g.Market {
			out = append(out, engine.Action{Kind: KindTool, Args: oneArg(i)})
		}
		if g.toolsLeft() {
			out = append(out, engine.Action{Kind: KindTool, Args: oneArg(deckSlot)})
		}
		return out
	case PhaseSwap:
		out := make([]engine.Action, 1, len(g.Seats[s].Hand)+1)
		out[0] = engine.Action{Kind: KindKeep}
		for i := range g.Seats[s].Hand {
			out = append(out, engine.Action{Kind: KindSwap, Args: oneArg(i)})
		}
		return out
	}
	return nil
}

// withToolPlays lists the move kind (without arguments), then seat s's
// tool moves.
func (g *state) withToolPlays(s engine.Seat, kind string) []engine.Action {
	out := make([]engine.Action, 1, 8)
	out[0] = engine.Action{Kind: kind}
	g.addToolPlays(s, &out)
	return out
}

// oneArg is the Args of a move with the one argument n: for small n a
// slice shared by every such move, so that listing moves allocates less
// (nobody writes to a move's Args).
func oneArg(n int) []int {
	if n >= 0 && n < len(oneArgs) {
		return oneArgs[n]
	}
	return []int{n}
}

var oneArgs = func() (out [16][]int) {
	for n := range out {
		out[n] = []int{n}
	}
	return out
}()

// Apply implements engine.State. Every action is checked against Legal
// first, so a refused action changes nothing.
func (g *state) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	act, ok := engine.Find(g.Legal(s), a)
	if !ok {
		return nil, g.refuse(s, a)
	}
	g.legal = nil
	return g.apply(s, act), nil
}

// apply performs act, one of s's legal moves as Legal lists it.
func (g *state) apply(s engine.Seat, act engine.Action) []engine.Event {
	switch act.Kind {
	case KindOrder:
		g.chooseOrder(s, act.Args[0])
	case KindDraw:
		g.draw()
	case KindStop:
		g.escape()
	case KindTool:
		g.takeTool(act.Args[0])
	case KindSwap:
		g.decideSwap(s, act.Args[0])
	case KindKeep:
		g.decideSwap(s, swapKeep)
	case KindPlay:
		card := g.heldCard(s, act.Args[0])
		if g.Phase == PhaseAmulet || g.Phase == PhaseSpread {
			g.answer(s, append([]int{card}, act.Args...))
			break
		}
		g.Seats[s].Hand = slices.DeleteFunc(g.Seats[s].Hand, func(c int) bool { return c == card })
		g.useTool(s, card, act.Args[0], act.Args[1:])
	case KindPass:
		g.answer(s, nil)
	case KindBurn:
		g.burn(s)
	case KindDig:
		g.dig()
	case KindPlace:
		g.placeDrawn(Token(act.Args[0]))
	case KindRest:
		g.rest()
	case KindDone:
		g.endTurn()
	}
	if g.Phase != PhaseOver {
		g.refillMarket() // discarded tools may refill a market the deck left short
	}
	if len(g.Pre) == 0 {
		return g.takeEvents()
	}
	ev := append(slices.Clip(g.Pre), g.takeEvents()...)
	g.Pre = nil
	return ev
}

// phaseKinds lists the phases in which each action kind may be played
// (KindPlay: see toolWindow).
var phaseKinds = map[string][]Phase{
	KindOrder: {PhaseOrder}, KindDraw: {PhaseSave}, KindStop: {PhaseSave}, KindDig: {PhaseSave},
	KindTool: {PhaseTool}, KindSwap: {PhaseSwap}, KindKeep: {PhaseSwap},
	KindPass: {PhaseAmulet, PhaseSpread}, KindBurn: {PhaseSpread},
	KindPlace: {PhasePlace}, KindRest: {PhasePlace}, KindDone: {PhaseAfter},
	KindPlay: {PhaseAmulet, PhaseSave, PhaseSpread, PhaseAfter},
}

// refuse explains why a is not legal for s, citing the rule that refuses
// it; a malformed move (unknown, wrong arguments, not a player, the game
// over) cites none.
func (g *state) refuse(s engine.Seat, a engine.Action) error {
	switch {
	case g.Phase == PhaseOver:
		return engine.Illegal("The game is over")
	case s < 0 || int(s) >= g.Players:
		return engine.Illegal("Only seated players can play")
	}
	phases, known := phaseKinds[a.Kind]
	if !known {
		return engine.Illegal("Unknown move %q", a.Kind)
	}
	if a.Kind == KindPlay {
		if err := g.refusePlay(s, a); err != nil {
			return err
		}
	}
	if !g.pending(s) {
		return g.refuseWaiting(s, a)
	}
	if !slices.Contains(phases, g.Phase) {
		return engine.Refuse(phaseRules[g.Phase], "You cannot %s now: %s", a.Kind, g.doing())
	}
	if len(a.Args) == 0 {
		if err := g.refuseBare(a); err != nil {
			return err
		}
	}
	return g.refuseArgs(a)
}

// refuseWaiting explains why a seat that is not asked to move now may not
// play a.
func (g *state) refuseWaiting(s engine.Seat, a engine.Action) error {
	switch g.Phase {
	case PhaseSpread:
		if g.Var.NoTools {
			return engine.Refuse(rulingNoTool, "You have already called Burn! or passed: %s", g.doing())
		}
		return engine.Refuse(ruleAsked, "You have already answered, or are not asked: %s", g.doing())
	case PhaseAmulet:
		return engine.Refuse(ruleAsked, "You have already answered, or are not asked: %s", g.doing())
	case PhaseSwap:
		return engine.Refuse(rulingSwaps, "You have already decided about your tools this round")
	case PhaseOrder:
		return engine.Refuse(ruleChoosing, "It is not your turn: %s", g.doing())
	}
	return engine.Refuse(ruleTurnOrder, "It is not your turn: %s", g.doing())
}

// refuseBare explains why a move without arguments, of a kind the phase
// has, is not legal now (nil: it needs arguments).
func (g *state) refuseBare(a engine.Action) error {
	switch a.Kind {
	case KindDraw:
		return engine.Refuse(rulingEscape, "The bag is empty: escape now")
	case KindBurn:
		return engine.Refuse(ruleBurnCall, "Burn! is only called in the No Tool variant")
	case KindDig:
		if g.Bag.Total() == 0 {
			return engine.Illegal("The bag is empty: the Shovel has nothing to draw")
		}
		return engine.Refuse(toolRules[toolShovel], "You have no Shovel draw left this turn (play a Shovel from your hand first)")
	case KindRest:
		if g.Turn.From/copiesPerTool == toolShovel {
			return engine.Refuse(toolRules[toolShovel], "A Shovel draw must place one of the two tokens")
		}
		return engine.Refuse(toolRules[toolTorch], "Place at least one of the tokens the Torch drew first")
	}
	return nil
}

// refuseArgs explains why a move with arguments (or one that takes none,
// given some) is not legal now.
func (g *state) refuseArgs(a engine.Action) error {
	switch a.Kind {
	case KindDraw, KindKeep, KindPass, KindDone, KindBurn, KindStop, KindDig, KindRest:
		return engine.Illegal("%q takes no arguments", a.Kind)
	case KindPlay:
		return engine.Illegal("That is not a way to play the %s now", tools[a.Args[0]].Name)
	}
	if len(a.Args) != 1 {
		return engine.Illegal("%q needs exactly one number", a.Kind)
	}
	arg := a.Args[0]
	switch a.Kind {
	case KindOrder:
		c := g.card(arg)
		switch {
		case c == nil:
			return engine.Refuse(rulingCardSets, "There is no Turn Order card %d in this game (cards 1-%d are in play)",
				arg, len(g.Cards))
		case c.Holder != noHolder:
			return engine.Refuse(ruleChoosing, "The %s Turn Order card is already taken by %s", ordinal(arg),
				seat(c.Holder))
		}
		return engine.Refuse(ruleSoloCards, "The %s Turn Order card was used already in this cycle of six", ordinal(arg))
	case KindTool:
		if arg == deckSlot {
			return engine.Refuse(rulingEmptyDeck, "The tool deck and the discard pile are empty")
		}
		return engine.Illegal("There is no tool in market slot %d", arg+1)
	case KindPlace:
		return engine.Illegal("There is no such token to place")
	}
	return engine.Illegal("You have no tool number %d", arg+1)
}

// refusePlay explains why a tool may not be played: no such tool, not
// held, not its timing window, or not with these choices.
func (g *state) refusePlay(s engine.Seat, a engine.Action) error {
	if len(a.Args) == 0 || a.Args[0] < 0 || a.Args[0] >= numTools {
		return engine.Illegal("Play which tool? Give a tool number 0-%d", numTools-1)
	}
	tl := a.Args[0]
	name := tools[tl].Name
	if g.Var.NoTools {
		return engine.Refuse(ruleNoTools, "There are no tools in the No Tool variant")
	}
	if g.heldCard(s, tl) < 0 {
		return engine.Illegal("You hold no %s", name)
	}
	if w := g.toolWindow(s, tl); w != windowOpen {
		return engine.Refuse(w.rule(), "You cannot play the %s now: %s", name, w.text(tl))
	}
	if !g.pending(s) {
		return nil
	}
	return g.refuseChoice(tl, a.Args[1:])
}

// onCard are the tools played on the books of the active player's card.
var onCard = []int{toolSlingshot, toolAxe, toolCloak, toolCollector, toolLockbox, toolKnapsack, toolCart}

// refuseChoice explains why tool tl, in its window, may not be played with
// the choices args (the book, the space, the target): nil when no reason
// is found.
func (g *state) refuseChoice(tl int, args []int) error {
	rule, name := toolRules[tl], tools[tl].Name
	switch {
	case tl == toolGloves && g.Turn.Gloves:
		return engine.Illegal("You are already wearing Gloves this turn")
	case (tl == toolShovel || tl == toolTorch) && g.Bag.Total() == 0:
		return engine.Illegal("The bag is empty: the %s has nothing to draw", name)
	case !slices.Contains(onCard, tl):
		return nil
	}
	c := g.cardOf(g.Active)
	books := distinctBooks(c)
	switch {
	case tl == toolSlingshot:
		if best := c.bestBooks(g.worth); len(best) > 0 && len(args) == 2 && !slices.Contains(best, args[1]) {
			return engine.Refuse(rule, "The Slingshot moves the most valuable book: choose one of those")
		}
		return engine.Refuse(rule, "The Slingshot cannot go there: its target must not have played this round, and "+
			"it may not make that player spread fire or fill their card")
	case len(books) == 0:
		return engine.Refuse(rule, "The %s needs a book on the active player's card", name)
	case tl == toolAxe:
		return engine.Refuse(rule, "The Axe takes the most valuable book: choose one of those")
	case tl == toolCloak:
		if len(args) == 1 && (args[0] < 0 || args[0] >= numSpaces || !c.Spaces[args[0]].Book()) {
			return engine.Refuse(rule, "The Cloak saves a book: there is none on space %d", args[0]+1)
		}
	case tl == toolKnapsack && g.Bag.Total() == 0:
		return engine.Refuse(rule, "The Knapsack needs a token in the bag to draw")
	case tl != toolCart && len(args) == 1 && !slices.Contains(books, Token(args[0])):
		return engine.Refuse(rule, "The %s takes a book you saved this turn: you saved no such book", name)
	}
	return nil
}

// doing describes who the game is waiting for.
func (g *state) doing() string {
	switch g.Phase {
	case PhaseAmulet:
		return "players may play an Amulet before Turn Order cards are chosen"
	case PhaseOrder:
		return seat(g.Active) + " is choosing a Turn Order card"
	case PhaseSave:
		return seat(g.Active) + " is saving books"
	case PhasePlace:
		return seat(g.Active) + " is placing the tokens the " + cardTool(g.Turn.From).Name + " drew"
	case PhaseSpread:
		if g.Var.NoTools {
			return "Fire Spreading on " + seat(g.Active) + "'s card: every player may call Burn!"
		}
		return "Fire Spreading on " + seat(g.Active) + "'s card: waiting for answers"
	case PhaseTool:
		return seat(g.Active) + " is taking a tool"
	case PhaseAfter:
		return seat(g.Active) + " may play After Scoring tools"
	case PhaseSwap:
		return "players are deciding whether to swap a tool"
	}
	return "the game is over"
}

// Timeout implements engine.State: draw once, then escape (at once if the
// bag is empty); place a book if one was drawn (a Torch stops placing
// instead of placing a fire); pass in a window; end the turn after
// scoring; take the lowest free Turn Order card; draw the tool from the
// deck; keep tools. A seat that may not act gets the zero Action.
func (g *state) Timeout(s engine.Seat) engine.Action { return g.timeout(g.Legal(s)) }

// timeout picks the Timeout move among legal, the pending seat's moves.
func (g *state) timeout(legal []engine.Action) engine.Action {
	if len(legal) == 0 {
		return engine.Action{}
	}
	var want []engine.Action
	switch g.Phase {
	case PhaseSave:
		want = []engine.Action{{Kind: KindStop}, {Kind: KindDraw}}
		if g.Drawn == 0 {
			want[0], want[1] = want[1], want[0]
		}
	case PhasePlace:
		for _, t := range g.Turn.Drawing {
			if t != Fire {
				want = append(want, engine.Action{Kind: KindPlace, Args: []int{int(t)}})
			}
		}
		want = append(want, engine.Action{Kind: KindRest})
	case PhaseAmulet, PhaseSpread:
		want = []engine.Action{{Kind: KindPass}}
	case PhaseAfter:
		want = []engine.Action{{Kind: KindDone}}
	case PhaseTool:
		want = []engine.Action{{Kind: KindTool, Args: []int{deckSlot}}}
	case PhaseSwap:
		want = []engine.Action{{Kind: KindKeep}}
	}
	for _, w := range want {
		if a, ok := engine.Find(legal, w); ok {
			return a
		}
	}
	return legal[0] // order: the lowest free card; tool: market slot 1; place: a fire
}
