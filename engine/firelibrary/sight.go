package firelibrary

import (
	"slices"

	"arcade/engine"
)

// sight is what the bots read: one seat's knowledge of the game, in
// numbers. It holds the public table and the seat's own tools, nothing
// else.
//
// A bot at a table gets a View; sightFromView rebuilds a game from it
// (Sampler's work, hidden cards dealt at random) and reads it with
// sightOf, which copies only what that View shows. Inside the hard bot's
// imagined games the bots read the imagined state the same way, without
// the detour through a View. TestSightOnlyFromView checks that sightOf of
// a game and of a sample of its view are equal.
type sight struct {
	you, active engine.Seat
	phase       Phase
	v           variant
	players     int
	round       int
	worth       [numKinds]int    // what a book of each kind scores now (fire: 0)
	left        [numSections]int // live Library cards of each section
	lowest      int              // the section whose top card has the lowest burn index
	locked      [6]int           // by seat: the books in its Lockboxes, at today's value
	bag         [numKinds]int
	bagTotal    int
	deck        int
	discard     int
	market      []int // the market's tools (0-12)
	hand        []int // the seat's own tools, a tool committed in a window included
	scores      []int // by seat
	played      []bool
	track       []engine.Seat // the score track, lowest first (robotSeat: the Robot); Amulet window only
	robot       *robotSight
	cards       []sightCard
	gloves      bool
	drawn       int     // draws the active player made this turn
	saved       []Token // After Scoring: the books scored at the escape
	bravery     int     // and the bravery

	// Backing arrays of the slices above: one allocation per sight.
	scoresBuf [6]int
	playedBuf [6]bool
	cardsBuf  [6]sightCard
	marketBuf [marketSize]int
	handBuf   [8]int
}

// Viewer implements engine.View: a sight is the view of the hard bot's
// imagined games.
func (b sight) Viewer() engine.Seat { return b.you }

// robotSight is the Robot Player as everyone sees it.
type robotSight struct {
	score int
}

// sightCard is a Turn Order card in play.
type sightCard struct {
	number int
	holder engine.Seat // noHolder, a seat or robotSeat
	spaces [numSpaces]Token
}

// sightOf reads what seat s knows of g: the public facts and s's own
// hand. It must read nothing a View(s) does not show.
func sightOf(g *state, s engine.Seat) *sight {
	b := &sight{}
	b.read(g, s)
	return b
}

// read makes b seat s's sight of g (sightOf), reusing b's memory.
func (b *sight) read(g *state, s engine.Seat) {
	*b = sight{
		you: s, active: g.Active, phase: g.Phase, v: g.Var, players: g.Players, round: g.Round,
		deck: len(g.Deck), discard: len(g.Discard), gloves: g.Turn.Gloves, drawn: g.Drawn,
		saved: slices.Clone(g.Turn.Saved), bravery: g.Turn.Bravery, robot: b.robot,
	}
	if g.Phase == PhaseAmulet {
		b.track = g.trackOrder()
	}
	b.scores, b.played = b.scoresBuf[:0], b.playedBuf[:0]
	b.cards, b.market, b.hand = b.cardsBuf[:0], b.marketBuf[:0], b.handBuf[:0]
	for k := range numKinds {
		if t := Token(k); t.Book() {
			b.worth[k] = g.worth(t)
		}
	}
	for i := range sections {
		b.left[i] = sections[i].Books - g.Burned[i]
	}
	b.lowest = g.lowestSection()
	copy(b.bag[:], g.Bag)
	b.bagTotal = g.Bag.Total()
	for _, c := range g.Market {
		b.market = append(b.market, c/copiesPerTool)
	}
	for i, p := range g.Seats {
		b.scores = append(b.scores, p.Score)
		b.played = append(b.played, p.Played)
		if engine.Seat(i) == s {
			for _, c := range p.Hand {
				b.hand = append(b.hand, c/copiesPerTool)
			}
			if p.Play != nil {
				b.hand = append(b.hand, p.Play[0]/copiesPerTool)
			}
		}
	}
	if r := g.Robot; r == nil {
		b.robot = nil
	} else if b.robot == nil {
		b.robot = &robotSight{score: r.Score}
	} else {
		*b.robot = robotSight{score: r.Score}
	}
	for _, c := range g.Cards {
		b.cards = append(b.cards, sightCard{number: c.Number, holder: c.Holder, spaces: c.Spaces})
	}
	for _, tt := range g.Table {
		if tt.Until == "game" && len(tt.Tokens) > 0 {
			b.locked[tt.Owner] += g.worth(tt.Tokens[0])
		}
	}
}

// sightFromView is sightOf on a game rebuilt from the view; nil if the
// view is not a View of an unfinished game.
func sightFromView(view engine.View) *sight {
	v, ok := engine.ViewAs[View](view)
	if !ok || v.Over {
		return nil
	}
	rng := engine.NewRNG(1) // the hidden cards it deals are never read
	g, err := rebuild(*v, &rng)
	if err != nil {
		return nil
	}
	return sightOf(g, v.You)
}

// card is the Turn Order card seat s (or robotSeat) holds, or nil.
func (b *sight) card(s engine.Seat) *sightCard {
	for i := range b.cards {
		if b.cards[i].holder == s {
			return &b.cards[i]
		}
	}
	return nil
}

// mine is the card of the bot's seat, or nil.
func (b *sight) mine() *sightCard { return b.card(b.you) }

// holds reports whether the bot holds tool tl.
func (b *sight) holds(tl int) bool { return slices.Contains(b.hand, tl) }

// count is how many of tool tl the bot holds.
func (b *sight) count(tl int) int {
	n := 0
	for _, h := range b.hand {
		if h == tl {
			n++
		}
	}
	return n
}

// toolsOn reports whether tools are in the game.
func (b *sight) toolsOn() bool { return !b.v.NoTools }

// closest is the fewest live cards left in a section: a section at 1
// collapses with its next burn.
func (b *sight) closest() int { return slices.Min(b.left[:]) }

// mapLoops reports whether a Map could keep drawing itself (or another Map)
// back: the Map goes to the discard pile before its draw, and an empty
// deck takes the discard pile, so with fewer than three cards in the deck
// and the discard pile together the Maps can go round for ever (scoring
// the bravery each time: the rules set no limit). No bot plays a Map then.
func (b *sight) mapLoops() bool { return b.deck+b.discard < 3 }

// sensible drops the moves no bot makes (botMoves).
func (b *sight) sensible(legal []engine.Action) []engine.Action {
	return botMoves(legal, earlyEscape(b.drawn, b.bagTotal), b.mapLoops())
}

// endWins reports whether the bot would win if the game ended now, during
// its own turn (a collapse: the turn scores nothing, Lockboxes and books
// on the cards of players still to play do, roughly at today's values).
func (b *sight) endWins() bool {
	final := slices.Clone(b.scores)
	for s := range final {
		final[s] += b.locked[s]
	}
	for _, c := range b.cards {
		if c.holder >= 0 && c.holder != b.active {
			for _, t := range booksOn(c.spaces) {
				final[c.holder] += b.worth[t]
			}
		}
	}
	me := final[b.you]
	switch b.v.Mode {
	case ModeLone:
		return me-10*(loneRounds-b.round) > b.v.level().LoneWin
	case ModeSoloRobot:
		return me > b.robot.score
	case ModeRobot:
		if b.robot.score > me {
			return false
		}
	}
	for s, v := range final {
		if engine.Seat(s) != b.you && v > me {
			return false
		}
	}
	return true
}
