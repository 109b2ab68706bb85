package rooms

import (
	"cmp"
	"fmt"
	"slices"

	"arcade/engine"
	"arcade/rooms/store"
)

// Pairing a tournament's rounds (Swiss and round-robin) and scoring a
// finished table's seats.

// pairRound seats the next round: the tables' player IDs ("" for a bot)
// and the players with a bye.
func pairRound(tn *Tournament) (tables [][]string, byes []string, err error) {
	var active []Entrant
	for _, e := range tn.Players {
		if !e.Dropped {
			active = append(active, e)
		}
	}
	size := tn.Spec.TableSize
	switch {
	case tn.Round >= tn.Spec.Rounds:
		return nil, nil, ErrTournamentOver
	case len(active) < 2:
		return nil, nil, sentence("A round needs at least two players.")
	case len(active) < size && !tn.Spec.Bots:
		return nil, nil, sentence(fmt.Sprintf("A table of %d needs %d players, or bots allowed to fill it.", size, size))
	}
	if tn.Spec.Format == RoundRobin {
		return roundRobin(active, tn.Round)
	}
	// Swiss: by points (then by order of entry), each table the best
	// placed player left with those of the next who met them least.
	slices.SortStableFunc(active, func(a, b Entrant) int { return cmp.Compare(b.Points, a.Points) })
	left := active
	for len(left) > 0 {
		if len(left) < size {
			switch {
			case tn.Spec.Bots:
				seats := ids(left)
				for len(seats) < size {
					seats = append(seats, "")
				}
				tables = append(tables, seats)
			default:
				byes = append(byes, ids(left)...)
			}
			break
		}
		first := left[0]
		rest := slices.Clone(left[1:])
		slices.SortStableFunc(rest, func(a, b Entrant) int {
			return cmp.Compare(timesMet(first, a.ID), timesMet(first, b.ID))
		})
		table := append([]Entrant{first}, rest[:size-1]...)
		tables = append(tables, ids(table))
		left = slices.DeleteFunc(left, func(e Entrant) bool { return slices.ContainsFunc(table, func(t Entrant) bool { return t.ID == e.ID }) })
	}
	return tables, byes, nil
}

// roundRobin is round r (from 0) of a round-robin at tables of two, by the
// circle method: every player meets every other once over len-1 rounds
// (len rounds with an odd number of players, one bye each).
func roundRobin(active []Entrant, r int) (tables [][]string, byes []string, err error) {
	ring := ids(active)
	if len(ring)%2 == 1 {
		ring = append(ring, "")
	}
	n := len(ring)
	if r >= n-1 {
		return nil, nil, sentence("Every player has met every other: the round-robin is complete.")
	}
	// Keep the first in place, turn the others r steps.
	turned := append([]string{ring[0]}, append(slices.Clone(ring[n-r:]), ring[1:n-r]...)...)
	for i := range n / 2 {
		a, b := turned[i], turned[n-1-i]
		switch {
		case a == "":
			byes = append(byes, b)
		case b == "":
			byes = append(byes, a)
		default:
			tables = append(tables, []string{a, b})
		}
	}
	return tables, byes, nil
}

// ids are the entrants' IDs.
func ids(es []Entrant) []string {
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// timesMet counts the games e played against id.
func timesMet(e Entrant, id string) int {
	n := 0
	for _, m := range e.Met {
		if m == id {
			n++
		}
	}
	return n
}

// tablePoints scores a finished game's seats: against each other seat, 1
// for finishing ahead and 1/2 for a tie, over the number of other seats.
func tablePoints(o engine.Outcome, n int) []float64 {
	seats := make([]store.GameSeat, n)
	for i := range seats {
		seats[i].Winner = slices.Contains(o.Winners, engine.Seat(i))
		if i < len(o.Scores) {
			seats[i].Score = o.Scores[i]
		}
	}
	ranks := seatRanks(seats)
	points := make([]float64, n)
	for i := range n {
		for j := range n {
			switch {
			case i == j:
			case ranks[i] < ranks[j]:
				points[i]++
			case ranks[i] == ranks[j]:
				points[i] += 0.5
			}
		}
		points[i] /= float64(n - 1)
	}
	return points
}
