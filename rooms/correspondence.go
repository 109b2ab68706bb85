package rooms

import (
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Correspondence tables (clock.go's correspondence clocks) wait days for a
// move. What is theirs alone lives here: the vacation allowance a player
// spends when their clock runs out, the host's choice once a seat has run
// out of time MaxTimeouts times in a row, and the cap on how many such
// tables one player may sit at.

// Defaults of the correspondence settings (Config).
const (
	DefaultVacationDays      = 7
	DefaultMaxCorrespondence = 20
)

// vacationKey is the store setting (store.Settings) under which a player's
// vacation spent this year is kept.
func vacationKey(playerID string) string { return "vacation:" + playerID }

// vacation is what a player spent of their yearly allowance.
type vacation struct {
	Year  int           `json:"year"`
	Spent time.Duration `json:"spent"`
}

// spendVacation takes up to one day (Config.Day) from the player's
// allowance for this year and returns what it took and what is left. With
// no allowance left, no store that keeps settings, or a store that refuses,
// it takes nothing.
func (h *Hub) spendVacation(playerID string) (took, left time.Duration) {
	kv, ok := h.store.(store.Settings)
	allowance := time.Duration(h.cfg.VacationDays) * h.cfg.Day
	if !ok || allowance <= 0 {
		return 0, 0
	}
	year := time.Now().UTC().Year()
	err := kv.UpdateSetting(vacationKey(playerID), func(old []byte) ([]byte, error) {
		var v vacation
		if old != nil {
			if err := json.Unmarshal(old, &v); err != nil {
				return nil, err
			}
		}
		if v.Year != year {
			v = vacation{Year: year}
		}
		took = min(h.cfg.Day, allowance-v.Spent)
		if took <= 0 {
			took, left = 0, 0
			return nil, errNoVacation
		}
		v.Spent += took
		left = allowance - v.Spent
		return json.Marshal(v)
	})
	if err != nil {
		if !errors.Is(err, errNoVacation) {
			h.cfg.Logf("rooms: spending %s's vacation failed: %v", playerID, err)
			h.storeFailed("vacation", err)
		}
		return 0, 0
	}
	return took, left
}

// errNoVacation: the allowance is spent (nothing is written).
var errNoVacation = errors.New("no vacation left")

// takeVacation gives the one player whose correspondence clock ran out a
// day of their vacation, when they have some left, and reports whether it
// did (actor only). With several seats on the clock the decision is
// theirs together, and the clock plays for them as usual.
func (t *table) takeVacation() bool {
	if len(t.clockFor) != 1 {
		return false
	}
	s := int(t.clockFor[0])
	st := t.seatAt(t.clockFor[0])
	if st == nil || st.id == "" || st.guest || !t.onClock(st) {
		return false
	}
	took, left := t.hub.spendVacation(st.id)
	if took <= 0 {
		return false
	}
	t.turnDeadline = time.Now().Add(took)
	t.clockTimer.schedule(t, took, t.clockExpired)
	t.logf("%s's time ran out: they spend a vacation day (%s left this year).", t.name(s), t.cfg.describeDays(left))
	return true
}

// describeDays says a vacation allowance in days ("6 days", "half a day").
func (c *Config) describeDays(d time.Duration) string {
	days := float64(d) / float64(c.Day)
	switch {
	case d <= 0:
		return "none"
	case days >= 1 && d%c.Day == 0:
		return plural(int(d/c.Day), "day")
	case days < 1:
		return fmt.Sprintf("%.1f of a day", days)
	}
	return fmt.Sprintf("%.1f days", days)
}

// overdue reports whether seat st has run out of time MaxTimeouts times in
// a row at a correspondence table: the host may hand it to a bot (kick)
// or end the game (endEarly).
func (t *table) overdue(st *seat) bool {
	return t.clock.Correspondence() && st.bot == nil && st.timeouts >= MaxTimeouts
}

// ErrAwayBetweenMoves: at a correspondence table a player who is not
// connected is only away between moves; the host may hand their seat to a
// bot once their clock ran out MaxTimeouts times in a row (overdue).
var ErrAwayBetweenMoves = fmt.Errorf("At a correspondence table players come and go between moves: a bot takes a player's seat only once their clock ran out %d times in a row.", MaxTimeouts)

// awayBetweenMoves refuses a bot in the seat of an absent player of a
// correspondence game in progress who is not overdue (a seat a bot
// already plays aside).
func (t *table) awayBetweenMoves(st *seat) error {
	if t.status == Playing && t.clock.Correspondence() && st.id != "" && st.client == nil && st.bot == nil && !t.overdue(st) {
		return ErrAwayBetweenMoves
	}
	return nil
}

// ErrNotOverdue: a game is ended early only for a seat that keeps running
// out of time.
var ErrNotOverdue = errors.New("A game ends early only at a correspondence table where a player has run out of time 3 times in a row.")

// EndEarly ends the client's correspondence game because a player keeps
// running out of time (host only): the game is recorded as it stands, with
// no winner.
func (c *Client) EndEarly() error { return c.onTable(cmdReq{Op: opEndEarly}) }

// endEarly ends the game as it stands (host only, an overdue seat there).
func endEarly(t *table, c member, _ cmdReq) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	late := -1
	for i := range t.seats {
		if t.status == Playing && t.overdue(&t.seats[i]) {
			late = i
			break
		}
	}
	if late < 0 {
		return ErrNotOverdue
	}
	t.logf("The host ended the game: %s ran out of time %d times in a row.", t.name(late), t.seats[late].timeouts)
	t.endWithoutWinner(fmt.Sprintf("The game ended early: {seat%d} ran out of time.", late))
	t.changed()
	return nil
}

// endWithoutWinner ends the game as it stands, with no winner and summary
// (actor only).
func (t *table) endWithoutWinner(summary string) {
	t.early = &engine.Outcome{Done: true, Summary: summary}
	t.checkOver()
}

// outcome is the game's outcome: the rules', or the table's when it ended
// the game early.
func (t *table) outcome() engine.Outcome {
	if t.early != nil {
		return *t.early
	}
	return t.state.Outcome()
}

// latestLive is the latest of the tables that is not a correspondence
// table (nil when none is).
func latestLive(tables []*table) *table {
	for _, t := range slices.Backward(tables) {
		if sum := t.summary.Load(); sum == nil || !sum.Clock.Correspondence() {
			return t
		}
	}
	return nil
}

// ErrCorrespondenceCap: a player holds seats at as many correspondence
// tables as the server allows.
type ErrCorrespondenceCap int

func (e ErrCorrespondenceCap) Error() string {
	return fmt.Sprintf("You already hold seats at %d correspondence tables, the most this server allows: finish or leave one first.", int(e))
}

// correspondenceSeats counts the correspondence tables where player id
// holds a seat while away, besides the table they are at now (h.mu held).
func (h *Hub) correspondenceSeatsLocked(id string) int {
	n := 0
	for _, t := range h.away[id] {
		if sum := t.summary.Load(); sum != nil && sum.Clock.Correspondence() {
			n++
		}
	}
	return n
}

// checkCorrespondenceCap refuses a seat at a correspondence table to a
// keyed player who already holds Config.MaxCorrespondence of them.
func (h *Hub) checkCorrespondenceCap(p Player) error {
	if p.Guest || h.cfg.MaxCorrespondence <= 0 {
		return nil
	}
	h.mu.Lock()
	n := h.correspondenceSeatsLocked(p.ID)
	h.mu.Unlock()
	if n >= h.cfg.MaxCorrespondence {
		return ErrCorrespondenceCap(h.cfg.MaxCorrespondence)
	}
	return nil
}

// ReplyWindows are the response windows a correspondence table's host may
// choose instead of a decision's time (0).
var ReplyWindows = []time.Duration{0, time.Hour, 4 * time.Hour, 12 * time.Hour}

// ParseReplyWindow reads a response window as a player writes it:
// "decision" (as long as a decision) or one of ReplyWindows ("4h").
func ParseReplyWindow(s string) (time.Duration, error) {
	name := strings.ToLower(strings.TrimSpace(s))
	if name == "decision" || name == "0" {
		return 0, nil
	}
	if d, err := time.ParseDuration(name); err == nil && d > 0 && slices.Contains(ReplyWindows, d) {
		return d, nil
	}
	return 0, fmt.Errorf("Response windows are decision, 1h, 4h and 12h, not %q.", s)
}

// ErrReplyWindow: a response window is chosen from ReplyWindows, before the
// start, at a correspondence table.
var ErrReplyWindow = errors.New("A correspondence table's response window is a decision's time, 1 hour, 4 hours or 12 hours, chosen before the start.")

// SetReplyWindow chooses the response window of the client's
// correspondence table (host only, before the start; 0: as long as a
// decision).
func (c *Client) SetReplyWindow(d time.Duration) error {
	return c.onTable(cmdReq{Op: opWindow, Wait: d})
}

// setReplyWindow is SetReplyWindow on the table's actor.
func setReplyWindow(t *table, c member, req cmdReq) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	if t.status != Waiting || !t.clock.Correspondence() || !slices.Contains(ReplyWindows, req.Wait) {
		return ErrReplyWindow
	}
	t.replyWindow = req.Wait
	if req.Wait == 0 {
		t.logf("Answers out of turn may take as long as a decision.")
	} else {
		t.logf("Answers out of turn may take %s.", formatWait(req.Wait))
	}
	t.changed()
	return nil
}
