package labyrinth

import (
	"slices"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
	lab "arcade/engine/labyrinth"
)

// TestRefusalsCiteRules: in random games of every size, from setup to the
// end, every refusal the board writes for any seat or a spectator, for
// every tile key on every tile and every hand key, carries a rule of the
// game's rules doc (the table's why pane explains it with engine.Explain),
// but for the few facts no rule is about.
func TestRefusalsCiteRules(t *testing.T) {
	doc := lab.Game{}.Info().Rules
	noRule := []string{"The game is over.", "You are watching this game.", handNone["x"], handNone["b"]}
	keys := []string{"m", "f", "r", "R", "g", "enter", "t", "x", "b", "1", "4"}
	cited := map[engine.Rule]bool{}
	for players := 1; players <= 5; players++ {
		st, err := lab.Game{}.New(players, nil, uint64(40+players))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(players))
		for step := 0; !st.Outcome().Done; step++ {
			if step < 8 || step%15 == 0 {
				for you := engine.Spectator; int(you) < players; you++ {
					v := st.View(you).(lab.View)
					legal := st.Legal(you)
					b := New()
					for i := range lab.NumTiles {
						for _, k := range keys {
							b.cursor, b.pick = i, nil
							r := b.HandleKey(k, v, legal)
							if !r.Warning || slices.Contains(noRule, r.Message) || r.Rule != "" && cited[r.Rule] {
								continue
							}
							if _, err := engine.Explain(doc, r.Rule); err != nil {
								t.Fatalf("%d players, seat %d, %q on %s in %s: %q cites %q: %v",
									players, you, k, lab.TileName(i), v.Phase, r.Message, r.Rule, err)
							}
							cited[r.Rule] = true
						}
					}
				}
			}
			enginetest.MustApply(t, st, enginetest.RandomMove(st, &rng))
		}
	}
	t.Logf("%d rules cited", len(cited))
	if len(cited) < 10 {
		t.Fatalf("only %d rules cited: %v", len(cited), cited)
	}
}
