//go:build !race

package firelibrary

const raceEnabled = false
