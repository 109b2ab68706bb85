package ui

import (
	"fmt"
	"strings"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
)

// seatPanel is the host's panel for seating bots (opened with B): a cursor
// over the seats and the level of the next bot. While it is open it takes
// the board's place and every key.
type seatPanel struct {
	open  bool
	seat  int // the seat under the cursor
	level int // index into rooms.BotLevels
}

// defaultBotLevel is the level the panel offers first.
const defaultBotLevel = 1 // normal

// seatNote says what a seat's player is up to, when it is not simply
// here and playing: a bot standing in for them, away, idle.
func seatNote(s rooms.SeatInfo) string {
	switch {
	case s.Empty:
		return ""
	case s.StandIn && s.Connected:
		return "idle; " + rooms.ABot(s.BotLevel) + " plays for them"
	case s.StandIn:
		return "away; " + rooms.ABot(s.BotLevel) + " plays for them"
	case s.Bot:
		return "" // its name says its level: "Normal bot"
	case s.Overdue && !s.Connected:
		return "away; " + outOfTime
	case s.Overdue:
		return outOfTime
	case !s.Connected:
		return "away"
	case s.Idle:
		return "idle: their time ran out"
	}
	return ""
}

// outOfTime is what an overdue seat's note says (rooms.SeatInfo.Overdue).
var outOfTime = fmt.Sprintf("out of time %d times in a row", rooms.MaxTimeouts)

// canTakeBot reports whether a bot may sit in seat i now: an empty seat
// before the game, the seat of a player who is away during it or whose
// turn clock ran out (idle).
func (ts *tableScreen) canTakeBot(i int) bool {
	t := ts.u
	if i < 0 || i >= len(t.Seats) {
		return false
	}
	s := t.Seats[i]
	switch t.Table.Status {
	case rooms.Waiting:
		return s.Empty
	case rooms.Playing:
		if t.Clock.Correspondence() && !s.Connected && !s.Overdue {
			return false // away between moves, as players of such a game are
		}
		return !s.Empty && !s.Bot && (!s.Connected || s.Idle)
	}
	return false
}

// nextBotSeat is the first seat after from (wrapping round) that can take
// a bot, or -1.
func (ts *tableScreen) nextBotSeat(from int) int {
	n := len(ts.u.Seats)
	for k := 1; k <= n; k++ {
		if i := (from + k) % n; ts.canTakeBot(i) {
			return i
		}
	}
	return -1
}

// openSeatPanel opens the panel on the first seat that can take a bot.
func (ts *tableScreen) openSeatPanel() tea.Cmd {
	t := ts.u
	p := &ts.seats
	switch {
	case !t.Host:
		ts.s.setStatus(ts.onlyHost("seats bots."), true)
		return nil
	case t.Table.Status == rooms.Finished:
		ts.s.setStatus("The game is over. Press Q to go back to the lobby.", true)
		return nil
	}
	if !p.open && p.level == 0 && p.seat == 0 {
		p.level = defaultBotLevel
	}
	p.open = true
	p.seat = max(ts.nextBotSeat(len(t.Seats)-1), 0)
	ts.s.setStatus("", false)
	return nil
}

// seatPanelKey handles a key while the panel is open.
func (ts *tableScreen) seatPanelKey(k tea.KeyPressMsg) tea.Cmd {
	km := ts.keys
	t := ts.u
	p := &ts.seats
	n := len(t.Seats)
	switch {
	case keyMatches(k, km.Close, km.AddBot):
		p.open = false
		ts.s.setStatus("", false)
	case keyMatches(k, km.Up):
		p.seat = max(p.seat-1, 0)
	case keyMatches(k, km.Down):
		p.seat = min(p.seat+1, n-1)
	case keyMatches(k, km.Left):
		p.level = max(p.level-1, 0)
	case keyMatches(k, km.Right):
		p.level = min(p.level+1, len(rooms.BotLevels)-1)
	case keyMatches(k, km.Do):
		return ts.seatBot()
	case keyMatches(k, km.RemoveBot):
		seat := p.seat
		return ts.s.call(func() error { return ts.s.client.RemoveBot(seat) }, fmt.Sprintf("Seat %d: the bot is gone.", seat+1))
	case keyMatches(k, km.Kick):
		seat, name := p.seat, ts.nameOf(engine.Seat(p.seat))
		return ts.s.call(func() error { return ts.s.client.Kick(seat) }, fmt.Sprintf("%s is no longer at the table.", name))
	case keyMatches(k, km.HandHost):
		seat, name := p.seat, ts.nameOf(engine.Seat(p.seat))
		p.open = false
		return ts.s.call(func() error { return ts.s.client.HandHost(seat) }, fmt.Sprintf("%s is the host now.", name))
	case keyMatches(k, km.Start) && t.Table.Status == rooms.Waiting:
		p.open = false
		return ts.s.call(ts.s.client.Start, "")
	case keyMatches(k, km.Leave):
		p.open = false
		ts.confirmLeave = true
		ts.s.setStatus("", false)
	default:
		ts.s.setStatus(fmt.Sprintf("%q does nothing here: ↑↓ seat, ←→ level, enter seats a bot, x removes one, K removes a player, H makes them host, esc closes.", k.String()), true)
	}
	return nil
}

// seatBot seats a bot of the chosen level under the cursor and moves the
// cursor on to the next seat that can take one (closing the panel when
// none is left).
func (ts *tableScreen) seatBot() tea.Cmd {
	p := &ts.seats
	seat, level := p.seat, rooms.BotLevels[p.level]
	if !ts.canTakeBot(seat) {
		if ts.u.Table.Status == rooms.Playing {
			ts.s.setStatus(fmt.Sprintf("Seat %d is not free: during the game a bot can only play for a player who left or whose time ran out.", seat+1), true)
		} else {
			ts.s.setStatus(fmt.Sprintf("Seat %d is not empty: choose an empty seat (↑↓).", seat+1), true)
		}
		return nil
	}
	ok := fmt.Sprintf("Seat %d now has %s.", seat+1, rooms.ABot(level))
	switch {
	case ts.u.Table.Status == rooms.Playing && ts.u.Seats[seat].Connected:
		ok = fmt.Sprintf("Until %s acts again, %s plays for them.", ts.nameOf(engine.Seat(seat)), rooms.ABot(level))
	case ts.u.Table.Status == rooms.Playing:
		ok = fmt.Sprintf("Until %s comes back, %s plays for them.", ts.nameOf(engine.Seat(seat)), rooms.ABot(level))
	}
	if next := ts.nextBotSeat(seat); next >= 0 && next != seat {
		p.seat = next
	} else {
		p.open = false
		if ts.u.Table.Status == rooms.Waiting {
			ok += " Every seat is filled: S starts the game."
		}
	}
	return ts.s.call(func() error { return ts.s.client.AddBot(seat, level) }, ok)
}

// seatPanelView draws the panel: the seats with the cursor, the level and
// the panel's keys.
func (ts *tableScreen) seatPanelView(w int) string {
	th := ts.s.th
	t := ts.u
	p := ts.seats
	lines := []string{th.Heading.Render("SEATS") + th.Faint.Render(" · choose a seat and a bot level")}
	for i, s := range t.Seats {
		who := "empty"
		if !s.Empty {
			who = seatName(s)
			if note := seatNote(s); note != "" {
				who += " (" + note + ")"
			}
			if r := ratingText(s.Rating); r != "" && !s.Bot {
				who += " · " + r
			}
		}
		row := fmt.Sprintf(" %d. %s", i+1, who)
		if i == p.seat {
			lines = append(lines, th.Selected.Render(board.PadRight("›"+row, min(w, 60))))
		} else {
			lines = append(lines, " "+row)
		}
	}
	var levels []string
	for i, l := range rooms.BotLevels {
		if i == p.level {
			levels = append(levels, th.Selected.Render("["+l+"]"))
		} else {
			levels = append(levels, " "+l+" ")
		}
	}
	lines = append(lines, ts.provisionalLegend(w)...)
	lines = append(lines, "", "Bot level: "+strings.Join(levels, " "))
	if ts.nextBotSeat(0) < 0 {
		none := "No seat can take a bot now."
		if t.Table.Status == rooms.Playing && t.Clock.Correspondence() {
			none = fmt.Sprintf("No seat can take a bot now: players come and go between moves here, and a bot takes a seat only once its player's clock ran out %d times in a row.", rooms.MaxTimeouts)
		}
		for _, l := range board.Wrap(none, w) {
			lines = append(lines, th.Faint.Render(l))
		}
	}
	return strings.Join(lines, "\n")
}

// seatPanelHints is the key line while the panel is open.
func (ts *tableScreen) seatPanelHints() string {
	km := ts.keys
	parts := []string{ts.hint("seat", km.Up, km.Down), ts.hint("level", km.Left, km.Right)}
	// What may be done with the seat under the cursor.
	if i := ts.seats.seat; i >= 0 && i < len(ts.u.Seats) {
		switch st := ts.u.Seats[i]; {
		case ts.canTakeBot(i):
			parts = append(parts, ts.hint("seat bot", km.Do))
		case st.Bot:
			parts = append(parts, ts.hint("remove bot", km.RemoveBot))
		}
		if st := ts.u.Seats[i]; !st.Empty && !st.Bot && engine.Seat(i) != ts.u.You {
			parts = append(parts, ts.hint("remove player", km.Kick))
			if st.Connected {
				parts = append(parts, ts.hint("make host", km.HandHost))
			}
		}
	}
	if ts.u.Table.Status == rooms.Waiting {
		parts = append(parts, ts.hint("start", km.Start))
	}
	return ts.packHints(append(parts, ts.hint("close", km.Close)))
}
