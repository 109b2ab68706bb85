package firetower

import "arcade/engine"

// startHand is the hand size before any elimination.
const startHand = 5

// newState deals a game: towers by seat, five cards each, the Firestorm
// shuffled into the rest of the deck if it is used, then the die for the
// starting wind and the first player.
func newState(players int, team, storms bool, deck string, seed uint64) *state {
	g := &state{
		Players:  players,
		TeamPlay: team,
		Storms:   storms,
		DeckName: deck,
		HandSize: startHand,
		RNG:      engine.NewRNG(seed),
		Part:     PartSpread,
		TurnNo:   1,
	}
	g.Pos.Board = NewBoard()
	for _, t := range towersFor(players) {
		g.Seats = append(g.Seats, seatState{Tower: t, Bucket: true})
		g.Pos.InPlay[t] = true
	}
	g.Deck = buildDeck(deck)
	g.shuffle(g.Deck)
	for range startHand {
		for s := range g.Seats {
			g.Seats[s].Hand = append(g.Seats[s].Hand, g.pop())
		}
	}
	if storms {
		g.Deck = append(g.Deck, Firestorm)
		g.shuffle(g.Deck)
	}
	g.Pos.Wind = g.rollWind(-1)
	g.Turn = g.firstPlayer(g.Pos.Wind)
	engine.Tell(&g.log, engine.Everyone, started{g.Pos.Wind, g.Turn, g.Seats[g.Turn].Tower})
	if team {
		engine.Tell(&g.log, engine.Everyone, teamsFormed{})
	}
	g.settle()
	g.remember(g.log.Take())
	return g
}

// firstPlayer is the player the starting wind blows toward; when it blows
// toward two, the rulebook's picture (North red, East purple, South blue,
// West green) if that tower is in play.
func (g *state) firstPlayer(d Dir) engine.Seat {
	for _, t := range d.Threatened() {
		for s, st := range g.Seats {
			if st.Tower == t {
				return engine.Seat(s)
			}
		}
	}
	return 0
}

// rollWind rolls the die until it shows a direction that threatens a live
// tower and, when not is a direction, differs from it.
func (g *state) rollWind(not Dir) Dir {
	ok := func(d Dir) bool { return d != not && g.windLive(d) }
	if !ok(North) && !ok(East) && !ok(South) && !ok(West) {
		return max(not, North) // cannot happen while two towers stand
	}
	for {
		if d := Dir(g.RNG.Intn(4)); ok(d) {
			return d
		}
	}
}

// shuffle permutes cards with the game's generator.
func (g *state) shuffle(cards []Card) {
	g.RNG.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
}

// pop takes the top card of the draw pile (which must not be empty).
func (g *state) pop() Card {
	c := g.Deck[len(g.Deck)-1]
	g.Deck = g.Deck[:len(g.Deck)-1]
	return c
}
