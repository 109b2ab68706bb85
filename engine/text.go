package engine

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Ordinal writes a positive n as "1st", "2nd", "3rd", "4th", ... "11th",
// "21st".
func Ordinal(n int) string {
	suffix := "th"
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			suffix = "st"
		case 2:
			suffix = "nd"
		case 3:
			suffix = "rd"
		}
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// Plural picks one or many by n.
func Plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// JoinSeats names seats as seat references: "{seat0}", "{seat0} and
// {seat2}", "{seat0}, {seat1} and {seat2}".
func JoinSeats(seats []Seat) string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = SeatRef(s)
	}
	return JoinAnd(names)
}

// JoinAnd joins words as "a", "a and b", "a, b and c" ("" for none).
func JoinAnd(items []string) string { return joinLast(items, " and ") }

// JoinOr joins words as "a", "a or b", "a, b or c" ("" for none).
func JoinOr(items []string) string { return joinLast(items, " or ") }

// joinLast joins items with commas, and the last two with last.
func joinLast(items []string, last string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + last + items[len(items)-1]
}

// WinText announces the winners of a game who share the top score best,
// counted in one or many (the score's unit: "point", "points"): "{seat1}
// wins with 9 points." or "{seat0} and {seat1} share the win with 9
// points."
func WinText(winners []Seat, best int, one, many string) string {
	pts := Plural(best, one, many)
	if len(winners) == 1 {
		return fmt.Sprintf("%s wins with %d %s.", JoinSeats(winners), best, pts)
	}
	return fmt.Sprintf("%s share the win with %d %s.", JoinSeats(winners), best, pts)
}

// DecodeStrict decodes one JSON value into v, refusing unknown fields and
// anything after the value: the first guard of Game.Restore against
// damaged or foreign saved states.
func DecodeStrict(data []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return errors.New("data after the JSON value")
	}
	return nil
}
