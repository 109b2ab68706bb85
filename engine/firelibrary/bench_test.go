package firelibrary

import (
	"testing"

	"arcade/engine"
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
			if _, err := g.Apply(s, bot.Choose(g.View(s), g.Legal(s), &rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
}
