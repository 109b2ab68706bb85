package firelibrary

import (
	"fmt"
	"slices"

	"arcade/engine"
)

// heldCard returns the first card of tool tl in seat s's hand, or -1.
func (g *state) heldCard(s engine.Seat, tl int) int {
	if s < 0 || int(s) >= g.Players {
		return -1
	}
	for _, c := range g.Seats[s].Hand {
		if c/copiesPerTool == tl {
			return c
		}
	}
	return -1
}

// toolWindow says whether seat s may play tool tl now (windowOpen), or
// why not (its text says it in words).
func (g *state) toolWindow(s engine.Seat, tl int) windowShut {
	switch tools[tl].Timing {
	case ChoosingOrder:
		if g.Phase != PhaseAmulet {
			return shutAmulet
		}
	case SavingBooks:
		if g.Phase != PhaseSave || s != g.Active {
			return shutSaving
		}
	case FireSpreading:
		switch {
		case g.Phase != PhaseSpread:
			return shutSpreading
		case g.Var.NoTools:
			return shutNoTools
		case tl == toolAxe && s == g.Active:
			return shutAxe
		case tl != toolAxe && s != g.Active:
			return shutActive
		}
	case AfterScoring:
		if g.Phase != PhaseAfter || s != g.Active {
			return shutAfter
		}
	}
	return windowOpen
}

// windowShut is why a tool's timing window is shut (toolWindow).
type windowShut int

const (
	windowOpen windowShut = iota
	shutAmulet
	shutSaving
	shutSpreading
	shutNoTools
	shutAxe
	shutActive
	shutAfter
)

// text says in words why tool tl may not be played ("" when it may).
func (w windowShut) text(tl int) string {
	name := tools[tl].Name
	switch w {
	case shutAmulet:
		return "the Amulet is played at the start of step 1 (not in round 1), before any Turn Order card is chosen"
	case shutSaving:
		return "the " + name + " is a Saving Books tool: the active player plays it after taking the bag, " +
			"before escaping or Fire Spreading"
	case shutSpreading:
		return "the " + name + " is played only when Fire Spreading triggers"
	case shutNoTools:
		return "there are no tools in the No Tool variant"
	case shutAxe:
		return "the Axe is played only by a player who is not active"
	case shutActive:
		return "only the active player may play the " + name
	case shutAfter:
		return "the " + name + " is an After Scoring tool: the active player plays it after escaping " +
			"and scoring, before the next turn"
	}
	return ""
}

// addToolPlays appends the tool moves seat s has now to out: each tool in
// the hand once, in hand order.
func (g *state) addToolPlays(s engine.Seat, out *[]engine.Action) {
	hand := g.Seats[s].Hand
	for i, c := range hand {
		tl := c / copiesPerTool
		if !slices.ContainsFunc(hand[:i], func(d int) bool { return d/copiesPerTool == tl }) &&
			g.toolWindow(s, tl) == windowOpen {
			g.playsOf(tl, out)
		}
	}
	if s == g.Active && g.Phase == PhaseSave && g.Bag.Total() > 0 && g.shovelInUse() != nil {
		*out = append(*out, engine.Action{Kind: KindDig})
	}
}

// addPlay appends the play of a tool with args (the tool first) to out.
func addPlay(out *[]engine.Action, args []int) {
	*out = append(*out, engine.Action{Kind: KindPlay, Args: args})
}

// playsOf appends the ways to play tool tl in its open window to out.
func (g *state) playsOf(tl int, out *[]engine.Action) {
	c := g.cardOf(g.Active)
	switch tl {
	case toolAmulet, toolBucket, toolMap:
		addPlay(out, oneArg(tl))
	case toolGloves:
		if !g.Turn.Gloves {
			addPlay(out, oneArg(tl))
		}
	case toolShovel, toolTorch:
		if g.Bag.Total() > 0 {
			addPlay(out, oneArg(tl))
		}
	case toolCloak:
		for i, t := range c.Spaces {
			if t.Book() {
				addPlay(out, []int{tl, i})
			}
		}
	case toolSlingshot:
		g.slingPlays(c, out)
	case toolAxe:
		for _, i := range c.bestBooks(g.worth) {
			addPlay(out, []int{tl, i})
		}
	case toolCollector, toolLockbox:
		for _, t := range distinctBooks(c) {
			addPlay(out, []int{tl, int(t)})
		}
	case toolKnapsack:
		if g.Bag.Total() > 0 {
			for _, t := range distinctBooks(c) {
				addPlay(out, []int{tl, int(t)})
			}
		}
	case toolCart:
		if len(distinctBooks(c)) > 0 {
			addPlay(out, oneArg(tl))
		}
	}
}

// spaceNote names the space of a book when several books tie.
func spaceNote(tied []int, i int) string {
	if len(tied) < 2 {
		return ""
	}
	return fmt.Sprintf(" (space %d)", i+1)
}

// bestBooks lists the spaces of the most valuable books on card c, each
// worth worth(t).
func (c *orderCard) bestBooks(worth func(Token) int) []int {
	best, out := -1, []int(nil)
	for i, t := range c.Spaces {
		if !t.Book() {
			continue
		}
		switch v := worth(t); {
		case v > best:
			best, out = v, []int{i}
		case v == best:
			out = append(out, i)
		}
	}
	return out
}

// distinctBooks lists the colours of the books on card c, in space order.
func distinctBooks(c *orderCard) []Token {
	var out []Token
	for _, t := range c.Spaces {
		if t.Book() && !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	return out
}

// slingTargets lists who may receive a Slingshot's tokens: players who
// have not played this round and whose card the fire would not set
// spreading or fill up (ruling 28), the Robot if it has not played, or,
// when nobody is left to play, setAsideTo.
func (g *state) slingTargets(withBook bool) []engine.Seat {
	var out []engine.Seat
	left := false
	for i := range g.Cards {
		c := &g.Cards[i]
		switch {
		case c.Holder >= 0 && c.Holder != g.Active && !g.Seats[c.Holder].Played:
			left = true
			if slingFits(c, withBook) {
				out = append(out, c.Holder)
			}
		case c.Holder == robotSeat && !g.Robot.Played:
			left = true
			out = append(out, robotSeat)
		}
	}
	if g.Var.Mode == ModeSoloRobot && !g.Robot.Played {
		left = true
		out = append(out, robotSeat)
	}
	if !left {
		out = append(out, setAsideTo)
	}
	return out
}

// slingFits reports whether a Slingshot may send a fire (and a book) to
// card c: the fire lands first on the leftmost empty space, which must be
// safe, must be the card's only fire, and one space must stay empty.
func slingFits(c *orderCard, withBook bool) bool {
	need := 2
	if withBook {
		need = 3
	}
	i := slices.Index(c.Spaces[:], Empty)
	return countTokens(Empty, c.Spaces) >= need && !risky(c.Number, i) && countTokens(Fire, c.Spaces) == 0
}

// slingPlays appends the ways to play a Slingshot from card c to out:
// Args [tool, target, space of a most valuable book or -1].
func (g *state) slingPlays(c *orderCard, out *[]engine.Action) {
	best := c.bestBooks(g.worth)
	spaces := best
	if len(best) == 0 {
		spaces = []int{-1}
	}
	for _, to := range g.slingTargets(len(best) > 0) {
		for _, i := range spaces {
			addPlay(out, []int{toolSlingshot, int(to), i})
		}
	}
}

// shovelInUse is the active player's played Shovel with draws left.
func (g *state) shovelInUse() *tableTool {
	for i := range g.Table {
		tt := &g.Table[i]
		if tt.Owner == g.Active && tt.Card/copiesPerTool == toolShovel && tt.Until == "turn" && tt.Uses > 0 {
			return tt
		}
	}
	return nil
}

// keep lays a played tool on the table with tokens on it.
func (g *state) keep(card int, owner engine.Seat, until string, tokens []Token, uses int) {
	g.Table = append(g.Table, tableTool{Card: card, Owner: owner, Tokens: append([]Token{}, tokens...),
		Until: until, Uses: uses})
}

// useTool resolves tool tl (card) played by seat s with its choices.
func (g *state) useTool(s engine.Seat, card, tl int, choice []int) {
	a := g.Active
	switch tl {
	case toolAmulet:
		g.amulet(s, card)
	case toolGloves:
		g.Turn.Gloves = true
		g.Discard = append(g.Discard, card)
		emit(g, toolPlayed{s, tl})
	case toolShovel:
		g.keep(card, s, "turn", nil, 1)
		emit(g, toolPlayed{s, tl})
		g.toolDraw(card, 2)
	case toolTorch:
		g.keep(card, s, "turn", nil, 0)
		emit(g, toolPlayed{s, tl})
		g.toolDraw(card, 3)
	case toolBucket:
		c := g.cardOf(a)
		i := g.Turn.Trigger
		c.Spaces[i] = Empty
		g.keep(card, s, "turn", []Token{Fire}, 0)
		emit(g, bucketPlayed{Seat: s, Space: i})
		g.resume()
	case toolCloak:
		g.Discard = append(g.Discard, card)
		emit(g, toolPlayed{s, tl})
		g.spread(choice[0])
	case toolAxe:
		c := g.cardOf(a)
		b := c.Spaces[choice[0]]
		c.Spaces[g.Turn.Trigger], c.Spaces[choice[0]] = Empty, Empty
		g.Bag[Fire]++
		g.Bag[b]++
		g.addScore(s, g.worth(b))
		g.Discard = append(g.Discard, card)
		emit(g, axePlayed{Seat: s, Active: a, Book: b, Points: g.worth(b), Score: g.Seats[s].Score})
		g.resume()
	case toolSlingshot:
		g.slingshot(s, card, engine.Seat(choice[0]), choice[1])
	case toolCollector:
		t := Token(choice[0])
		g.takeBook(t)
		g.Bag[t]++ // the tool resolves at once: the book goes back
		g.Discard = append(g.Discard, card)
		n := engine.Count(g.Turn.Saved, t)
		g.addScore(s, 2*n)
		emit(g, collectorPlayed{Seat: s, Book: t, Saved: n, Points: 2 * n, Score: g.Seats[s].Score})
	case toolKnapsack:
		g.knapsack(s, card, Token(choice[0]))
	case toolCart:
		var books []Token
		c := g.cardOf(a)
		for i, t := range c.Spaces {
			if t.Book() {
				books = append(books, t)
				c.Spaces[i] = Empty
			}
		}
		g.keep(card, s, "round", books, 0)
		emit(g, cartPlayed{Seat: s, Books: len(books)})
	case toolLockbox:
		t := Token(choice[0])
		g.takeBook(t)
		g.keep(card, s, "game", []Token{t}, 0)
		emit(g, lockboxPlayed{Seat: s, Book: t})
	case toolMap:
		g.addScore(s, g.Turn.Bravery)
		g.Discard = append(g.Discard, card)
		emit(g, mapPlayed{Seat: s, Bravery: g.Turn.Bravery, Score: g.Seats[s].Score})
		if c := g.drawTool(); c >= 0 {
			g.Seats[s].Hand = append(g.Seats[s].Hand, c)
			emit(g, toolDrawn{s})
			tell(g, s, deckToolSeen{Card: c, Map: true})
		} else {
			emit(g, mapDeckEmpty)
		}
	}
	if g.Phase == PhaseAfter && len(g.Seats[a].Hand) == 0 {
		g.endTurn()
	}
}

// resume returns the active player to saving books after a tool stopped
// Fire Spreading.
func (g *state) resume() {
	g.Turn.Trigger = -1
	g.Phase = PhaseSave
}

// takeBook removes one book of colour t from the active player's card.
func (g *state) takeBook(t Token) {
	c := g.cardOf(g.Active)
	c.Spaces[slices.Index(c.Spaces[:], t)] = Empty
}

// slingshot sends the triggering fire and the book on space b (-1: none)
// to a player who has not played, the Robot, or aside until the round
// ends.
func (g *state) slingshot(s engine.Seat, card int, to engine.Seat, b int) {
	c := g.cardOf(s)
	toks := []Token{Fire}
	c.Spaces[g.Turn.Trigger] = Empty
	played := slingshotPlayed{Seat: s, To: to, Book: Empty}
	if b >= 0 {
		played.Book = c.Spaces[b]
		toks = append(toks, c.Spaces[b])
		c.Spaces[b] = Empty
	}
	switch {
	case to == setAsideTo:
		g.keep(card, s, "round", toks, 0)
	case to == robotSeat:
		g.Robot.Tokens = append(g.Robot.Tokens, toks...)
		g.Discard = append(g.Discard, card)
	default:
		tc := g.cardOf(to)
		for _, t := range toks {
			tc.Spaces[slices.Index(tc.Spaces[:], Empty)] = t
		}
		g.Discard = append(g.Discard, card)
		played.Card = tc.Number
	}
	emit(g, played)
	g.resume()
}

// knapsack puts a saved book on the Knapsack and draws: a book scores
// both again, a fire burns the Knapsack book's section (ruling 23).
func (g *state) knapsack(s engine.Seat, card int, t Token) {
	g.takeBook(t)
	d := g.drawToken()
	g.Last, g.LastBy = d, s
	g.Discard = append(g.Discard, card)
	g.Bag[t]++
	g.Bag[d]++
	if d == Fire {
		emit(g, knapsackPlayed{Seat: s, Book: t, Drew: d})
		g.burnBook(t, toolRules[toolKnapsack])
		return
	}
	pts := g.worth(t) + g.worth(d)
	g.addScore(s, pts)
	emit(g, knapsackPlayed{Seat: s, Book: t, Drew: d, Points: pts, Score: g.Seats[s].Score})
}

// amulet draws one token per Turn Order card in play (solo: per card not
// used yet) and puts one on the leftmost empty space of each. A fire that
// would cause Fire Spreading there stays on the Amulet until the round
// ends (ruling 17). Then the Amulet window opens again.
func (g *state) amulet(s engine.Seat, card int) {
	var kept []Token
	played := amuletPlayed{Seat: s}
	for i := range g.Cards {
		c := &g.Cards[i]
		if slices.Contains(g.Used, c.Number) || g.Bag.Total() == 0 {
			continue
		}
		t := g.drawToken()
		e := slices.Index(c.Spaces[:], Empty)
		if e < 0 || t == Fire && (risky(c.Number, e) || countTokens(Fire, c.Spaces) > 0) {
			kept = append(kept, t)
			played.add(t, 0)
			continue
		}
		c.Spaces[e] = t
		played.add(t, c.Number)
	}
	if len(kept) > 0 {
		g.keep(card, s, "round", kept, 0)
	} else {
		g.Discard = append(g.Discard, card)
	}
	emit(g, played)
	g.openAmulet()
}

// toolDraw is a Shovel or Torch draw: up to n tokens to place.
func (g *state) toolDraw(card, n int) {
	g.Drawn++
	n = min(n, g.Bag.Total())
	drew := toolDrew{Seat: g.Active, Card: card, Drawn: [maxToolDraw]Token{Empty, Empty, Empty}}
	for i := range n {
		t := g.drawToken()
		g.Turn.Drawing = append(g.Turn.Drawing, t)
		drew.Drawn[i] = t
	}
	g.Turn.From, g.Turn.Placed = card, 0
	g.Phase = PhasePlace
	emit(g, drew)
}

// dig is a Shovel's second draw.
func (g *state) dig() {
	tt := g.shovelInUse()
	tt.Uses--
	g.toolDraw(tt.Card, 2)
}

// placeDrawn places one token a Shovel or Torch drew. A Shovel's other
// token goes back first (a book to the bag, a fire on the Shovel).
func (g *state) placeDrawn(t Token) {
	d := g.Turn.Drawing
	d = slices.Delete(d, slices.Index(d, t), slices.Index(d, t)+1)
	g.Turn.Drawing = d
	g.Turn.Placed++
	if g.Turn.From/copiesPerTool == toolShovel {
		g.putBackDrawing()
	}
	if !g.place(t, true) {
		return
	}
	if len(g.Turn.Drawing) == 0 {
		g.Turn.From, g.Turn.Placed = -1, 0
		g.Phase = PhaseSave
	}
}

// rest puts a Torch's unplaced tokens back.
func (g *state) rest() {
	g.putBackDrawing()
	g.Phase = PhaseSave
}
