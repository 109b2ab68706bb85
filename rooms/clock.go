package rooms

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"arcade/engine"
)

// The turn clock: a table option that stops a player who is connected but
// gone (at the coffee machine) from holding the table for ever. When a
// present human has had a decision for the clock's time, the table plays
// the game's fallback (Timeout) for them; after MaxTimeouts in a row a
// normal bot stands in for them until they act again. The host may also
// hand an idle player's seat to a bot at once (AddBot on a seat whose
// player has timed out). Response windows keep their own countdown.
//
// Correspondence clocks (a day, three days, a week a decision) are for
// games that wait: the clock runs for away players too (their seats are
// not timed out after AwayGrace), the table never closes for being empty,
// bots move whether or not anyone watches, a response window waits as long
// as a decision, and the deadlines are kept across restarts. A player whose
// clock runs out spends a day of their vacation allowance first
// (Config.VacationDays a year); after MaxTimeouts fallbacks in a row the
// table offers the host to hand the seat to a bot or to end the game (see
// correspondence.go).

// Clock is a table's turn clock.
type Clock string

// Turn clocks.
const (
	ClockOff     Clock = "off"
	ClockRelaxed Clock = "relaxed"
	ClockBlitz   Clock = "blitz"
	// Correspondence clocks: days a decision.
	ClockDay   Clock = "1day"
	Clock3Days Clock = "3days"
	ClockWeek  Clock = "7days"
)

// Clocks lists the turn clocks.
var Clocks = []Clock{ClockRelaxed, ClockBlitz, ClockDay, Clock3Days, ClockWeek, ClockOff}

// days is how many days a decision correspondence clock k gives (0 for the
// others).
func (k Clock) days() int {
	switch k {
	case ClockDay:
		return 1
	case Clock3Days:
		return 3
	case ClockWeek:
		return 7
	}
	return 0
}

// Correspondence reports whether k is a correspondence clock: a table that
// waits days for a move, for players who are away too.
func (k Clock) Correspondence() bool { return k.days() > 0 }

// Words names k for a sentence: "relaxed", "off", "3 days".
func (k Clock) Words() string {
	if n := k.days(); n > 0 {
		return plural(n, "day")
	}
	return string(k)
}

// DefaultDay is how long a correspondence clock's day lasts.
const DefaultDay = 24 * time.Hour

// MaxTimeouts is how many timeouts in a row hand a seat to a bot.
const MaxTimeouts = 3

// Default time a present player has for one decision.
const (
	DefaultRelaxedTime = 2 * time.Minute
	DefaultBlitzTime   = 20 * time.Second
)

// TurnTime is how long a player has for one decision under clock k (0 for
// off).
func (c *Config) TurnTime(k Clock) time.Duration {
	switch k {
	case ClockRelaxed:
		return c.RelaxedTime
	case ClockBlitz:
		return c.BlitzTime
	}
	return time.Duration(k.days()) * c.Day
}

// DescribeClock says what clock k does, for the form and the table.
func (c *Config) DescribeClock(k Clock) string {
	if n := k.days(); n > 0 {
		return fmt.Sprintf("%s a decision (correspondence)", plural(n, "day"))
	}
	if d := c.TurnTime(k); d > 0 {
		return fmt.Sprintf("%s (%s a decision)", k, formatWait(d))
	}
	return "off (no time limit)"
}

// formatWait writes a duration as "4 hours", "2 min" or "20 s".
func formatWait(d time.Duration) string {
	if d >= time.Hour && d%time.Hour == 0 {
		return plural(int(d/time.Hour), "hour")
	}
	if d >= time.Minute && d%time.Minute == 0 {
		return fmt.Sprintf("%d min", d/time.Minute)
	}
	return fmt.Sprintf("%d s", d/time.Second)
}

// plural is "1 day", "3 days".
func plural(n int, unit string) string {
	if n == 1 {
		return "1 " + unit
	}
	return fmt.Sprintf("%d %ss", n, unit)
}

// clockAliases are the other ways to write a correspondence clock.
var clockAliases = map[string]Clock{"1d": ClockDay, "day": ClockDay, "3d": Clock3Days, "7d": ClockWeek, "week": ClockWeek}

// ParseClock reads a clock's name.
func ParseClock(s string) (Clock, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	k := Clock(name)
	if a, ok := clockAliases[name]; ok {
		k = a
	}
	if !slices.Contains(Clocks, k) {
		return "", fmt.Errorf("Turn clocks are relaxed, blitz, 1day, 3days, 7days and off, not %q.", s)
	}
	return k, nil
}

// ErrClockStarted: the clock is chosen before the game starts.
var ErrClockStarted = errors.New("The turn clock is chosen before the game starts.")

// SetClock chooses the table's turn clock (host only, before the start).
func (c *Client) SetClock(k Clock) error {
	if _, err := ParseClock(string(k)); err != nil {
		return err
	}
	return c.onTable(cmdReq{Op: opClock, Clock: k})
}

// clockSeats are the seats the turn clock runs for now: present humans the
// game waits for, outside a response window.
func (t *table) clockSeats() []engine.Seat {
	if t.status != Playing || t.cfg.TurnTime(t.clock) == 0 {
		return nil
	}
	window := t.responding()
	var out []engine.Seat
	for _, s := range t.pending() {
		if st := t.seatAt(s); st != nil && t.onClock(st) && !slices.Contains(window, s) {
			out = append(out, s)
		}
	}
	return out
}

// onClock reports whether the turn clock runs for seat st's human: one who
// is here, or, at a correspondence table, a keyed player who is away,
// dropped or gone back to the lobby (not a guest: they cannot come back).
func (t *table) onClock(st *seat) bool {
	if st.bot != nil {
		return false
	}
	return st.client != nil || (t.clock.Correspondence() && st.away() && !st.guest)
}

// scheduleClock starts the turn clock afresh for every new decision (the
// seats asked, or a move made since), and stops it when nobody present is
// asked.
func (t *table) scheduleClock() {
	seats := t.clockSeats()
	if len(seats) == 0 {
		t.clockTimer.stop()
		t.remindTimer.stop()
		t.turnDeadline, t.clockFor = time.Time{}, nil
		return
	}
	if t.clockTimer.active() && slices.Equal(seats, t.clockFor) && t.clockAt == len(t.moves) {
		return
	}
	full := t.cfg.TurnTime(t.clock)
	d, restored := full, false
	if kept := t.keptDeadline; !kept.IsZero() && t.clockAt == len(t.moves) {
		// Restored: the decision's deadline is the one the store kept.
		d, restored = time.Until(kept), true
	}
	t.keptDeadline = time.Time{}
	t.clockFor, t.clockAt, t.turnDeadline = seats, len(t.moves), time.Now().Add(d)
	t.clockTimer.schedule(t, max(d, 0), t.clockExpired)
	if t.clock.Correspondence() {
		if !restored {
			t.notifyAway(NoticeYourMove)
		}
		if remind := d - full/reminderShare; remind > 0 {
			t.remindTimer.schedule(t, remind, func() { t.notifyAway(NoticeReminder) })
		}
	}
}

// clockExpired plays the fallback for every seat whose time ran out, and
// hands a seat that timed out MaxTimeouts times in a row to a bot.
func (t *table) clockExpired() {
	if t.status != Playing || t.clockAt != len(t.moves) {
		t.changed()
		return
	}
	if t.clock.Correspondence() && t.takeVacation() {
		t.changed()
		return
	}
	for _, s := range t.clockFor {
		st := t.seatAt(s)
		if t.status != Playing || st == nil || !t.onClock(st) || !slices.Contains(t.pending(), s) {
			continue
		}
		t.logf("%s's time ran out: the table plays for them.", t.name(int(s)))
		if !t.playTimeout(s) {
			continue
		}
		switch st.timeouts++; {
		case st.timeouts < MaxTimeouts:
		case t.clock.Correspondence():
			t.logf("%s's time ran out %d times in a row: the host may hand the seat to a bot or end the game.", t.name(int(s)), st.timeouts)
		default:
			t.standIn(int(s), "normal")
			t.logf("%s timed out %d times in a row: a normal bot plays for them until they act again.", t.name(int(s)), st.timeouts)
		}
	}
	t.changed()
}

// standIn lets a bot of level play for the present but idle player of seat
// s; their next action takes the seat back (see act).
func (t *table) standIn(s int, level string) {
	st := &t.seats[s]
	st.bot, st.botLevel, st.idle = t.makeBot(level), level, true
}

// wakeUp gives a seat back to its idle player, who just acted.
func (t *table) wakeUp(s int) {
	st := &t.seats[s]
	st.timeouts = 0
	if st.idle && st.bot != nil {
		st.bot, st.botLevel, st.idle = nil, "", false
		t.logf("%s is back; the bot stops playing for them.", t.name(s))
	}
}

// Auto-pass: a player may let the out-of-turn windows (a tool when fire
// spreads, say) run out for them when they hold nothing to answer with; the
// ui then does not prompt them for a window with nothing but the pass. The
// window stays open as long as for anyone else, so that nobody can tell
// from it what a player holds; only when every human asked has auto-pass on
// is it shorter (Config.AutoPassWindow), which depends on their settings
// alone.

// SetAutoPass turns the client's auto-pass on or off at its table.
func (c *Client) SetAutoPass(on bool) error {
	return c.onTable(cmdReq{Op: opAutoPass, On: on})
}

// allAutoPass reports whether every human among seats has auto-pass on
// (and there is one).
func (t *table) allAutoPass(seats []engine.Seat) bool {
	humans := 0
	for _, s := range seats {
		st := t.seatAt(s)
		if st == nil || st.bot != nil || st.client == nil {
			continue
		}
		if !st.autoPass {
			return false
		}
		humans++
	}
	return humans > 0
}

// DescribeClock says what clock k does on this server ("relaxed (2 min a
// decision)"), for the new-table form.
func (c *Client) DescribeClock(k Clock) string { return c.hub.cfg.DescribeClock(k) }
