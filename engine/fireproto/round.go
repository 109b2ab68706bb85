package fireproto

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// layout renders a Turn Order card, e.g. "S S X X X, bravery 3": S is a
// safe space, X a risky one.
func layout(number int) string { return layouts[number-1] }

var layouts = func() (out [len(cardSpecs)]string) {
	for n := range out {
		parts := make([]string, numSpaces)
		for i := range parts {
			parts[i] = "S"
			if risky(n+1, i) {
				parts[i] = "X"
			}
		}
		out[n] = fmt.Sprintf("%s, bravery %d", strings.Join(parts, " "), bravery(n+1))
	}
	return out
}()

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
	if g.telling() {
		g.emit("Round %d begins: players choose Turn Order cards, least knowledge first", g.Round)
	}
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
			if g.telling() {
				g.emit("%s are tied on %d knowledge; the order among them is drawn at random: %s",
					engine.JoinSeats(slices.Sorted(slices.Values(tier))), g.Track.Scores[tier[0]], seatList(tier))
			}
		}
		out = append(out, tier...)
	}
	return out
}

// seatList names seats in the given order: "{seat2}, then {seat0}".
func seatList(seats []engine.Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = engine.SeatRef(s)
	}
	return strings.Join(names, ", then ")
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
		g.takeCard(g.Picks[0], free[0], " (the only one left)")
	}
	g.nextTurn()
}

func (g *state) takeCard(s engine.Seat, number int, note string) {
	g.card(number).Holder = s
	g.Picks = g.Picks[1:]
	if g.telling() {
		g.emit("%s takes the %s Turn Order card: %s%s", engine.SeatRef(s), engine.Ordinal(number),
			layout(number), note)
	}
}

// chooseOrder applies an "order" action.
func (g *state) chooseOrder(s engine.Seat, number int) {
	g.takeCard(s, number, "")
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
			if g.telling() {
				g.emit("%s takes the bag (%s card: %s)", engine.SeatRef(c.Holder), engine.Ordinal(c.Number),
					layout(c.Number))
			}
			return
		}
	}
	g.startRound()
}
