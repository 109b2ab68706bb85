package firelibrary

import (
	"fmt"
	"strconv"

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
)

// Legal implements engine.State.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if !g.pending(s) {
		return nil
	}
	switch g.Phase {
	case PhaseOrder:
		var out []engine.Action
		for _, n := range g.freeCards() {
			out = append(out, engine.Action{Kind: KindOrder, Args: []int{n}, Key: strconv.Itoa(n),
				Label: fmt.Sprintf("Take the %s Turn Order card (%s)", ordinal(n), layout(n))})
		}
		return out
	case PhaseSave:
		out := []engine.Action{{Kind: KindDraw, Key: "d", Label: "Draw a token from the bag"}}
		if g.Drawn > 0 {
			k, b, _ := g.score(g.cardOf(s))
			out = append(out, engine.Action{Kind: KindStop, Key: "s",
				Label: fmt.Sprintf("Escape and score %d (%d knowledge + %d bravery)", k+b, k, b)})
		}
		return out
	case PhaseTool:
		var out []engine.Action
		for i, c := range g.Market {
			out = append(out, engine.Action{Kind: KindTool, Args: []int{i}, Key: strconv.Itoa(i + 1),
				Label: "Take " + cardTool(c).Name + " from the market"})
		}
		if g.toolsLeft() {
			out = append(out, engine.Action{Kind: KindTool, Args: []int{deckSlot}, Key: "4",
				Label: "Draw the top of the tool deck"})
		}
		return out
	case PhaseSwap:
		out := []engine.Action{{Kind: KindKeep, Key: "k", Label: "Keep your tools"}}
		for i, c := range g.Seats[s].Hand {
			a := engine.Action{Kind: KindSwap, Args: []int{i},
				Label: "Discard " + cardTool(c).Name + " and draw the top of the tool deck"}
			if i < 9 {
				a.Key = strconv.Itoa(i + 1)
			}
			out = append(out, a)
		}
		return out
	}
	return nil
}

// Apply implements engine.State. Every action is checked against Legal
// first, so a refused action changes nothing.
func (g *state) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	act, ok := engine.Find(g.Legal(s), a)
	if !ok {
		return nil, g.refuse(s, a)
	}
	g.ev = nil
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
	}
	ev := g.ev
	g.ev = nil
	return ev, nil
}

// phaseKinds lists the action kinds of each phase.
var phaseKinds = map[string]Phase{
	KindOrder: PhaseOrder, KindDraw: PhaseSave, KindStop: PhaseSave,
	KindTool: PhaseTool, KindSwap: PhaseSwap, KindKeep: PhaseSwap,
}

// refuse explains why a is not legal for s.
func (g *state) refuse(s engine.Seat, a engine.Action) error {
	switch {
	case g.Phase == PhaseOver:
		return engine.Illegal("The game is over")
	case s < 0 || int(s) >= g.Players:
		return engine.Illegal("Only seated players can play")
	}
	want, known := phaseKinds[a.Kind]
	if !known {
		return engine.Illegal("Unknown move %q", a.Kind)
	}
	if !g.pending(s) {
		if g.Phase == PhaseSwap {
			return engine.Illegal("You have already decided about your tools this round")
		}
		return engine.Illegal("It is not your turn: %s", g.doing())
	}
	if want != g.Phase {
		return engine.Illegal("You cannot %s now: %s", a.Kind, g.doing())
	}
	arg, nargs := 0, len(a.Args)
	if nargs > 0 {
		arg = a.Args[0]
	}
	switch a.Kind {
	case KindDraw, KindKeep:
		return engine.Illegal("%q takes no arguments", a.Kind)
	case KindStop:
		if nargs == 0 && g.Drawn == 0 {
			return engine.Illegal("You must draw at least one token before escaping")
		}
		return engine.Illegal("%q takes no arguments", a.Kind)
	}
	if nargs != 1 {
		return engine.Illegal("%q needs exactly one number", a.Kind)
	}
	switch a.Kind {
	case KindOrder:
		if c := g.card(arg); c != nil {
			return engine.Illegal("The %s Turn Order card is already taken by %s", ordinal(arg), seat(c.Holder))
		}
		return engine.Illegal("There is no Turn Order card %d in this game (cards 1-%d are in play)", arg, len(g.Cards))
	case KindTool:
		if arg == deckSlot {
			return engine.Illegal("The tool deck and the discard pile are empty")
		}
		return engine.Illegal("There is no tool in market slot %d", arg+1)
	}
	return engine.Illegal("You have no tool number %d", arg+1)
}

// doing describes who the game is waiting for.
func (g *state) doing() string {
	switch g.Phase {
	case PhaseOrder:
		return seat(g.Active) + " is choosing a Turn Order card"
	case PhaseSave:
		return seat(g.Active) + " is saving books"
	case PhaseTool:
		return seat(g.Active) + " is taking a tool"
	case PhaseSwap:
		return "players are deciding whether to swap a tool"
	}
	return "the game is over"
}

// Timeout implements engine.State: escape if allowed, else draw; take the
// lowest free Turn Order card; draw the tool from the deck; keep tools. A
// seat that may not act gets the zero Action.
func (g *state) Timeout(s engine.Seat) engine.Action {
	legal := g.Legal(s)
	if len(legal) == 0 {
		return engine.Action{}
	}
	var want engine.Action
	switch g.Phase {
	case PhaseSave:
		want = engine.Action{Kind: KindDraw}
		if g.Drawn > 0 {
			want = engine.Action{Kind: KindStop}
		}
	case PhaseTool:
		want = engine.Action{Kind: KindTool, Args: []int{deckSlot}}
	case PhaseSwap:
		want = engine.Action{Kind: KindKeep}
	}
	if a, ok := engine.Find(legal, want); ok {
		return a
	}
	return legal[0] // order: the lowest free card; tool: market slot 1
}
