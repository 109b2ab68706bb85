package firelibrary

import "arcade/engine"

// cardsInPlay is ruling 9: how many Turn Order cards (1..k) a game uses.
// The Robot Player takes one more card; the solo variants use all six.
func cardsInPlay(players int, v variant) int {
	switch {
	case v.solo():
		return 6
	case v.Mode == ModeRobot:
		return max(cardsInPlay(players, variant{}), players+1)
	case players == 2:
		return 3
	case players == 3:
		return 4
	}
	return players
}

// newState sets up a game (rulebook setup, the card data, ruling 9) and
// deals the Turn Order cards of round 1 at random (the solo player
// chooses).
func newState(players int, v variant, seed uint64) *state {
	g := &state{
		Players:   players,
		Var:       v,
		RNG:       engine.NewRNG(seed),
		Active:    -1,
		Supply:    totalFires - startFires,
		Last:      Empty,
		LastBy:    -1,
		Collapsed: -1,
		Clock:     players,
		Table:     []tableTool{},
		Used:      []int{},
		Turn:      freshTurn(),
	}
	g.Bag = make(engine.Bag, numKinds)
	for i, sec := range sections {
		g.Bag[i] = sec.Books
	}
	g.Bag[Fire] = startFires
	if v.Tech {
		g.Bag[Tech] = techBooks
		g.Bag[Fire]++
	}
	if v.hasRobot() {
		// The Robot has not scored yet: it chooses after the players.
		g.Robot = &robotState{Arrived: players, Flip: -1, Tokens: []Token{}}
		if v.Mode == ModeSoloRobot {
			g.Robot.Score = v.level().RobotStart // a challenge's head start
		}
		g.Clock++
	}
	g.Deck = toolDeck(players)
	g.shuffle(g.Deck)
	g.Market = []int{}
	g.Discard = []int{}
	g.Seats = make([]seatState, players)
	for s := range g.Seats {
		// Players who never scored break ties by seat order (ruling 8).
		g.Seats[s] = seatState{Arrived: s, Swap: swapKeep, Hand: []int{}}
	}
	if !v.NoTools {
		g.refillMarket()
		for range 2 {
			for s := range g.Seats {
				g.Seats[s].Hand = append(g.Seats[s].Hand, g.drawTool())
			}
		}
	}
	g.Cards = make([]orderCard, cardsInPlay(players, v))
	for i := range g.Cards {
		g.Cards[i] = orderCard{Number: i + 1, Holder: noHolder, Spaces: emptySpaces()}
	}
	g.Picks = []engine.Seat{}
	g.startRound()
	g.Pre = g.takeEvents()
	return g
}

func freshTurn() turnState {
	return turnState{Drawing: []Token{}, From: -1, Trigger: -1, Saved: []Token{}}
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
		emit(g, deckReshuffled)
	}
	c := g.Deck[len(g.Deck)-1]
	g.Deck = g.Deck[:len(g.Deck)-1]
	return c
}

// toolsLeft reports whether a tool can still be drawn from deck or discard.
func (g *state) toolsLeft() bool { return len(g.Deck)+len(g.Discard) > 0 }

// refillMarket tops the market up to three face-up tools; if the deck and
// the discard pile are both empty it stays short. The No Tool variant has
// no market.
func (g *state) refillMarket() {
	for !g.Var.NoTools && len(g.Market) < marketSize {
		c := g.drawTool()
		if c < 0 {
			return
		}
		g.Market = append(g.Market, c)
		if g.Round > 0 {
			emit(g, marketAdded{c})
		}
	}
}
