package firelibrary

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// seat renders a seat reference for the UI to replace with a name; the
// Robot is named in words.
func seat(s engine.Seat) string {
	switch {
	case s == robotSeat:
		return "the Robot"
	case s >= 0 && int(s) < len(seatRefs):
		return seatRefs[s]
	}
	return engine.SeatRef(s)
}

// seatRefs are the seat references of a table's seats, made once.
var seatRefs = func() (out [6]string) {
	for s := range out {
		out[s] = engine.SeatRef(engine.Seat(s))
	}
	return out
}()

// capSeat is seat at the start of a sentence.
func capSeat(s engine.Seat) string {
	if s == robotSeat {
		return "The Robot"
	}
	return seat(s)
}

// ordinal is engine.Ordinal, made once for the Turn Order cards' numbers.
func ordinal(n int) string {
	if n >= 1 && n <= len(ordinals) {
		return ordinals[n-1]
	}
	return engine.Ordinal(n)
}

var ordinals = func() (out [len(orderCards)]string) {
	for i := range out {
		out[i] = engine.Ordinal(i + 1)
	}
	return out
}()

// layout renders a Turn Order card's spaces, e.g. "S S R2 R4 R6".
func layout(number int) string { return layouts[number-1] }

var layouts = func() (out [len(orderCards)]string) {
	for n, card := range orderCards {
		parts := make([]string, numSpaces)
		for i, b := range card {
			parts[i] = "S"
			if b > 0 {
				parts[i] = fmt.Sprintf("R%d", b)
			}
		}
		out[n] = strings.Join(parts, " ")
	}
	return out
}()

// startRound begins a round: in round 1 the Turn Order cards are dealt at
// random (the solo player chooses); later an Amulet window opens, then
// players choose cards lowest score first (Inferno: dealt at random).
func (g *state) startRound() {
	g.Round++
	for i := range g.Cards {
		g.Cards[i].Holder = noHolder
	}
	for s := range g.Seats {
		g.Seats[s].Played = false
		g.Seats[s].Swap = swapKeep
	}
	if g.Robot != nil {
		g.Robot.Played = false
	}
	g.Spread, g.BurnedBest = false, 0
	if g.Var.solo() && len(g.Used) == len(g.Cards) {
		g.Used = []int{}
		emit(g, cardsRenewed)
	}
	if g.Round == 1 {
		g.chooseCards()
		return
	}
	how := startChosen
	switch {
	case g.Var.Mode == ModeLone:
		how = startLone
	case g.Var.Fire == FireInferno:
		how = startInferno
	case g.Var.solo():
		how = startSolo
	}
	emit(g, roundBegins{Round: g.Round, How: how})
	g.openAmulet()
}

// chooseCards is step 1 after any Amulets: cards are dealt at random in
// round 1 (not to the solo player) and in every Inferno round; otherwise
// players choose, lowest score first, the Robot taking the earliest free
// card at its place.
func (g *state) chooseCards() {
	if g.Var.Fire == FireInferno || g.Round == 1 && !g.Var.solo() {
		g.dealCards()
		g.startTurns()
		return
	}
	g.Picks = g.scoreOrder()
	g.nextPick()
}

// dealCards deals the free Turn Order cards at random, one to each player
// in seat order and then to the Robot.
func (g *state) dealCards() {
	numbers := g.freeCards()
	g.shuffle(numbers)
	who := make([]engine.Seat, 0, g.Players+1)
	for s := range g.Players {
		who = append(who, engine.Seat(s))
	}
	if g.Var.Mode == ModeRobot {
		who = append(who, robotSeat)
	}
	for k, s := range who {
		g.card(numbers[k]).Holder = s
		if g.Round > 1 || g.Var.solo() {
			emit(g, cardTaken{Seat: s, Card: numbers[k], How: cardDealt})
		}
	}
}

// scoreOrder lists the seats (and, in the Robot Player variant, the
// Robot) lowest score first; ties go to whoever reached that score first,
// and players who never scored go in seat order.
func (g *state) scoreOrder() []engine.Seat {
	order := g.trackOrder()
	if g.Var.Mode != ModeRobot {
		order = slices.DeleteFunc(order, func(s engine.Seat) bool { return s == robotSeat })
	}
	return order
}

// trackOrder lists every marker on the score track, the Robot's included,
// lowest score first, ties in order of arrival.
func (g *state) trackOrder() []engine.Seat {
	type marker struct {
		seat           engine.Seat
		score, arrived int
	}
	var buf [7]marker
	m := buf[:0]
	for s, p := range g.Seats {
		m = append(m, marker{engine.Seat(s), p.Score, p.Arrived})
	}
	if r := g.Robot; r != nil {
		m = append(m, marker{robotSeat, r.Score, r.Arrived})
	}
	less := func(a, b marker) bool { return a.score < b.score || a.score == b.score && a.arrived < b.arrived }
	for i := 1; i < len(m); i++ { // arrivals are distinct: one order only
		for j := i; j > 0 && less(m[j], m[j-1]); j-- {
			m[j], m[j-1] = m[j-1], m[j]
		}
	}
	order := make([]engine.Seat, len(m))
	for i, k := range m {
		order[i] = k.seat
	}
	return order
}

// scoreTrack is the score track as an engine.ScoreTrack: one marker per
// seat, then the Robot's (marker number Players), if there is a Robot.
func (g *state) scoreTrack() engine.ScoreTrack {
	t := engine.ScoreTrack{Clock: g.Clock}
	for _, p := range g.Seats {
		t.Scores = append(t.Scores, p.Score)
		t.Arrived = append(t.Arrived, p.Arrived)
	}
	if r := g.Robot; r != nil {
		t.Scores = append(t.Scores, r.Score)
		t.Arrived = append(t.Arrived, r.Arrived)
	}
	return t
}

// freeCards lists the numbers of the Turn Order cards nobody holds (solo:
// and not used yet in this cycle).
func (g *state) freeCards() []int {
	var out []int
	for i := range g.Cards {
		if g.free(&g.Cards[i]) {
			out = append(out, g.Cards[i].Number)
		}
	}
	return out
}

// free reports whether Turn Order card c may be chosen: nobody holds it,
// and it was not used yet in this cycle (solo variants).
func (g *state) free(c *orderCard) bool {
	return c.Holder == noHolder && !slices.Contains(g.Used, c.Number)
}

// nextPick moves step 1 on: the Robot takes the earliest free card, a
// chooser left with a single card gets it at once; when everybody holds a
// card, the turns begin.
func (g *state) nextPick() {
	for len(g.Picks) > 0 {
		free := g.freeCards()
		switch who := g.Picks[0]; {
		case who == robotSeat:
			g.takeCard(who, free[0], cardEarliest)
		case len(free) > 1:
			g.Phase = PhaseOrder
			g.Active = who
			return
		default:
			g.takeCard(who, free[0], cardOnly)
		}
	}
	g.startTurns()
}

// takeCard gives Turn Order card number to s, the first to pick.
func (g *state) takeCard(s engine.Seat, number int, how cardHow) {
	g.card(number).Holder = s
	g.Picks = g.Picks[1:]
	emit(g, cardTaken{Seat: s, Card: number, How: how})
}

// chooseOrder applies an "order" action.
func (g *state) chooseOrder(s engine.Seat, number int) {
	g.takeCard(s, number, cardChosen)
	g.nextPick()
}

// startTurns begins step 2.
func (g *state) startTurns() {
	g.Picks = []engine.Seat{}
	g.Active = -1
	g.nextTurn()
}

// nextTurn hands the bag to the holder of the lowest-numbered card who has
// not played yet (the Robot plays its turn at once), or ends the round.
func (g *state) nextTurn() {
	for _, c := range g.Cards {
		switch {
		case c.Holder >= 0 && !g.Seats[c.Holder].Played:
			g.Phase = PhaseSave
			g.Active = c.Holder
			g.Drawn = 0
			g.ToolWhy = ""
			g.Turn = freshTurn()
			turn := 0
			if g.Var.Mode == ModeLone {
				turn = g.Round
			}
			emit(g, bagTaken{Seat: c.Holder, Card: c.Number, Turn: turn})
			return
		case c.Holder == robotSeat && !g.Robot.Played:
			if g.robotTurn() {
				return
			}
		}
	}
	if g.Var.Mode == ModeSoloRobot && !g.Robot.Played && g.robotTurn() {
		return
	}
	g.endRound()
}

// endRound is step 3: tokens kept until the end of the round go back, the
// lowest burn index burns (twice in Wild Fire; not in the Robot variants;
// in the Lone Librarian only if Fire Spreading did not trigger this turn),
// then every player holding a tool decides at once whether to swap one.
func (g *state) endRound() {
	g.Active = -1
	g.clearTable("round")
	for i := range g.Cards {
		g.returnTokens(&g.Cards[i])
	}
	if g.Robot != nil {
		for _, t := range g.Robot.Tokens {
			g.Bag[t]++
		}
		g.Robot.Tokens = []Token{}
	}
	burns, how := 1, burnOnce
	switch {
	case !g.Var.burnsInStep3():
		burns, how = 0, burnRobot
	case g.Var.Mode == ModeLone && g.Spread:
		burns, how = 0, burnSpread
	case g.Var.wild():
		burns, how = 2, burnTwice
	}
	emit(g, roundEnds{Round: g.Round, How: how})
	for range burns {
		if g.burnLowest(burnRules[how]) {
			return
		}
	}
	if g.Var.Mode == ModeLone && g.Round == loneRounds {
		g.finish(fmt.Sprintf("The Lone Librarian took all %d turns.", loneRounds))
		return
	}
	g.Phase = PhaseSwap
	for s := range g.Seats {
		g.Seats[s].Swap = swapKeep
		if len(g.Seats[s].Hand) > 0 {
			g.Seats[s].Swap = swapUndecided
		}
	}
	if len(g.answering()) > 0 {
		emit(g, swapsOpen)
		return
	}
	g.resolveSwaps()
}

// decideSwap records a step 3 decision (a hand index or swapKeep); the
// swaps happen together once everybody has decided.
func (g *state) decideSwap(s engine.Seat, choice int) {
	g.Seats[s].Swap = choice
	card := -1
	if choice != swapKeep {
		card = g.Seats[s].Hand[choice]
	}
	tell(g, s, swapDecided{card})
	if len(g.answering()) == 0 {
		g.resolveSwaps()
	}
}

// resolveSwaps discards every chosen tool, then each swapping player draws
// the top of the deck, lowest score first (ruling 7).
func (g *state) resolveSwaps() {
	var order []engine.Seat
	for _, s := range g.scoreOrder() {
		if s != robotSeat {
			order = append(order, s)
		}
	}
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
			emit(g, swapMade{Seat: s})
			tell(g, s, swapDrawn{Discarded: swapped[s], Drew: c})
		case len(p.Hand) > 0:
			emit(g, swapMade{Seat: s, Kept: true})
		}
		p.Swap = swapKeep
	}
	g.startRound()
}
