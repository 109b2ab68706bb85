package rooms

import (
	"errors"
	"slices"
	"time"

	"arcade/engine"
)

// Rematch: after a game, any of its players opens a new table of the same
// game with the same options, clock and seats: the bots take their seats
// again at their levels, every other keyed player's seat is kept for them,
// and the old table tells everyone there the new invite code
// (TableUpdate.Rematch), so one key takes each of them back to their seat.
// When every other seat is a bot's, the new game starts at once.

// Errors of Client.Rematch.
var (
	// ErrNoRematch: the game is not over, or the client did not play it.
	ErrNoRematch = errors.New("A rematch is for the players of a finished game.")
	// ErrRematchBusy: another player is setting the rematch up right now.
	ErrRematchBusy = errors.New("Another player is setting up the rematch: try again in a moment.")
)

// rematchBusy marks a table whose rematch is being set up.
const rematchBusy = "…"

// rematchPlan is what a rematch copies from the finished table.
type rematchPlan struct {
	game    engine.Game
	info    engine.Info
	private bool
	opts    engine.Options
	clock   Clock
	seats   []seat // ids, names and bot levels; no clients, no bots yet
	mine    int    // the requester's seat
	code    string // the rematch already open, if any
}

// planRematch reads the plan on the finished table's actor.
func (t *table) planRematch(c member, plan *rematchPlan) error {
	mine := t.seatOf(c)
	switch {
	case t.status != Finished || mine < 0:
		return ErrNoRematch
	case t.rematch == rematchBusy:
		return ErrRematchBusy
	case t.rematch != "":
		plan.code = t.rematch
		return nil
	}
	t.rematch = rematchBusy
	*plan = rematchPlan{game: t.game, info: t.info, private: t.private, opts: t.opts, clock: t.clock, mine: mine,
		seats: make([]seat, len(t.seats))}
	for i := range t.seats {
		s := &t.seats[i]
		switch {
		case s.bot != nil && s.id == "":
			plan.seats[i] = seat{name: s.name, botLevel: s.botLevel}
		case s.id != "" && !s.guest:
			// A guest's identity ends with their session: their seat is
			// left free for whoever comes.
			plan.seats[i] = seat{id: s.id, name: s.name, admin: s.admin, ownsName: s.ownsName}
		}
	}
	return nil
}

// Rematch opens the rematch of the client's finished game and seats the
// client there, in the same seat, as its host; when another player already
// opened it, the client joins it. It fails with ErrNoRematch,
// ErrRematchBusy, or what Create and JoinCode fail with.
func (c *Client) Rematch() error {
	_, at, err := c.seat()
	if err != nil {
		return err
	}
	if at == nil {
		return ErrNoRematch
	}
	return at.rematch(c)
}

// rematchHere opens the rematch of m's finished game at old, a table of
// this node, or joins it by its code (join) when another player opened it.
func rematchHere(m member, old *table, join func(code string) error) error {
	var plan rematchPlan
	if err := old.callKept(func() error { return old.planRematch(m, &plan) }); err != nil {
		return err
	}
	if plan.code != "" {
		return join(plan.code)
	}
	code, err := openRematch(m, old, plan)
	_ = old.call(func() error {
		if old.rematch = code; code != "" {
			old.logf("%s opened a rematch: code %s.", m.Player().Name, code)
		}
		old.changed()
		return nil
	})
	return err
}

// openRematch opens the new table and seats m (its code, or "" when it
// failed).
func openRematch(m member, old *table, plan rematchPlan) (string, error) {
	c := m.core()
	c.op.Lock()
	defer c.op.Unlock()
	p, _, err := c.where()
	if err != nil {
		return "", err
	}
	t, err := c.hub.newTable(plan.game, plan.info, len(plan.seats), plan.private, plan.opts, m, p)
	if err != nil {
		return "", err
	}
	err = t.call(func() error {
		t.clock = plan.clock
		me := t.seats[0]
		for i, s := range plan.seats {
			t.seats[i] = s
			if s.botLevel != "" {
				t.seats[i].bot = t.makeBot(s.botLevel)
			}
		}
		t.seats[plan.mine], t.host = me, plan.mine
		t.shared = slices.ContainsFunc(t.seats, func(s seat) bool { return s.id != "" && s.id != p.ID })
		if err := t.hostArrives(m); err != nil {
			return err
		}
		if botsBut(t.seats, plan.mine) {
			// Everyone else is a bot: nobody to wait for, as at a new
			// table whose other seats are bots.
			if err := t.beginGame(); err != nil {
				return err
			}
			t.changed()
		}
		return nil
	})
	if err != nil {
		return "", err
	}
	c.hub.claim(t)
	leaveHere(m, old, t)
	c.hub.reserve(t)
	return t.code, nil
}

// botsBut reports whether every seat but seat mine is a bot's.
func botsBut(seats []seat, mine int) bool {
	for i := range seats {
		if i != mine && seats[i].bot == nil {
			return false
		}
	}
	return true
}

// reserve lets the players of a rematch's kept seats come back to them on
// Connect as well as by the code.
func (h *Hub) reserve(t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for i := range t.seats {
		if s := &t.seats[i]; s.id != "" && s.client == nil && !h.awayAt(s.id, t) {
			h.away[s.id] = append(h.away[s.id], t)
		}
	}
}

// recentKept is how many finished public games the lobby lists.
const recentKept = 10

// Result is a finished public game, as the lobby lists it.
type Result struct {
	Table   string // the table's ID (a table has one result)
	Game    string // the game's name
	Ended   time.Time
	Names   []string // by seat
	Scores  []int
	Winners []engine.Seat
	Summary string // the outcome's summary, seat references expanded
}

// addResult lists a finished public game in the lobby's recent results.
func (h *Hub) addResult(r Result) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if slices.ContainsFunc(h.recent, func(o Result) bool { return o.Table == r.Table }) {
		return // listed already (a finished table restored)
	}
	h.recent = append(h.recent, r)
	if n := len(h.recent); n > recentKept {
		h.recent = slices.Clone(h.recent[n-recentKept:])
	}
	h.lobbyChangedLocked()
}

// rematchCode is the rematch's code, once it is open.
func (t *table) rematchCode() string {
	if t.rematch == rematchBusy {
		return ""
	}
	return t.rematch
}
