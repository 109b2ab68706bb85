package labyrinth

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// goldenGames are seeded whole games kept as golden scripts: two of random
// moves and one won by three normal bots.
var goldenGames = []struct {
	name    string
	players int
	opts    engine.Options
	seed    uint64
	bot     engine.Bot
}{
	{"game_solo", 1, nil, 42, engine.RandomBot{}},
	{"game_three", 3, engine.Options{OptDoubles: "true", OptDifficulty: Expert}, 42, engine.RandomBot{}},
	{"game_won", 3, engine.Options{OptDifficulty: Novice}, 5000, normalBot{}},
}

// TestGoldenGames replays each golden script (written with -update by
// its bot) on a fresh game: the log and the final state must match their
// golden files, and the replay must end as the script's game did.
func TestGoldenGames(t *testing.T) {
	for _, c := range goldenGames {
		path := filepath.Join("testdata", c.name)
		if *update {
			g := newGame(t, c.players, c.opts, c.seed)
			rng := engine.NewRNG(c.seed)
			var moves []enginetest.Move
			for !g.Outcome().Done {
				s := g.Turn
				a := c.bot.Choose(context.Background(), g.View(s), g.Legal(s), &rng)
				m := enginetest.Move{Seat: s, Action: engine.Action{Kind: a.Kind, Args: a.Args}}
				enginetest.MustApply(t, g, m)
				moves = append(moves, m)
			}
			enginetest.Golden(t, path+".script", enginetest.Script(moves), true)
		}
		script, err := os.ReadFile(path + ".script")
		if err != nil {
			t.Fatal(err)
		}
		g := newGame(t, c.players, c.opts, c.seed)
		log := enginetest.Replay(t, g, script)
		enginetest.Golden(t, path+".log", log, *update)
		enginetest.Golden(t, path+".json", enginetest.Indented(t, g), *update)
		if !g.Outcome().Done {
			t.Fatalf("%s: the script does not end the game", c.name)
		}
	}
}
