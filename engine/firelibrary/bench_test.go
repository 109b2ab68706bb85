package firelibrary

import (
	"context"
	"testing"
	"time"

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
			if _, err := g.Apply(s, normalBot{}.Choose(context.Background(), g.View(s), legal, &rng)); err != nil {
				b.Fatal(err)
			}
		}
	}
	bot := hardBot{budget: time.Hour}
	i := 0
	for b.Loop() {
		bot.Choose(context.Background(), views[i%len(views)], legals[i%len(views)], &rng)
		i++
	}
}
