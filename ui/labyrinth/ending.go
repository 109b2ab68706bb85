package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
	"arcade/ui/board"
)

// Ranking implements board.Ranker: Library Labyrinth is cooperative, so
// the players win or lose together; nobody is ranked, every player is
// named.
func (b *Board) Ranking(_ engine.View, o engine.Outcome, ctx board.Context) board.Ranking {
	th := ctx.Theme
	names := make([]string, len(o.Scores))
	for s := range names {
		names[s] = ctx.Name(engine.Seat(s))
		if engine.Seat(s) == ctx.You {
			names[s] += " (you)"
		}
	}
	filled := 0
	if len(o.Scores) > 0 {
		filled = o.Scores[0]
	}
	shelves := fmt.Sprintf("  %d shelves filled", filled)
	if filled == 1 {
		shelves = "  1 shelf filled"
	}
	won, lost := "★ Won together: "+strings.Join(names, ", "), "Lost together: "+strings.Join(names, ", ")
	if len(names) == 1 {
		won, lost = "★ Won", "Lost"
	}
	if len(o.Winners) > 0 {
		return board.Ranking{Head: []string{th.Good.Render(won), shelves}}
	}
	return board.Ranking{Head: []string{th.Bad.Render(lost), shelves}}
}
