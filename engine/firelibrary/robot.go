package firelibrary

// robotTurn plays the Robot Player's turn (Robot variants). It reports
// whether the game ended.
//
// Multiplayer: flip the top tool card; the two sections on its banners
// burn, one card each; the Robot scores the other two sections' values
// plus bravery from its Turn Order card, its books filling spaces 1 to N
// (ruling 30). Solo: if the player burned books this round, the Robot
// scores the most valuable of them instead; otherwise it flips as above
// and gains 2 bravery per book after the first. Books a Slingshot (or an
// Amulet) gave it score too; fires are ignored. A Robot that burns a
// section down scores nothing.
func (g *state) robotTurn() bool {
	r := g.Robot
	g.Active = robotSeat
	r.Played = true
	c := g.cardOf(robotSeat)
	var held []Token
	if c != nil {
		held = append(held, c.Spaces[:]...)
	}
	held = append(held, r.Tokens...)
	var books []Token
	for _, t := range held {
		if t.Book() {
			books = append(books, t)
		}
	}
	extra := func() int { // the given books, at their value when it scores
		pts := 0
		for _, t := range books {
			pts += g.worth(t)
		}
		return pts
	}
	number := 0
	if c != nil {
		number = c.Number
	}
	card := -1
	solo := g.Var.Mode == ModeSoloRobot && g.BurnedBest > 0
	if !solo {
		card = g.drawTool()
	}
	switch {
	case solo:
		g.addRobot(g.BurnedBest + extra())
		emit(g, robotTakesBest{Best: g.BurnedBest, Held: heldBooks{rowOf(books), extra()}, Score: r.Score})
	case card < 0:
		g.addRobot(extra())
		emit(g, robotCannotFlip{Card: number, Points: extra(), Score: r.Score})
	default:
		r.Flip = card
		g.Discard = append(g.Discard, card)
		burn, scored := robotSections(card)
		flip := robotFlips{Card: number, Flip: card}
		emit(g, flip)
		for _, i := range burn {
			if g.burnTop(i, flip.Rule()) {
				return true
			}
		}
		n := 2 + len(books)
		bravery := 2 * (n - 1)
		if c != nil {
			bravery = orderCards[c.Number-1][min(n, numSpaces)-1]
		}
		k0, k1, x := g.value(scored[0]), g.value(scored[1]), extra()
		g.addRobot(k0 + k1 + x + bravery)
		emit(g, robotScores{Sections: scored, Values: [2]int{k0, k1}, Held: heldBooks{rowOf(books), x}, Bravery: bravery,
			Score: r.Score, Solo: c == nil})
	}
	if c != nil {
		g.returnTokens(c)
	}
	for _, t := range r.Tokens {
		g.Bag[t]++
	}
	r.Tokens = []Token{}
	g.Active = -1
	return false
}

// robotSections are the two sections a flipped tool card's banner burns
// and the two the Robot scores.
func robotSections(card int) (burn, scored [2]int) {
	burn = cardTool(card).Robot[card%copiesPerTool]
	k := 0
	for i := range sections {
		if i != burn[0] && i != burn[1] {
			scored[k] = i
			k++
		}
	}
	return burn, scored
}
