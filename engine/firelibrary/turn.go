package firelibrary

import (
	"fmt"
	"slices"

	"arcade/engine"
)

// drawToken takes a random token out of the bag (never empty: at most five
// of the 29+ tokens in play can sit on a card).
func (g *state) drawToken() Token {
	total := 0
	for _, n := range g.Bag {
		total += n
	}
	r := g.RNG.Intn(total)
	for k, n := range g.Bag {
		if r < n {
			g.Bag[k]--
			return Token(k)
		}
		r -= n
	}
	panic("firelibrary: bag count mismatch")
}

func risky(number, space int) bool { return orderCards[number-1][space] > 0 }

func spaceName(number, space int) string {
	if risky(number, space) {
		return "risky"
	}
	return "safe"
}

func tokenName(t Token) string {
	if t == Fire {
		return "a Fire token"
	}
	return "a " + sections[t].Name + " book (" + sections[t].Colour + ")"
}

// draw is the "draw" action: a token from the bag onto the leftmost empty
// space, then the bust test (ruling 1).
func (g *state) draw() {
	s := g.Active
	c := g.cardOf(s)
	i := slices.Index(c.Spaces[:], Empty)
	t := g.drawToken()
	c.Spaces[i] = t
	g.Drawn++
	g.Last, g.LastBy = t, s
	where := fmt.Sprintf(" onto space %d (%s)", i+1, spaceName(c.Number, i))
	if t == Fire && (risky(c.Number, i) || countTokens(Fire, c.Spaces) > 1) {
		why := "a risky space"
		if !risky(c.Number, i) {
			why = "a second fire"
		}
		g.emit("%s drew a Fire token%s: %s, Fire Spreading!", seat(s), where, why)
		g.spread()
		return
	}
	g.emit("%s drew %s%s", seat(s), tokenName(t), where)
	if !slices.Contains(c.Spaces[:], Empty) {
		g.emit("%s's Turn Order card is full", seat(s))
		g.escape()
	}
}

// spread is Fire Spreading: each saved book burns the top card of its
// section, one at a time (ruling 4); with no books the lowest burn index
// burns (ruling 5). Then the tokens go back and the player takes a tool.
func (g *state) spread() {
	c := g.cardOf(g.Active)
	books := false
	for _, t := range c.Spaces {
		if t.Book() {
			books = true
			if g.burnTop(int(t)) {
				return
			}
		}
	}
	if !books && g.burnLowest() {
		return
	}
	g.returnTokens(c)
	g.offerTool("spread")
}

// escape is Scoring Knowledge: each saved book scores its section's value,
// and the rightmost risky space holding a token gives bravery; with tokens
// on safe spaces only, the player takes a tool instead.
func (g *state) escape() {
	s := g.Active
	c := g.cardOf(s)
	knowledge, bravery, books := g.score(c)
	g.addScore(s, knowledge+bravery)
	g.emit("%s escaped with %d %s: %d knowledge + %d bravery = %d (score %d)", seat(s), books,
		plural(books, "book", "books"), knowledge, bravery, knowledge+bravery, g.Seats[s].Score)
	safeOnly := true
	for i, t := range c.Spaces {
		if t != Empty && risky(c.Number, i) {
			safeOnly = false
		}
	}
	g.returnTokens(c)
	if safeOnly {
		g.offerTool("escape")
		return
	}
	g.endTurn()
}

// score computes what escaping with card c scores now.
func (g *state) score(c *orderCard) (knowledge, bravery, books int) {
	for i, t := range c.Spaces {
		if t.Book() {
			books++
			knowledge += g.value(int(t))
		}
		if t != Empty && risky(c.Number, i) {
			bravery = orderCards[c.Number-1][i]
		}
	}
	return knowledge, bravery, books
}

// addScore moves a player along the score track, recording when they
// arrived at the new score (ruling 7).
func (g *state) addScore(s engine.Seat, pts int) {
	if pts <= 0 {
		return
	}
	g.Seats[s].Score += pts
	g.Seats[s].Arrived = g.Clock
	g.Clock++
}

func (g *state) returnTokens(c *orderCard) {
	for i, t := range c.Spaces {
		if t != Empty {
			g.Bag[t]++
			c.Spaces[i] = Empty
		}
	}
}

// offerTool lets the active player take a tool, unless none is left.
func (g *state) offerTool(why string) {
	if len(g.Market) == 0 && !g.toolsLeft() {
		g.emit("No tools are left for %s to take", seat(g.Active))
		g.endTurn()
		return
	}
	g.Phase = PhaseTool
	g.ToolWhy = why
}

// takeTool is the "tool" action: a market slot, or deckSlot for the deck.
func (g *state) takeTool(slot int) {
	s := g.Active
	var c int
	if slot == deckSlot {
		c = g.drawTool()
		g.emit("%s took a tool from the deck", seat(s))
		g.tell(s, "You took %s from the deck", cardTool(c).Name)
	} else {
		c = g.Market[slot]
		g.Market = slices.Delete(g.Market, slot, slot+1)
		g.emit("%s took %s from the tool market", seat(s), cardTool(c).Name)
	}
	g.Seats[s].Hand = append(g.Seats[s].Hand, c)
	g.refillMarket()
	g.endTurn()
}

// endTurn returns the tokens and passes the bag on.
func (g *state) endTurn() {
	g.returnTokens(g.cardOf(g.Active))
	g.Seats[g.Active].Played = true
	g.Drawn = 0
	g.ToolWhy = ""
	g.nextTurn()
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
