package labyrinth

import (
	"context"
	"testing"
	"time"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// playBots plays a game with bot in every seat and returns the final
// state and the number of moves. Every move the bot picks must be legal.
func playBots(t testing.TB, bot engine.Bot, players int, opts engine.Options, seed uint64) (*state, int) {
	t.Helper()
	g := newGame(t, players, opts, seed)
	rng := engine.NewRNG(seed)
	n, err := enginetest.PlayOut(g, func(s engine.Seat, legal []engine.Action) engine.Action {
		a := bot.Choose(context.Background(), g.View(s), legal, &rng)
		if _, ok := engine.Find(legal, a); !ok {
			t.Fatalf("the bot chose %v, not among %v", a, legal)
		}
		return engine.Action{Kind: a.Kind, Args: a.Args}
	})
	if err != nil {
		t.Fatal(err)
	}
	if n > 2000 {
		t.Fatalf("%d moves", n)
	}
	return g, n
}

// TestBotsPlayLegally: every level picks legal moves with every option
// set and player count, and every game ends (the hard bot with a small
// playout budget, to keep the test quick).
func TestBotsPlayLegally(t *testing.T) {
	quick := testing.Short() || enginetest.RaceEnabled
	for _, level := range []string{"easy", "normal"} {
		for k, opts := range allOptions() {
			for players := 1; players <= 5; players++ {
				if quick && (players+k)%3 != 0 {
					continue
				}
				playBots(t, Game{}.Bot(level), players, opts, uint64(10*players+k))
			}
		}
	}
	hard, moves := hardBot{top: 3, budget: time.Hour, horizon: 30}, 30
	ctx := engine.WithPlayouts(context.Background(), 6) // two rounds of three candidates
	if quick {
		moves = 8
	}
	for k, opts := range allOptions() {
		players := 1 + 2*k%5
		g := newGame(t, players, opts, uint64(k))
		rng := engine.NewRNG(uint64(k))
		for n := 0; n < moves && !g.Outcome().Done; n++ {
			s := g.Pending()[0]
			legal := g.Legal(s)
			a := hard.Choose(ctx, g.View(s), legal, &rng)
			if _, ok := engine.Find(legal, a); !ok {
				t.Fatalf("the hard bot chose %v", a)
			}
			enginetest.MustApply(t, g, enginetest.Move{Seat: s, Action: a})
		}
	}
}

// BenchmarkHardBotLate times the hard bot's decisions where it searches
// (from the first turn; solo and with three players), and
// reports the slowest one (the arcade's aim: under 300 ms on a 2-core
// machine).
//
//	go test -run XXX -bench HardBotLate ./engine/labyrinth/
func BenchmarkHardBotLate(b *testing.B) {
	bot := Game{}.Bot("hard")
	var worst time.Duration
	decisions := 0
	for b.Loop() {
		for _, players := range []int{1, 3} {
			g := newGame(b, players, nil, 5)
			rng := engine.NewRNG(5)
			for n := 0; n < 200 && !g.Outcome().Done; n++ {
				s := g.Pending()[0]
				v, _ := engine.ViewAs[View](g.View(s))
				var a engine.Action
				if v.DisturbanceLeft > hardDefault.horizon {
					a = normalBot{}.Choose(context.Background(), v, g.Legal(s), &rng)
				} else {
					start := time.Now()
					a = bot.Choose(context.Background(), g.View(s), g.Legal(s), &rng)
					worst = max(worst, time.Since(start))
					decisions++
				}
				enginetest.MustApply(b, g, enginetest.Move{Seat: s, Action: a})
			}
		}
	}
	b.ReportMetric(float64(worst.Microseconds())/1000, "worst-ms")
	b.ReportMetric(float64(decisions)/float64(b.N), "decisions/op")
}

// TestNormalBotWinRates: normal bots win clearly more often on novice
// than on expert.
func TestNormalBotWinRates(t *testing.T) {
	if testing.Short() || enginetest.RaceEnabled {
		t.Skip("slow")
	}
	const games = 40
	rate := func(d string) int {
		wins := 0
		for k := range games {
			if g, _ := playBots(t, normalBot{}, 3, engine.Options{OptDifficulty: d}, uint64(k)); g.Won {
				wins++
			}
		}
		return wins
	}
	novice, expert := rate(Novice), rate(Expert)
	t.Logf("3 normal bots win %d/%d novice, %d/%d expert", novice, games, expert, games)
	if novice <= expert+games/10 || novice < games/2 {
		t.Fatalf("novice %d, expert %d of %d", novice, expert, games)
	}
}
