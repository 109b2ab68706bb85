package rating

import (
	"math"
	"testing"
)

// near reports whether a and b agree to 1e-9.
func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// TestRateMatchesTheReference: two teams of two, the first winning, give
// the figures the OpenSkill reference implementation publishes for the
// Plackett-Luce model.
func TestRateMatchesTheReference(t *testing.T) {
	a1, a2 := New(), Rating{32.444, 5.123}
	b1, b2 := Rating{43.381, 2.421}, Rating{25.188, 6.211}
	got := Rate([][]Rating{{a1, a2}, {b1, b2}}, []int{1, 2})
	want := [][]Rating{
		{{28.669648436582808, 8.071520788025197}, {33.83086971107981, 5.062772998705765}},
		{{43.071274808241974, 2.4166900452721256}, {23.149503312339064, 6.1378606973362135}},
	}
	for i := range want {
		for j := range want[i] {
			if g, w := got[i][j], want[i][j]; !near(g.Mu, w.Mu) || !near(g.Sigma, w.Sigma) {
				t.Errorf("team %d player %d: %+v, want %+v", i+1, j+1, g, w)
			}
		}
	}
}

// TestRateOrdersAndTies: in a game of four alone, the winner gains most
// and the last loses most; tied players of equal ratings move alike; every
// spread shrinks; nothing changes the ratings given.
func TestRateOrdersAndTies(t *testing.T) {
	teams := [][]Rating{{New()}, {New()}, {New()}, {New()}}
	got := Rate(teams, []int{1, 2, 2, 4})
	if !(got[0][0].Mu > got[1][0].Mu && got[1][0].Mu > got[3][0].Mu) {
		t.Fatalf("order not kept: %+v", got)
	}
	if !near(got[1][0].Mu, got[2][0].Mu) || !near(got[1][0].Sigma, got[2][0].Sigma) {
		t.Fatalf("tied players moved apart: %+v %+v", got[1][0], got[2][0])
	}
	for i := range got {
		if got[i][0].Sigma >= DefaultSigma {
			t.Errorf("player %d's spread did not shrink: %v", i+1, got[i][0].Sigma)
		}
	}
	if teams[0][0] != New() {
		t.Fatal("the given ratings changed")
	}
	if sum := got[0][0].Mu + got[1][0].Mu + got[2][0].Mu + got[3][0].Mu; !near(sum, 4*DefaultMu) {
		t.Errorf("equal spreads should keep the mean: sum %v", sum)
	}
}
