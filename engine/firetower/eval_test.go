package firetower

import (
	"math"
	"slices"
	"testing"

	"arcade/engine"
)

// TestRateAfterSpread checks params.NextSpread against the rules: a move's
// rating is the lowest, for the judge's seat, of the ratings after each
// spread the rules allow next (Position.Spread), for every wind, on
// positions of real games.
func TestRateAfterSpread(t *testing.T) {
	p := hardParams
	p.NextSpread = true
	checked := 0
	for seed := uint64(1); seed <= 6; seed++ {
		g := newGame(t, 2+int(seed%3), nil, seed)
		rng := engine.NewRNG(seed)
		for range 20 + 10*seed {
			if g.Over {
				break
			}
			mustApply(t, g, randomMove(g, &rng))
		}
		s := g.Pending()[0]
		v := g.View(s).(View)
		j := newJudge(&v, &p)
		j.spread = true
		moves := [][]Change{nil}
		for _, c := range options(&v, false) {
			if len(c.e.Changes) > 0 && len(moves) < 12 {
				moves = append(moves, c.e.Changes)
			}
		}
		for d := North; d <= West; d++ {
			for _, changes := range moves {
				after := v.Position
				for _, ch := range changes {
					after.Board.Set(ch.At, ch.To)
				}
				want, found := math.Inf(1), false
				for k := range after.Board {
					e, err := after.Spread(d, Point{k % Size, k / Size})
					if err != nil {
						continue
					}
					found = true
					want = min(want, j.rateNow(append(slices.Clone(changes), e.Changes...), d))
				}
				if !found {
					want = j.rateNow(changes, d)
				}
				if got := j.rate(changes, d); got != want {
					t.Fatalf("seed %d, wind %s, changes %v: rated %v after the next spread, want %v", seed, d, changes, got, want)
				}
				checked++
			}
		}
	}
	if checked < 100 {
		t.Fatalf("only %d ratings checked", checked)
	}
}

// TestOwnTau checks that the danger to a defended tower falls off with
// OwnTau and to an attacked one with Tau, whichever the judge rates first
// (its memo keeps them apart).
func TestOwnTau(t *testing.T) {
	p := normalParams
	p.OwnTau = 4
	for _, ownFirst := range []bool{true, false} {
		j := &judge{p: &p}
		own, foe := &watch{side: -p.Own}, &watch{side: 1}
		first, second := foe, own
		if ownFirst {
			first, second = own, foe
		}
		const m = 9 // three squares off the wind
		j.danger(first, m, 1, false, false)
		j.danger(second, m, 1, false, false)
		if got, want := j.danger(own, m, 1, false, false), 100*math.Exp(-3/p.OwnTau); math.Abs(got-want) > 1e-9 {
			t.Errorf("own first %v: a defended tower's danger %v, want %v", ownFirst, got, want)
		}
		if got, want := j.danger(foe, m, 1, false, false), 100*math.Exp(-3/p.Tau); math.Abs(got-want) > 1e-9 {
			t.Errorf("own first %v: an attacked tower's danger %v, want %v", ownFirst, got, want)
		}
	}
}
