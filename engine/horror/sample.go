package horror

import (
	"errors"
	"fmt"
	"slices"

	"arcade/engine"
)

// sampler implements search.Sampler: it deals a full state from one
// seat's view, guessing what the view hides (the other players' Horror
// cards, colours, components and held cards; the order of every deck)
// at random from what the seat has not seen.
type sampler struct{}

// Sample implements search.Sampler.
func (sampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	v, err := engine.SeatView[View](ID, view, seat)
	if err != nil {
		return nil, err
	}
	if v.Me == nil {
		return nil, errors.New("horror: a view without its seat's secrets")
	}
	r := engine.NewRNG(rng.Uint64())
	for range 8 {
		g, e := fromView(v, r.Uint64())
		if e == nil {
			g.log.Discard()
			return g, nil
		}
		err = e
	}
	return nil, fmt.Errorf("horror: no deal fits the view: %w", err)
}

// fromView deals one state that shows v; false when the guess does not fit.
func fromView(v *View, seed uint64) (*state, error) {
	players := len(v.Players)
	if players < 2 || players > 6 || len(v.Cells) != v.Size*v.Size || len(v.Exchanged) != len(v.Cells) {
		return nil, errors.New("a view of the wrong shape")
	}
	g := &state{Players: players, Items: v.Items, ColourMatch: v.ColourMatch, RoundLimit: v.RoundLimit,
		RNG: engine.NewRNG(seed), Size: v.Size, Ghosts: v.Ghosts, Bag: engine.Bag{v.Bag[0], v.Bag[1]},
		Phase: v.Phase, Active: v.Active, Order: slices.Clone(v.Order), Round: v.Round, Actions: v.Actions,
		LockPicks: v.LockPicks, FreeMirror: v.FreeMirror, AttackLost: v.AttackLost, Shy: slices.Clone(v.Shy),
		Exchanged: slices.Clone(v.Exchanged), Beaten: v.Beaten, Weapon: v.Weapon, Victim: v.Victim,
		Roll: Roll{Seat: v.Roll.Seat, Dice: slices.Clone(v.Roll.Dice), What: v.Roll.What}, Winner: -1}
	g.Cells = make([]cell, len(v.Cells))
	for c, cv := range v.Cells {
		tile := cv.Room - 1
		if cv.Room == 0 {
			tile = portalTile
		}
		g.Cells[c] = cell{Tile: tile, Rot: cv.Rot}
	}
	me := v.Me
	seenComp := map[int]bool{}
	for _, c := range slices.Concat(me.Placed, me.Spare) {
		seenComp[c] = true
	}
	usedH := map[int]bool{me.Horror: true}
	var avail [numColours]int // unseen cards of each colour outside the deck
	for col := range numColours {
		avail[col] = numHorrors - v.Decks[col]
	}
	for c := range seenComp {
		avail[c%numColours]--
	}
	colours := v.Phase == PhaseColours
	pos := slices.Index(v.Order, v.Active)
	g.Seats = make([]seatState, players)
	for s, pv := range v.Players {
		p := seatState{Character: slices.Index(characters[:], pv.Character), Cell: pv.Cell, From: pv.Cell,
			Fort: pv.Fort, Next: pv.Next - 1, Skip: pv.Skip, Fresh: append([]int{}, pv.Fresh...),
			Placed: []int{}, Spare: []int{}, Cards: []int{}, Markers: make([]int, pv.Markers)}
		for i := range p.Markers {
			p.Markers[i] = -1
		}
		if engine.Seat(s) == v.You {
			p.Horror, p.Need = me.Horror, me.Need
			p.Placed, p.Spare, p.Cards = slices.Clone(me.Placed), slices.Clone(me.Spare), slices.Clone(me.Cards)
		} else {
			p.Horror = pickFree(&g.RNG, usedH, numHorrors)
			usedH[p.Horror] = true
			chosen := !colours || slices.Index(v.Order, engine.Seat(s)) < pos
			if chosen {
				if err := g.dealPlaced(&p, pv.Placed, seenComp, &avail); err != nil {
					return nil, err
				}
			}
		}
		g.Seats[s] = p
	}
	for c, cv := range v.Cells {
		for _, m := range cv.Markers {
			if m[0] < 0 || m[0] >= players || m[1] < 1 || m[1] > len(g.Seats[m[0]].Markers) {
				return nil, errors.New("a search marker off its seat")
			}
			g.Seats[m[0]].Markers[m[1]-1] = c
		}
	}
	// Components: each colour's unseen cards fill its deck (to the count
	// the view shows) and the rest are the others' spares.
	var spares []int
	for col := range numColours {
		var pool []int
		for h := range numHorrors {
			if c := h*numColours + col; !seenComp[c] {
				pool = append(pool, c)
			}
		}
		g.shuffle(pool)
		if len(pool) < v.Decks[col] {
			return nil, errors.New("a deck larger than the unseen cards")
		}
		g.Decks[col] = pool[:v.Decks[col]]
		spares = append(spares, pool[v.Decks[col]:]...)
	}
	g.shuffle(spares)
	for s, pv := range v.Players {
		if engine.Seat(s) == v.You {
			continue
		}
		if len(spares) < pv.Spare {
			return nil, errors.New("too few spare components to deal")
		}
		g.Seats[s].Spare, spares = append([]int{}, spares[:pv.Spare]...), spares[pv.Spare:]
	}
	if len(spares) != 0 {
		return nil, errors.New("spare components left over")
	}
	if !g.dealCards(v) {
		return nil, errors.New("the held cards do not fit")
	}
	return g, g.validate()
}

// pickFree picks a number below n not in used.
func pickFree(r *engine.RNG, used map[int]bool, n int) int {
	var free []int
	for i := range n {
		if !used[i] {
			free = append(free, i)
		}
	}
	return free[r.Intn(len(free))]
}

// dealPlaced guesses p's colours and its placed components, from cards
// the bot has not seen: avail counts by colour the cards the other
// players hold (the unseen ones not in the deck).
func (g *state) dealPlaced(p *seatState, placed int, seen map[int]bool, avail *[numColours]int) error {
	cols := []int{0, 1, 2, 3, 4, 5}
	g.shuffle(cols)
	slices.SortStableFunc(cols, func(a, b int) int { return min(avail[b], 1) - min(avail[a], 1) })
	for _, col := range cols {
		if len(p.Placed) == placed {
			break
		}
		c := p.Horror*numColours + col
		if g.ColourMatch {
			for h := range numHorrors {
				if x := h*numColours + col; !seen[x] {
					c = x
					break
				}
			}
		}
		if seen[c] || avail[col] == 0 {
			continue
		}
		seen[c] = true
		avail[col]--
		p.Need[col] = true
		p.Placed = append(p.Placed, c)
	}
	for _, col := range cols {
		if n := engine.Count(p.Need[:], true); n < g.Items && !p.Need[col] {
			p.Need[col] = true
		}
	}
	if len(p.Placed) != placed {
		return errors.New("no placed components fit")
	}
	return nil
}

// dealCards deals the unseen Blessings and Curses: the decks get the
// counts the view shows, the other players their counts of held cards
// (never an immediate Curse).
func (g *state) dealCards(v *View) bool {
	seen := map[int]bool{}
	for _, c := range v.Me.Cards {
		seen[c] = true
	}
	if v.Weapon >= 0 {
		seen[v.Weapon] = true
	}
	var bl, cu, imm []int
	for c := range numCards {
		switch {
		case seen[c]:
		case isBlessing(c):
			bl = append(bl, c)
		case isImmediate(cardKinds[c]):
			imm = append(imm, c)
		default:
			cu = append(cu, c)
		}
	}
	g.shuffle(bl)
	g.shuffle(cu)
	heldB, heldC := len(bl)-v.Blessings, len(cu)+len(imm)-v.Curses
	if heldB < 0 || heldC < 0 || heldC > len(cu) {
		return false
	}
	held := slices.Concat(bl[:heldB], cu[:heldC])
	g.Blessings = bl[heldB:]
	g.Curses = slices.Concat(cu[heldC:], imm)
	g.shuffle(g.Curses)
	g.shuffle(held)
	for s, pv := range v.Players {
		if engine.Seat(s) == v.You {
			continue
		}
		if len(held) < pv.Cards {
			return false
		}
		g.Seats[s].Cards, held = append([]int{}, held[:pv.Cards]...), held[pv.Cards:]
	}
	return len(held) == 0
}
