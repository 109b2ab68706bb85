package engine

import (
	"errors"
	"fmt"
	"slices"
)

// ScoreTrack is a score track with a marker per seat that also records the
// order in which markers arrive on their scores, for rules that break ties
// in favour of whoever got there first. It serializes as plain JSON.
type ScoreTrack struct {
	Scores []int `json:"scores"`
	// Arrived is the Clock value when each seat's marker reached its
	// present score: lower arrived earlier.
	Arrived []int `json:"arrived"`
	// Clock numbers the arrivals; it is past every Arrived value.
	Clock int `json:"clock"`
}

// NewScoreTrack puts every marker on 0. Markers that never moved count as
// having arrived in seat order.
func NewScoreTrack(players int) ScoreTrack {
	t := ScoreTrack{Scores: make([]int, players), Arrived: make([]int, players), Clock: players}
	for s := range t.Arrived {
		t.Arrived[s] = s
	}
	return t
}

// Add moves seat s forward by pts points. An arrival is recorded only when
// the marker actually moves (pts > 0); a zero or negative pts does
// nothing, since scores on this track only go up.
func (t *ScoreTrack) Add(s Seat, pts int) {
	if pts <= 0 {
		return
	}
	t.Scores[s] += pts
	t.Arrived[s] = t.Clock
	t.Clock++
}

// Leaders lists the seats with the highest score, in seat order.
func (t *ScoreTrack) Leaders() []Seat {
	best := slices.Max(t.Scores)
	var out []Seat
	for s, v := range t.Scores {
		if v == best {
			out = append(out, Seat(s))
		}
	}
	return out
}

// Ascending lists every seat lowest score first; ties go to whoever
// reached that score first.
func (t *ScoreTrack) Ascending() []Seat {
	var out []Seat
	for _, tier := range t.Tiers() {
		out = append(out, tier...)
	}
	return out
}

// Tiers groups the seats by score, lowest score first; the seats of one
// tier are tied, listed in the order they arrived on that score. A game
// that breaks ties at random can shuffle each tier.
func (t *ScoreTrack) Tiers() [][]Seat {
	order := make([]Seat, len(t.Scores))
	for s := range order {
		order[s] = Seat(s)
	}
	slices.SortFunc(order, func(a, b Seat) int {
		if t.Scores[a] != t.Scores[b] {
			return t.Scores[a] - t.Scores[b]
		}
		return t.Arrived[a] - t.Arrived[b]
	})
	var out [][]Seat
	for i, s := range order {
		if i > 0 && t.Scores[s] == t.Scores[order[i-1]] {
			out[len(out)-1] = append(out[len(out)-1], s)
			continue
		}
		out = append(out, []Seat{s})
	}
	return out
}

// Check reports a damaged track (for restoring saved games): the wrong
// number of seats, a negative score, or arrivals that are not distinct
// and before Clock.
func (t *ScoreTrack) Check(players int) error {
	if len(t.Scores) != players || len(t.Arrived) != players {
		return fmt.Errorf("score track for %d seats, want %d", len(t.Scores), players)
	}
	seen := map[int]bool{}
	for s, v := range t.Scores {
		a := t.Arrived[s]
		if v < 0 || a < 0 || a >= t.Clock || seen[a] {
			return fmt.Errorf("seat %d has a bad score record", s)
		}
		seen[a] = true
	}
	if t.Clock < players {
		return errors.New("score track clock out of range")
	}
	return nil
}
