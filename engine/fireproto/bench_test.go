package fireproto

import (
	"context"
	"testing"
	"time"

	"arcade/engine"
	et "arcade/engine/enginetest"
	"arcade/engine/search"
)

// BenchmarkRandomGame plays whole 4-player games of random legal moves and
// reports games per second.
func BenchmarkRandomGame(b *testing.B) {
	benchGames(b, func(_ *state, _ engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
		return legal[rng.Intn(len(legal))]
	})
}

// BenchmarkBotGame plays whole 4-player games with the easy bot in every
// seat, views included.
func BenchmarkBotGame(b *testing.B) {
	bot := Game{}.Bot("easy")
	benchGames(b, func(g *state, s engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action {
		return bot.Choose(context.Background(), g.View(s), legal, rng)
	})
}

type chooser func(g *state, s engine.Seat, legal []engine.Action, rng *engine.RNG) engine.Action

func benchGames(b *testing.B, choose chooser) {
	rng := engine.NewRNG(1)
	for b.Loop() {
		g := newState(4, rng.Uint64())
		if _, err := et.PlayOut(g, func(s engine.Seat, legal []engine.Action) engine.Action {
			return choose(g, s, legal, &rng)
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkPlayoutQuiet: the hard bot's playouts (the normal bot in every
// seat, reading BotView) in the real state with a discarding log, in
// playouts per second. (Measured on one core in the same run before it
// went: 85,000 a CPU second for the quiet copy of the rules the hard bot
// used before, playout.go; 76,000 for this; 12,000 for the real state
// before BotView and the cheaper Legal and Apply.)
func BenchmarkPlayoutQuiet(b *testing.B) { benchPlayouts(b, sampler{bot: new(botView)}) }

// benchPlayouts runs the hard bot's search (without its prior) with
// imagined games from smp on the decisions of 2-player games between
// normal bots, and reports playouts per second.
func benchPlayouts(b *testing.B, smp search.Sampler) {
	const iters = 200
	rng := engine.NewRNG(5)
	var views []engine.View
	var legals [][]engine.Action
	nb := &normalBot{normalTuning}
	for seed := range uint64(8) {
		g := newState(2, seed+11)
		for !g.Outcome().Done {
			s := g.Active
			legal := g.Legal(s)
			if len(legal) > 1 {
				views, legals = append(views, g.View(s)), append(legals, legal)
			}
			if _, err := g.Apply(s, nb.Choose(context.Background(), g.View(s), legal, &rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	bot := search.Bot{Sampler: smp, Playout: nb, Iterations: iters, Budget: time.Hour}
	i := 0
	for b.Loop() {
		bot.Choose(context.Background(), views[i%len(views)], legals[i%len(views)], &rng)
		i++
	}
	b.ReportMetric(float64(b.N*iters)/b.Elapsed().Seconds(), "playouts/s")
}
