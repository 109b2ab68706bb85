package horror

import (
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// FuzzApply plays a random game some moves in, then applies an arbitrary
// action from an arbitrary seat: a refusal changes nothing, an accepted
// move leaves a valid state.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(0), uint16(0), KindColours, 7, uint8(1), int8(0))
	f.Add(uint64(7), uint8(3), uint16(40), KindMove, 1, uint8(1), int8(2))
	f.Add(uint64(9), uint8(2), uint16(90), KindPlay, 14, uint8(2), int8(1))
	f.Add(uint64(3), uint8(4), uint16(200), KindExchange, 0, uint8(3), int8(-1))
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, steps uint16, kind string, arg int, nargs uint8, who int8) {
		n := 2 + int(players)%5
		g := newGame(t, n, engine.Options{OptRounds: "30"}, seed)
		rng := engine.NewRNG(seed)
		et.FuzzApply(t, g, &rng, int(steps)%400, engine.Seat(who), kind, arg, int(nargs)%5, validState)
	})
}

// FuzzRestore feeds damaged saved states to Restore: never a panic, and a
// state it accepts plays.
func FuzzRestore(f *testing.F) {
	for seed := range uint64(6) {
		g := newGame(f, 2+int(seed)%5, nil, seed)
		rng := engine.NewRNG(seed)
		et.PlayRandom(f, g, &rng, int(seed)*17, nil)
		f.Add(et.Marshal(f, g))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		et.PlayRestored(t, Game{}, data, 6, func(st engine.State) {
			if err := validState(st); err != nil {
				t.Fatal(err)
			}
		})
	})
}

// TestRestoreRoundTrip restores games at every step of a few random games.
func TestRestoreRoundTrip(t *testing.T) {
	for i := range 4 {
		g := newGame(t, 2+i, nil, uint64(i)+40)
		rng := engine.NewRNG(uint64(i))
		et.PlayRandom(t, g, &rng, 300, func(et.Move, []engine.Event) { et.Restored(t, Game{}, g) })
	}
	if _, err := (Game{}).Restore([]byte(`{"players":2}`)); err == nil {
		t.Fatal("a broken state restored")
	}
}
