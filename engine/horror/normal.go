package horror

import (
	"context"

	"arcade/engine"
)

// normalBot is the heuristic bot (see Game.Bot).
type normalBot struct{}

// Choose implements engine.Bot.
func (b normalBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok || v.Me == nil || v.You < 0 || int(v.You) >= len(v.Players) {
		return legal[0]
	}
	switch v.Phase {
	case PhaseColours:
		return legal[rng.Intn(len(legal))]
	case PhaseStart:
		return bestBy(legal, func(a engine.Action) int { return startScore(v, a.Arg(0)) })
	case PhaseRespond:
		if a, ok := first(legal, KindProtect); ok {
			return a
		}
	case PhaseLoot:
		if a, ok := first(legal, KindLoot); ok {
			return a
		}
	case PhaseGhost:
		return bestBy(legal, func(a engine.Action) int { return ghostScore(v, a.Arg(0)) })
	case PhaseTurn:
		if a, ok := b.turn(v, legal); ok {
			return a
		}
		if a, ok := first(legal, KindEnd); ok {
			return a
		}
	}
	return legal[0]
}

// bestBy is the legal move with the highest score (the first on a tie).
func bestBy(legal []engine.Action, score func(engine.Action) int) engine.Action {
	best, bestV := legal[0], score(legal[0])
	for _, a := range legal[1:] {
		if s := score(a); s > bestV {
			best, bestV = a, s
		}
	}
	return best
}

// startScore rates a starting room: bookcases first.
func startScore(v *View, c int) int {
	if c < 0 || c >= len(v.Cells) {
		return -100
	}
	cl := v.Cells[c]
	s := 4*cl.Bookcases + cl.Drawers - 3*len(cl.Players)
	if cl.Picture {
		s++
	}
	return s
}

// ghostScore rates a room to drive a beaten ghost to: onto the rivals
// closest to winning, away from the bot and from the Portal when the bot
// is near the end.
func ghostScore(v *View, c int) int {
	if c < 0 || c >= len(v.Cells) {
		return -1000
	}
	me := v.Players[v.You]
	s := 0
	for _, t := range v.Cells[c].Players {
		if t != v.You {
			s += 3 * (v.Players[t].Placed + 1)
		}
	}
	if c == v.Size*v.Size/2 {
		if me.Placed >= v.Items-1 {
			return -50
		}
		best := 0
		for _, p := range v.Players {
			if p.Seat != v.You {
				best = max(best, p.Placed)
			}
		}
		s += 2 * best
	}
	for d := range 4 {
		if neighbourIn(v, me.Cell, d) == c {
			s -= 2
		}
	}
	return s
}

// wouldSummon reports whether the bot's next search in its room brings a
// ghost.
func wouldSummon(v *View) bool {
	me := v.Players[v.You]
	n := len(v.Cells[me.Cell].Markers)
	mine := false
	for _, m := range v.Cells[me.Cell].Markers {
		if m[0] == int(v.You) && m[1] == me.Next {
			mine = true
		}
	}
	if !mine {
		n++
	}
	return n == v.Threshold && !mine && ghostsLeft(v)
}

// ghostsLeft reports whether a ghost is still in the supply.
func ghostsLeft(v *View) bool {
	for _, w := range v.Ghosts {
		if w < 0 {
			return true
		}
	}
	return false
}

// turn picks an action or bonus action; false: end the turn.
func (b normalBot) turn(v *View, legal []engine.Action) (engine.Action, bool) {
	me := v.Players[v.You]
	here := v.Cells[me.Cell]
	centre := v.Size * v.Size / 2
	complete := me.Placed >= v.Items
	// Weapons on the rival with the most to lose.
	best, bestV := engine.Action{}, -1
	for _, a := range legal {
		if a.Kind == KindPlay && len(a.Args) == 2 {
			t := v.Players[a.Args[1]]
			if s := 3*t.Placed + t.Cards + t.Spare; s > bestV {
				best, bestV = a, s
			}
		}
	}
	if bestV >= 0 {
		return best, true
	}
	for _, a := range legal {
		if a.Kind == KindPlay && cardKinds[a.Arg(0)] == Restore && (me.Fort <= 0 || complete && me.Fort <= 1) {
			return a, true
		}
	}
	for _, a := range legal {
		if a.Kind == KindAttack && me.Fort-GhostLevel(a.Arg(0)) >= -1 {
			return a, true
		}
	}
	if v.Actions == 0 {
		return engine.Action{}, false
	}
	if complete {
		for _, a := range legal {
			if a.Kind == KindMove && neighbourIn(v, me.Cell, a.Arg(0)) == centre {
				return a, true
			}
		}
		if me.Fort >= 1 {
			if a, ok := b.toward(v, legal, func(c int) bool { return c == centre }, true); ok {
				return a, true
			}
		}
	}
	if a, ok := first(legal, KindExchange); ok {
		return a, true
	}
	if me.Fort < 0 || complete && me.Fort < 1 {
		if a, ok := engine.Pick(legal, KindPicture); ok {
			return a, true
		}
		if a, ok := b.toward(v, legal, func(c int) bool { return v.Cells[c].Picture }, true); ok {
			return a, true
		}
	}
	if complete {
		return engine.Action{}, false
	}
	if me.Fort >= 0 && (!wouldSummon(v) || me.Fort >= 4) {
		if here.Bookcases > 0 {
			if a, ok := engine.Pick(legal, KindSearch, 0); ok {
				return a, true
			}
		}
		if a, ok := engine.Pick(legal, KindSearch, 1); ok && me.Cards < 3 {
			return a, true
		}
	}
	good := func(c int) bool {
		cl := v.Cells[c]
		return c != centre && c != me.Cell && cl.Bookcases > 0 && len(cl.Ghosts) == 0 && len(cl.Markers)+1 < v.Threshold
	}
	if a, ok := b.toward(v, legal, good, me.Fort >= 1); ok {
		return a, true
	}
	if me.Fort <= 3 {
		if a, ok := engine.Pick(legal, KindPicture); ok {
			return a, true
		}
	}
	return engine.Action{}, false
}

// toward is a move or rotation that brings the bot closer to a goal room
// (through closed doors only when closed is set).
func (normalBot) toward(v *View, legal []engine.Action, goal func(int) bool, closed bool) (engine.Action, bool) {
	me := v.Players[v.You]
	doors := doorsOf(v)
	dist := distances(v, doors, goal)
	here := dist[me.Cell]
	if here == 0 {
		return engine.Action{}, false
	}
	best, bestV := engine.Action{}, 1<<30
	for _, a := range legal {
		if a.Kind != KindMove {
			continue
		}
		d := a.Arg(0)
		nb := neighbourIn(v, me.Cell, d)
		cost := pass(v, doors, me.Cell, d)
		if nb < 0 || dist[nb] < 0 || cost > 0 && !closed && !v.LockPicks {
			continue
		}
		if here < 0 || dist[nb] < here {
			if dist[nb]+cost < bestV {
				best, bestV = a, dist[nb]+cost
			}
		}
	}
	if bestV < 1<<30 {
		return best, true
	}
	for _, a := range legal {
		if a.Kind != KindRotate {
			continue
		}
		nd := distances(v, turned(doors, a.Arg(0), a.Arg(1)), goal)
		if nd[me.Cell] >= 0 && (here < 0 || nd[me.Cell] < here) && nd[me.Cell]+1 < bestV {
			best, bestV = a, nd[me.Cell]+1
		}
	}
	return best, bestV < 1<<30
}
