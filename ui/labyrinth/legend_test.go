package labyrinth

import (
	"slices"
	"strings"
	"testing"

	"arcade/ui/board"
)

// TestLegendBreaksBetweenEntries: the panel's legend breaks its lines
// between entries, so that "L" and "logic" or "Bas" and "TFA" never sit
// on different lines, no line is wider than the panel, and nothing is
// lost.
func TestLegendBreaksBetweenEntries(t *testing.T) {
	for _, text := range []string{legendShort, legend, legendLong} {
		for w := 16; w <= 80; w++ {
			lines := legendLines(text, w)
			for _, l := range lines {
				if board.Width(l) > w {
					t.Fatalf("width %d: line %q is %d wide", w, l, board.Width(l))
				}
			}
			if got := strings.Join(strings.Fields(strings.Join(lines, " ")), " "); got != strings.Join(strings.Fields(text), " ") {
				t.Fatalf("width %d: the legend lost words:\n%q\n%q", w, got, text)
			}
			for entry := range strings.SplitSeq(text, "  ") {
				if board.Width(entry) <= w && !slices.ContainsFunc(lines, func(l string) bool { return strings.Contains(l, entry) }) {
					t.Fatalf("width %d: entry %q is broken across lines:\n%s", w, entry, strings.Join(lines, "\n"))
				}
			}
		}
	}
}
