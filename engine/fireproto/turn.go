package fireproto

import (
	"fmt"
	"slices"

	"arcade/engine"
)

func spaceName(number, space int) string {
	if risky(number, space) {
		return "risky"
	}
	return "safe"
}

func tokenName(t Token) string {
	if t == Fire {
		return "a fire"
	}
	return "a " + colours[t].Name + " book"
}

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
	if g.telling() {
		g.tellDraw(s, t, c, i, burns)
	}
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

// tellDraw writes the event of a draw: token t onto space i of card c,
// burning (a fire that ends the turn unless doused) or not.
func (g *state) tellDraw(s engine.Seat, t Token, c *orderCard, i int, burns bool) {
	where := fmt.Sprintf("%s drew %s onto space %d (%s)", engine.SeatRef(s), tokenName(t), i+1,
		spaceName(c.Number, i))
	switch {
	case t != Fire:
		g.emit("%s", where)
	case !burns:
		g.emit("%s: the first fire on a safe space is only a warning", where)
	default:
		why := "it is on a risky space"
		if !risky(c.Number, i) {
			why = "it is a second fire"
		}
		if g.Seats[s].Buckets == 0 {
			g.emit("%s: %s and no Bucket can douse it", where, why)
		} else {
			g.emit("%s: %s; %s may spend a Bucket to douse it", where, why, engine.SeatRef(s))
		}
	}
}

// fullCheck scores a full card at once: searching is no longer possible.
func (g *state) fullCheck() {
	if !slices.Contains(g.cardOf(g.Active).Spaces[:], Empty) {
		if g.telling() {
			g.emit("%s's Turn Order card is full", engine.SeatRef(g.Active))
		}
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
	if g.telling() {
		g.emit("%s spends a Bucket and douses the fire on space %d (%d %s left)", engine.SeatRef(s), i+1,
			g.Seats[s].Buckets, engine.Plural(g.Seats[s].Buckets, "Bucket", "Buckets"))
	}
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
	switch {
	case !g.telling():
	case books == 0:
		g.emit("%s's turn ends in fire; no books were found, so none burn", engine.SeatRef(s))
	default:
		g.emit("%s's turn ends in fire: %d %s", engine.SeatRef(s), books,
			engine.Plural(books, "book burns", "books burn"))
	}
	for _, t := range c.Spaces {
		if t.Book() && g.burnBook(int(t)) {
			return
		}
	}
	g.returnTokens(c)
	// The supply never runs out: a player below two takes one of the ten
	// Buckets, and the others hold at most two each.
	if g.Seats[s].Buckets >= maxBuckets {
		if g.telling() {
			g.emit("%s already holds two Buckets and takes none", engine.SeatRef(s))
		}
	} else {
		g.Supply--
		g.Seats[s].Buckets++
		if g.telling() {
			g.emit("%s takes a Bucket (now holds %d)", engine.SeatRef(s), g.Seats[s].Buckets)
		}
	}
	g.endTurn()
}

// burnBook moves colour c's tracker one space right and reports whether
// it reached the X, which ends the game.
func (g *state) burnBook(c int) bool {
	col := colours[c]
	g.Pos[c]++
	if g.Pos[c] >= len(col.Track) {
		if g.telling() {
			g.emit("%s burns to the X: that wing of the library collapses!", col.Name)
		}
		g.Collapsed = c
		g.endGame(fmt.Sprintf("The %s shelf reached its X in round %d.", col.Name, g.Round))
		return true
	}
	if g.telling() {
		g.emit("%s burns: a %s book is now worth %d", col.Name, col.Name, g.value(c))
	}
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
	if g.telling() {
		g.emit("%s scores %d %s: %d knowledge + %d bravery = %d (now %d)", engine.SeatRef(s), books,
			engine.Plural(books, "book", "books"), k, b, k+b, total)
	}
	g.returnTokens(c)
	if total >= goal {
		if g.telling() {
			g.emit("%s reaches %d knowledge!", engine.SeatRef(s), total)
		}
		g.endGame(fmt.Sprintf("%s reached %d knowledge in round %d.", engine.SeatRef(s), total, g.Round))
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

// endGame stops the game at once with the given reason.
func (g *state) endGame(reason string) {
	g.Phase = PhaseOver
	g.Active = -1
	g.Picks = []engine.Seat{}
	w := g.Track.Leaders()
	g.Summary = reason + " " + engine.WinText(w, g.Track.Scores[w[0]])
	if g.telling() {
		g.emit("Game over: %s", g.Summary)
	}
}
