package firelibrary

import (
	"fmt"
	"slices"

	"arcade/engine"
)

// drawToken takes a random token out of the bag; the caller checks that
// the bag is not empty.
func (g *state) drawToken() Token { return Token(g.Bag.Draw(&g.RNG)) }

// risky reports whether a space is printed risky.
func risky(number, space int) bool { return orderCards[number-1][space] > 0 }

// riskyNow reports whether a space of the active player's card is risky
// this turn: Gloves make every space safe.
func (g *state) riskyNow(number, space int) bool { return risky(number, space) && !g.Turn.Gloves }

func tokenName(t Token) string { return tokenTexts[t] }

// bookName names a book token without an article: "War book (yellow)".
func bookName(t Token) string { return bookTexts[t] }

// tokenTexts and bookTexts are the names of each kind of token, made once
// (a Fire token has no book name).
var tokenTexts, bookTexts = func() (tn, bn [numKinds]string) {
	for k := range numKinds {
		switch t := Token(k); t {
		case Fire:
			tn[k] = "a Fire token"
			continue
		case Tech:
			bn[k] = "Technology book (teal)"
		default:
			bn[k] = sections[t].Name + " book (" + sections[t].Colour + ")"
		}
		tn[k] = "a " + bn[k]
	}
	return tn, bn
}()

// draw is the "draw" action: a token from the bag onto the leftmost empty
// space, then the bust test (ruling 1).
func (g *state) draw() {
	g.Drawn++
	g.place(g.drawToken(), false)
}

// place puts t on the leftmost empty space of the active player's card and
// runs the bust test; placed: t came from a Shovel or Torch draw. It reports whether the player goes on saving books
// (false after Fire Spreading or a full card).
func (g *state) place(t Token, placed bool) bool {
	s := g.Active
	c := g.cardOf(s)
	i := slices.Index(c.Spaces[:], Empty)
	c.Spaces[i] = t
	g.Last, g.LastBy = t, s
	risky := g.riskyNow(c.Number, i)
	spreads := t == Fire && (risky || countTokens(Fire, c.Spaces) > 1)
	emit(g, tokenPlaced{Seat: s, Token: t, Space: i, Risky: risky, Placed: placed, Spreads: spreads})
	if spreads {
		g.Turn.Trigger = i
		g.Spread = true // triggered, whether or not a tool then stops it (ruling 32)
		g.putBackDrawing()
		g.openSpread()
		return false
	}
	if !slices.Contains(c.Spaces[:], Empty) {
		g.putBackDrawing()
		emit(g, cardFull{s})
		g.escape()
		return false
	}
	return true
}

// putBackDrawing ends a Shovel or Torch draw: unplaced books go back to
// the bag, unplaced fires onto the tool until the turn ends.
func (g *state) putBackDrawing() {
	if len(g.Turn.Drawing) == 0 {
		g.Turn.From, g.Turn.Placed = -1, 0
		return
	}
	tt := g.tableCard(g.Turn.From)
	var books, fires int
	for _, t := range g.Turn.Drawing {
		if t == Fire {
			tt.Tokens = append(tt.Tokens, t)
			fires++
		} else {
			g.Bag[t]++
			books++
		}
	}
	emit(g, unplaced{Books: books, Fires: fires, Card: tt.Card})
	g.Turn.Drawing = []Token{}
	g.Turn.From = -1
	g.Turn.Placed = 0
}

// escape is Scoring Knowledge: each saved book scores its value, and the
// rightmost risky space holding a token gives bravery; with tokens on
// safe spaces only, the player takes a tool (not with Gloves, not in Wild
// Fire). After Scoring follows.
func (g *state) escape() {
	s := g.Active
	c := g.cardOf(s)
	knowledge, bravery, books := c.score(g.worth)
	g.addScore(s, knowledge+bravery)
	emit(g, escaped{Seat: s, Books: books, Knowledge: knowledge, Bravery: bravery, Score: g.Seats[s].Score})
	g.Turn.Saved = []Token{}
	safeOnly := true
	for i, t := range c.Spaces {
		if t.Book() {
			g.Turn.Saved = append(g.Turn.Saved, t)
		}
		if t != Empty && risky(c.Number, i) {
			safeOnly = false
		}
	}
	g.Turn.Bravery = bravery
	switch {
	case !safeOnly || g.Var.NoTools:
		g.afterScoring()
	case g.Turn.Gloves:
		emit(g, glovesWorn{s})
		g.afterScoring()
	case g.Var.wild():
		emit(g, wildNoTool)
		g.afterScoring()
	default:
		g.offerTool("escape")
	}
}

// score computes what escaping with card c scores now, each book worth
// worth(t). Bravery is the number under the rightmost risky space holding
// a token (Gloves keep it).
func (c *orderCard) score(worth func(Token) int) (knowledge, bravery, books int) {
	for i, t := range c.Spaces {
		if t.Book() {
			books++
			knowledge += worth(t)
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
	if s == robotSeat {
		g.addRobot(pts)
		return
	}
	g.Seats[s].Score += pts
	g.Seats[s].Arrived = g.Clock
	g.Clock++
}

func (g *state) addRobot(pts int) {
	if pts <= 0 {
		return
	}
	g.Robot.Score += pts
	g.Robot.Arrived = g.Clock
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

// spread is Fire Spreading once no tool stopped it: each saved book burns
// the top card of its section, one at a time, Technology books last
// (rulings 4, 35); with no books the lowest burn index burns (ruling 5).
// A Cloak first scores the book on space cloak (ruling 20). Then the
// tokens go back and the player takes a tool.
func (g *state) spread(cloak int) {
	s := g.Active
	c := g.cardOf(s)
	g.Turn.Trigger = -1
	if cloak >= 0 {
		t := c.Spaces[cloak]
		pts, bravery := g.worth(t), 0
		if risky(c.Number, cloak) {
			bravery = orderCards[c.Number-1][cloak]
		}
		g.addScore(s, pts+bravery)
		emit(g, cloakSaved{Seat: s, Book: t, Space: cloak, Knowledge: pts, Bravery: bravery, Score: g.Seats[s].Score})
		g.Bag[t]++
		c.Spaces[cloak] = Empty
	}
	books := false
	for _, pass := range []bool{false, true} { // section books, then Technology
		for _, t := range c.Spaces {
			if t.Book() && (t == Tech) == pass {
				books = true
				g.BurnedBest = max(g.BurnedBest, g.worth(t))
				if g.burnBook(t, ruleSpreadBurns) {
					return
				}
			}
		}
	}
	none := rulingOnlyFires
	if cloak >= 0 {
		none = toolRules[toolCloak]
	}
	if !books && g.burnLowest(none) {
		return
	}
	g.returnTokens(c)
	if g.Var.NoTools {
		g.endTurn()
		return
	}
	g.offerTool("spread")
}

// offerTool lets the active player take a tool, unless none is left.
func (g *state) offerTool(why string) {
	g.ToolWhy = why
	if len(g.Market) == 0 && !g.toolsLeft() {
		emit(g, noToolsLeft{g.Active})
		g.toolTaken()
		return
	}
	g.Phase = PhaseTool
}

// takeTool is the "tool" action: a market slot, or deckSlot for the deck.
func (g *state) takeTool(slot int) {
	s := g.Active
	var c int
	if slot == deckSlot {
		c = g.drawTool()
		emit(g, toolTaken{Seat: s, Card: -1})
		tell(g, s, deckToolSeen{Card: c})
	} else {
		c = g.Market[slot]
		g.Market = slices.Delete(g.Market, slot, slot+1)
		emit(g, toolTaken{Seat: s, Card: c})
	}
	g.Seats[s].Hand = append(g.Seats[s].Hand, c)
	g.refillMarket()
	g.toolTaken()
}

// toolTaken moves on after a tool was taken (or none was left): After
// Scoring follows an escape; Fire Spreading ends the turn.
func (g *state) toolTaken() {
	why := g.ToolWhy
	g.ToolWhy = ""
	if why == "escape" {
		g.afterScoring()
		return
	}
	g.endTurn()
}

// afterScoring opens the After Scoring step for a player holding tools
// (whatever they are, so that nobody learns what they hold).
func (g *state) afterScoring() {
	if len(g.Seats[g.Active].Hand) > 0 {
		g.Phase = PhaseAfter
		return
	}
	g.endTurn()
}

// endTurn returns the tokens, discards the tools of this turn and passes
// the bag on.
func (g *state) endTurn() {
	s := g.Active
	c := g.cardOf(s)
	g.returnTokens(c)
	g.clearTable("turn")
	g.Seats[s].Played = true
	if g.Var.solo() {
		g.Used = append(g.Used, c.Number)
	}
	g.Drawn = 0
	g.ToolWhy = ""
	g.Turn = freshTurn()
	g.nextTurn()
}

// clearTable discards the played tools kept until the end of the turn or
// round; their tokens go back to the bag.
func (g *state) clearTable(until string) {
	kept := g.Table[:0]
	for _, tt := range g.Table {
		if tt.Until != until {
			kept = append(kept, tt)
			continue
		}
		for _, t := range tt.Tokens {
			g.Bag[t]++
		}
		if n := len(tt.Tokens); n > 0 {
			emit(g, tableCleared{Tokens: n, Card: tt.Card})
		}
		g.Discard = append(g.Discard, tt.Card)
	}
	g.Table = kept
}

// tableCard finds a played tool on the table.
func (g *state) tableCard(card int) *tableTool {
	for i := range g.Table {
		if g.Table[i].Card == card {
			return &g.Table[i]
		}
	}
	panic(fmt.Sprintf("firelibrary: tool card %d is not on the table", card))
}
