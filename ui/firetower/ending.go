package firetower

import (
	"fmt"
	"slices"

	"arcade/engine"
	"arcade/ui/board"
)

// Ranking implements board.Ranker: Fire Tower is won by the last tower
// standing, so the final order says who outlasted whom (a score counts
// the players out before them); in the team variant a team wins together.
func (b *Board) Ranking(o engine.Outcome, ctx board.Context) []string {
	th := ctx.Theme
	won := func(s engine.Seat) bool { return slices.Contains(o.Winners, s) }
	if team := len(o.Scores) == 4 && teamScores(o); team {
		var w, l []string
		for s := range o.Scores {
			if won(engine.Seat(s)) {
				w = append(w, ctx.Name(engine.Seat(s)))
			} else {
				l = append(l, ctx.Name(engine.Seat(s)))
			}
		}
		return []string{th.Good.Render("★ Winning team: " + join(w)), "  Losing team: " + join(l)}
	}
	order := make([]int, len(o.Scores))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int { return o.Scores[y] - o.Scores[x] })
	out := []string{th.Faint.Render("  last tower standing first")}
	for i, s := range order {
		mark, what := "  ", fmt.Sprintf("outlasted %d", o.Scores[s])
		if won(engine.Seat(s)) {
			mark, what = "★ ", "tower standing"
		} else if o.Scores[s] == 0 {
			what = "first tower to burn"
		}
		out = append(out, fmt.Sprintf("%s%d. %-16s %s", mark, i+1, board.Clip(ctx.Name(engine.Seat(s)), 16), what))
	}
	return out
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

func join(names []string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += " and "
		}
		out += n
	}
	return out
}
