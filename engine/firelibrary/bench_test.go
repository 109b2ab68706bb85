package firelibrary

import (
	"context"
	"testing"
	"time"

	"arcade/engine"
	"arcade/engine/search"
)

// BenchmarkRandomGame plays whole 4-player games of random legal moves.
func BenchmarkRandomGame(b *testing.B) {
	rng := engine.NewRNG(1)
	games := 0
	for b.Loop() {
		g := newState(4, baseGame, rng.Uint64())
		for !g.Outcome().Done {
			s := g.Pending()[0]
			legal := g.Legal(s)
			if _, err := g.Apply(s, legal[rng.Intn(len(legal))]); err != nil {
				b.Fatal(err)
			}
		}
		games++
	}
	b.ReportMetric(float64(games)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkBotGame plays whole 4-player games with the easy bot.
func BenchmarkBotGame(b *testing.B) {
	rng := engine.NewRNG(2)
	bot := Game{}.Bot("easy")
	for b.Loop() {
		g := newState(4, baseGame, rng.Uint64())
		for !g.Outcome().Done {
			s := g.Pending()[0]
			if _, err := g.Apply(s, bot.Choose(context.Background(), g.View(s), g.Legal(s), &rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// BenchmarkHardDecision times the hard bot's decisions (playouts only, no
// clock) on the draw-or-escape and Turn Order card choices of 4-player
// games between normal bots.
func BenchmarkHardDecision(b *testing.B) {
	rng := engine.NewRNG(3)
	views, legals := decisions(b, &rng)
	bot := hardBot{budget: time.Hour}
	i := 0
	for b.Loop() {
		bot.Choose(context.Background(), views[i%len(views)], legals[i%len(views)], &rng)
		i++
	}
}

// decisions collects the views and legal moves of the draw-or-escape and
// Turn Order card choices of 4-player games between normal bots.
func decisions(b *testing.B, rng *engine.RNG) ([]engine.View, [][]engine.Action) {
	var views []engine.View
	var legals [][]engine.Action
	for seed := range uint64(4) {
		g := newState(4, baseGame, seed+9)
		for !g.Outcome().Done {
			s := g.Pending()[0]
			legal := g.Legal(s)
			if len(legal) > 1 && (g.Phase == PhaseSave || g.Phase == PhaseOrder) {
				views, legals = append(views, g.View(s)), append(legals, legal)
			}
			if _, err := g.Apply(s, normalBot{}.Choose(context.Background(), g.View(s), legal, rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	return views, legals
}

// BenchmarkPlayoutRoll: the hard bot's playouts (the normal bot in every
// seat, to the hard bot's horizon) in rollState, in playouts per second.
func BenchmarkPlayoutRoll(b *testing.B) { benchPlayouts(b, rollSampler{}) }

// BenchmarkPlayoutQuiet: the same playouts in the state itself, with its
// discarding log, its own Legal and its View; rollState only keeps the
// horizon (horizon).
func BenchmarkPlayoutQuiet(b *testing.B) { benchPlayouts(b, horizonSampler{}) }

// horizonSampler deals what rollSampler deals, as a horizon.
type horizonSampler struct{}

// Sample implements search.Sampler.
func (horizonSampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	st, err := rollSampler{}.Sample(view, seat, rng)
	if err != nil {
		return nil, err
	}
	return horizon{st.(*rollState).state, st.(*rollState)}, nil
}

// horizon is the state with a discarding log, stopped at r's horizon.
type horizon struct {
	*state
	r *rollState
}

// Pending implements engine.State.
func (h horizon) Pending() []engine.Seat { return h.r.Pending() }

// benchPlayouts runs the hard bot's search (without its prior) with
// imagined games from smp and reports playouts per second.
func benchPlayouts(b *testing.B, smp search.Sampler) {
	const iters = 100
	rng := engine.NewRNG(3)
	views, legals := decisions(b, &rng)
	eval := func(st engine.State, seat engine.Seat) float64 {
		if h, ok := st.(horizon); ok {
			st = h.r
		}
		return rate(st, seat)
	}
	bot := search.Bot{Sampler: smp, Playout: normalBot{}, Eval: eval, Iterations: iters, Budget: time.Hour}
	i := 0
	for b.Loop() {
		bot.Choose(context.Background(), views[i%len(views)], legals[i%len(views)], &rng)
		i++
	}
	b.ReportMetric(float64(b.N*iters)/b.Elapsed().Seconds(), "playouts/s")
}
