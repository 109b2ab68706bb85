package board

import (
	"testing"

	"arcade/engine"
)

// TestReplies: the helpers say what they mean: Play plays and uses the
// key, Inform is not a warning, Refuse is (unless it has nothing to say).
func TestReplies(t *testing.T) {
	a := engine.Action{Kind: "draw"}
	if r := Play(a); r.Action == nil || !r.Action.Same(a) || !r.Used || r.Message != "" {
		t.Errorf("Play = %+v", r)
	}
	for _, c := range []struct {
		r       Reply
		warning bool
	}{
		{Inform("Bucket put back."), false},
		{Refuse("That square is taken."), true},
		{Refuse(""), false},
		{Took(), false},
	} {
		if !c.r.Used || c.r.Action != nil || c.r.Warning != c.warning {
			t.Errorf("%+v: want a used key without a move, warning %v", c.r, c.warning)
		}
	}
	if (Reply{}).Used {
		t.Error("the zero Reply uses the key")
	}
}
