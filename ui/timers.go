package ui

import (
	"time"

	tea "charm.land/bubbletea/v2"
)

// The router's timers: the end of the status line, and the redraws of
// the countdowns on the screen. An idle session runs none.

// tickMsg redraws countdowns once a second while a deadline runs.
type tickMsg time.Time

// statusExpiredMsg says the status line may have outlived statusLife.
type statusExpiredMsg struct{}

// statusTimer returns a timer for the status line's end when it shows
// something and none runs; an idle session with nothing to say has none.
func (a *App) statusTimer() tea.Cmd {
	s := a.s
	if s.status == "" || a.statusTimed || a.ended {
		return nil
	}
	a.statusTimed = true
	return tea.Tick(statusLife-time.Since(s.statusAt), func(time.Time) tea.Msg { return statusExpiredMsg{} })
}

// maybeTick schedules the next redraw of a countdown on the screen (see
// nextTick), so an idle session does no work at all.
func (a *App) maybeTick() tea.Cmd {
	if a.ticking {
		return nil
	}
	next := a.nextTick(time.Now())
	if next <= 0 {
		return nil
	}
	a.ticking = true
	return tea.Tick(next, func(t time.Time) tea.Msg { return tickMsg(t) })
}

// nextTick is how long until a countdown shown changes (0 when none
// runs): at a table its response window's and its turn clock's, in the
// lobby the correspondence clocks of the player's tables, and at most
// lobbyTurnsEvery while the lobby lists any (a backstop: the hub hands
// the lobby again when whose move it is changes there). A clock of days changes once an
// hour, of hours once a minute (clockLeft).
func (a *App) nextTick(now time.Time) time.Duration {
	deadlines := a.s.lobbyDeadlines()
	if a.table != nil {
		deadlines = []time.Time{a.table.u.Deadline, a.table.u.TurnDeadline}
	}
	next := time.Duration(0)
	if a.table == nil && len(a.s.away) > 0 {
		next = lobbyTurnsEvery
	}
	for _, dl := range deadlines {
		if _, d := clockLeft(dl, now); d > 0 && (next == 0 || d < next) {
			next = d
		}
	}
	return next
}

// lobbyTurnsEvery is how often the lobby asks again whose move it is at
// the player's tables.
const lobbyTurnsEvery = 15 * time.Second
