package labyrinth

import (
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// FuzzApply plays a random game some moves in, then feeds an arbitrary
// action from an arbitrary seat: Apply must not panic, a refusal must be a
// RuleError that changes nothing, and an accepted move must leave a valid
// state.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(1), uint16(0), "genre", 0, uint8(1), int8(0))
	f.Add(uint64(7), uint8(3), uint16(40), "move", 7, uint8(7), int8(2))
	f.Add(uint64(9), uint8(2), uint16(25), "pass", 12, uint8(5), int8(1))
	f.Add(uint64(3), uint8(0), uint16(90), "flip", -1, uint8(2), int8(-1))
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, steps uint16, kind string, arg int, nargs uint8, who int8) {
		n := 1 + int(players)%5
		g := newGame(t, n, allOptions()[seed%4], seed)
		rng := engine.NewRNG(seed)
		enginetest.FuzzApply(t, g, &rng, int(steps)%300, engine.Seat(who), kind, arg, int(nargs)%10, check)
	})
}

// FuzzRestore feeds damaged saved states to Restore: it must never panic,
// and a state it accepts must be playable.
func FuzzRestore(f *testing.F) {
	for seed := range uint64(6) {
		g := newGame(f, 1+int(seed)%5, nil, seed)
		rng := engine.NewRNG(seed)
		enginetest.PlayRandom(f, g, &rng, int(seed)*9, nil)
		f.Add(enginetest.Marshal(f, g))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		enginetest.PlayRestored(t, Game{}, data, 5, nil)
	})
}
