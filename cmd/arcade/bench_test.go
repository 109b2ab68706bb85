package main

import (
	"context"
	"fmt"
	"testing"

	"arcade/engine"
	"arcade/engine/sim"
	"arcade/ui"
)

// BenchmarkBotGames plays whole bot-only games of every game the arcade
// serves at every bot level, one game per iteration, and reports the
// decision time the bots needed (p50 and p99, milliseconds).
//
//	go test -bench BotGames -benchtime 20x ./cmd/arcade/
func BenchmarkBotGames(b *testing.B) {
	for _, g := range ui.Engines(games) {
		in := g.Info()
		players := max(in.MinPlayers, 2)
		for _, level := range []string{"easy", "normal", "hard"} {
			b.Run(fmt.Sprintf("%s/%dp/%s", in.ID, players, level), func(b *testing.B) {
				res, err := sim.Run(sim.Config{Game: g, Players: players, Bots: []string{level},
					Games: b.N, Seed: 1, Workers: 1})
				if err != nil {
					b.Fatal(err)
				}
				if res.IllegalActions != 0 {
					b.Fatalf("%d illegal actions", res.IllegalActions)
				}
				b.ReportMetric(res.Seats[0].P50ms, "p50-ms/decision")
				b.ReportMetric(res.Seats[0].P99ms, "p99-ms/decision")
				b.ReportMetric(res.MeanMoves, "moves/game")
			})
		}
	}
}

// BenchmarkRandomGames plays whole games of uniformly random legal moves
// of every game the arcade serves (the rules engine alone: no bot thinking) and
// reports games per second.
//
//	go test -bench RandomGames ./cmd/arcade/
func BenchmarkRandomGames(b *testing.B) {
	for _, g := range ui.Engines(games) {
		in := g.Info()
		players := max(in.MinPlayers, 2)
		b.Run(fmt.Sprintf("%s/%dp", in.ID, players), func(b *testing.B) {
			rng := engine.NewRNG(1)
			for b.Loop() {
				st, err := g.New(players, nil, rng.Uint64())
				if err != nil {
					b.Fatal(err)
				}
				for steps := 0; !st.Outcome().Done; steps++ {
					if steps > 100000 {
						b.Fatal("the game does not end")
					}
					s := st.Pending()[0]
					if _, err := st.Apply(s, engine.RandomBot{}.Choose(context.Background(), nil, st.Legal(s), &rng)); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "games/s")
		})
	}
}
