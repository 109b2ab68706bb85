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

// TestEscapeWordsWithNoToolLeft: with the market, the deck and the
// discard pile all empty, a safe escape gives no tool, and its words do
// not promise one.
func TestEscapeWordsWithNoToolLeft(t *testing.T) {
	g := newState(2, baseGame, 5)
	for g.Phase != PhaseSave {
		s := g.Pending()[0]
		if _, err := g.Apply(s, g.Legal(s)[0]); err != nil {
			t.Fatal(err)
		}
	}
	g.Market, g.Deck, g.Discard = nil, nil, nil
	g.edited()
	s := g.Pending()[0]
	stop, ok := engine.Pick(g.Legal(s), KindStop)
	if !ok {
		t.Fatal("no escape before the first draw")
	}
	v, _ := engine.ViewAs[View](g.View(s))
	if words := v.Describe(stop); strings.Contains(words, "tool") {
		t.Fatalf("the escape promises a tool none is left of: %q", words)
	}
	if _, err := g.Apply(s, stop); err != nil {
		t.Fatal(err)
	}
	if g.Phase == PhaseTool {
		t.Fatal("a tool was offered with none left")
	}
}
