package horror

import (
	"fmt"
	"strconv"
	"sync/atomic"

	"arcade/engine"
)

// The events' texts: built only when the state's log keeps them, joined
// from parts without fmt, the commonest ones kept once built.

// who names a seat in an event.
func who(s engine.Seat) string {
	if s >= 0 && int(s) < len(seatRefs) {
		return seatRefs[s]
	}
	return engine.SeatRef(s)
}

// seatRefs are who(s) for every seat.
var seatRefs = func() (out [len(seats)]string) {
	for s := range out {
		out[s] = engine.SeatRef(engine.Seat(s))
	}
	return out
}()

// telling reports whether the log keeps events: texts are built only
// then.
func (g *state) telling() bool { return !g.log.Discarding() }

// say logs an event for everyone, its text the parts joined (only when
// the log keeps it).
func (g *state) say(parts ...string) { g.tell(engine.Everyone, parts) }

// whisper logs an event only seat s may read, like say.
func (g *state) whisper(s engine.Seat, parts ...string) { g.tell(s, parts) }

// tell logs the parts joined as an event for to.
func (g *state) tell(to engine.Seat, parts []string) {
	if g.telling() {
		g.log.add(g, engine.Event{Fact: prose(g.log.join(g, parts)), To: to})
	}
}

// itoa is n in words of digits.
func itoa(n int) string { return strconv.Itoa(n) }

// signed is n with its sign, as %+d writes it.
func signed(n int) string {
	if n >= -signedMax && n <= signedMax {
		return signedTexts[n+signedMax]
	}
	return signedText(n)
}

// signedMax bounds the numbers whose signed texts are kept in
// signedTexts: every Fortitude and more.
const signedMax = 20

// signedTexts are signed(n) for n from -signedMax to signedMax.
var signedTexts = func() (out [2*signedMax + 1]string) {
	for i := range out {
		out[i] = signedText(i - signedMax)
	}
	return out
}()

// signedText builds signed(n).
func signedText(n int) string {
	if n >= 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// roomName names cell c: "room 7 (b2)" or "the Portal".
func (g *state) roomName(c int) string {
	if c == g.centre() {
		return "the Portal"
	}
	t := g.Cells[c].Tile
	if t < numRooms && (g.Size == 3 || g.Size == 5) {
		return roomNames[g.Size/5][c][t]
	}
	return roomText(t, c, g.Size)
}

// roomText names room tile t at cell c of a size x size library.
func roomText(t, c, size int) string {
	return fmt.Sprintf("room %d (%s)", t+1, CellName(c, size))
}

// roomNames are the rooms' names (roomText) in the 3x3 and the 5x5
// library, by cell and tile.
var roomNames = func() (out [2][][numRooms]string) {
	for i, size := range [2]int{3, 5} {
		out[i] = make([][numRooms]string, size*size)
		for c := range out[i] {
			for t := range numRooms {
				out[i][c][t] = roomText(t, c, size)
			}
		}
	}
	return out
}()

// rotated logs seat s's turning the room at cell c a quarter
// (anticlockwise or clockwise).
func (g *state) rotated(s engine.Seat, c int, anti bool) {
	if !g.telling() {
		return
	}
	way := 0
	if anti {
		way = 1
	}
	key, t := c, g.Cells[c].Tile
	if g.Size == 5 {
		key += 9
	}
	if s < 0 || int(s) >= len(seats) || t >= numRooms || key >= len(rotateTexts[0]) || g.Size != 3 && g.Size != 5 {
		g.say(g.rotateText(s, c, way))
		return
	}
	kept := &rotateTexts[s][key][t][way]
	text := kept.Load()
	if text == nil {
		x := g.rotateText(s, c, way)
		text = &x
		kept.Store(text)
	}
	g.log.add(g, engine.Event{Fact: prose(*text), To: engine.Everyone})
}

// rotateText is the event of seat s's turning the room at cell c a
// quarter (way 0 clockwise, 1 anticlockwise).
func (g *state) rotateText(s engine.Seat, c, way int) string {
	return who(s) + " turns " + g.roomName(c) + " a quarter " + [2]string{"clockwise", "anticlockwise"}[way]
}

// rotateTexts keep the texts of rotations once built, shared by every
// game: by seat, cell (the 3x3 library's 9, then the 5x5's 25), tile and
// way.
var rotateTexts [len(seats)][9 + 25][numRooms][2]atomic.Pointer[string]

// endTexts are the events of each seat's ending its turn.
var endTexts = func() (out [len(seats)]string) {
	for s := range out {
		out[s] = who(engine.Seat(s)) + " ends their turn"
	}
	return out
}()
