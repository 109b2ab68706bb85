package horror

import (
	"context"
	"testing"

	"arcade/engine"
)

// BenchmarkHardDecision times the hard bot's decisions (40 playouts each)
// in the middle of two-player games.
func BenchmarkHardDecision(b *testing.B) {
	g := newGame(b, 2, nil, 5)
	rng := engine.NewRNG(5)
	bot := Game{}.Bot("hard")
	ctx := engine.WithPlayouts(context.Background(), 40)
	for b.Loop() {
		if g.Outcome().Done {
			g = newGame(b, 2, nil, rng.Uint64())
		}
		s := g.Pending()[0]
		a := bot.Choose(ctx, g.View(s), g.Legal(s), &rng)
		if _, err := g.Apply(s, a); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkRandomGame plays whole random two-player games.
func BenchmarkRandomGame(b *testing.B) {
	rng := engine.NewRNG(1)
	for b.Loop() {
		g := newGame(b, 2, nil, rng.Uint64())
		for !g.Outcome().Done {
			s := g.Pending()[0]
			l := g.Legal(s)
			if _, err := g.Apply(s, l[rng.Intn(len(l))]); err != nil {
				b.Fatal(err)
			}
		}
	}
}
