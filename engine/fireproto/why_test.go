package fireproto

import (
	"maps"
	"slices"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// TestRulesCited plays a few random games at every table size: every rule
// that a refusal or an automatic effect cites must be in the rules doc,
// and the automatic effects must cite theirs.
func TestRulesCited(t *testing.T) {
	seen := map[engine.Rule]bool{}
	for players := 2; players <= 5; players++ {
		maps.Copy(seen, et.CheckRules(t, Game{}, players, engine.Options{}, 8))
	}
	for _, r := range []engine.Rule{
		ruleChoosing,     // a round begins with the choice of cards
		engine.Ruling(4), // a tie drawn at random
		"The last player takes the card that is left",
		ruleTurns,         // the bag passes on
		engine.Ruling(9),  // the fire test
		engine.Ruling(14), // a full card scores
		"every book on your card burns",
		engine.Ruling(13), // a fire with no books on the card
		"Burning a book moves its tracker one space right",
		"you take a Bucket unless you already hold two",
		engine.Ruling(11), // two Buckets already
		"gain the current value of each book on your card plus your card's bravery",
		engine.Ruling(1), // 100 knowledge
		"when a player reaches 100 knowledge",
		engine.Ruling(5), // not your turn to choose
		"With n players cards 1 to n are used",
	} {
		if !seen[r] {
			t.Errorf("random games never cite %q", r)
		}
	}
}

// TestCollapseCitesItsRules checks the rules cited when a wing collapses,
// which random games seldom reach.
func TestCollapseCitesItsRules(t *testing.T) {
	g := fresh(t, 2)
	g.Pos[White] = 4        // one burn from the X
	put(t, g, White, Black) // the fire lands on a risky space
	ev := drawForced(t, g, Fire)
	var got []engine.Rule
	for _, e := range ev {
		got = append(got, engine.RuleOf(e.Fact))
	}
	want := []engine.Rule{engine.Ruling(9), "every book on your card burns", engine.Ruling(12),
		"when a tracker reaches the X of its shelf"}
	if !slices.Equal(got, want) {
		t.Fatalf("cited %q, want %q", got, want)
	}
	for _, r := range want {
		if _, err := engine.Explain(rulesText, r); err != nil {
			t.Fatal(err)
		}
	}
}
