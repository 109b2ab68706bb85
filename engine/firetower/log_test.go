package firetower

import (
	"strings"
	"testing"

	"arcade/engine"
)

// TestDiscardToldOnce plays random games and checks that a discard (in
// Part 2, a trim, a Firestorm redraw) is told once to the seat that made
// it, in the log's third-person voice, and that what it draws is told
// once, never as "{seat1} discards 1 card and draws." followed by
// "You discarded East." and "You drew West.".
func TestDiscardToldOnce(t *testing.T) {
	seen := map[string]int{}
	for i := range 30 {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)*104729+3)
		rng := engine.NewRNG(uint64(i) + 11)
		for steps := 0; !g.Over && steps < maxSteps; steps++ {
			m := randomMove(g, &rng)
			if rng.Intn(4) == 0 && g.phase() == PartAction && len(g.Seats[m.Seat].Hand) > 0 {
				m.Action = engine.Action{Kind: KindDiscard, Args: []int{0}} // discards are rare otherwise
			}
			evs := mustApply(t, g, m)
			switch k := m.Action.Kind; {
			case k == KindDiscard, k == KindTrim, k == KindRedraw && len(m.Action.Args) > 0:
				seen[k]++
				checkToldOnce(t, m, evs)
			}
		}
	}
	for _, k := range []string{KindDiscard, KindTrim, KindRedraw} {
		if seen[k] == 0 {
			t.Errorf("no %s move was checked", k)
		}
	}
}

// checkToldOnce checks the events of discard move m as its seat reads them.
func checkToldOnce(t *testing.T, m move, evs []engine.Event) {
	t.Helper()
	var mine []string
	for _, e := range evs {
		if e.VisibleTo(m.Seat) {
			mine = append(mine, e.Text())
		}
	}
	count := func(words ...string) int {
		n := 0
		for _, line := range mine {
			for _, w := range words {
				if strings.Contains(line, w) && !strings.Contains(line, "Firestorm") {
					n++
					break
				}
			}
		}
		return n
	}
	want := engine.SeatRef(m.Seat) + " discards "
	if count("discards", "discarded") != 1 || count(want) != 1 {
		t.Errorf("%v by seat %d: the discard should be told once, as %q...; the seat reads %q", m.Action, m.Seat, want, mine)
	}
	if count("drew", "draws") > 1 {
		t.Errorf("%v by seat %d: the draw is told more than once: %q", m.Action, m.Seat, mine)
	}
}
