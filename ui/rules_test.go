package ui

import (
	"fmt"
	"strings"
	"testing"
)

// TestFlowParts: parts fill columns with a blank line between two, go
// whole to the next column rather than leave fewer than flowKeep lines on
// either side, are cut across columns otherwise, and the last column is
// filled only when asked.
func TestFlowParts(t *testing.T) {
	// part makes part number n of size lines: "n.1", "n.2"…
	part := func(n, size int) []string {
		var p []string
		for i := 1; i <= size; i++ {
			p = append(p, fmt.Sprintf("%d.%d", n, i))
		}
		return p
	}
	cases := []struct {
		name    string
		sizes   []int
		heights []int
		fill    bool
		want    string // columns split by |, lines by spaces, "_" a blank line
		whole   int
	}{
		{"a blank line between parts", []int{2, 2, 2}, []int{5, 5}, true, "1.1 1.2 _ 2.1 2.2|3.1 3.2", 3},
		{"too few lines left: the part goes on whole", []int{3, 5}, []int{6, 6}, true, "1.1 1.2 1.3|2.1 2.2 2.3 2.4 2.5", 2},
		{"cut across columns", []int{1, 8}, []int{6, 6}, true, "1.1 _ 2.1 2.2 2.3 2.4|2.5 2.6 2.7 2.8", 2},
		{"the last column holds whole parts", []int{3, 3, 3}, []int{8}, false, "1.1 1.2 1.3 _ 2.1 2.2 2.3", 2},
		{"the last column filled", []int{3, 5}, []int{8}, true, "1.1 1.2 1.3 _ 2.1 2.2 2.3 2.4", 1},
		{"a part taller than the column, alone", []int{9}, []int{4}, false, "1.1 1.2 1.3 1.4", 0},
	}
	for _, c := range cases {
		var parts [][]string
		for i, n := range c.sizes {
			parts = append(parts, part(i+1, n))
		}
		cols, whole := flowParts(parts, c.heights, c.fill)
		var got []string
		for _, col := range cols {
			got = append(got, strings.ReplaceAll(strings.Join(col, " "), "  ", " _ "))
		}
		if g := strings.Join(got, "|"); g != c.want || whole != c.whole {
			t.Errorf("%s: got %q (%d whole), want %q (%d whole)", c.name, g, whole, c.want, c.whole)
		}
	}
}
