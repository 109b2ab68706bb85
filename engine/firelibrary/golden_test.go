package firelibrary

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// eagerTools records the golden games: the easy bot in every seat, but
// eager to play tools (two times in three it plays a random tool move
// when it has one), with random tool picks and swaps, and the seats of a
// window answering in random order.
func eagerTools(_ string, st engine.State, rng *engine.RNG) enginetest.Move {
	g := st.(*state)
	p := g.Pending()
	s := p[rng.Intn(len(p))]
	legal := g.Legal(s)
	a := Game{}.Bot("easy").Choose(context.Background(), g.View(s), legal, rng)
	var plays []engine.Action
	for _, l := range legal {
		if l.Kind == KindPlay || l.Kind == KindDig {
			plays = append(plays, l)
		}
	}
	switch {
	case len(plays) > 0 && rng.Intn(3) > 0:
		a = plays[rng.Intn(len(plays))]
	case g.Phase == PhaseTool || g.Phase == PhaseSwap:
		a = engine.RandomBot{}.Choose(context.Background(), nil, legal, rng)
	}
	return mv(s, engine.Action{Kind: a.Kind, Args: a.Args})
}

// toolUsed matches the transcript line of each tool taking effect.
var toolUsed = map[string]*regexp.Regexp{}

func init() {
	for _, tl := range tools {
		verb := `plays (a |an )?`
		if tl.Name == "Lockbox" {
			verb = `locks .* in (a |an )?`
		}
		toolUsed[tl.Name] = regexp.MustCompile(`(?m)^  (all|seat \d+): \{seat\d\} ` + verb + regexp.QuoteMeta(tl.Name))
	}
}

// TestGolden replays the golden games in testdata/golden, one for every
// mode and variant, checking the game's invariants after every move, and
// checks that together they use every tool, resolve a simultaneous play,
// let the Robot flip, call Burn! and end a Lone Librarian game
// (enginetest.Golden checks that every rule they cite is in rules.md).
func TestGolden(t *testing.T) {
	dir := filepath.Join("testdata", "golden")
	enginetest.Golden(t, Game{}, dir, enginetest.CheckEach(validState), enginetest.RecordWith(eagerTools))
	t.Run("coverage", func(t *testing.T) {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.golden"))
		var all strings.Builder
		for _, path := range paths {
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			all.Write(data)
		}
		text := all.String()
		for name, re := range toolUsed {
			if !re.MatchString(text) {
				t.Errorf("no golden game uses the %s", name)
			}
		}
		for _, want := range []string{"comes first on the score track", "The Robot's turn", "it flips",
			"calls Burn! and scores", "All 12 turns taken", "Wild Fire, the Library burns twice",
			"Inferno, Turn Order cards are dealt at random", "a Technology book (teal)"} {
			if !strings.Contains(text, want) {
				t.Errorf("no golden game logs %q", want)
			}
		}
	})
}
