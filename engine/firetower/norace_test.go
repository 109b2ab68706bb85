//go:build !race

package firetower

const raceEnabled = false
