package firetower

import (
	"strconv"
	"strings"

	"arcade/engine"
)

// cardList names cards for a log line: "North, Flare Up and Air Drop".
func cardList(cs []Card) string {
	names := make([]string, len(cs))
	for i, c := range cs {
		names[i] = c.Name()
	}
	return joinAnd(names)
}

// joinAnd joins words as engine.JoinAnd does, "nothing" for none.
func joinAnd(items []string) string {
	if len(items) == 0 {
		return "nothing"
	}
	return engine.JoinAnd(items)
}

// span names a pattern's squares: "C5" or "C5-E5".
func span(cells []Point) string { return stretchOf(cells).String() }

// stretch is a pattern's squares by its two ends, as a log line names
// them; First and Last are the same square for a one-square pattern.
type stretch struct{ First, Last Point }

// stretchOf is the stretch of a pattern's squares (in reading order).
func stretchOf(cells []Point) stretch { return stretch{cells[0], cells[len(cells)-1]} }

// String names the squares: "C5" or "C5-E5".
func (s stretch) String() string {
	if s.First == s.Last {
		return s.First.String()
	}
	return s.First.String() + "-" + s.Last.String()
}

// tally counts what an effect does: squares lit and put out, firebreaks
// built and razed.
type tally struct{ Lit, Out, Built, Razed int }

// tally counts the effect's changes.
func (e Effect) tally() tally {
	var t tally
	for _, ch := range e.Changes {
		switch {
		case ch.To == Fire:
			t.Lit++
		case ch.To == Break:
			t.Built++
		case ch.From == Fire:
			t.Out++
		case ch.From == Break:
			t.Razed++
		}
	}
	return t
}

// Summary says what an effect does in a few words: "+3 gems", "-2 gems,
// +1 firebreak".
func (e Effect) Summary() string { return e.tally().String() }

// String is the tally in a few words: "+3 gems", "-2 gems, +1 firebreak".
func (t tally) String() string {
	var parts []string
	add := func(count int, sign, what string) {
		if count > 0 {
			parts = append(parts, sign+plural(count, what))
		}
	}
	add(t.Lit, "+", "gem")
	add(t.Out, "-", "gem")
	add(t.Built, "+", "firebreak")
	add(t.Razed, "-", "firebreak")
	if len(parts) == 0 {
		return "no change"
	}
	return strings.Join(parts, ", ")
}

// plural writes "1 card" or "3 cards".
func plural(n int, what string) string {
	return strconv.Itoa(n) + " " + engine.Plural(n, what, what+"s")
}

// seatRefs are the seat references of the seats a table may have.
var seatRefs = [4]string{engine.SeatRef(0), engine.SeatRef(1), engine.SeatRef(2), engine.SeatRef(3)}

// seatRef is engine.SeatRef(s), without formatting for the usual seats.
func seatRef(s engine.Seat) string {
	if s >= 0 && int(s) < len(seatRefs) {
		return seatRefs[s]
	}
	return engine.SeatRef(s)
}
