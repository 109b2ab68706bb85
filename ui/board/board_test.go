package board

import "testing"

// TestMessages: Info marks information; anything else non-empty warns.
func TestMessages(t *testing.T) {
	for _, c := range []struct {
		msg, text string
		warning   bool
	}{
		{Info("Bucket put back."), "Bucket put back.", false},
		{"That square is taken.", "That square is taken.", true},
		{"", "", false},
		{Info(""), "", false},
	} {
		if text, warning := ReadMessage(c.msg); text != c.text || warning != c.warning {
			t.Errorf("ReadMessage(%q) = %q, %v; want %q, %v", c.msg, text, warning, c.text, c.warning)
		}
	}
}

// TestClip cuts by terminal cells and marks the cut.
func TestClip(t *testing.T) {
	for _, c := range []struct {
		s    string
		n    int
		want string
	}{
		{"Fire Tower", 20, "Fire Tower"},
		{"Fire Tower", 10, "Fire Tower"},
		{"Fire Tower", 6, "Fire …"},
		{"Fire", 1, "…"},
	} {
		if got := Clip(c.s, c.n); got != c.want {
			t.Errorf("Clip(%q, %d) = %q, want %q", c.s, c.n, got, c.want)
		}
	}
}
