package firelibrary

import (
	"fmt"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
)

// Ranking implements board.Ranker: the players rank by points, and the
// rules break no tie (tied players share the place, and the win); against
// the Robot its points are said under the places.
func (Renderer) Ranking(view engine.View, o engine.Outcome, _ board.Context) board.Ranking {
	r := board.Ranking{Places: board.ByScore(o, points)}
	if v, ok := engine.ViewAs[fl.View](view); ok && v.Robot != nil {
		r.Foot = []string{"The Robot scored " + points(v.Robot.Score) + "."}
	}
	return r
}

// points is a score in words.
func points(n int) string { return engine.Plural(n, "1 point", fmt.Sprintf("%d points", n)) }
