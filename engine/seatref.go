package engine

import (
	"fmt"
	"regexp"
	"strconv"
)

// SeatRef is how rules code names a seat inside event texts: "{seat2}". The
// UI replaces each reference with the player's display name (ExpandSeats),
// so the engine never needs to know names.
func SeatRef(s Seat) string { return fmt.Sprintf("{seat%d}", int(s)) }

var seatRefPattern = regexp.MustCompile(`\{seat(\d+)\}`)

// ExpandSeats replaces every seat reference in text with name(seat).
func ExpandSeats(text string, name func(Seat) string) string {
	return seatRefPattern.ReplaceAllStringFunc(text, func(m string) string {
		n, err := strconv.Atoi(m[5 : len(m)-1])
		if err != nil {
			return m
		}
		return name(Seat(n))
	})
}
