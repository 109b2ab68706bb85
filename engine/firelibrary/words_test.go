package firelibrary

import (
	"context"
	"strings"
	"testing"

	"arcade/engine"
)

// TestEscapeWordsPromiseTheTool: an escape's words say "then take a tool"
// exactly when making it leads to taking one (tokens on safe spaces only,
// and no Gloves, No Tools or fire variant forbids it), in random games of
// random table options, bots and random moves alike.
func TestEscapeWordsPromiseTheTool(t *testing.T) {
	rng := engine.NewRNG(91)
	checked := map[bool]int{}
	for i := range 150 {
		cfg := randomConfig(&rng)
		g := newGameOpts(t, cfg.players, cfg.opts, uint64(i)+3)
		bot := Game{}.Bot("normal")
		for step := 0; !g.Outcome().Done && step < maxSteps(cfg.players); step++ {
			s := g.Pending()[0]
			legal := g.Legal(s)
			a := legal[rng.Intn(len(legal))]
			if rng.Intn(2) == 0 {
				a = bot.Choose(context.Background(), g.View(s), legal, &rng)
			}
			if a.Kind == KindStop {
				v, _ := engine.ViewAs[View](g.View(s))
				words := v.Describe(a)
				if _, err := g.Apply(s, a); err != nil {
					t.Fatal(err)
				}
				says := strings.HasSuffix(words, ", then take a tool")
				takes := g.Phase == PhaseTool && g.ToolWhy == "escape"
				if says != takes {
					t.Fatalf("%v seed %d: %q, then phase %s (%s)", cfg, i+3, words, g.Phase, g.ToolWhy)
				}
				checked[says]++
				continue
			}
			if _, err := g.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	if checked[true] == 0 || checked[false] == 0 {
		t.Fatalf("escapes seen: %v", checked)
	}
}
