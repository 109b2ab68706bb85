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

// BenchmarkRandomGames2p is cmd/arcade's BenchmarkRandomGames for this
// game: whole 2-player games of uniformly random legal moves, with the
// events written, through Game.New.
func BenchmarkRandomGames2p(b *testing.B) {
	rng := engine.NewRNG(1)
	for b.Loop() {
		st, err := Game{}.New(2, nil, rng.Uint64())
		if err != nil {
			b.Fatal(err)
		}
		for !st.Outcome().Done {
			s := st.Pending()[0]
			if _, err := st.Apply(s, engine.RandomBot{}.Choose(context.Background(), nil, st.Legal(s), &rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
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

// BenchmarkPlayoutQuiet: the hard bot's playouts (the normal bot in every
// seat, reading BotView, to the game's end) in the state itself with its
// discarding log, in playouts per second. (When the playouts stopped at
// the end of the bot's turn, they ran in a wrapper of the state,
// rollState, until it was measured no faster than the state itself:
// 63,000 playouts a CPU second against 66,000.)
func BenchmarkPlayoutQuiet(b *testing.B) {
	const iters = 100
	rng := engine.NewRNG(3)
	views, legals := decisions(b, &rng)
	bot := search.Bot{Sampler: quietSampler{}, Playout: normalBot{}, Eval: rate, Iterations: iters,
		Budget: time.Hour}
	i := 0
	for b.Loop() {
		bot.Choose(context.Background(), views[i%len(views)], legals[i%len(views)], &rng)
		i++
	}
	b.ReportMetric(float64(b.N*iters)/b.Elapsed().Seconds(), "playouts/s")
}
