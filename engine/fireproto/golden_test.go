package fireproto

import (
	"context"
	"flag"
	"path/filepath"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const (
	goldenSeed    = 2044
	goldenPlayers = 3
)

// botScript plays a game with the easy bot in every seat, with one random
// move in five for variety (harmless douses, odd card choices), and
// returns the moves.
func botScript(t *testing.T) []et.Move {
	g := newGame(t, goldenPlayers, goldenSeed)
	rng := engine.NewRNG(99)
	bot := Game{}.Bot("easy")
	var moves []et.Move
	for !g.Outcome().Done {
		s := g.Active
		a := bot.Choose(context.Background(), g.View(s), g.Legal(s), &rng)
		if rng.Intn(5) == 0 {
			a = engine.RandomBot{}.Choose(context.Background(), nil, g.Legal(s), &rng)
		}
		m := et.Move{Seat: s, Action: engine.Action{Kind: a.Kind, Args: a.Args}}
		et.MustApply(t, g, m)
		moves = append(moves, m)
	}
	return moves
}

// TestGolden replays the scripted 3-player game in testdata and compares
// the full event log and the final state with the golden files. Run
// go test -update to write a new script and new golden files.
func TestGolden(t *testing.T) {
	script := filepath.Join("testdata", "golden_moves.jsonl")
	if *update {
		et.Golden(t, script, et.Script(botScript(t)), true)
	}
	data := readFile(t, script)
	g := newGame(t, goldenPlayers, goldenSeed)
	log := et.Replay(t, g, data)
	if !g.Outcome().Done {
		t.Fatal("the scripted game did not end")
	}
	et.Golden(t, filepath.Join("testdata", "golden_events.txt"), log, *update)
	et.Golden(t, filepath.Join("testdata", "golden_state.json"), et.Indented(t, g), *update)
}
