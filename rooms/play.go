package rooms

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"arcade/engine"
)

// maxAutoMoves bounds the automatic moves (timeouts of away seats) made in
// one go; the rest follow in a later command, so other commands get a turn.
const maxAutoMoves = 1000

// start begins the game: host only, every seat filled.
func (t *table) start(c *Client) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	if t.status != Waiting {
		return fmt.Errorf("The game has already started.")
	}
	for i := range t.seats {
		if !t.seats[i].filled() {
			return fmt.Errorf("Seat %d is empty: wait for a player or add a bot.", i+1)
		}
	}
	seed := randomSeed()
	if t.cfg.Seed != nil {
		seed = t.cfg.Seed()
	}
	st, err := t.game.New(len(t.seats), t.opts, seed)
	if err != nil {
		return err
	}
	t.state, t.seed, t.status = st, seed, Playing
	t.logf("%s started the game.", t.name(t.host))
	t.checkOver()
	t.changed()
	return nil
}

// act plays a for the client's seat.
func (t *table) act(c *Client, a engine.Action) error {
	s := t.seatOf(c)
	if s < 0 {
		if t.spectatorIndex(c) >= 0 {
			return ErrSpectating
		}
		return ErrNotAtTable
	}
	switch t.status {
	case Waiting:
		return ErrNotStarted
	case Finished:
		return ErrGameOver
	}
	if !slices.Contains(t.pending(), engine.Seat(s)) {
		return ErrNotYourTurn
	}
	if err := t.apply(engine.Seat(s), a); err != nil {
		return err
	}
	t.changed()
	return nil
}

// apply plays a for seat s through the engine and records it.
func (t *table) apply(s engine.Seat, a engine.Action) error {
	evs, err := t.state.Apply(s, a)
	if err != nil {
		return err
	}
	t.moves = append(t.moves, move{Seat: s, Action: engine.Action{Kind: a.Kind, Args: slices.Clone(a.Args)}})
	t.answered = append(t.answered, s)
	t.addLog(evs...)
	t.checkOver()
	return nil
}

// autoApply plays a for s on the player's behalf (timeout or bot); if the
// engine refuses it, the seat's first legal action is tried. It reports
// whether a move was made.
func (t *table) autoApply(s engine.Seat, a engine.Action) bool {
	err := t.apply(s, a)
	if err == nil {
		return true
	}
	if legal := t.state.Legal(s); len(legal) > 0 && t.apply(s, legal[0]) == nil {
		return true
	}
	t.cfg.Logf("rooms: table %s (%s): seat %d cannot play %v: %v", t.id, t.info.ID, s, a, err)
	return false
}

// checkOver ends the game when the engine says so.
func (t *table) checkOver() {
	if t.status != Playing {
		return
	}
	o := t.state.Outcome()
	if !o.Done {
		return
	}
	t.status = Finished
	t.window, t.deadline = nil, time.Time{}
	for _, s := range []*timerSlot{&t.botTimer, &t.winTimer, &t.awayTimer} {
		s.stop()
	}
	// Announce the end unless the game's own events already did.
	said := false
	for i := len(t.log) - 1; i >= 0 && i >= len(t.log)-3; i-- {
		said = said || strings.Contains(t.log[i].Text, "Game over") || (o.Summary != "" && strings.Contains(t.log[i].Text, o.Summary))
	}
	switch {
	case said:
	case o.Summary != "":
		t.logf("Game over: %s", o.Summary)
	default:
		t.logf("Game over.")
	}
	t.hub.clearAway(t)
	if f := t.cfg.OnFinish; f != nil {
		rec := engine.Record{Game: t.info.ID, Players: len(t.seats), Options: t.opts, Seed: t.seed,
			Moves: slices.Clone(t.moves), Outcome: &o}
		go f(t.id, rec) // file work stays off the actor
	}
}

// settle makes the moves nobody has to wait for: Timeout for away seats in
// a response window, and for away seats whose grace has run out. Then it
// updates the response window.
func (t *table) settle() {
	failed := map[engine.Seat]bool{}
	for n := 0; t.status == Playing; n++ {
		if n == maxAutoMoves {
			// Go on in a later command; post from another goroutine, as
			// the actor must never wait on its own channel.
			time.AfterFunc(0, func() { t.post(t.changed) })
			break
		}
		s, ok := t.nextAuto(failed)
		if !ok {
			break
		}
		if !t.autoApply(s, t.state.Timeout(s)) {
			failed[s] = true
		}
	}
	if t.status == Playing {
		t.updateWindow()
	}
}

// nextAuto finds an away seat that must be timed out now.
func (t *table) nextAuto(failed map[engine.Seat]bool) (engine.Seat, bool) {
	window := t.responding()
	for _, s := range t.pending() {
		st := t.seatAt(s)
		if st == nil || !st.away() || failed[s] {
			continue
		}
		if st.timedOut || slices.Contains(window, s) {
			return s, true
		}
	}
	return 0, false
}

// updateWindow starts a response window's countdown when a seat that was
// not responding starts to, and ends it when nobody responds any more.
func (t *table) updateWindow() {
	now := t.responding()
	if len(now) == 0 {
		t.window, t.deadline, t.answered = nil, time.Time{}, t.answered[:0]
		t.winTimer.stop()
		return
	}
	// A seat new to the window starts a fresh countdown; so does a seat
	// that answered and is asked again (the game opened a new window for
	// it), but merely answering never stretches the others' time.
	fresh := t.deadline.IsZero()
	for _, s := range now {
		fresh = fresh || !slices.Contains(t.window, s) || slices.Contains(t.answered, s)
	}
	t.window, t.answered = now, t.answered[:0]
	if fresh {
		t.deadline = time.Now().Add(t.cfg.ResponseWindow)
		t.winTimer.schedule(t, t.cfg.ResponseWindow, t.windowExpired)
	}
}

// windowExpired plays Timeout for every seat still responding.
func (t *table) windowExpired() {
	if t.status != Playing {
		return
	}
	failed := map[engine.Seat]bool{}
	for _, s := range t.window {
		if t.status == Playing && slices.Contains(t.responding(), s) && !failed[s] {
			if !t.autoApply(s, t.state.Timeout(s)) {
				failed[s] = true
			}
		}
	}
	t.window, t.deadline = nil, time.Time{}
	t.changed()
}

// scheduleAway starts the grace of away seats that hold up the game outside
// a response window, and stops it when none does.
func (t *table) scheduleAway() {
	need := false
	if t.status == Playing && !t.paused() {
		window := t.responding()
		for _, s := range t.pending() {
			if st := t.seatAt(s); st != nil && st.away() && !st.timedOut && !slices.Contains(window, s) {
				need = true
			}
		}
	}
	switch {
	case !need:
		t.awayTimer.stop()
	case !t.awayTimer.active():
		t.awayTimer.schedule(t, t.cfg.AwayGrace, t.awayExpired)
	}
}

// awayExpired marks the away seats that are holding up the game as timed
// out; settle then plays for them.
func (t *table) awayExpired() {
	if t.status != Playing {
		return
	}
	for _, s := range t.pending() {
		if st := t.seatAt(s); st != nil && st.away() && !st.timedOut {
			st.timedOut = true
			t.logf("%s is away; the table plays for them.", t.name(int(s)))
		}
	}
	t.changed()
}

// seatAt returns seat s, or nil when s is out of range (an engine bug).
func (t *table) seatAt(s engine.Seat) *seat {
	if s < 0 || int(s) >= len(t.seats) {
		return nil
	}
	return &t.seats[s]
}
