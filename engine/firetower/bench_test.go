package firetower

import (
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// BenchmarkRandomGame plays whole 4-player games with the Firestorm of
// random legal moves, events and their recent lines included, and reports
// games per second.
func BenchmarkRandomGame(b *testing.B) {
	rng := engine.NewRNG(1)
	opts := engine.Options{OptFirestorm: "true"}
	for b.Loop() {
		g := newGame(b, 4, opts, rng.Uint64())
		if _, err := et.PlayOut(g, func(_ engine.Seat, legal []engine.Action) engine.Action {
			return legal[rng.Intn(len(legal))]
		}); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
}
