package horror

import (
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// TestGolden replays the golden games in testdata/golden, checking the
// game's invariants after every move; the normal bot records the games
// named "normal...", random moves the "random..." ones.
func TestGolden(t *testing.T) {
	bots := map[string]engine.Bot{"normal": normalBot{}, "random": engine.RandomBot{}}
	et.Golden(t, Game{}, "testdata/golden", et.CheckEach(validState), et.RecordWithBots(bots))
}
