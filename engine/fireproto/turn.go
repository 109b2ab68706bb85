package fireproto

import (
	"slices"

	"arcade/engine"
)

// threat reports whether the fire on space i of c ends the turn: it sits
// on a risky space, or another undoused fire is already on the card.
func threat(c *orderCard, i int) bool {
	return risky(c.Number, i) || c.live() > 1
}

// draw is the "draw" action: a token from the bag onto the leftmost empty
// space of the active player's card, then the fire test.
func (g *state) draw() {
	s := g.Active
	c := g.cardOf(s)
	i := slices.Index(c.Spaces[:], Empty)
	t := Token(g.Bag.Draw(&g.RNG))
	c.Spaces[i] = t
	g.Drawn++
	g.Last, g.LastBy = t, s
	burns := t == Fire && threat(c, i)
	engine.Tell(&g.log, engine.Everyone, tokenDrawn{s, t, c.Number, i, burns, g.Seats[s].Buckets == 0})
	switch {
	case burns && g.Seats[s].Buckets == 0:
		g.burn()
		return
	case burns:
		g.Phase = PhaseFire
		return
	}
	g.fullCheck()
}

// fullCheck scores a full card at once: searching is no longer possible.
func (g *state) fullCheck() {
	if !slices.Contains(g.cardOf(g.Active).Spaces[:], Empty) {
		engine.Tell(&g.log, engine.Everyone, cardFull{g.Active})
		g.score()
	}
}

// douse is the "douse" action: a Bucket goes back to the supply and the
// fire just drawn no longer counts as a fire; it keeps its space.
func (g *state) douse() {
	s := g.Active
	c := g.cardOf(s)
	i := g.Drawn - 1
	c.Doused[i] = true
	g.Seats[s].Buckets--
	g.Supply++
	engine.Tell(&g.log, engine.Everyone, doused{s, i, g.Seats[s].Buckets})
	if g.Phase == PhaseFire {
		g.Phase = PhaseSearch
		g.fullCheck()
	}
}

// burn ends the turn in fire: every book on the card burns, one at a time
// from left to right, each moving its colour's tracker one space right. A
// tracker reaching its X ends the game at once. Otherwise the tokens go
// back into the bag and the player takes a Bucket if they hold fewer than
// two.
func (g *state) burn() {
	s := g.Active
	c := g.cardOf(s)
	books := 0
	for _, t := range c.Spaces {
		if t.Book() {
			books++
		}
	}
	engine.Tell(&g.log, engine.Everyone, turnBurned{s, books})
	for _, t := range c.Spaces {
		if t.Book() && g.burnBook(int(t)) {
			return
		}
	}
	g.returnTokens(c)
	// The supply never runs out: a player below two takes one of the ten
	// Buckets, and the others hold at most two each.
	if g.Seats[s].Buckets >= maxBuckets {
		engine.Tell(&g.log, engine.Everyone, bucketsFull{s})
	} else {
		g.Supply--
		g.Seats[s].Buckets++
		engine.Tell(&g.log, engine.Everyone, bucketTaken{s, g.Seats[s].Buckets})
	}
	g.endTurn()
}

// burnBook moves colour c's tracker one space right and reports whether
// it reached the X, which ends the game.
func (g *state) burnBook(c int) bool {
	g.Pos[c]++
	if g.Pos[c] >= len(colours[c].Track) {
		engine.Tell(&g.log, engine.Everyone, wingCollapsed{c})
		g.Collapsed = c
		g.endGame(gameOver{Shelf: c})
		return true
	}
	engine.Tell(&g.log, engine.Everyone, bookBurned{c, g.value(c)})
	return false
}

// knowledge is what the books on card c are worth now.
func (g *state) knowledge(c *orderCard) (points, books int) {
	for _, t := range c.Spaces {
		if t.Book() {
			books++
			points += g.value(int(t))
		}
	}
	return points, books
}

// score is the "score" action: the current value of every book on the
// card plus the card's bravery. Reaching 100 knowledge ends the game.
func (g *state) score() {
	s := g.Active
	c := g.cardOf(s)
	k, books := g.knowledge(c)
	b := bravery(c.Number)
	g.Track.Add(s, k+b)
	total := g.Track.Scores[s]
	engine.Tell(&g.log, engine.Everyone, scored{s, books, k, b, total})
	g.returnTokens(c)
	if total >= goal {
		engine.Tell(&g.log, engine.Everyone, goalReached{s, total})
		g.endGame(gameOver{Shelf: -1, Seat: s, Total: total})
		return
	}
	g.endTurn()
}

func (g *state) returnTokens(c *orderCard) {
	for i, t := range c.Spaces {
		if t != Empty {
			g.Bag[t]++
		}
		c.Spaces[i] = Empty
		c.Doused[i] = false
	}
}

// endTurn passes the bag on.
func (g *state) endTurn() {
	g.Seats[g.Active].Played = true
	g.Drawn = 0
	g.nextTurn()
}

// endGame stops the game at once for the reason in f (Shelf, Seat and
// Total), which it completes with the round and the winners.
func (g *state) endGame(f gameOver) {
	g.Phase = PhaseOver
	g.Active = -1
	g.Picks = []engine.Seat{}
	w := g.Track.Leaders()
	f.Round, f.Winners, f.Best = g.Round, groupOf(w), g.Track.Scores[w[0]]
	g.Summary = f.summary()
	engine.Tell(&g.log, engine.Everyone, f)
}
