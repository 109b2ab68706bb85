package fireproto

import (
	"fmt"

	"arcade/engine"
	"arcade/ui/board"
)

// Ranking implements board.Ranker: the players rank by knowledge, and the
// rules break no tie at the end (tied players share the place, and the
// win).
func (Renderer) Ranking(_ engine.View, o engine.Outcome, _ board.Context) board.Ranking {
	return board.Ranking{Places: board.ByScore(o, func(n int) string { return fmt.Sprintf("%d knowledge", n) })}
}
