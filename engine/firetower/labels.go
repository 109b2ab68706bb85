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

func joinAnd(items []string) string {
	switch len(items) {
	case 0:
		return "nothing"
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// span names a pattern's squares: "C5" or "C5-E5".
func span(cells []Point) string {
	if len(cells) == 1 {
		return cells[0].String()
	}
	return cells[0].String() + "-" + cells[len(cells)-1].String()
}

// Summary says what an effect does in a few words: "+3 gems", "-2 gems,
// +1 firebreak".
func (e Effect) Summary() string {
	var lit, out, built, razed int
	for _, ch := range e.Changes {
		switch {
		case ch.To == Fire:
			lit++
		case ch.To == Break:
			built++
		case ch.From == Fire:
			out++
		case ch.From == Break:
			razed++
		}
	}
	var parts []string
	add := func(count int, sign, what string) {
		if count > 0 {
			parts = append(parts, sign+plural(count, what))
		}
	}
	add(lit, "+", "gem")
	add(out, "-", "gem")
	add(built, "+", "firebreak")
	add(razed, "-", "firebreak")
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

// telling reports whether the game's log keeps its events: an imagined
// game's (a bot's playout) drops them, so their words need not be made.
func (g *state) telling() bool { return !g.log.Discarding() }

// public logs an event every seat may read.
func (g *state) public(text string) {
	g.log.Add(engine.Event{Fact: prose(text), To: engine.Everyone})
}

// private logs an event only seat s may read.
func (g *state) private(s engine.Seat, text string) {
	g.log.Add(engine.Event{Fact: prose(text), To: s})
}
