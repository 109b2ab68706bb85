package fireproto

import (
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// FuzzApply plays a random game some moves in, then feeds an arbitrary
// action from an arbitrary seat: Apply must not panic, a refusal must be a
// RuleError that changes nothing, and an accepted move must leave a valid
// state.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(1), uint16(0), "score", 0, uint8(0), int8(0))
	f.Add(uint64(7), uint8(3), uint16(40), "douse", 3, uint8(1), int8(2))
	f.Add(uint64(9), uint8(2), uint16(25), "order", 5, uint8(1), int8(1))
	f.Add(uint64(3), uint8(0), uint16(90), "burn", -1, uint8(2), int8(-1))
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, steps uint16, kind string, arg int, nargs uint8, who int8) {
		n := 2 + int(players)%4
		g := newGame(t, n, seed)
		rng := engine.NewRNG(seed)
		et.FuzzApply(t, g, &rng, int(steps)%300, engine.Seat(who), kind, arg, int(nargs)%4, validState)
	})
}

// FuzzRestore feeds damaged saved states to Restore: it must never panic,
// and a state it accepts must be playable (views, legal moves, a timeout
// and any legal move) without panicking.
func FuzzRestore(f *testing.F) {
	for seed := range uint64(6) {
		g := newGame(f, 2+int(seed)%4, seed)
		rng := engine.NewRNG(seed)
		et.PlayRandom(f, g, &rng, int(seed)*9, nil)
		f.Add(et.Marshal(f, g))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		et.PlayRestored(t, Game{}, data, 5, func(st engine.State) { valid(t, st.(*state)) })
	})
}
