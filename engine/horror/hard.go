package horror

import (
	"context"
	"time"

	"arcade/engine"
	"arcade/engine/search"
)

// The hard bot's search: playouts per decision, the cap on its thinking
// time, and how many moves a playout looks ahead before it rates the
// position.
const (
	hardIterations = 300
	hardBudget     = 200 * time.Millisecond
	hardDepth      = 40
)

// hardBot is a determinized Monte Carlo search (search.Bot) from the
// bot's view: the sampler deals the hidden cards and deck orders from
// what the view leaves unseen, the normal bot plays each playout for a
// couple of rounds, and eval rates where it stands. The normal bot's move
// is the prior: the search leaves it only for a move that rates clearly
// better on the same deals. Setup choices and answers are the normal
// bot's.
type hardBot struct{ search.Bot }

// newHardBot makes a hard bot.
func newHardBot(iterations int, budget time.Duration) *hardBot {
	return &hardBot{search.Bot{Sampler: sampler{}, Playout: normalBot{}, Prior: normalBot{},
		Iterations: iterations, Budget: budget, MaxDepth: hardDepth, Eval: eval}}
}

// Choose implements engine.Bot.
func (b *hardBot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok || v.Me == nil || v.Phase != PhaseTurn && v.Phase != PhaseGhost {
		return normalBot{}.Choose(ctx, view, legal, rng)
	}
	return b.Bot.Choose(ctx, view, legal, rng)
}

// eval rates a playout's end for seat: the outcome when the game is
// over, otherwise the bot's progress against the best rival's.
func eval(st engine.State, seat engine.Seat) float64 {
	if o := st.Outcome(); o.Done {
		return search.Score(o, seat)
	}
	g := st.(*state)
	progress := func(p *seatState) float64 {
		return float64(len(p.Placed))/float64(g.Items) + 0.02*float64(p.Fort+5) +
			0.03*float64(min(len(p.Cards), 3)) + 0.02*float64(min(len(p.Spare), 4))
	}
	mine, best := progress(&g.Seats[seat]), -1.0
	for s := range g.Seats {
		if engine.Seat(s) != seat {
			best = max(best, progress(&g.Seats[s]))
		}
	}
	return min(max(0.5+0.4*(mine-best), 0.05), 0.95)
}
