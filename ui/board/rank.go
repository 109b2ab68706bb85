package board

import (
	"slices"

	"arcade/engine"
)

// Ranking is how a game ended, as the game-over pane shows it: lines
// above the places (a cooperative game's result), every player's place,
// and lines under them (how the rules broke ties).
type Ranking struct {
	Head   []string
	Places []Place
	Foot   []string
}

// Place is one player's line in a final ranking.
type Place struct {
	Seat engine.Seat
	// Place is 1 for the best; players the rules could not tell apart
	// share a place.
	Place int
	// Score is the score in the game's words: "57 points", "tower
	// standing".
	Score string
	// Note follows the score: "tied" on a shared place, or what broke a
	// tie on score ("Fortitude 7").
	Note string
	Won  bool
}

// Rank orders seats best first by cmp (negative: a ranks above b); seats
// cmp finds equal share a place and are noted "tied". score puts a seat's
// score in words; won says whether the seat won.
func Rank(seats []engine.Seat, cmp func(a, b engine.Seat) int, score func(engine.Seat) string, won func(engine.Seat) bool) []Place {
	order := slices.Clone(seats)
	slices.SortStableFunc(order, cmp)
	out := make([]Place, len(order))
	for i, s := range order {
		out[i] = Place{Seat: s, Place: i + 1, Score: score(s), Won: won(s)}
		if i > 0 && cmp(order[i-1], s) == 0 {
			out[i].Place = out[i-1].Place
			out[i].Note, out[i-1].Note = "tied", "tied"
		}
	}
	return out
}

// Seats lists seats 0 to n-1.
func Seats(n int) []engine.Seat {
	out := make([]engine.Seat, n)
	for i := range out {
		out[i] = engine.Seat(i)
	}
	return out
}

// ByScore ranks the outcome's seats by score, highest first (ties shared),
// each score put in words by unit ("57 points").
func ByScore(o engine.Outcome, unit func(int) string) []Place {
	return Rank(Seats(len(o.Scores)), func(a, b engine.Seat) int { return o.Scores[b] - o.Scores[a] },
		func(s engine.Seat) string { return unit(o.Scores[s]) }, Winner(o))
}

// Winner reports whether a seat is among the outcome's winners.
func Winner(o engine.Outcome) func(engine.Seat) bool {
	return func(s engine.Seat) bool { return slices.Contains(o.Winners, s) }
}
