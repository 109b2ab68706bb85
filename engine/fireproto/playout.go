package fireproto

import (
	"encoding/json"

	"arcade/engine"
)

// playout is the hard bot's imagined game: a compact copy of a state that
// follows the very same rules (and draws from its random generator the
// same way, so that a playout and the real game given the same seed and
// moves stay equal step by step), without the text the real game writes:
// no event log, no move labels, and a View without PhaseText and Summary
// that reuses its slices from call to call. It makes the hard bot's
// playouts about ten times faster; the real state with a discarding log
// is still about ten times slower (BenchmarkPlayoutCopy and
// BenchmarkPlayoutQuiet: most of it in the real View and the labels of
// Legal), so the copy stays. The tests check it against the real game
// move by move.
type playout struct {
	players   int
	rng       engine.RNG
	round     int
	phase     Phase
	active    engine.Seat
	pos       [numColours]int
	bag       [numKinds]int
	aside     [numColours]int
	supply    int
	cards     [len(cardSpecs)]orderCard
	ncards    int
	seats     [len(cardSpecs)]seatState
	scores    [len(cardSpecs)]int
	arrived   [len(cardSpecs)]int // the knowledge track's arrival order
	clock     int
	picks     [len(cardSpecs)]engine.Seat // the choosers still to choose, in order
	npicks    int
	drawn     int
	last      Token
	lastBy    engine.Seat
	collapsed int

	// Buffers for View and Legal.
	view   View
	tracks [numColours]TrackView
	pl     [len(cardSpecs)]PlayerView
	cv     [len(cardSpecs)]OrderCardView
	spaces [len(cardSpecs)][numSpaces]SpaceView
	legal  [len(cardSpecs)]engine.Action
	wait   [1]engine.Seat
	pend   [1]engine.Seat
	lastV  DrawView
}

// orderArgs are the arguments of the "order" actions, shared read-only.
var orderArgs = [...][]int{{1}, {2}, {3}, {4}, {5}}

// newPlayout copies g.
func newPlayout(g *state) *playout {
	p := &playout{
		players: g.Players, rng: g.RNG, round: g.Round, phase: g.Phase, active: g.Active,
		pos: g.Pos, aside: g.Aside, supply: g.Supply, ncards: len(g.Cards), clock: g.Track.Clock,
		npicks: len(g.Picks), drawn: g.Drawn, last: g.Last, lastBy: g.LastBy, collapsed: g.Collapsed,
	}
	copy(p.bag[:], g.Bag)
	copy(p.cards[:], g.Cards)
	copy(p.seats[:], g.Seats)
	copy(p.scores[:], g.Track.Scores)
	copy(p.arrived[:], g.Track.Arrived)
	copy(p.picks[:], g.Picks)
	return p
}

// MarshalJSON implements engine.State: the playout as the real state it
// stands for.
func (p *playout) MarshalJSON() ([]byte, error) {
	g := &state{
		Players: p.players, RNG: p.rng, Round: p.round, Phase: p.phase, Active: p.active, Pos: p.pos,
		Bag: engine.Bag(append([]int(nil), p.bag[:]...)), Aside: p.aside, Supply: p.supply,
		Cards: append([]orderCard(nil), p.cards[:p.ncards]...),
		Seats: append([]seatState(nil), p.seats[:p.players]...),
		Track: engine.ScoreTrack{Scores: append([]int(nil), p.scores[:p.players]...),
			Arrived: append([]int(nil), p.arrived[:p.players]...), Clock: p.clock},
		Picks: append([]engine.Seat{}, p.picks[:p.npicks]...), Drawn: p.drawn, Last: p.last, LastBy: p.lastBy,
		Collapsed: p.collapsed,
	}
	return json.Marshal((*stateJSON)(g))
}

// Pending implements engine.State; the next call overwrites the slice.
func (p *playout) Pending() []engine.Seat {
	if p.phase == PhaseOver {
		return nil
	}
	p.pend[0] = p.active
	return p.pend[:]
}

// Outcome implements engine.State (without a summary).
func (p *playout) Outcome() engine.Outcome {
	if p.phase != PhaseOver {
		return engine.Outcome{}
	}
	return engine.Outcome{Done: true, Scores: append([]int(nil), p.scores[:p.players]...), Winners: p.leaders()}
}

func (p *playout) leaders() []engine.Seat {
	best := p.scores[0]
	for s := 1; s < p.players; s++ {
		best = max(best, p.scores[s])
	}
	var out []engine.Seat
	for s := range p.players {
		if p.scores[s] == best {
			out = append(out, engine.Seat(s))
		}
	}
	return out
}

// Legal implements engine.State: the real game's moves without labels.
// The slice is reused by the next call.
func (p *playout) Legal(s engine.Seat) []engine.Action {
	if p.phase == PhaseOver || s != p.active {
		return nil
	}
	out := p.legal[:0]
	switch p.phase {
	case PhaseOrder:
		for i := range p.ncards {
			if c := &p.cards[i]; c.Holder < 0 {
				out = append(out, engine.Action{Kind: KindOrder, Args: orderArgs[c.Number-1]})
			}
		}
	case PhaseSearch:
		out = append(out, engine.Action{Kind: KindDraw})
		if p.drawn > 0 {
			out = append(out, engine.Action{Kind: KindScore})
		}
		if p.canDouse() {
			out = append(out, engine.Action{Kind: KindDouse})
		}
	case PhaseFire:
		out = append(out, engine.Action{Kind: KindDouse}, engine.Action{Kind: KindBurn})
	}
	return out
}

func (p *playout) canDouse() bool {
	if p.drawn == 0 || p.seats[p.active].Buckets == 0 {
		return false
	}
	c := p.cardOf(p.active)
	return c.Spaces[p.drawn-1] == Fire && !c.Doused[p.drawn-1]
}

// Timeout implements engine.State as the real game does: the lowest free
// card; douse a fire that would end the turn; draw the first token, then
// score.
func (p *playout) Timeout(s engine.Seat) engine.Action {
	if p.phase == PhaseOver || s != p.active {
		return engine.Action{}
	}
	switch {
	case p.phase == PhaseOrder:
		for i := range p.ncards {
			if c := &p.cards[i]; c.Holder < 0 {
				return engine.Action{Kind: KindOrder, Args: orderArgs[c.Number-1]}
			}
		}
	case p.phase == PhaseFire:
		return engine.Action{Kind: KindDouse}
	case p.drawn > 0:
		return engine.Action{Kind: KindScore}
	}
	return engine.Action{Kind: KindDraw}
}

// Apply implements engine.State. It writes no events.
func (p *playout) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	if _, ok := engine.Find(p.Legal(s), a); !ok {
		return nil, engine.Illegal("%v is not legal", a)
	}
	switch a.Kind {
	case KindOrder:
		p.card(a.Args[0]).Holder = s
		p.npicks = copy(p.picks[:], p.picks[1:p.npicks])
		p.nextPick()
	case KindDraw:
		p.draw()
	case KindScore:
		p.score()
	case KindDouse:
		p.douse()
	case KindBurn:
		p.burn()
	}
	return nil, nil
}

func (p *playout) card(number int) *orderCard {
	for i := range p.ncards {
		if p.cards[i].Number == number {
			return &p.cards[i]
		}
	}
	return nil
}

func (p *playout) cardOf(s engine.Seat) *orderCard {
	for i := range p.ncards {
		if p.cards[i].Holder == s {
			return &p.cards[i]
		}
	}
	return nil
}

func (p *playout) value(c int) int {
	if p.pos[c] >= len(colours[c].Track) {
		return 0
	}
	return colours[c].Track[p.pos[c]]
}

// drawToken is engine.Bag.Draw on the array.
func (p *playout) drawToken() Token {
	total := 0
	for _, n := range p.bag {
		total += n
	}
	x := p.rng.Intn(total)
	for k, n := range p.bag {
		if x < n {
			p.bag[k]--
			return Token(k)
		}
		x -= n
	}
	panic("fireproto: bag count mismatch")
}

// startRound is state.startRound after round 1.
func (p *playout) startRound() {
	p.round++
	for i := range p.ncards {
		p.cards[i].Holder = -1
	}
	for s := range p.players {
		p.seats[s].Played = false
	}
	// The choosers, least knowledge first; ties in arrival order, then
	// shuffled (engine.ScoreTrack.Tiers and state.pickOrder).
	order := p.picks[:p.players]
	for s := range order {
		order[s] = engine.Seat(s)
	}
	less := func(a, b engine.Seat) bool {
		if p.scores[a] != p.scores[b] {
			return p.scores[a] < p.scores[b]
		}
		return p.arrived[a] < p.arrived[b]
	}
	for i := 1; i < len(order); i++ {
		for j := i; j > 0 && less(order[j], order[j-1]); j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	for i := 0; i < len(order); {
		j := i + 1
		for j < len(order) && p.scores[order[j]] == p.scores[order[i]] {
			j++
		}
		if tier := order[i:j]; len(tier) > 1 {
			p.rng.Shuffle(len(tier), func(a, b int) { tier[a], tier[b] = tier[b], tier[a] })
		}
		i = j
	}
	p.npicks = p.players
	p.phase = PhaseOrder
	p.nextPick()
}

func (p *playout) nextPick() {
	for p.npicks > 0 {
		free, first := 0, 0
		for i := range p.ncards {
			if p.cards[i].Holder < 0 {
				if free == 0 {
					first = i
				}
				free++
			}
		}
		if free > 1 {
			p.active = p.picks[0]
			return
		}
		p.cards[first].Holder = p.picks[0]
		p.npicks = copy(p.picks[:], p.picks[1:p.npicks])
	}
	p.nextTurn()
}

func (p *playout) nextTurn() {
	for i := range p.ncards {
		if h := p.cards[i].Holder; h >= 0 && !p.seats[h].Played {
			p.phase, p.active, p.drawn = PhaseSearch, h, 0
			return
		}
	}
	p.startRound()
}

func (p *playout) draw() {
	s := p.active
	c := p.cardOf(s)
	i := p.drawn
	t := p.drawToken()
	c.Spaces[i] = t
	p.drawn++
	p.last, p.lastBy = t, s
	if t == Fire && threat(c, i) {
		if p.seats[s].Buckets == 0 {
			p.burn()
			return
		}
		p.phase = PhaseFire
		return
	}
	p.fullCheck()
}

func (p *playout) fullCheck() {
	if p.drawn == numSpaces {
		p.score()
	}
}

func (p *playout) douse() {
	s := p.active
	p.cardOf(s).Doused[p.drawn-1] = true
	p.seats[s].Buckets--
	p.supply++
	if p.phase == PhaseFire {
		p.phase = PhaseSearch
		p.fullCheck()
	}
}

func (p *playout) burn() {
	s := p.active
	c := p.cardOf(s)
	for _, t := range c.Spaces {
		if t.Book() {
			p.pos[t]++
			if p.pos[t] >= len(colours[t].Track) {
				p.collapsed = int(t)
				p.endGame()
				return
			}
		}
	}
	p.returnTokens(c)
	if p.seats[s].Buckets < maxBuckets {
		p.supply--
		p.seats[s].Buckets++
	}
	p.endTurn()
}

func (p *playout) score() {
	s := p.active
	c := p.cardOf(s)
	pts := bravery(c.Number)
	for _, t := range c.Spaces {
		if t.Book() {
			pts += p.value(int(t))
		}
	}
	if pts > 0 {
		p.scores[s] += pts
		p.arrived[s] = p.clock
		p.clock++
	}
	p.returnTokens(c)
	if p.scores[s] >= goal {
		p.endGame()
		return
	}
	p.endTurn()
}

func (p *playout) returnTokens(c *orderCard) {
	for i, t := range c.Spaces {
		if t != Empty {
			p.bag[t]++
		}
		c.Spaces[i] = Empty
		c.Doused[i] = false
	}
}

func (p *playout) endTurn() {
	p.seats[p.active].Played = true
	p.drawn = 0
	p.nextTurn()
}

func (p *playout) endGame() {
	p.phase = PhaseOver
	p.active = -1
	p.npicks = 0
}

// View implements engine.State: state.View without PhaseText and Summary,
// as a *View that the next call overwrites.
func (p *playout) View(s engine.Seat) engine.View {
	v := &p.view
	if v.Tracks == nil {
		p.frame()
	}
	v.You, v.Round, v.Phase, v.Active, v.Supply, v.Drawn = s, p.round, p.phase, p.active, p.supply, p.drawn
	v.Picks = p.picks[:p.npicks:p.npicks]
	v.Over = p.phase == PhaseOver
	v.Waiting = p.wait[:0]
	v.Winners = nil
	if !v.Over {
		p.wait[0] = p.active
		v.Waiting = p.wait[:1]
	} else {
		v.Winners = p.leaders()
	}
	v.Bag = BagView{}
	for c := range colours {
		t := &v.Tracks[c]
		t.Pos, t.Value, t.Collapsed = p.pos[c], p.value(c), p.pos[c] == len(t.Values)
		t.ToX, t.InBag, t.SetAside = len(t.Values)-p.pos[c], p.bag[c], p.aside[c]
		v.Bag.Books += p.bag[c]
	}
	v.Bag.Fires = p.bag[Fire]
	v.Bag.Total = v.Bag.Books + v.Bag.Fires
	for i := range v.Players {
		pv := &v.Players[i]
		pv.Score, pv.Buckets, pv.Played, pv.Card = p.scores[i], p.seats[i].Buckets, p.seats[i].Played, 0
	}
	for i := range v.Cards {
		c, cv := &p.cards[i], &v.Cards[i]
		cv.Holder = c.Holder
		if c.Holder >= 0 {
			v.Players[c.Holder].Card = c.Number
		}
		for k, t := range c.Spaces {
			if name := t.Name(); cv.Spaces[k].Token != name {
				cv.Spaces[k].Token = name
			}
			cv.Spaces[k].Doused = c.Doused[k]
		}
	}
	v.Last = nil
	if p.last != Empty {
		p.lastV = DrawView{Token: p.last.Name(), By: p.lastBy}
		v.Last = &p.lastV
	}
	return v
}

// frame sets up the parts of the view that never change.
func (p *playout) frame() {
	v := &p.view
	v.Goal = goal
	v.Tracks = p.tracks[:]
	for c := range colours {
		col := &colours[c]
		v.Tracks[c] = TrackView{Colour: col.Name, Key: col.Key, Books: col.Books, Values: col.Track}
	}
	v.Players = p.pl[:p.players]
	for i := range v.Players {
		v.Players[i].Seat = engine.Seat(i)
	}
	v.Cards = p.cv[:p.ncards]
	for i := range v.Cards {
		n := p.cards[i].Number
		sp := p.spaces[i][:]
		for k := range sp {
			sp[k].Risky = risky(n, k)
		}
		v.Cards[i] = OrderCardView{Number: n, Layout: layout(n), Bravery: bravery(n), Spaces: sp}
	}
}

var _ engine.State = (*playout)(nil)
