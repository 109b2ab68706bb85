package horror

import (
	"testing"

	"arcade/engine"
)

// newGame sets up a game or fails the test.
func newGame(t testing.TB, players int, opts engine.Options, seed uint64) *state {
	t.Helper()
	st, err := Game{}.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// validState is the invariant check for the enginetest loops.
func validState(st engine.State) error { return st.(*state).validate() }

// probe makes an arbitrary action, legal or not.
func probe(rng *engine.RNG) engine.Action {
	kinds := []string{KindColours, KindStart, KindMove, KindRotate, KindSearch, KindMirror, KindPicture,
		KindExchange, KindPlay, KindAttack, KindGhost, KindProtect, KindPass, KindLoot, KindNoLoot, KindEnd, "x"}
	a := engine.Action{Kind: kinds[rng.Intn(len(kinds))]}
	for range rng.Intn(4) {
		a.Args = append(a.Args, rng.Intn(30)-3)
	}
	return a
}
