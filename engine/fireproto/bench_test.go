package fireproto

import (
	"context"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
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
