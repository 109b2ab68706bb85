package ui

import (
	"fmt"
	"slices"
	"strings"

	"arcade/rooms"
)

// How ratings are written on the screens: in the seats, the lobby's
// player lists, the leaderboards and the "your games" profile.

// ratingText is a rating as the seats and the leaderboards show it: the
// conservative estimate μ−3σ with one decimal, marked "?" while it is
// provisional ("" for a player not rated yet).
func ratingText(r rooms.PlayerRating) string {
	if r.Games == 0 {
		return ""
	}
	if r.Provisional() {
		return fmt.Sprintf("%.1f?", r.Ordinal())
	}
	return fmt.Sprintf("%.1f", r.Ordinal())
}

// sparkline draws a rating's trail (its last games, oldest first) in
// block characters from low to high: "▁▃▅▇". A flat trail is a row of ▄.
func sparkline(trail []float64) string {
	if len(trail) < 2 {
		return ""
	}
	const bars = "▁▂▃▄▅▆▇█"
	lo, hi := slices.Min(trail), slices.Max(trail)
	var b strings.Builder
	for _, v := range trail {
		i := 3
		if hi > lo {
			i = int((v - lo) / (hi - lo) * 7.999)
		}
		b.WriteString(string([]rune(bars)[i]))
	}
	return b.String()
}
