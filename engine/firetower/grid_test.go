package firetower

import (
	"slices"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestAnchorsMatchPlace checks the square sets Legal lists placements from
// against the rules themselves: on the positions of random games, every
// card in every rotation may be anchored exactly where Position.Place
// accepts it, every Bucket exactly where Position.Bucket does, and the
// wind spreads exactly where Position.Spread does, and an Ember's gem
// lands exactly where Position.canLand allows. It also checks that
// Apply's test of a move (allowed) accepts exactly the moves Legal lists.
func TestAnchorsMatchPlace(t *testing.T) {
	games := 12
	if enginetest.RaceEnabled || testing.Short() {
		games = 4
	}
	positions := 0
	for i := range games {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)+900)
		rng := engine.NewRNG(uint64(i))
		for step := 0; !g.Outcome().Done; step++ {
			if step%4 == 0 {
				checkAnchors(t, &g.Pos)
				checkAllowed(t, g)
				positions++
			}
			mustApply(t, g, randomMove(g, &rng))
		}
	}
	t.Logf("%d positions", positions)
}

func checkAnchors(t *testing.T, p *Position) {
	t.Helper()
	gr := p.grid()
	towers := [][]Tower{{Red}, {Blue}, {Purple, Green}}
	for y := range Size {
		for x := range Size {
			a := Point{x, y}
			for c := range numCards {
				for rot := range 2 {
					set := gr.anchors(c, rot)
					_, err := p.Place(c, a, rot)
					if set.has(a) != (err == nil) {
						t.Fatalf("%s at %s rotation %d: anchors say %v, Place says %v\n%v", c, a, rot, set.has(a), err, p.Board.Rows())
					}
				}
			}
			for _, all := range towers {
				var ts []Tower // a seat defends towers in play only
				for _, t := range all {
					if p.InPlay[t] {
						ts = append(ts, t)
					}
				}
				if ts == nil {
					continue
				}
				for rot := range 2 {
					set := gr.buckets(ts, rot)
					_, err := p.Bucket(a, rot, ts)
					if set.has(a) != (err == nil) {
						t.Fatalf("Bucket for %v at %s rotation %d: sets say %v, Bucket says %v", ts, a, rot, set.has(a), err)
					}
				}
			}
			var lands []Point
			for y := range Size {
				for x := range Size {
					if p.canLand(a, Point{x, y}) {
						lands = append(lands, Point{x, y})
					}
				}
			}
			if got := gr.landings(a).points(); !slices.Equal(got, lands) {
				t.Fatalf("an Ember gem from %s: sets land it on %v, canLand on %v", a, got, lands)
			}
			for d := North; d <= West; d++ {
				set := gr.spreads(d)
				if _, err := p.Spread(d, a); set.has(a) != (err == nil) {
					t.Fatalf("wind %s at %s: sets say %v, Spread says %v", d, a, set.has(a), err)
				}
			}
		}
	}
}

// checkAllowed checks allowed against Legal: every legal move and none of
// its near misses (an argument moved by one, a missing or extra one,
// another kind) unless Legal lists that too.
func checkAllowed(t *testing.T, g *state) {
	t.Helper()
	s := g.acting()
	legal := g.Legal(s)
	listed := map[string]bool{}
	for _, a := range legal {
		listed[a.String()] = true
	}
	try := func(a engine.Action) {
		if got := g.allowed(s, a); got != listed[a.String()] {
			t.Fatalf("%s in %s: allowed says %v, Legal %v", a, g.phase(), got, listed[a.String()])
		}
	}
	for k, a := range legal {
		if k%7 != 0 && a.Kind == KindPlay {
			continue // a sample of the placements
		}
		try(a)
		for i := range a.Args {
			for _, d := range []int{-1, 1} {
				b := engine.Action{Kind: a.Kind, Args: append([]int(nil), a.Args...)}
				b.Args[i] += d
				try(b)
			}
		}
		try(engine.Action{Kind: a.Kind, Args: a.Args[:max(len(a.Args)-1, 0)]})
		try(engine.Action{Kind: a.Kind, Args: append(append([]int(nil), a.Args...), 0)})
		for _, kind := range probeKinds {
			try(engine.Action{Kind: kind, Args: a.Args})
		}
	}
}
