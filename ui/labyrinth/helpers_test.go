package labyrinth

import (
	"testing"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
)

// game plays random legal moves (flips, moves and takes first) from a
// new game until it is seat you's turn to act with steps moves made, and
// returns the state; seeds that end too soon are skipped.
func game(t *testing.T, players int, seed uint64, steps int, you engine.Seat) engine.State {
	t.Helper()
	for try := range 50 {
		st, err := lab.Game{}.New(players, nil, seed+uint64(try)*1000)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		for i := 0; !st.Outcome().Done; i++ {
			s := st.Pending()[0]
			v := st.View(s).(lab.View)
			if i >= steps && s == you && v.Phase == lab.PhaseActions {
				return st
			}
			l := st.Legal(s)
			a := l[rng.Intn(len(l))]
			if rng.Intn(3) > 0 {
				for _, k := range []string{lab.KindMove, lab.KindFlip, lab.KindTake} {
					if c := ofKind(l, k); len(c) > 0 {
						a = c[rng.Intn(len(c))]
						break
					}
				}
			}
			if _, err := st.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatal("no game lasted")
	return nil
}

// ofKind filters actions by kind.
func ofKind(l []engine.Action, kind string) []engine.Action {
	var out []engine.Action
	for _, a := range l {
		if a.Kind == kind {
			out = append(out, a)
		}
	}
	return out
}
