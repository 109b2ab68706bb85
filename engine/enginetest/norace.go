//go:build !race

package enginetest

// RaceEnabled is true under the race detector: long property tests play
// fewer games.
const RaceEnabled = false
