package board

import (
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// FuzzWidth: Width always agrees with ansi.StringWidth.
func FuzzWidth(f *testing.F) {
	for _, s := range []string{
		"", "plain", "\x1b[1;38;2;1;2;3mbold\x1b[m", "›Fire · 1-6 ▸ │ ─ █░", "é à ü ß",
		"中文", "☕ tea", "e\u0301", "a\u200db", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "\x1b[", "tab\tx", "\u00ad",
		lipgloss.NewStyle().Reverse(true).Render("sel"),
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if got, want := Width(s), ansi.StringWidth(s); got != want {
			t.Errorf("Width(%q) = %d, ansi.StringWidth = %d", s, got, want)
		}
	})
}

func TestColumns(t *testing.T) {
	got := Columns("ab\ncd", "|\n|\n|", "xy")
	want := "ab|xy\ncd|  \n  |  "
	if got != want {
		t.Errorf("Columns = %q, want %q", got, want)
	}
}
