package fireproto

import (
	"context"
	"math"
	"time"

	"arcade/engine"
	"arcade/engine/search"
)

// The hard bot's search: playouts per decision, and a cap on the time it
// thinks. On this machine a two-player decision runs out of playouts
// first; with more players the time cap ends it.
const (
	hardIterations = 6000
	hardBudget     = 250 * time.Millisecond
)

// marginWeight is what a lead of 100 knowledge at a playout's end adds to
// its rating beside the win (hardEval).
const marginWeight = 0.3

// hardBot is a determinized Monte Carlo search (search.Bot) from the
// bot's view: the sampler deals the bag's order at random from the counts
// the view shows, and the normal bot plays each playout out. Moves that
// the rules make strictly worse than another are left out of the search
// first, so that the playouts' noise cannot pick them: scoring when the
// next draw cannot burn anything (draw, then score the same or more), and
// anything but a move that reaches 100 and wins at once. The normal bot's
// move is the search's prior: the search leaves it only for a move that
// rates clearly better on the same deals (search.Bot.Prior). A playout is
// rated by hardEval.
type hardBot struct{ search.Bot }

// newHardBot makes a hard bot with the given playouts and time cap.
func newHardBot(iterations int, budget time.Duration) *hardBot {
	return &hardBot{search.Bot{Sampler: sampler{}, Playout: &normalBot{normalTuning},
		Prior: &normalBot{normalTuning}, Iterations: iterations, Budget: budget, Eval: hardEval}}
}

// hardEval rates the end of a playout for seat: the win, as
// search.OutcomeEval rates it, plus marginWeight for every 100 knowledge
// the seat leads the best other seat by (less when it trails). The lead
// tells a narrow result from a clear one, so that the paired comparison
// of the moves is less noisy for the same playouts.
func hardEval(st engine.State, seat engine.Seat) float64 {
	o := st.Outcome()
	v := search.Score(o, seat)
	if int(seat) >= len(o.Scores) {
		return v
	}
	best := math.MinInt
	for s, sc := range o.Scores {
		if s != int(seat) {
			best = max(best, sc)
		}
	}
	if best == math.MinInt {
		return v
	}
	return v + marginWeight*float64(o.Scores[seat]-best)/goal
}

// Choose implements engine.Bot.
func (b *hardBot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok {
		return legal[0]
	}
	if keep := undominated(v, legal); len(keep) > 0 {
		legal = keep
	}
	bot := b.Bot
	if smp, ok := bot.Sampler.(sampler); ok && smp.bot == nil {
		smp.bot = new(botView) // this decision's states share it
		bot.Sampler = smp
	}
	return bot.Choose(ctx, view, legal, rng)
}

// undominated drops the moves another legal move beats whatever the bag
// holds; it returns nil when it cannot tell.
func undominated(v *View, legal []engine.Action) []engine.Action {
	if v.You < 0 || int(v.You) >= len(v.Players) || len(v.Tracks) != numColours || len(legal) < 2 {
		return nil
	}
	t := readTurn(v)
	if t.card == nil {
		return nil
	}
	var out []engine.Action
	win := v.Players[v.You].Score+t.stake >= goal
	for _, a := range legal {
		switch {
		case win && v.Phase == PhaseSearch && a.Kind != KindScore:
		case win && v.Phase == PhaseFire && a.Kind != KindDouse:
		case v.Phase == PhaseSearch && a.Kind == KindScore && t.free():
		default:
			out = append(out, a)
		}
	}
	return out
}
