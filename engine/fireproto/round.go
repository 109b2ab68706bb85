package fireproto

import "arcade/engine"

// startRound begins a round: in round 1 the Turn Order cards are dealt at
// random; later the players choose them in reverse knowledge order.
func (g *state) startRound() {
	g.Round++
	for i := range g.Cards {
		g.Cards[i].Holder = -1
	}
	for s := range g.Seats {
		g.Seats[s].Played = false
	}
	if g.Round == 1 {
		g.deal()
		g.nextTurn()
		return
	}
	engine.Tell(&g.log, engine.Everyone, roundBegan{g.Round})
	g.Picks = g.pickOrder()
	g.Phase = PhaseOrder
	g.nextPick()
}

// pickOrder lists the seats least knowledge first; the order among tied
// players is drawn at random.
func (g *state) pickOrder() []engine.Seat {
	var out []engine.Seat
	for _, tier := range g.Track.Tiers() {
		if len(tier) > 1 {
			g.RNG.Shuffle(len(tier), func(i, j int) { tier[i], tier[j] = tier[j], tier[i] })
			engine.Tell(&g.log, engine.Everyone, tieDrawn{groupOf(tier), g.Track.Scores[tier[0]]})
		}
		out = append(out, tier...)
	}
	return out
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

// nextPick moves the choice on: a chooser left with a single card gets it
// at once; when everybody holds a card, the turns begin.
func (g *state) nextPick() {
	for len(g.Picks) > 0 {
		free := g.freeCards()
		if len(free) > 1 {
			g.Active = g.Picks[0]
			return
		}
		g.takeCard(g.Picks[0], free[0], true)
	}
	g.nextTurn()
}

// takeCard gives seat s, the next chooser, Turn Order card number; only
// when it was the only one left.
func (g *state) takeCard(s engine.Seat, number int, only bool) {
	g.card(number).Holder = s
	g.Picks = g.Picks[1:]
	engine.Tell(&g.log, engine.Everyone, cardTaken{s, number, only})
}

// chooseOrder applies an "order" action.
func (g *state) chooseOrder(s engine.Seat, number int) {
	g.takeCard(s, number, false)
	g.nextPick()
}

// nextTurn hands the bag to the holder of the lowest-numbered card who has
// not played yet; when everyone has played, a new round starts.
func (g *state) nextTurn() {
	for _, c := range g.Cards {
		if c.Holder >= 0 && !g.Seats[c.Holder].Played {
			g.Phase = PhaseSearch
			g.Active = c.Holder
			g.Drawn = 0
			engine.Tell(&g.log, engine.Everyone, bagTaken{c.Holder, c.Number})
			return
		}
	}
	g.startRound()
}
