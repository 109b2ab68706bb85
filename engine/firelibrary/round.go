package firelibrary

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// seat renders a seat reference for the UI to replace with a name.
func seat(s engine.Seat) string { return fmt.Sprintf("{seat%d}", s) }

func ordinal(n int) string {
	switch n {
	case 1:
		return "1st"
	case 2:
		return "2nd"
	case 3:
		return "3rd"
	}
	return fmt.Sprintf("%dth", n)
}

// layout renders a Turn Order card's spaces, e.g. "S S R2 R4 R6".
func layout(number int) string {
	parts := make([]string, numSpaces)
	for i, b := range orderCards[number-1] {
		parts[i] = "S"
		if b > 0 {
			parts[i] = fmt.Sprintf("R%d", b)
		}
	}
	return strings.Join(parts, " ")
}

// startRound begins a round: in round 1 the Turn Order cards are dealt at
// random, later players choose them lowest score first.
func (g *state) startRound() {
	g.Round++
	for i := range g.Cards {
		g.Cards[i].Holder = -1
	}
	for s := range g.Seats {
		g.Seats[s].Played = false
		g.Seats[s].Swap = swapKeep
	}
	if g.Round == 1 {
		numbers := make([]int, len(g.Cards))
		for i := range numbers {
			numbers[i] = i + 1
		}
		g.shuffle(numbers)
		for s := range g.Seats {
			g.card(numbers[s]).Holder = engine.Seat(s)
		}
		g.startTurns()
		return
	}
	g.emit("Round %d begins: players choose Turn Order cards, lowest score first", g.Round)
	g.Picks = g.scoreOrder()
	g.Phase = PhaseOrder
	g.nextPick()
}

// scoreOrder lists the seats lowest score first; ties go to whoever reached
// that score first, and players who never scored go in seat order.
func (g *state) scoreOrder() []engine.Seat {
	order := make([]engine.Seat, g.Players)
	for s := range order {
		order[s] = engine.Seat(s)
	}
	slices.SortStableFunc(order, func(a, b engine.Seat) int {
		pa, pb := g.Seats[a], g.Seats[b]
		if pa.Score != pb.Score {
			return pa.Score - pb.Score
		}
		return pa.Arrived - pb.Arrived
	})
	return order
}

// freeCards lists the numbers of the Turn Order cards nobody holds.
func (g *state) freeCards() []int {
	var out []int
	for _, c := range g.Cards {
		if c.Holder < 0 {
			out = append(out, c.Number)
		}
	}
	return out
}

// nextPick moves step 1 on: a chooser left with a single card gets it at
// once; when everybody holds a card, the turns begin.
func (g *state) nextPick() {
	for len(g.Picks) > 0 {
		free := g.freeCards()
		if len(free) > 1 {
			g.Active = g.Picks[0]
			return
		}
		g.takeCard(g.Picks[0], free[0], " (the only one left)")
	}
	g.startTurns()
}

func (g *state) takeCard(s engine.Seat, number int, note string) {
	g.card(number).Holder = s
	g.Picks = g.Picks[1:]
	g.emit("%s takes the %s Turn Order card: %s%s", seat(s), ordinal(number), layout(number), note)
}

// chooseOrder applies an "order" action.
func (g *state) chooseOrder(s engine.Seat, number int) {
	g.takeCard(s, number, "")
	g.nextPick()
}

// startTurns begins step 2.
func (g *state) startTurns() {
	g.Picks = []engine.Seat{}
	g.nextTurn()
}

// nextTurn hands the bag to the holder of the lowest-numbered card who has
// not played yet, or ends the round.
func (g *state) nextTurn() {
	for _, c := range g.Cards {
		if c.Holder >= 0 && !g.Seats[c.Holder].Played {
			g.Phase = PhaseSave
			g.Active = c.Holder
			g.Drawn = 0
			g.ToolWhy = ""
			g.emit("%s takes the bag (%s card: %s)", seat(c.Holder), ordinal(c.Number), layout(c.Number))
			return
		}
	}
	g.endRound()
}

// endRound is step 3: the lowest burn index burns, then every player
// holding a tool decides at once whether to swap one.
func (g *state) endRound() {
	g.Active = -1
	g.emit("End of round %d: the Library burns", g.Round)
	if g.burnLowest() {
		return
	}
	g.Phase = PhaseSwap
	for s := range g.Seats {
		g.Seats[s].Swap = swapKeep
		if len(g.Seats[s].Hand) > 0 {
			g.Seats[s].Swap = swapUndecided
		}
	}
	if len(g.Responding()) > 0 {
		g.emit("Everyone may discard one tool and draw a new one")
		return
	}
	g.resolveSwaps()
}

// decideSwap records a step 3 decision (a hand index or swapKeep); the
// swaps happen together once everybody has decided.
func (g *state) decideSwap(s engine.Seat, choice int) {
	g.Seats[s].Swap = choice
	if choice == swapKeep {
		g.tell(s, "You will keep your tools")
	} else {
		g.tell(s, "You will discard %s", cardTool(g.Seats[s].Hand[choice]).Name)
	}
	if len(g.Responding()) == 0 {
		g.resolveSwaps()
	}
}

// resolveSwaps discards every chosen tool, then each swapping player draws
// the top of the deck, lowest score first (ruling 7).
func (g *state) resolveSwaps() {
	order := g.scoreOrder()
	swapped := make([]int, g.Players)
	for _, s := range order {
		p := &g.Seats[s]
		swapped[s] = -1
		if p.Swap >= 0 {
			swapped[s] = p.Hand[p.Swap]
			p.Hand = slices.Delete(p.Hand, p.Swap, p.Swap+1)
			g.Discard = append(g.Discard, swapped[s])
		}
	}
	for _, s := range order {
		p := &g.Seats[s]
		switch {
		case p.Swap >= 0:
			c := g.drawTool() // never -1: the discard pile holds the swapped tool
			p.Hand = append(p.Hand, c)
			g.emit("%s swaps a tool", seat(s))
			g.tell(s, "You discarded %s and drew %s", cardTool(swapped[s]).Name, cardTool(c).Name)
		case len(p.Hand) > 0:
			g.emit("%s keeps their tools", seat(s))
		}
		p.Swap = swapKeep
	}
	g.startRound()
}
