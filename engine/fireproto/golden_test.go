package fireproto

import (
	"os"
	"path/filepath"
	"strings"
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

// TestGoldenCitesRules checks that every rule the golden transcripts cite
// ("    why: RULE") is in the rules doc: Golden writes the lines but does
// not look the rules up.
func TestGoldenCitesRules(t *testing.T) {
	paths, _ := filepath.Glob("testdata/golden/*.golden")
	cited := map[string]bool{}
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		for line := range strings.Lines(string(data)) {
			r, ok := strings.CutPrefix(strings.TrimSuffix(line, "\n"), "    why: ")
			if !ok || cited[r] {
				continue
			}
			cited[r] = true
			if _, err := engine.Explain(Game{}.Info().Rules, engine.Rule(r)); err != nil {
				t.Errorf("%s cites %q: %v", path, r, err)
			}
		}
	}
	if len(cited) == 0 {
		t.Fatal("the golden transcripts cite no rule")
	}
}
