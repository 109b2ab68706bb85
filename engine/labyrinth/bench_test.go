package labyrinth

import (
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// BenchmarkRandomGame plays whole 3-player games of random legal moves.
func BenchmarkRandomGame(b *testing.B) {
	rng := engine.NewRNG(1)
	for b.Loop() {
		g := newState(3, Standard, false, 0, rng.Uint64())
		if _, err := enginetest.PlayOut(g, func(_ engine.Seat, legal []engine.Action) engine.Action {
			return legal[rng.Intn(len(legal))]
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}

// BenchmarkNormalBotGame plays whole 3-player games with the normal bot in
// every seat, views included.
func BenchmarkNormalBotGame(b *testing.B) {
	var seed uint64
	for b.Loop() {
		seed++
		playBots(b, normalBot{}, 3, nil, seed)
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
