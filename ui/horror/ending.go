package horror

import (
	"cmp"
	"fmt"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// Ranking implements board.Ranker: whoever reaches the Portal wins; the
// others, as at the end of the last round, rank by components placed, a
// tie going to the higher Fortitude (a tie on both is shared).
func (b *Board) Ranking(view engine.View, o engine.Outcome, ctx board.Context) board.Ranking {
	won := board.Winner(o)
	fort := map[engine.Seat]int{}
	var portal engine.Seat = -1
	if v, ok := engine.ViewAs[hr.View](view); ok {
		for _, p := range v.Players {
			fort[p.Seat] = p.Fort
			if won(p.Seat) && p.Cell == v.Size*v.Size/2 {
				portal = p.Seat
			}
		}
	}
	byComponents := func(x, y engine.Seat) int { return cmp.Compare(o.Scores[y], o.Scores[x]) }
	order := func(x, y engine.Seat) int {
		return cmp.Or(cmp.Compare(b2i(y == portal), b2i(x == portal)), byComponents(x, y), cmp.Compare(fort[y], fort[x]))
	}
	what := func(s engine.Seat) string {
		if s == portal {
			return "reached the Portal"
		}
		return engine.Plural(o.Scores[s], "1 component", fmt.Sprintf("%d components", o.Scores[s]))
	}
	places := board.Rank(board.Seats(len(o.Scores)), order, what, won)
	broken := false
	for i, p := range places {
		tiedOnComponents := func(j int) bool {
			return j >= 0 && j < len(places) && places[j].Seat != portal && p.Seat != portal && byComponents(places[j].Seat, p.Seat) == 0
		}
		if p.Note == "" && (tiedOnComponents(i-1) || tiedOnComponents(i+1)) {
			places[i].Note = fmt.Sprintf("Fortitude %d", fort[p.Seat])
			broken = true
		}
	}
	r := board.Ranking{Places: places}
	if broken {
		r.Foot = []string{"Ties on components go to the higher Fortitude."}
	}
	return r
}
