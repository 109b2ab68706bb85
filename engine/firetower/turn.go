package firetower

import (
	"slices"

	"arcade/engine"
)

// recentMax is how many public log lines the view keeps.
const recentMax = 6

// settle makes the automatic steps until a player must decide: queued
// system steps, skipping an empty wind step, ending a turn with nothing
// left to do, passing the turn of an eliminated player.
func (g *state) settle() {
	for guard := 0; guard < 100 && !g.Over; guard++ {
		if len(g.Tasks) > 0 {
			t := g.Tasks[0]
			switch {
			case t.Kind == taskStormEnd:
				g.Tasks = g.Tasks[1:]
				g.StormOut = false
				g.Discard = append(g.Discard, Firestorm)
				continue
			case g.Seats[t.Seat].Out:
				g.Tasks = g.Tasks[1:]
				continue
			case t.Kind == taskTrim && len(g.Seats[t.Seat].Hand) <= g.HandSize:
				g.Tasks = g.Tasks[1:]
				continue
			}
			return
		}
		if g.Seats[g.Turn].Out {
			g.nextTurn()
			continue
		}
		switch g.Part {
		case PartSpread:
			if g.grid().spreads(g.Pos.Wind).empty() {
				engine.Tell(&g.log, engine.Everyone, noSpread{g.Pos.Wind})
				g.Part = PartAction
				continue
			}
		case PartEnd:
			if !g.canBucket(g.Turn) {
				g.nextTurn()
				continue
			}
		}
		return
	}
}

// nextTurn passes the turn clockwise to the next player still in the game.
func (g *state) nextTurn() {
	for i := 1; i <= g.Players; i++ {
		s := (g.Turn + engine.Seat(i)) % engine.Seat(g.Players)
		if !g.Seats[s].Out {
			g.Turn = s
			break
		}
	}
	g.Part = PartSpread
	g.EmberFrom = nil
	g.TurnNo++
	engine.Tell(&g.log, engine.Everyone, turnBegan{g.Turn, g.Pos.Wind})
}

// draw gives seat s n cards from the draw pile, shuffling the discard pile
// into a new one when it runs out. A Firestorm drawn is played at once and
// replaced.
func (g *state) draw(s engine.Seat, n int) {
	var f drew
	got := f.Cards[:0]
	for len(got) < n && !g.Over {
		if len(g.Deck) == 0 {
			if len(g.Discard) == 0 {
				break
			}
			g.Deck, g.Discard = g.Discard, nil
			g.shuffle(g.Deck)
			engine.Tell(&g.log, engine.Everyone, reshuffled{})
		}
		c := g.pop()
		if c == Firestorm {
			g.firestorm(s)
			continue
		}
		g.Seats[s].Hand = append(g.Seats[s].Hand, c)
		got = append(got, c)
	}
	if len(got) > 0 {
		f.N = len(got)
		engine.Tell(&g.log, s, f)
	}
}

// refill draws seat s up to the hand size.
func (g *state) refill(s engine.Seat) {
	if n := g.HandSize - len(g.Seats[s].Hand); n > 0 {
		g.draw(s, n)
	}
}

// discardCards moves the hand cards at idx (any order) to the discard pile.
func (g *state) discardCards(s engine.Seat, idx []int) []Card {
	idx = slices.Clone(idx)
	slices.Sort(idx)
	hand := g.Seats[s].Hand
	var gone []Card
	for i := len(idx) - 1; i >= 0; i-- {
		gone = append(gone, hand[idx[i]])
		hand = slices.Delete(hand, idx[i], idx[i]+1)
	}
	slices.Reverse(gone)
	g.Seats[s].Hand = hand
	g.Discard = append(g.Discard, gone...)
	return gone
}

// remember keeps the last public log lines for the view.
func (g *state) remember(evs []engine.Event) {
	for _, e := range evs {
		if e.To == engine.Everyone {
			g.Recent = append(g.Recent, e.Text())
		}
	}
	if n := len(g.Recent); n > recentMax {
		// In place: no other state shares the lines (copies clone them).
		g.Recent = g.Recent[:copy(g.Recent, g.Recent[n-recentMax:])]
	}
}

// setBoard applies an effect to the board and marks its squares as the
// last move's.
func (g *state) setBoard(e Effect) {
	e.apply(&g.Pos.Board)
	g.Last = slices.Grow(g.Last, len(e.Changes))
	for _, ch := range e.Changes {
		g.Last = append(g.Last, ch.At)
	}
}
