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
