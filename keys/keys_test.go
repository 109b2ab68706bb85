package keys

import (
	"testing"

	"charm.land/bubbles/v2/key"
)

// TestLabel: a key line shows a binding's first key, arrows as arrows.
func TestLabel(t *testing.T) {
	tk := TableKeys()
	for _, c := range []struct {
		b    key.Binding
		want string
	}{
		{tk.Up, "↑"}, {tk.Left, "←"}, {tk.LogUp, "["}, {tk.Start, "S"}, {tk.Do, "enter"}, {key.Binding{}, ""},
	} {
		if got := Label(c.b); got != c.want {
			t.Errorf("Label(%v) = %q, want %q", c.b.Keys(), got, c.want)
		}
	}
	if !IsArrow("→") || IsArrow("l") {
		t.Error("IsArrow")
	}
}
