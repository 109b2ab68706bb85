package firelibrary

import (
	"fmt"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
)

// Ranking implements board.Ranker: the players rank by points, and the
// rules break no tie (tied players share the place, and the win). Against
// the Robot the places count it too (a player below it is a place lower,
// one level with it shares its place) and its own is said under them.
func (Renderer) Ranking(view engine.View, o engine.Outcome, _ board.Context) board.Ranking {
	r := board.Ranking{Places: board.ByScore(o, points)}
	v, ok := engine.ViewAs[fl.View](view)
	if !ok || v.Robot == nil {
		return r
	}
	robot, above := v.Robot.Score, 0
	for i, p := range r.Places {
		switch score := o.Scores[p.Seat]; {
		case score > robot:
			above++
		case score < robot:
			r.Places[i].Place++
		default:
			r.Places[i].Note = "tied with the Robot"
		}
	}
	r.Foot = []string{fmt.Sprintf("The Robot: %s, %s.", engine.Ordinal(above+1), points(robot))}
	return r
}

// points is a score in words.
func points(n int) string { return engine.Plural(n, "1 point", fmt.Sprintf("%d points", n)) }
