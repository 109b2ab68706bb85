package fireproto

import "arcade/engine"

// newState sets up a game (rulebook "Set up", the card data): the trackers on
// their first values, knowledge markers on 0, the Buckets in the centre,
// five books burned and set aside, the fires added to the bag, and a random
// Turn Order card dealt to each player for round 1.
func newState(players int, seed uint64) *state {
	g := &state{
		Players:   players,
		RNG:       engine.NewRNG(seed),
		Active:    -1,
		Bag:       make(engine.Bag, numKinds),
		Supply:    numBuckets,
		Seats:     make([]seatState, players),
		Track:     engine.NewScoreTrack(players),
		Picks:     []engine.Seat{},
		Last:      Empty,
		LastBy:    -1,
		Collapsed: -1,
	}
	for c, col := range colours {
		g.Bag[c] = col.Books
	}
	// Setup can never reach an X: no colour has as many tokens as values.
	for range setupBurns {
		c := g.Bag.Draw(&g.RNG)
		g.Aside[c]++
		g.Pos[c]++
	}
	g.Bag[Fire] = numFires
	for _, n := range cardNumbers(players) {
		g.Cards = append(g.Cards, orderCard{Number: n, Holder: -1, Spaces: emptySpaces()})
	}
	g.startRound()
	g.log.Take()
	return g
}

func emptySpaces() [numSpaces]Token {
	var sp [numSpaces]Token
	for i := range sp {
		sp[i] = Empty
	}
	return sp
}

// deal gives every player a random Turn Order card (round 1).
func (g *state) deal() {
	numbers := cardNumbers(g.Players)
	g.RNG.Shuffle(len(numbers), func(i, j int) { numbers[i], numbers[j] = numbers[j], numbers[i] })
	for s, n := range numbers {
		g.card(n).Holder = engine.Seat(s)
	}
}
