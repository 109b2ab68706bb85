package horror

import (
	"slices"

	"arcade/engine"
)

// newState sets up a game: the library, the decks, the bag, the
// characters and Horror cards dealt, and the first player rolled for.
func newState(players, items int, colourMatch bool, roundLimit int, seed uint64) *state {
	g := &state{Players: players, Items: items, ColourMatch: colourMatch, RoundLimit: roundLimit,
		RNG: engine.NewRNG(seed), Size: 3, Beaten: -1, Weapon: -1, Victim: -1, Winner: -1,
		Roll: Roll{Seat: -1}, Bag: engine.Bag{bagEach, bagEach}}
	if players >= 4 {
		g.Size = 5
	}
	tiles := make([]int, numRooms)
	for i := range tiles {
		tiles[i] = i
	}
	g.shuffle(tiles)
	n := g.Size * g.Size
	g.Cells = make([]cell, n)
	k := 0
	for c := range n {
		if c == g.centre() {
			g.Cells[c] = cell{Tile: portalTile}
			continue
		}
		g.Cells[c] = cell{Tile: tiles[k], Rot: g.RNG.Intn(4)}
		k++
	}
	g.Exchanged = make([]int, n)
	for i := range g.Ghosts {
		g.Ghosts[i] = -1
	}
	for col := range numColours {
		d := make([]int, numHorrors)
		for h := range d {
			d[h] = h*numColours + col
		}
		g.shuffle(d)
		g.Decks[col] = d
	}
	for c := range numCards {
		if isBlessing(c) {
			g.Blessings = append(g.Blessings, c)
		} else {
			g.Curses = append(g.Curses, c)
		}
	}
	g.shuffle(g.Blessings)
	g.shuffle(g.Curses)
	chars := []int{0, 1, 2, 3, 4, 5}
	g.shuffle(chars)
	hs := make([]int, numHorrors)
	for i := range hs {
		hs[i] = i
	}
	g.shuffle(hs)
	markers := 6
	if players <= 3 {
		markers = 8
	}
	for s := range players {
		p := seatState{Character: chars[s], Horror: hs[s], Cell: -1, From: -1, Fort: maxFort,
			Placed: []int{}, Spare: []int{}, Cards: []int{}, Fresh: []int{}, Markers: make([]int, markers)}
		for i := range p.Markers {
			p.Markers[i] = -1
		}
		if items == numColours {
			for c := range p.Need {
				p.Need[c] = true
			}
		}
		g.Seats = append(g.Seats, p)
	}
	g.rollFirst()
	if items < numColours {
		g.Phase = PhaseColours
	} else {
		g.Phase = PhaseStart
	}
	g.Active = g.Order[0]
	return g
}

// shuffle shuffles xs with the game's generator.
func (g *state) shuffle(xs []int) {
	g.RNG.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

// die rolls one die.
func (g *state) die() int { return 1 + g.RNG.Intn(6) }

// rollFirst rolls one die per player until one rolls highest alone; play
// then runs clockwise (in seat order) from them.
func (g *state) rollFirst() {
	in := make([]engine.Seat, g.Players)
	for s := range in {
		in[s] = engine.Seat(s)
	}
	best, rolls := 0, 0
	for len(in) > 1 {
		rolls++
		best = 0
		var top []engine.Seat
		for _, s := range in {
			switch d := g.die(); {
			case d > best:
				best, top = d, []engine.Seat{s}
			case d == best:
				top = append(top, s)
			}
		}
		in = top
	}
	first := in[0]
	what := "the highest die: plays first"
	if rolls > 1 {
		what = "the highest die after a tie: plays first"
	}
	g.roll(first, what, best)
	g.Order = make([]engine.Seat, g.Players)
	for i := range g.Order {
		g.Order[i] = engine.Seat((int(first) + i) % g.Players)
	}
	g.Round = 1
}

// nextInOrder is the seat after s in turn order.
func (g *state) nextInOrder(s engine.Seat) (engine.Seat, bool) {
	i := slices.Index(g.Order, s)
	if i+1 < len(g.Order) {
		return g.Order[i+1], false
	}
	return g.Order[0], true
}
