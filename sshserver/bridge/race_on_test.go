//go:build race

package bridge

// raceOn: the race detector is on, and sync.Pool drops some of what it is
// given, so allocation counts mean nothing.
const raceOn = true
