package firelibrary

import "arcade/engine"

// newState sets up a game (rulebook setup, DATA.md A1-A4, ruling 26) and
// deals the Turn Order cards of round 1 at random.
func newState(players int, seed uint64) *state {
	g := &state{
		Players:   players,
		RNG:       engine.NewRNG(seed),
		Active:    -1,
		Supply:    totalFires - startFires,
		Last:      Empty,
		LastBy:    -1,
		Collapsed: -1,
		Clock:     players,
	}
	for i, sec := range sections {
		g.Bag[i] = sec.Books
	}
	g.Bag[Fire] = startFires
	g.Deck = toolDeck(players)
	g.shuffle(g.Deck)
	g.Market = []int{}
	g.Discard = []int{}
	g.refillMarket()
	g.Seats = make([]seatState, players)
	for s := range g.Seats {
		// Players who never scored break ties by seat order (ruling 8).
		g.Seats[s] = seatState{Arrived: s, Swap: swapKeep, Hand: []int{}}
	}
	for range 2 {
		for s := range g.Seats {
			g.Seats[s].Hand = append(g.Seats[s].Hand, g.drawTool())
		}
	}
	g.Cards = make([]orderCard, cardsInPlay(players))
	for i := range g.Cards {
		g.Cards[i] = orderCard{Number: i + 1, Holder: -1, Spaces: emptySpaces()}
	}
	g.Picks = []engine.Seat{}
	g.startRound()
	g.ev = nil
	return g
}

func emptySpaces() [numSpaces]Token {
	var sp [numSpaces]Token
	for i := range sp {
		sp[i] = Empty
	}
	return sp
}

func (g *state) shuffle(cards []int) {
	g.RNG.Shuffle(len(cards), func(i, j int) { cards[i], cards[j] = cards[j], cards[i] })
}

// drawTool takes the top tool of the deck, first shuffling the discard pile
// into a new deck if the deck is empty (ruling 6). It returns -1 when both
// are empty.
func (g *state) drawTool() int {
	if len(g.Deck) == 0 {
		if len(g.Discard) == 0 {
			return -1
		}
		g.Deck, g.Discard = g.Discard, []int{}
		g.shuffle(g.Deck)
		g.emit("The tool discard pile is shuffled into a new tool deck")
	}
	c := g.Deck[len(g.Deck)-1]
	g.Deck = g.Deck[:len(g.Deck)-1]
	return c
}

// toolsLeft reports whether a tool can still be drawn from deck or discard.
func (g *state) toolsLeft() bool { return len(g.Deck)+len(g.Discard) > 0 }

// refillMarket tops the market up to three face-up tools; if the deck and
// the discard pile are both empty it stays short.
func (g *state) refillMarket() {
	for len(g.Market) < marketSize {
		c := g.drawTool()
		if c < 0 {
			return
		}
		g.Market = append(g.Market, c)
		if g.Round > 0 {
			g.emit("%s is added to the tool market", cardTool(c).Name)
		}
	}
}
