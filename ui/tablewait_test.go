package ui

import (
	"testing"

	"arcade/engine"
)

// TestOptionWord: a switch reads yes or no, as the new-table form shows
// it; a choice reads as its value.
func TestOptionWord(t *testing.T) {
	sw := engine.OptionSpec{Key: "teams", Kind: engine.Bool}
	ch := engine.OptionSpec{Key: "deck", Kind: engine.Choice, Choices: []string{"standard", "short"}}
	for _, c := range []struct {
		o       engine.OptionSpec
		v, want string
	}{{sw, "true", "yes"}, {sw, "false", "no"}, {ch, "short", "short"}, {ch, "true", "true"}} {
		if got := optionWord(c.o, c.v); got != c.want {
			t.Errorf("optionWord(%s, %q) = %q, want %q", c.o.Key, c.v, got, c.want)
		}
	}
}
