package fireproto

import (
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// easyBots records the golden games: the easy bot in every seat, with one
// random move in five for variety (harmless douses, odd card choices).
func easyBots(_ string, st engine.State, rng *engine.RNG) et.Move {
	if rng.Intn(5) == 0 {
		return et.BotMove(engine.RandomBot{}, st, rng)
	}
	return et.BotMove(Game{}.Bot("easy"), st, rng)
}

// TestGolden replays the golden games in testdata/golden, checking the
// game's invariants after every move.
func TestGolden(t *testing.T) {
	et.Golden(t, Game{}, "testdata/golden", et.CheckEach(validState), et.RecordWith(easyBots))
}
