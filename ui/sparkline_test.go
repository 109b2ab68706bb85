package ui

import "testing"

// TestSparkline: a rating's trail from low to high, a flat one in the
// middle, nothing for a single game.
func TestSparkline(t *testing.T) {
	for _, c := range []struct {
		trail []float64
		want  string
	}{
		{[]float64{0, 1, 2, 3}, "▁▃▆█"},
		{[]float64{5, 5, 5}, "▄▄▄"},
		{[]float64{7}, ""},
		{[]float64{3, 0}, "█▁"},
	} {
		if got := sparkline(c.trail); got != c.want {
			t.Errorf("sparkline(%v) = %q, want %q", c.trail, got, c.want)
		}
	}
}
