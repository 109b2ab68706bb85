package horror

import (
	"math/bits"
	"slices"

	"arcade/engine"
)

// Legal implements engine.State.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if !slices.Contains(g.Pending(), s) {
		return nil
	}
	p := &g.Seats[s]
	out := make([]engine.Action, 0, 24)
	add := func(kind string, args ...int) { out = append(out, engine.Action{Kind: kind, Args: args}) }
	switch g.Phase {
	case PhaseColours:
		for m := 1; m < 1<<numColours; m++ {
			if bits.OnesCount(uint(m)) == g.Items {
				add(KindColours, m)
			}
		}
	case PhaseStart:
		for c := range g.Cells {
			if c != g.centre() {
				add(KindStart, c)
			}
		}
	case PhaseRespond:
		prot := protectionFor(cardKinds[g.Weapon])
		for _, c := range p.Cards {
			if cardKinds[c] == prot {
				add(KindProtect, c)
				break
			}
		}
		add(KindPass)
	case PhaseLoot:
		v := &g.Seats[g.Victim]
		if len(v.Spare) > 0 {
			add(KindLoot, int(g.Victim), 0)
		}
		if len(v.Cards) > 0 {
			add(KindLoot, int(g.Victim), 1)
		}
		add(KindNoLoot)
	case PhaseGhost:
		for c := range g.Cells {
			if c != g.Ghosts[g.Beaten] && (c == g.centre() || len(g.ghostsIn(c)) < maxGhostsRoom) {
				add(KindGhost, c)
			}
		}
	case PhaseTurn:
		if g.Actions > 0 {
			out = g.actionMoves(s, out)
		}
		out = g.bonusMoves(s, out)
		add(KindEnd)
	}
	return out
}

// canPay reports whether p can pay cost Fortitude (never below -5).
func canPay(p *seatState, cost int) bool { return p.Fort-cost >= minFort }

// moveCost is what passing through door d of p's room costs this turn, or
// -1 when it may not be passed.
func (g *state) moveCost(p *seatState, d int) int {
	cost := g.passage(p.Cell, d)
	if cost < 0 {
		return -1
	}
	if g.LockPicks {
		cost = 0
	}
	if !canPay(p, cost) {
		return -1
	}
	if g.neighbour(p.Cell, d) == g.centre() && (!g.complete(p) || p.Fort-cost < 0) {
		return -1
	}
	return cost
}

// mirrorCost is what a mirror costs this turn.
func (g *state) mirrorCost() int {
	if g.FreeMirror {
		return 0
	}
	return 2
}

// actionMoves appends the actions (Move, Search, Look, Exchange) seat s
// may take.
func (g *state) actionMoves(s engine.Seat, out []engine.Action) []engine.Action {
	p := &g.Seats[s]
	add := func(kind string, args ...int) { out = append(out, engine.Action{Kind: kind, Args: args}) }
	for d := range 4 {
		if g.moveCost(p, d) >= 0 {
			add(KindMove, d)
		}
	}
	for _, c := range g.rotatable(p.Cell) {
		add(KindRotate, c, 1)
		add(KindRotate, c, 3)
	}
	rm := g.room(p.Cell)
	if p.Fort >= 0 {
		if rm.Bookcases > 0 {
			add(KindSearch, 0)
		}
		if rm.Drawers > 0 {
			add(KindSearch, 1)
		}
	}
	if rm.Mirror && canPay(p, g.mirrorCost()) {
		for c := range g.Cells {
			if c != p.Cell && g.room(c).Mirror {
				add(KindMirror, c)
			}
		}
	}
	if rm.Picture {
		add(KindPicture)
	}
	if p.Fort >= 0 && g.Exchanged[p.Cell] < rm.Bookcases {
		out = g.exchanges(p, out)
	}
	return out
}

// rotatable lists the cells a player in cell c may rotate: its own and
// the adjacent ones, never the Portal.
func (g *state) rotatable(c int) []int {
	var out []int
	if c != g.centre() {
		out = append(out, c)
	}
	for d := range 4 {
		if n := g.neighbour(c, d); n >= 0 && n != g.centre() {
			out = append(out, n)
		}
	}
	slices.Sort(out)
	return out
}

// exchanges appends p's exchanges: for each colour p still needs whose
// card can be had, each set of spare cards it may give (two of a colour,
// the two lowest; three of different colours, the lowest of each).
func (g *state) exchanges(p *seatState, out []engine.Action) []engine.Action {
	var low [numColours][]int // the spare cards of each colour, lowest first
	for _, c := range p.Spare {
		low[c%numColours] = append(low[c%numColours], c)
	}
	for col := range low {
		slices.Sort(low[col])
	}
	var sets [][]int
	for col := range low {
		if len(low[col]) >= 2 {
			sets = append(sets, low[col][:2])
		}
	}
	for a := 0; a < numColours; a++ {
		for b := a + 1; b < numColours; b++ {
			for c := b + 1; c < numColours; c++ {
				if len(low[a]) > 0 && len(low[b]) > 0 && len(low[c]) > 0 {
					sets = append(sets, []int{low[a][0], low[b][0], low[c][0]})
				}
			}
		}
	}
	if len(sets) == 0 {
		return out
	}
	for want := range numColours {
		if g.exchangeCard(p, want) < 0 {
			continue
		}
		for _, set := range sets {
			out = append(out, engine.Action{Kind: KindExchange, Args: append([]int{want}, set...)})
		}
	}
	return out
}

// exchangeCard is the card p would take for colour want in an exchange
// (-1: none): its own Horror's card from the deck (colour match: the
// deck's top card).
func (g *state) exchangeCard(p *seatState, want int) int {
	if !p.Need[want] || p.placedColour(want) || len(g.Decks[want]) == 0 {
		return -1
	}
	if g.ColourMatch {
		return g.Decks[want][0]
	}
	c := p.Horror*numColours + want
	if slices.Contains(g.Decks[want], c) {
		return c
	}
	return -1
}

// bonusMoves appends the bonus actions: playing a Blessing or Curse,
// attacking a ghost.
func (g *state) bonusMoves(s engine.Seat, out []engine.Action) []engine.Action {
	p := &g.Seats[s]
	seen := [numKinds]bool{}
	for _, c := range p.Cards {
		k := cardKinds[c]
		if seen[k] {
			continue
		}
		seen[k] = true
		switch {
		case k == FreeTravel, k == LockPicks, k == Restore:
			out = append(out, engine.Action{Kind: KindPlay, Args: []int{c}})
		case isWeapon(k):
			for _, t := range g.targets(s, k) {
				out = append(out, engine.Action{Kind: KindPlay, Args: []int{c, int(t)}})
			}
		}
	}
	if !g.AttackLost {
		for _, gh := range p.Fresh {
			if g.Ghosts[gh] == p.Cell {
				out = append(out, engine.Action{Kind: KindAttack, Args: []int{gh}})
			}
		}
	}
	return out
}

// targets lists the players seat s can reach with a weapon of kind k: in
// the same room, or (Revolver) in an adjacent room joined by open doors.
func (g *state) targets(s engine.Seat, k int) []engine.Seat {
	p := &g.Seats[s]
	var out []engine.Seat
	for t := range g.Seats {
		q := &g.Seats[t]
		if engine.Seat(t) == s || q.Cell < 0 {
			continue
		}
		if q.Cell == p.Cell {
			out = append(out, engine.Seat(t))
			continue
		}
		if k != Revolver {
			continue
		}
		for d := range 4 {
			if g.neighbour(p.Cell, d) == q.Cell && g.passage(p.Cell, d) == 0 {
				out = append(out, engine.Seat(t))
			}
		}
	}
	return out
}
