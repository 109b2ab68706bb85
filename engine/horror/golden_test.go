package horror

import (
	"strings"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// goldenBot records the golden games: the normal bot in the games whose
// name begins with "normal", random moves in the others.
func goldenBot(name string, st engine.State, rng *engine.RNG) et.Move {
	if strings.HasPrefix(name, "normal") {
		return et.BotMove(normalBot{}, st, rng)
	}
	return et.BotMove(engine.RandomBot{}, st, rng)
}

// TestGolden replays the golden games in testdata/golden, checking the
// game's invariants after every move.
func TestGolden(t *testing.T) {
	et.Golden(t, Game{}, "testdata/golden", et.CheckEach(validState), et.RecordWith(goldenBot))
}
