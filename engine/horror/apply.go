package horror

import (
	"fmt"
	"math/bits"
	"slices"

	"arcade/engine"
)

// Apply implements engine.State. A move is legal exactly when Legal
// offers it; anything else is refused, with the rule it breaks
// (refusal), and changes nothing.
func (g *state) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	k, ok := g.allows(s, a)
	if !ok {
		return nil, g.refusal(s, a)
	}
	g.apply(s, k, a)
	return g.log.take(g), nil
}

// apply performs a legal move.
func (g *state) apply(s engine.Seat, k moveKind, a engine.Action) {
	p := &g.Seats[s]
	switch k {
	case mColours:
		for c := range numColours {
			p.Need[c] = a.Args[0]&(1<<c) != 0
		}
		public(g, choseColours{s, bits.OnesCount(uint(a.Args[0]))})
		private(g, s, needs{p.Horror, p.Need})
		g.nextSetup(s)
	case mStart:
		p.Cell, p.From = a.Args[0], a.Args[0]
		public(g, startedIn{s, g.place(p.Cell)})
		g.nextSetup(s)
	case mMove:
		g.Actions--
		g.move(s, a.Args[0])
	case mRotate:
		g.Actions--
		c := &g.Cells[a.Args[0]]
		c.Rot = (c.Rot + a.Args[1]) % 4
		public(g, rotated{s, g.place(a.Args[0]), a.Args[1] == 3})
	case mSearch:
		g.Actions--
		g.search(s, a.Args[0] == 1)
	case mMirror:
		g.Actions--
		cost := g.mirrorCost()
		g.FreeMirror = false
		p.Fort -= cost
		public(g, mirrored{s, g.place(p.Cell), g.place(a.Args[0]), cost, p.Fort})
		g.enter(s, a.Args[0])
	case mPicture:
		g.Actions--
		d := g.die()
		gain := (d + 1) / 2
		g.gain(p, gain)
		g.rollDice(s, pictureRolls[d-1], d, 0)
		public(g, pictured{s, g.place(p.Cell), d, gain, p.Fort})
	case mExchange:
		g.Actions--
		g.exchange(s, a.Args[0], a.Args[1:])
	case mPlay:
		g.play(s, a.Args)
	case mAttack:
		g.attack(s, a.Args[0])
	case mGhost:
		gh := g.Beaten
		g.Ghosts[gh], g.Beaten = a.Args[0], -1
		public(g, droveGhost{s, ghostLevel(gh), g.place(a.Args[0])})
		g.Phase = PhaseTurn
	case mProtect:
		g.protect(s, a.Args[0])
	case mPass:
		public(g, tookBlow{s})
		g.hit()
	case mLoot:
		g.loot(s, engine.Seat(a.Args[0]), a.Args[1])
	case mNoLoot:
		public(g, tookNothing{s, g.Victim})
		g.Victim = -1
		g.Phase = PhaseTurn
	case mEnd:
		public(g, endedTurn{s})
		g.endTurn()
		return
	}
	if g.Phase == PhaseTurn && g.Actions == 0 && !g.anyBonus(g.Active) {
		g.endTurn()
	}
}

// CellName is a cell's grid reference: column letter, row number ("b2").
func CellName(c, size int) string {
	return fmt.Sprintf("%c%d", 'a'+c%size, c/size+1)
}

// roll records a roll of the dice for everyone to see.
func (g *state) roll(s engine.Seat, what string, dice ...int) {
	g.Roll = Roll{Seat: s, Dice: dice, What: what}
}

// gain raises p's Fortitude by n, to +5 at most.
func (g *state) gain(p *seatState, n int) { p.Fort = min(p.Fort+n, maxFort) }

// hurt lowers p's Fortitude by n, to -5 at least.
func (g *state) hurt(p *seatState, n int) { p.Fort = max(p.Fort-n, minFort) }

// nextSetup passes a setup choice to the next player, and starts the
// first turn after the last starting room.
func (g *state) nextSetup(s engine.Seat) {
	next, wrapped := g.nextInOrder(s)
	g.Active = next
	if !wrapped {
		return
	}
	if g.Phase == PhaseColours {
		g.Phase = PhaseStart
		return
	}
	g.Phase = PhaseTurn
	g.beginTurn(g.Order[0])
}

// beginTurn starts seat s's turn: a player Locked in a Room misses it;
// every ghost in the player's room hurts them.
func (g *state) beginTurn(s engine.Seat) {
	for {
		p := &g.Seats[s]
		if !p.Skip {
			break
		}
		p.Skip = false
		public(g, missedTurn{s})
		var wrapped bool
		s, wrapped = g.nextInOrder(s)
		if wrapped && g.newRound() {
			return
		}
	}
	g.Active, g.Phase, g.Actions = s, PhaseTurn, actionsPerTurn
	g.LockPicks, g.FreeMirror, g.AttackLost, g.Shy = false, false, false, nil
	clear(g.Exchanged)
	p := &g.Seats[s]
	if dmg := g.ghostDamage(p.Cell); dmg > 0 {
		g.hurt(p, dmg)
		public(g, drained{s, g.place(p.Cell), dmg, p.Fort, true})
	}
}

// newRound counts a new round and ends the game at the round limit; it
// reports whether the game ended.
func (g *state) newRound() bool {
	g.Round++
	if g.RoundLimit > 0 && g.Round > g.RoundLimit {
		g.finishAtLimit()
		return true
	}
	return false
}

// endTurn passes the turn on.
func (g *state) endTurn() {
	next, wrapped := g.nextInOrder(g.Active)
	if wrapped && g.newRound() {
		return
	}
	g.beginTurn(next)
}

// finishAtLimit ends the game after the last round.
func (g *state) finishAtLimit() {
	g.Phase = PhaseOver
	o := g.Outcome()
	f := roundsOver{Rounds: g.RoundLimit, Score: o.Scores[o.Winners[0]]}
	for _, s := range o.Winners {
		f.Winners = f.Winners.with(s)
	}
	g.Summary = f.Words()
	public(g, f)
}

// ghostDamage is the sum of the levels of the ghosts in cell c.
func (g *state) ghostDamage(c int) int {
	n := 0
	for gh, w := range g.Ghosts {
		if w == c {
			n += ghostLevel(gh)
		}
	}
	return n
}

// move takes seat s through door d.
func (g *state) move(s engine.Seat, d int) {
	p := &g.Seats[s]
	cost := g.moveCost(p, d)
	to := g.neighbour(p.Cell, d)
	p.Fort -= cost
	door := doorOpen
	switch {
	case g.passage(p.Cell, d) == 1 && g.LockPicks:
		door = doorPicked
	case cost > 0:
		door = doorClosed
	}
	public(g, went{s, d, door, p.Fort, g.place(to)})
	if to == g.centre() {
		g.portal(s)
		return
	}
	g.enter(s, to)
}

// enter puts seat s in cell c: every ghost there hurts them, and they may
// attack each of them.
func (g *state) enter(s engine.Seat, c int) {
	p := &g.Seats[s]
	p.From, p.Cell = p.Cell, c
	p.Fresh = g.ghostsIn(c)
	if p.Fresh == nil {
		p.Fresh = []int{}
	}
	if s == g.Active {
		// A ghost that appeared around them this turn is met again only
		// on a later turn (ruling 4).
		p.Fresh = slices.DeleteFunc(p.Fresh, func(gh int) bool { return slices.Contains(g.Shy, gh) })
	}
	if dmg := g.ghostDamage(c); dmg > 0 {
		g.hurt(p, dmg)
		public(g, drained{s, g.place(c), dmg, p.Fort, false})
	}
}

// portal is seat s's challenge in the Portal: one die against each ghost
// there, 3 or more beats it; beating them all wins.
func (g *state) portal(s engine.Seat) {
	p := &g.Seats[s]
	var dice []int
	for _, gh := range g.ghostsIn(g.centre()) {
		d := g.die()
		dice = append(dice, d)
		if d < 3 {
			lv := ghostLevel(gh)
			g.hurt(p, lv)
			g.roll(s, "Portal: "+itoa(d)+" against a level "+itoa(lv)+" ghost loses (3+ beats it)", dice...)
			public(g, portalRolled{s, d, lv, p.Fort, true, g.place(p.Cell)})
			return
		}
		public(g, portalRolled{Seat: s, Die: d, Level: ghostLevel(gh)})
	}
	if len(dice) > 0 {
		g.roll(s, "Portal: every ghost beaten", dice...)
	}
	p.From, p.Cell = p.Cell, g.centre()
	g.Winner, g.Phase = s, PhaseOver
	f := won{s, p.Horror}
	g.Summary = f.Words()
	public(g, f)
}

// search places seat s's next search marker in its room and searches a
// bookcase (the dice and the Library Bookcase screen) or a drawer (the
// bag, then a Blessing or Curse card).
func (g *state) search(s engine.Seat, drawer bool) {
	p := &g.Seats[s]
	num := p.Next + 1
	old := g.placeMarker(s)
	public(g, searched{s, drawer, g.place(p.Cell), num})
	if old != p.Cell {
		g.summon(p.Cell)
	}
	if drawer {
		g.drawer(s)
		return
	}
	y, w := g.die(), g.die()
	col := screen[w-1][y-1]
	g.rollDice(s, bookcaseRolls[y-1][w-1], y, w)
	empty := len(g.Decks[col]) == 0
	public(g, bookcaseRolled{s, y, w, col, empty})
	if empty {
		return
	}
	c := g.Decks[col][0]
	g.Decks[col] = g.Decks[col][1:]
	g.receive(s, c, false)
}

// receive gives seat s component c, found or taken: onto its Horror
// card when needed.
func (g *state) receive(s engine.Seat, c int, taken bool) {
	p := &g.Seats[s]
	if g.needs(p, c) {
		p.Placed = append(p.Placed, c)
		private(g, s, gotComponent{c, taken, true})
		public(g, placed{s, len(p.Placed), g.Items})
		return
	}
	p.Spare = append(p.Spare, c)
	private(g, s, gotComponent{c, taken, false})
}

// placeMarker puts seat s's next search marker in its room, taking it off
// the room it was in first (returned, -1 if none).
func (g *state) placeMarker(s engine.Seat) int {
	p := &g.Seats[s]
	old := p.Markers[p.Next]
	p.Markers[p.Next] = p.Cell
	p.Next = (p.Next + 1) % len(p.Markers)
	return old
}

// summon brings a ghost into cell c when its markers have just reached
// the threshold: level 1 ghosts first. It hurts everyone in the room.
func (g *state) summon(c int) {
	n := g.markersIn(c)
	if n != g.threshold() {
		return
	}
	gh := slices.Index(g.Ghosts[:], -1)
	switch {
	case gh < 0:
		public(g, summoned{Markers: n, Why: ghostsOut, Room: g.place(c)})
		return
	case g.ghostCount(c) >= maxGhostsRoom:
		public(g, summoned{Markers: n, Why: roomFull, Room: g.place(c)})
		return
	}
	g.Ghosts[gh] = c
	if g.Phase == PhaseTurn && g.Seats[g.Active].Cell == c {
		g.Shy = append(g.Shy, gh)
	}
	lv := ghostLevel(gh)
	f := summoned{Markers: n, Level: lv, Why: summonedOne, Room: g.place(c)}
	for t := range g.Seats {
		if g.Seats[t].Cell == c {
			g.hurt(&g.Seats[t], lv)
			f.Hurt = f.Hurt.with(engine.Seat(t))
		}
	}
	public(g, f)
}
