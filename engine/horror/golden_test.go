package horror

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// goldenGames are seeded whole games kept as golden scripts, written with
// -update by their bots.
var goldenGames = []struct {
	name    string
	players int
	opts    engine.Options
	seed    uint64
	bot     engine.Bot
}{
	{"game_random", 2, engine.Options{OptRounds: "30"}, 42, engine.RandomBot{}},
	{"game_random5", 5, engine.Options{OptRounds: "30", OptColourMatch: "true", OptItems: "4"}, 43, engine.RandomBot{}},
	{"game_normal", 3, nil, 44, normalBot{}},
}

// TestGoldenGames replays each golden script on a fresh game: the log and
// the final state must match their golden files, and the game must end.
func TestGoldenGames(t *testing.T) {
	for _, c := range goldenGames {
		path := filepath.Join("testdata", c.name)
		if *update {
			g := newGame(t, c.players, c.opts, c.seed)
			rng := engine.NewRNG(c.seed)
			var moves []et.Move
			for !g.Outcome().Done {
				s := g.Pending()[0]
				a := c.bot.Choose(context.Background(), g.View(s), g.Legal(s), &rng)
				m := et.Move{Seat: s, Action: engine.Action{Kind: a.Kind, Args: a.Args}}
				et.MustApply(t, g, m)
				moves = append(moves, m)
			}
			et.Golden(t, path+".script", et.Script(moves), true)
		}
		script, err := os.ReadFile(path + ".script")
		if err != nil {
			t.Fatal(err)
		}
		g := newGame(t, c.players, c.opts, c.seed)
		log := et.Replay(t, g, script)
		et.Golden(t, path+".log", log, *update)
		et.Golden(t, path+".json", et.Indented(t, g), *update)
		if !g.Outcome().Done {
			t.Fatalf("%s: the script does not end the game", c.name)
		}
	}
}
