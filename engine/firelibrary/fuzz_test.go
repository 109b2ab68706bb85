package firelibrary

import (
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// FuzzApply plays a random game some moves in, then feeds an arbitrary
// action: Apply must not panic, and a refusal must change nothing.
func FuzzApply(f *testing.F) {
	f.Add(uint64(1), uint8(1), uint16(0), "stop", 0, uint8(0), int8(0))
	f.Add(uint64(7), uint8(3), uint16(40), "tool", 3, uint8(1), int8(2))
	f.Add(uint64(9), uint8(4), uint16(25), "order", 6, uint8(1), int8(1))
	f.Add(uint64(3), uint8(0), uint16(90), "swap", -1, uint8(2), int8(-1))
	f.Add(uint64(5), uint8(200), uint16(30), "play", 11, uint8(3), int8(0))
	f.Add(uint64(6), uint8(130), uint16(12), "burn", 0, uint8(0), int8(1))
	f.Fuzz(func(t *testing.T, seed uint64, players uint8, steps uint16, kind string, arg int, nargs uint8, who int8) {
		rng := engine.NewRNG(seed)
		cfg := config{2 + int(players)%5, engine.Options{}}
		if players >= 128 { // half the inputs try the variants
			cfg = randomConfig(&rng)
		}
		g := newGameOpts(t, cfg.players, cfg.opts, seed)
		enginetest.FuzzApply(t, g, &rng, int(steps)%400, engine.Seat(who), kind, arg, int(nargs)%4, validState)
	})
}
