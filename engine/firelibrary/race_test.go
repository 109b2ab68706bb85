//go:build race

package firelibrary

// raceEnabled trims the long property tests under the race detector.
const raceEnabled = true
