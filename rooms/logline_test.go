package rooms

import (
	"arcade/engine"
	"errors"
	"testing"
)

// TestNewSince finds the new end of a capped log.
func TestNewSince(t *testing.T) {
	for _, c := range []struct {
		was, now []string
		want     int
	}{
		{nil, []string{"a"}, 1},
		{[]string{"a", "b"}, []string{"a", "b", "c"}, 1},
		{[]string{"a", "b", "c"}, []string{"b", "c", "d", "e"}, 2},
		{[]string{"a"}, []string{"x", "y"}, 2},
		{[]string{"a", "b"}, []string{"a", "b"}, 0},
	} {
		if got := NewSince(c.was, c.now); got != c.want {
			t.Errorf("NewSince(%q, %q) = %d, want %d", c.was, c.now, got, c.want)
		}
	}
}

// TestRefusalKeepsItsRuleOnTheWire: a refusal that crossed to another
// node still cites its rule.
func TestRefusalKeepsItsRuleOnTheWire(t *testing.T) {
	err := replyErr(engine.Refuse(engine.Ruling(4), "Not now.")).err()
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Msg != "Not now." || re.Rule != engine.Ruling(4) {
		t.Fatalf("the refusal came back as %#v", err)
	}
}
