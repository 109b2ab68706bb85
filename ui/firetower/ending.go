package firetower

import (
	"fmt"

	"arcade/engine"
	"arcade/ui/board"
)

// Ranking implements board.Ranker: Fire Tower is won by the last tower
// standing, so the places say who outlasted whom (a score counts the
// players out before them; towers that burned at once share a place); in
// the team variant a team wins or loses together.
func (b *Board) Ranking(_ engine.View, o engine.Outcome, ctx board.Context) board.Ranking {
	won := board.Winner(o)
	if len(o.Scores) == 4 && teamScores(o) {
		team := func(s engine.Seat) string {
			if won(s) {
				return "winning team"
			}
			return "losing team"
		}
		places := board.Rank(board.Seats(4), func(x, y engine.Seat) int { return o.Scores[y] - o.Scores[x] }, team, won)
		for i := range places {
			places[i].Note = ""
		}
		return board.Ranking{Head: []string{ctx.Theme.Faint.Render("  a team wins or loses together")}, Places: places}
	}
	what := func(s engine.Seat) string {
		switch {
		case won(s) && len(o.Winners) > 1:
			return "burned last, at once"
		case won(s):
			return "tower standing"
		case o.Scores[s] == 0:
			return "first tower to burn"
		}
		return fmt.Sprintf("outlasted %d", o.Scores[s])
	}
	return board.Ranking{
		Head:   []string{ctx.Theme.Faint.Render("  last tower standing first")},
		Places: board.Rank(board.Seats(len(o.Scores)), func(x, y engine.Seat) int { return o.Scores[y] - o.Scores[x] }, what, won),
	}
}

// teamScores reports whether the scores are a team game's: 1 for the
// winners, 0 for the others, two of each.
func teamScores(o engine.Outcome) bool {
	n := 0
	for _, sc := range o.Scores {
		if sc != 0 && sc != 1 {
			return false
		}
		n += sc
	}
	return n == 2 && len(o.Winners) == 2
}
