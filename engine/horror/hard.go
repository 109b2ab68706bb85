package horror

import (
	"context"
	"slices"
	"time"

	"arcade/engine"
	"arcade/engine/search"
)

// The hard bot's search: playouts per decision, the cap on its thinking
// time, and how many moves a playout looks ahead before it rates the
// position.
const (
	hardIterations = 200
	hardBudget     = 150 * time.Millisecond
	hardDepth      = 24
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
	return b.Bot.Choose(ctx, view, candidates(v, legal, normalBot{}.Choose(ctx, view, legal, rng)), rng)
}

// maxCandidates bounds the moves the search compares, so that a decision
// stays within its time whatever the position offers.
const maxCandidates = 8

// candidates are the moves worth searching: the normal bot's, then one of
// each other sort (searches, pictures, cards, attacks, moves through
// doors, one exchange, ending the turn); beaten ghosts go to the normal
// bot's four likeliest rooms. Rotations and mirrors are searched only
// when the normal bot picks one.
func candidates(v *View, legal []engine.Action, prior engine.Action) []engine.Action {
	out := []engine.Action{prior}
	add := func(a engine.Action) {
		if len(out) < maxCandidates && !slices.ContainsFunc(out, a.Same) {
			out = append(out, a)
		}
	}
	if v.Phase == PhaseGhost {
		sorted := slices.Clone(legal)
		slices.SortStableFunc(sorted, func(a, b engine.Action) int { return ghostScore(v, b.Arg(0)) - ghostScore(v, a.Arg(0)) })
		for _, a := range sorted[:min(4, len(sorted))] {
			add(a)
		}
		return out
	}
	exchange := false
	for _, a := range legal {
		switch a.Kind {
		case KindSearch, KindPicture, KindPlay, KindAttack, KindMove, KindEnd:
			add(a)
		case KindExchange:
			if !exchange {
				add(a)
				exchange = true
			}
		}
	}
	return out
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
