//go:build race

package firetower

// raceEnabled trims the long property tests under the race detector.
const raceEnabled = true
