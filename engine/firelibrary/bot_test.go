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
	games := 300
	if raceEnabled || testing.Short() {
		games = 100
	}
	botTotal, botWins := 0, 0
	fair := 0.0 // the bot's fair share of wins: 1/2 of 2-player games, ...
	for i := range games {
		players := 2 + i%5
		fair += 1 / float64(players)
		g := newGame(t, players, uint64(i)+500)
		rng := engine.NewRNG(uint64(i))
		for !g.Outcome().Done {
			s := g.Pending()[0]
			legal := g.Legal(s)
			var a engine.Action
			if s == 0 {
				a = bot.Choose(g.View(s), legal, &rng)
			} else {
				a = engine.RandomBot{}.Choose(g.View(s), legal, &rng)
			}
			mustApply(t, g, move{s, a})
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
	// The easy bot must win at least twice its fair share.
	if float64(botWins) < 2*fair {
		t.Fatalf("the easy bot won only %d of %d games against random players", botWins, games)
	}
}
