package firetower

import "arcade/engine"

// firestorm plays the Firestorm that seat s drew: the storm (steps 1-3),
// then a redraw round from s on (step 4). The card stays out of the piles
// until the round is over, then goes to the discard pile.
func (g *state) firestorm(s engine.Seat) {
	g.StormOut = true
	engine.Tell(&g.log, engine.Everyone, firestormDrawn{s})
	g.storm(s, false)
	if g.Over {
		g.StormOut = false
		g.Discard = append(g.Discard, Firestorm)
		return
	}
	for i := range g.Players {
		if t := (s + engine.Seat(i)) % engine.Seat(g.Players); !g.Seats[t].Out {
			g.Tasks = append(g.Tasks, task{Kind: taskRedraw, Seat: t})
		}
	}
	g.Tasks = append(g.Tasks, task{Kind: taskStormEnd, Seat: s})
}

// storm rolls a direction, sets fire to every empty square next to fire
// that way at once, checks the towers (credited to by), then rolls the new
// wind. It is the Firestorm's steps 1 to 3 and (partial) the partial
// firestorm.
func (g *state) storm(by engine.Seat, partial bool) {
	d := g.rollWind(-1)
	e := g.Pos.storm(d)
	g.setBoard(e)
	engine.Tell(&g.log, engine.Everyone, stormed{partial, d, e.Count(Fire)})
	g.checkTowers(by)
	if g.Over {
		return
	}
	g.Pos.Wind = g.rollWind(-1)
	engine.Tell(&g.log, engine.Everyone, windRerolled{g.Pos.Wind})
}

// checkTowers burns every tower whose corner has caught fire. Without
// teams its player is out: the eliminator (by) takes their cards, the hand
// size grows, the others draw. Each burned tower brings a partial
// firestorm, in the team variant too and with or without the Firestorm
// card (ruling 19).
func (g *state) checkTowers(by engine.Seat) {
	var hit []engine.Seat
	for s, st := range g.Seats {
		if !st.Burned && g.Pos.Board.At(st.Tower.Corner()).Burning() {
			hit = append(hit, engine.Seat(s))
		}
	}
	if len(hit) == 0 {
		return
	}
	for _, s := range hit {
		st := &g.Seats[s]
		st.Burned = true
		if g.TeamPlay {
			engine.Tell(&g.log, engine.Everyone, towerBurned{s, st.Tower, false})
			continue
		}
		st.Out, st.OutAt = true, g.Elims
		engine.Tell(&g.log, engine.Everyone, towerBurned{s, st.Tower, true})
	}
	if !g.TeamPlay {
		g.Elims += len(hit)
	}
	if g.checkOver(hit) {
		return
	}
	// Each storm ends with the die setting a wind that threatens a tower
	// still standing, so no wind is left blowing at burned towers only.
	for range hit {
		g.storm(by, true)
		if g.Over {
			return
		}
	}
	if !g.TeamPlay {
		g.eliminated(hit, by)
	}
}

// eliminated hands the cards of the players just out to their eliminator
// (or the discard pile when they burned their own tower or the eliminator
// is out too), grows the hand size, and lets the others draw.
func (g *state) eliminated(hit []engine.Seat, by engine.Seat) {
	taker := !g.Seats[by].Out
	for _, v := range hit {
		cards := g.Seats[v].Hand
		g.Seats[v].Hand = nil
		if taker && v != by {
			g.Seats[by].Hand = append(g.Seats[by].Hand, cards...)
			engine.Tell(&g.log, engine.Everyone, cardsTaken{by, v, len(cards)})
		} else {
			g.Discard = append(g.Discard, cards...)
			engine.Tell(&g.log, engine.Everyone, cardsDropped{v, len(cards)})
		}
	}
	g.HandSize = startHand + min(g.Elims, 2)
	engine.Tell(&g.log, engine.Everyone, handGrew{g.HandSize})
	for s := range g.Seats {
		if seat := engine.Seat(s); seat != by && !g.Seats[s].Out {
			g.refill(seat)
		}
	}
	if taker && len(g.Seats[by].Hand) > g.HandSize {
		g.Tasks = append(g.Tasks, task{Kind: taskTrim, Seat: by})
	}
}

// checkOver ends the game when one player (or team) is left, or none: the
// towers that burned last share a draw.
func (g *state) checkOver(hit []engine.Seat) bool {
	var winners []engine.Seat
	var summary string
	if g.TeamPlay {
		lost := [2]bool{}
		for t := range 2 {
			lost[t] = g.Seats[t].Burned && g.Seats[t+2].Burned
		}
		switch {
		case lost[0] && lost[1]:
			winners = []engine.Seat{0, 1, 2, 3}
			summary = "Both teams lost their last tower at once: a draw."
		case lost[0]:
			winners = []engine.Seat{1, 3}
		case lost[1]:
			winners = []engine.Seat{0, 2}
		default:
			return false
		}
		if summary == "" {
			summary = seatRef(winners[0]) + " and " + seatRef(winners[1]) + " burned both opposing towers and win."
		}
	} else {
		for s, st := range g.Seats {
			if !st.Out {
				winners = append(winners, engine.Seat(s))
			}
		}
		switch len(winners) {
		case 0:
			winners = hit
			summary = "The last towers burned at once: a draw between " + engine.JoinSeats(hit) + "."
		case 1:
			summary = seatRef(winners[0]) + "'s tower is the last one standing: " + seatRef(winners[0]) + " wins."
		default:
			return false
		}
	}
	g.Over, g.Winners, g.Summary = true, winners, summary
	g.Part, g.Tasks, g.EmberFrom = PartOver, nil, nil
	return true
}
