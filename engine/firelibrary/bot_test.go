package firelibrary

import (
	"testing"

	"arcade/engine"
)

// TestEasyBotBeatsRandom seats the easy bot against random players: it must
// finish every game with legal moves and score more on average.
func TestEasyBotBeatsRandom(t *testing.T) {
	bot := Game{}.Bot("easy")
	if (Game{}).Bot("hard") == nil || (Game{}).Bot("") == nil {
		t.Fatal("every level needs a bot")
	}
	const games = 300
	botTotal, botWins := 0, 0
	for i := range games {
		players := 2 + i%5
		g := newGame(t, players, uint64(i)+500)
		rng := engine.NewRNG(uint64(i))
		for !g.Outcome().Done {
			for _, s := range g.Pending() {
				legal := g.Legal(s)
				var a engine.Action
				if s == 0 {
					a = bot.Choose(g.View(s), legal, &rng)
				} else {
					a = engine.RandomBot{}.Choose(g.View(s), legal, &rng)
				}
				mustApply(t, g, move{s, a})
				if g.Phase != PhaseSwap {
					break // Pending changed
				}
			}
		}
		out := g.Outcome()
		botTotal += out.Scores[0]
		for _, w := range out.Winners {
			if w == 0 {
				botWins++
			}
		}
	}
	t.Logf("easy bot: %d points, %d wins in %d games", botTotal, botWins, games)
	// Its fair share would be about 87 (1/2 of the 2-player games, 1/3 of
	// the 3-player ones, ...); the easy bot must do far better.
	if botWins < 2*87 {
		t.Fatalf("the easy bot won only %d of %d games against random players", botWins, games)
	}
}
