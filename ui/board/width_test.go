package board

import (
	"strings"
	"testing"
	"unicode/utf8"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// FuzzWidth: Width always agrees with ansi.StringWidth.
func FuzzWidth(f *testing.F) {
	for _, s := range []string{
		"", "plain", "\x1b[1;38;2;1;2;3mbold\x1b[m", "›Fire · 1-6 ▸ │ ─ █░", "é à ü ß",
		"中文", "☕ tea", "R⌂ ✓✗ ✔✘", "e\u0301", "a\u200db", "\x1b]8;;http://x\x07link\x1b]8;;\x07", "\x1b[", "tab\tx", "\u00ad",
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

// FuzzTrimmedWidth: TrimmedWidth always agrees with the width of the
// stripped text without its trailing spaces.
func FuzzTrimmedWidth(f *testing.F) {
	for _, s := range []string{
		"", "   ", "board  ", "\x1b[31mboard\x1b[m   ", "a\x1b[7m  \x1b[m \x1b[1m \x1b[m  ", "x[5 A", "\x1b[", "a \x1b[", "\x1b[ 0A",
		"\x1b]8;;http://x\x07link\x1b]8;;\x07  ", "a\x1b]0;t\x1b\\ ", "漢字 \x1b[m ", "\x1b[m\x1b[1m",
		lipgloss.NewStyle().Reverse(true).Render("sel  ") + "  ",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			t.Skip("ansi.Strip drops bytes that are not UTF-8")
		}
		if got, want := TrimmedWidth(s), Width(strings.TrimRight(ansi.Strip(s), " ")); got != want {
			t.Errorf("TrimmedWidth(%q) = %d, want %d", s, got, want)
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
