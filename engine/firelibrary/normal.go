package firelibrary

import (
	"context"
	"slices"

	"arcade/engine"
)

// normalBot is the heuristic that knows the game. Its core is outlook: the
// points a turn is expected to bring from the card as it stands, with the
// bag's exact counts, looking a few draws ahead and choosing at each step
// between escaping and drawing on. It draws while that beats escaping,
// takes the Turn Order card with the best outlook, uses a Bucket, a
// Slingshot or a Cloak when the fire spreads (an Axe on someone else's
// good book), Gloves, a Shovel or a Torch before a risky draw, every After
// Scoring tool where it pays, the Amulet when it chooses its card early,
// and swaps its weakest tool.
type normalBot struct{}

// Choose implements engine.Bot.
func (normalBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	b := readSight(view)
	if b == nil {
		return legal[rng.Intn(len(legal))]
	}
	return normalChoice(b, b.sensible(legal), rng)
}

// The normal bot's estimates, in points.
const (
	toolWorth   = 3.0 // a tool taken from the market or the deck
	burnCost    = 0.5 // each book Fire Spreading burns: the game's clock runs on
	bucketCost  = 2.0 // spending a Bucket
	glovesCost  = 1.5 // spending Gloves (and the tool of a safe escape)
	lookDraws   = 3   // draws the outlook looks ahead
	lookOrder   = 3   // draws it looks ahead to choose a Turn Order card
	drawMargin  = 0.0 // drawing must beat escaping by this much
	axeMinimum  = 4   // an Axe takes a book worth at least this
	deckAverage = 3.2 // what the top of the tool deck is worth
	endWorth    = 40  // the game ending now, won or lost
)

// toolValue ranks tools for taking and swapping (points, roughly).
var toolValue = [numTools]float64{
	toolAmulet: 1.5, toolAxe: 3, toolBucket: 5, toolCloak: 3, toolCollector: 3, toolGloves: 3,
	toolKnapsack: 3, toolCart: 1.5, toolLockbox: 5, toolMap: 4, toolShovel: 4, toolSlingshot: 3.5, toolTorch: 4.5,
}

// normalChoice is the normal bot's move.
func normalChoice(b *sight, legal []engine.Action, rng *engine.RNG) engine.Action {
	switch b.phase {
	case PhaseAmulet:
		if a, ok := amuletChoice(b, legal); ok {
			return a
		}
	case PhaseSpread:
		if a, ok := engine.Pick(legal, KindBurn); ok {
			return a
		}
		if a, ok := spreadChoice(b, legal); ok {
			return a
		}
	case PhaseSave:
		return saveChoice(b, legal)
	case PhasePlace:
		return placeBest(b, legal)
	case PhaseAfter:
		if a, ok := afterChoice(b, legal); ok {
			return a
		}
	case PhaseOrder:
		return orderChoice(b, legal)
	case PhaseTool:
		return toolChoice(b, legal)
	case PhaseSwap:
		return swapChoice(b, legal)
	}
	for _, k := range []string{KindPass, KindDone, KindKeep, KindDraw} {
		if a, ok := engine.Pick(legal, k); ok {
			return a
		}
	}
	return legal[rng.Intn(len(legal))]
}

// outlook values the active player's turn: stop is what escaping with a
// card scores, value the best of escaping and drawing on.
type outlook struct {
	number     int            // the Turn Order card
	row        [numSpaces]int // its bravery per space (0: safe)
	gloves     bool
	worth      [numKinds]int
	safeTool   float64 // a tool for escaping from safe spaces only (0: none)
	spreadTool float64 // a tool after Fire Spreading (0: none)
	mapBonus   bool    // a Map will score the bravery again
	buckets    int     // Buckets in hand: each stops one fire
	cloak      bool
	left       [numSections]int // live Library cards per section
	lowest     int              // the section with the lowest burn index
	end        float64          // the game ending with a collapse now: a win or a loss
}

// newOutlook reads the turn's circumstances for the bot's own card.
func newOutlook(b *sight, number int) *outlook {
	o := &outlook{number: number, row: orderCards[number-1], gloves: b.gloves, worth: b.worth,
		left: b.left, lowest: b.lowest, end: -endWorth}
	if b.endWins() {
		o.end = endWorth
	}
	if b.toolsOn() {
		o.spreadTool = toolWorth
		if !b.v.wild() {
			o.safeTool = toolWorth
		}
		o.mapBonus = b.holds(toolMap)
		o.buckets = b.count(toolBucket)
		o.cloak = b.holds(toolCloak)
	}
	return o
}

// turnCard is a card in the outlook's look ahead, with its running score:
// small, since the look ahead copies one for every token it imagines.
type turnCard struct {
	sp        [numSpaces]int8 // the Token on each space
	knowledge int16
	bravery   int8
	safe      bool // no token on a printed risky space
	fires     int8
	books     int8
	next      int8           // the leftmost empty space (numSpaces: none)
	colours   [numKinds]int8 // books by colour
}

// read sums up the tokens on spaces.
func (o *outlook) read(sp [numSpaces]Token) turnCard {
	c := turnCard{safe: true}
	for i := range c.sp {
		c.sp[i] = int8(Empty)
	}
	for i, t := range sp {
		if t != Empty {
			c = o.put(c, i, t)
		}
	}
	c.advance()
	return c
}

// put places t on space i of c (the caller moves next on).
func (o *outlook) put(c turnCard, i int, t Token) turnCard {
	c.sp[i] = int8(t)
	switch {
	case t == Fire:
		c.fires++
	case t.Book():
		c.knowledge += int16(o.worth[t])
		c.books++
		c.colours[t]++
	}
	if o.row[i] > 0 {
		c.safe = false
		c.bravery = max(c.bravery, int8(o.row[i]))
	}
	return c
}

// advance moves next on to the leftmost empty space and reports whether
// there is one.
func (c *turnCard) advance() bool {
	for c.next < numSpaces && c.sp[c.next] != int8(Empty) {
		c.next++
	}
	return c.next < numSpaces
}

// stop is what escaping with c scores, with what follows from it.
func (o *outlook) stop(c turnCard) float64 {
	return o.escape(int(c.knowledge), int(c.bravery), c.safe)
}

// stopAfter is stop(put(c, i, t)), without making the card: most of the
// look ahead's cards are its last draw's, which it only scores.
func (o *outlook) stopAfter(c *turnCard, i int, t Token) float64 {
	knowledge, bravery, safe := int(c.knowledge), int(c.bravery), c.safe
	if t.Book() {
		knowledge += o.worth[t]
	}
	if o.row[i] > 0 {
		safe = false
		bravery = max(bravery, o.row[i])
	}
	return o.escape(knowledge, bravery, safe)
}

// escape is what escaping with that knowledge and bravery scores, with
// what follows from it: a Map's bravery again, a safe escape's tool.
func (o *outlook) escape(knowledge, bravery int, safe bool) float64 {
	out := float64(knowledge + bravery)
	if o.mapBonus {
		out += float64(bravery)
	}
	if safe && !o.gloves {
		out += o.safeTool
	}
	return out
}

// outlookBag is the bag as the look ahead draws from it: the counts by
// kind and their total, taken out and put back as it goes.
type outlookBag struct {
	n     [numKinds]int
	total int
}

// newOutlookBag reads a bag's counts.
func newOutlookBag(counts [numKinds]int) *outlookBag {
	b := &outlookBag{n: counts}
	for _, n := range counts {
		b.total += n
	}
	return b
}

// value is the best of escaping (if allowed) and drawing, depth draws
// ahead at most.
func (o *outlook) value(c turnCard, bag *outlookBag, depth, buckets int, canStop bool) float64 {
	stop := o.stop(c)
	if depth == 0 || bag.total == 0 {
		return stop
	}
	d := o.draw(c, bag, depth, buckets)
	if canStop && stop >= d {
		return stop
	}
	return d
}

// draw is the expected value of drawing one token now and playing on.
func (o *outlook) draw(c turnCard, bag *outlookBag, depth, buckets int) float64 {
	total := bag.total
	i := int(c.next)
	if total == 0 || i >= numSpaces {
		return o.stop(c)
	}
	ev := 0.0
	for k, n := range bag.n {
		if n == 0 {
			continue
		}
		p := float64(n) / float64(total)
		t := Token(k)
		bag.n[k]--
		bag.total--
		switch {
		case t == Fire && (c.fires > 0 || o.row[i] > 0 && !o.gloves):
			ev += p * o.bust(c, bag, depth, buckets)
		case depth == 1: // the look ahead's last draw: escape after it
			ev += p * o.stopAfter(&c, i, t)
		default:
			if c2 := o.put(c, i, t); c2.advance() {
				ev += p * o.value(c2, bag, depth-1, buckets, true)
			} else {
				ev += p * o.stop(c2)
			}
		}
		bag.n[k]++
		bag.total++
	}
	return ev
}

// bust is the value of Fire Spreading set off by a fire drawn onto c: the
// card is lost and its books burn, a tool follows; a Bucket puts the fire
// aside and the turn goes on; a Cloak saves one book.
func (o *outlook) bust(c turnCard, bag *outlookBag, depth, buckets int) float64 {
	best := o.spreadTool - burnCost*float64(c.books)
	if o.collapses(c) {
		best = o.end
	}
	if buckets > 0 {
		best = max(best, o.value(c, bag, depth-1, buckets-1, true)-bucketCost)
	}
	if o.cloak {
		for j, t := range c.sp {
			if Token(t).Book() {
				v := float64(o.worth[t]+o.row[j]) + o.spreadTool - burnCost*float64(c.books-1)
				best = max(best, v-toolWorth)
			}
		}
	}
	return best
}

// collapses reports whether Fire Spreading with card c burns a section
// down (Technology books aside: they burn where the burn index is highest).
func (o *outlook) collapses(c turnCard) bool {
	if c.books == 0 {
		return o.left[o.lowest] <= 1
	}
	for i := range numSections {
		if c.colours[i] > 0 && int(c.colours[i]) >= o.left[i] {
			return true
		}
	}
	return false
}

// saveChoice draws or escapes, with the Saving Books tools.
func saveChoice(b *sight, legal []engine.Action) engine.Action {
	c := b.mine()
	stop, canStop := engine.Pick(legal, KindStop)
	draw, canDraw := engine.Pick(legal, KindDraw)
	if c == nil {
		if canStop {
			return stop
		}
		return legal[0]
	}
	o := newOutlook(b, c.number)
	tc := o.read(c.spaces)
	drawV := o.draw(tc, newOutlookBag(b.bag), lookDraws, o.buckets)
	stopV := o.stop(tc)
	wants := !canStop || drawV > stopV+drawMargin
	i := firstEmpty(c.spaces)
	riskyDraw := i >= 0 && (countTokens(Fire, c.spaces) > 0 || risky(c.number, i) && !b.gloves)
	if riskyDraw && i >= 0 && !b.gloves && countTokens(Fire, c.spaces) == 0 {
		if p := plays(legal, toolGloves); len(p) > 0 {
			g := *o
			g.gloves = true
			if g.draw(tc, newOutlookBag(b.bag), lookDraws, o.buckets)-glovesCost > max(drawV, stopV) {
				return p[0]
			}
		}
	}
	if !wants {
		return stop
	}
	if a, ok := engine.Pick(legal, KindDig); ok {
		return a
	}
	if riskyDraw {
		for _, tl := range []int{toolTorch, toolShovel} {
			if p := plays(legal, tl); len(p) > 0 {
				return p[0]
			}
		}
	}
	if canDraw {
		return draw
	}
	if canStop {
		return stop
	}
	return legal[0]
}

// orderChoice takes the Turn Order card with the best outlook.
func orderChoice(b *sight, legal []engine.Action) engine.Action {
	best, bestV := legal[0], -1e9
	var empty [numSpaces]Token
	for i := range empty {
		empty[i] = Empty
	}
	for _, a := range legal {
		if a.Kind != KindOrder {
			continue
		}
		o := newOutlook(b, a.Args[0])
		o.gloves = false
		sp := empty
		if c := b.cardByNumber(a.Args[0]); c != nil {
			sp = c.spaces // an Amulet's tokens come with the card
		}
		v := o.value(o.read(sp), newOutlookBag(b.bag), lookOrder, o.buckets, false)
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// cardByNumber is the Turn Order card with that number, or nil.
func (b *sight) cardByNumber(n int) *sightCard {
	for i := range b.cards {
		if b.cards[i].number == n {
			return &b.cards[i]
		}
	}
	return nil
}

// toolChoice takes the market tool worth most, or the deck's top when
// the market has nothing better than an average tool.
func toolChoice(b *sight, legal []engine.Action) engine.Action {
	best, bestV := engine.Action{}, -1.0
	for _, a := range legal {
		v := deckAverage
		if a.Args[0] != deckSlot && a.Args[0] < len(b.market) {
			v = toolValue[b.market[a.Args[0]]] + 0.01 // a known tool beats an equal guess
		}
		if v > bestV {
			best, bestV = a, v
		}
	}
	return best
}

// swapChoice discards the weakest tool for the deck's top if it is worth
// clearly less than an average tool.
func swapChoice(b *sight, legal []engine.Action) engine.Action {
	keep, _ := engine.Pick(legal, KindKeep)
	best, bestV := keep, deckAverage-1
	for _, a := range legal {
		if a.Kind == KindSwap && a.Args[0] < len(b.hand) {
			if v := toolValue[b.hand[a.Args[0]]]; v < bestV {
				best, bestV = a, v
			}
		}
	}
	return best
}

// amuletChoice plays an Amulet when the bot chooses its card among the
// first half of the players: it will take the card the tokens make best.
func amuletChoice(b *sight, legal []engine.Action) (engine.Action, bool) {
	p := plays(legal, toolAmulet)
	if len(p) == 0 || b.v.Fire == FireInferno {
		return engine.Action{}, false
	}
	order := slices.DeleteFunc(slices.Clone(b.track), func(s engine.Seat) bool { return s == robotSeat })
	if slices.Index(order, b.you)*2 < len(order) {
		return p[0], true
	}
	return engine.Action{}, false
}

// spreadChoice answers Fire Spreading. The active player stops the fire
// with a Bucket, or a Slingshot at the leading player still to play, or
// saves a book with a Cloak; another player axes a book worth enough.
func spreadChoice(b *sight, legal []engine.Action) (engine.Action, bool) {
	if b.you != b.active {
		best, bestW := engine.Action{}, axeMinimum-1
		if c := b.card(b.active); c != nil {
			for _, a := range plays(legal, toolAxe) {
				if w := b.worth[c.spaces[a.Args[1]]]; w > bestW {
					best, bestW = a, w
				}
			}
		}
		return best, best.Kind != ""
	}
	c := b.mine()
	if c == nil {
		return engine.Action{}, false
	}
	books := booksOn(c.spaces)
	if p := plays(legal, toolBucket); len(p) > 0 && len(books) > 0 {
		return p[0], true
	}
	if a, ok := slingChoice(b, legal, c); ok {
		return a, true
	}
	best, bestV := engine.Action{}, 0
	for _, a := range plays(legal, toolCloak) {
		i := a.Args[1]
		v := b.worth[c.spaces[i]] + orderCards[c.number-1][i]
		if v > bestV {
			best, bestV = a, v
		}
	}
	if bestV >= 4 {
		return best, true
	}
	if p := plays(legal, toolBucket); len(p) > 0 && firstEmpty(c.spaces) >= 0 {
		return p[0], true
	}
	return engine.Action{}, false
}

// slingChoice plays a Slingshot when the books it keeps on card c (the
// bot's) are worth it, at the target slingTarget rates best.
func slingChoice(b *sight, legal []engine.Action, c *sightCard) (engine.Action, bool) {
	p := plays(legal, toolSlingshot)
	if len(p) == 0 {
		return engine.Action{}, false
	}
	books := booksOn(c.spaces)
	kept, top := 0, 0
	for _, t := range books {
		kept += b.worth[t]
		top = max(top, b.worth[t])
	}
	if kept-top < 3 && len(books) > 1 {
		return engine.Action{}, false
	}
	best, bestV := engine.Action{}, -1e9
	for _, a := range p {
		if v := slingTarget(b, engine.Seat(a.Args[1])); v > bestV {
			best, bestV = a, v
		}
	}
	return best, true
}

// slingTarget rates a Slingshot's target: the leading player still to
// play, never the Robot when a player can take the fire (the book scores
// for the Robot).
func slingTarget(b *sight, to engine.Seat) float64 {
	switch {
	case to == robotSeat:
		return -100
	case to == setAsideTo:
		return 0
	}
	return float64(b.scores[to])
}

// lockValue guesses what a book locked in a Lockbox scores at the end:
// its section's value now, more the closer the section is to burning
// down; a Technology book 10 (a section that burns down ends the game).
func lockValue(b *sight, t Token) float64 {
	if t == Tech {
		return 10
	}
	return float64(b.worth[t]) + 6/float64(max(b.left[t], 1))
}

// afterChoice plays After Scoring tools: a Collector's Edition on two or
// more books of a colour, a Lockbox on the book likely worth most at the
// end, a Knapsack when the bag's odds favour it, a Map on good bravery, a
// Library Cart while others are still to play.
func afterChoice(b *sight, legal []engine.Action) (engine.Action, bool) {
	c := b.mine()
	if c == nil {
		return engine.Action{}, false
	}
	endSoon := b.closest() <= 1 || b.v.Mode == ModeLone && b.round >= loneRounds
	var coll engine.Action
	most := 0
	for _, a := range plays(legal, toolCollector) {
		if n := engine.Count(b.saved, Token(a.Args[1])); n > most {
			coll, most = a, n
		}
	}
	if most >= 2 || most == 1 && endSoon {
		return coll, true
	}
	best, bestV := engine.Action{}, -1.0
	for _, a := range plays(legal, toolLockbox) {
		if v := lockValue(b, Token(a.Args[1])); v > bestV {
			best, bestV = a, v
		}
	}
	if bestV >= 0 {
		return best, true
	}
	if b.bagTotal > 0 {
		pBook := 1 - float64(b.bag[Fire])/float64(b.bagTotal)
		avg := 0.0
		for k, n := range b.bag {
			avg += float64(n*b.worth[k]) / float64(b.bagTotal)
		}
		for _, a := range plays(legal, toolKnapsack) {
			t := Token(a.Args[1])
			if pBook*float64(b.worth[t])+avg >= 3.5 {
				return a, true
			}
		}
	}
	if p := plays(legal, toolMap); len(p) > 0 && (b.bravery >= 3 || endSoon || b.count(toolMap) > 1) {
		return p[0], true
	}
	if p := plays(legal, toolCart); len(p) > 0 {
		for s, played := range b.played {
			if !played && engine.Seat(s) != b.you {
				return p[0], true
			}
		}
	}
	return engine.Action{}, false
}
