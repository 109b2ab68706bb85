package ui

import (
	"fmt"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/rooms"
)

// A correspondence table whose player has run out of time
// rooms.MaxTimeouts times in a row (rooms.SeatInfo.Overdue) offers its
// host a choice: K hands the seat to a bot, E ends the game with no winner
// (rooms.Client.EndEarly), each after a question. The others read that the
// host may do so.

// askKey takes every key while a question is asked (see ask).
func (ts *tableScreen) askKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	if ts.ask == nil {
		return nil, false
	}
	cmd, over := ts.ask.answer(ts.s, k, ts.keys.Yes, ts.keys.No)
	if over {
		ts.ask = nil
	}
	return cmd, true
}

// overdueSeat is the first seat that ran out of time rooms.MaxTimeouts
// times in a row while the game is played, another's before the player's
// own (-1 when none did).
func (ts *tableScreen) overdueSeat() int {
	if ts.u.Table.Status != rooms.Playing {
		return -1
	}
	own := -1
	for i, s := range ts.u.Seats {
		switch {
		case !s.Overdue:
		case engine.Seat(i) == ts.u.You:
			own = i
		default:
			return i
		}
	}
	return own
}

// overdueKey takes K and E while a seat is overdue: the host is asked
// whether to hand the seat to a bot, or to end the game; anyone else is
// told these are the host's.
func (ts *tableScreen) overdueKey(k tea.KeyPressMsg) (tea.Cmd, bool) {
	km := ts.keys
	late := ts.overdueSeat()
	if late < 0 || !keyMatches(k, km.Kick, km.EndEarly) {
		return nil, false
	}
	name := ts.nameOf(engine.Seat(late))
	c := ts.s.client
	switch {
	case !ts.u.Host:
		ts.s.setStatus(ts.onlyHost("may hand "+name+"'s seat to a bot or end the game."), true)
	case keyMatches(k, km.Kick) && engine.Seat(late) == ts.u.You:
		ts.s.setStatus("Your own seat is not for a bot: a move of yours keeps it.", true)
	case keyMatches(k, km.Kick):
		ts.ask = &ask{
			question: fmt.Sprintf("Hand %s's seat to a normal bot for the rest of the game? %s loses it. y/n", name, name),
			yes: func() tea.Cmd {
				return ts.s.call(func() error { return c.Kick(late) }, fmt.Sprintf("A bot plays %s's seat now.", name))
			},
		}
	default:
		ts.ask = &ask{
			question: "End the game now? It is recorded as it stands, with no winner. y/n",
			yes:      func() tea.Cmd { return ts.s.call(c.EndEarly, "") },
		}
	}
	return nil, true
}

// overdueNote says who ran out of time again and again, and what may be
// done about it: the host's keys, to the host ("" when nobody did).
func (ts *tableScreen) overdueNote() string {
	late := ts.overdueSeat()
	if late < 0 {
		return ""
	}
	km := ts.keys
	name := ts.nameOf(engine.Seat(late))
	switch {
	case engine.Seat(late) == ts.u.You:
		return fmt.Sprintf("You ran out of time %d times in a row: the host may hand your seat to a bot or end the game. A move of yours clears it.", rooms.MaxTimeouts)
	case ts.u.Host:
		return fmt.Sprintf("%s ran out of time %d times in a row: %s hands the seat to a bot, %s ends the game now (no winner).",
			name, rooms.MaxTimeouts, keyLabels(km.Kick), keyLabels(km.EndEarly))
	}
	return fmt.Sprintf("%s ran out of time %d times in a row: the host may hand the seat to a bot or end the game.", name, rooms.MaxTimeouts)
}
