package rooms

import (
	"cmp"
	"fmt"
	"slices"
	"time"

	"arcade/engine"
)

// maxAutoMoves bounds the automatic moves (timeouts of away seats) made in
// one go; the rest follow in a later command, so other commands get a turn.
const maxAutoMoves = 1000

// start begins the game: host only, every seat filled.
func (t *table) start(c member) error {
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
	if err := t.beginGame(); err != nil {
		return err
	}
	t.changed()
	return nil
}

// beginGame deals the game and starts it (actor only; the caller checked
// the seats).
func (t *table) beginGame() error {
	seed := randomSeed()
	if t.cfg.Seed != nil {
		seed = t.cfg.Seed()
	}
	st, err := t.game.New(len(t.seats), t.opts, seed)
	if err != nil {
		t.cfg.Logf("rooms: table %s (%s) cannot deal its game: %v", t.id, t.info.ID, err)
		return err
	}
	t.state, t.seed, t.status, t.started = st, seed, Playing, time.Now().UTC()
	t.rated = t.ratable()
	if t.tournament != "" {
		t.logf("The game of the tournament starts.")
	} else {
		t.logf("%s started the game.", t.name(t.host))
	}
	if t.rated {
		t.logf("The game is rated.")
	}
	t.checkOver()
	return nil
}

// act plays a for the client's seat.
func (t *table) act(c member, a engine.Action) error {
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
	woke := t.seats[s].timeouts > 0 || t.seats[s].idle
	if woke {
		t.wakeUp(s) // they are here after all
	}
	err := ErrNotYourTurn
	if slices.Contains(t.pending(), engine.Seat(s)) {
		err = t.apply(engine.Seat(s), a)
	}
	if err == nil {
		t.boundTurn(engine.Seat(s))
	}
	if err == nil || woke {
		t.changed()
	}
	return err
}

// apply plays a for seat s through the engine and records it.
func (t *table) apply(s engine.Seat, a engine.Action) error {
	evs, err := t.state.Apply(s, a)
	if err != nil {
		return err
	}
	t.moves = append(t.moves, move{Seat: s, Action: engine.Action{Kind: a.Kind, Args: slices.Clone(a.Args)}})
	t.answered = append(t.answered, s)
	t.cfg.Observe.MoveApplied(t.info.ID)
	t.addLog(evs...)
	t.checkOver()
	return nil
}

// MaxTurnMoves is how many moves in a row a player may make while no other
// seat moves, at a table where another person sits. Past it the table
// ends the turn for them with the game's fallback moves, so that nobody
// holds the others for ever with legal moves (the turn clock bounds each
// decision, not their number). No game's turn comes near it in play, at
// random or by the bots (cmd/arcade's TestEveryGameEnds checks it).
const MaxTurnMoves = 400

// boundTurn ends seat s's turn when its player has made more than
// MaxTurnMoves moves in a row and another person waits at the table (a
// player alone with bots holds up nobody).
func (t *table) boundTurn(s engine.Seat) {
	if t.status != Playing || t.turnRun(s) <= MaxTurnMoves || !t.othersWait(int(s)) {
		return
	}
	t.logf("%s made %d moves in a row: the table ends their turn.", t.name(int(s)), MaxTurnMoves)
	for range MaxTurnMoves {
		if t.status != Playing || !slices.Equal(t.pending(), []engine.Seat{s}) || !t.playTimeout(s) {
			return
		}
	}
}

// turnRun counts the moves at the end of the table's record made by seat
// s, up to MaxTurnMoves+1.
func (t *table) turnRun(s engine.Seat) int {
	n := 0
	for i := len(t.moves) - 1; i >= 0 && t.moves[i].Seat == s && n <= MaxTurnMoves; i-- {
		n++
	}
	return n
}

// othersWait reports whether a person other than seat s's sits at the
// table.
func (t *table) othersWait(s int) bool {
	for i, st := range t.seats {
		if i != s && st.id != "" {
			return true
		}
	}
	return false
}

// playTimeout plays seat s's Timeout move on the player's behalf (their
// time ran out, they are away, or their bot failed) and reports whether a
// move was made. An engine must accept its own timeout move; one that
// refuses it has a bug, which is logged through Config.Logf and said in the
// table's log. The table then plays the seat's first legal move instead, so
// that a buggy timeout never stalls the game (nothing better is known about
// the seat's wishes); when even that fails the seat stays pending.
func (t *table) playTimeout(s engine.Seat) bool {
	a := t.state.Timeout(s)
	err := t.apply(s, a)
	if err == nil {
		return true
	}
	t.cfg.Logf("rooms: engine bug: table %s (%s) refused its own timeout move %v for seat %d: %v", t.id, t.info.ID, a, s+1, err)
	legal := t.state.Legal(s)
	if len(legal) == 0 {
		t.logf("The game refused the move it chose for %s, and offers them no other: a bug in the game.", t.name(int(s)))
		return false
	}
	t.logf("The game refused the move it chose for %s (a bug in the game); the table plays their first legal move instead.", t.name(int(s)))
	if err := t.apply(s, legal[0]); err != nil {
		t.cfg.Logf("rooms: engine bug: table %s (%s) refused its own legal move %v for seat %d: %v", t.id, t.info.ID, legal[0], s+1, err)
		return false
	}
	return true
}

// checkOver ends the game when the engine's Outcome says so (and only
// then: the log is never read for it).
func (t *table) checkOver() {
	if t.status != Playing {
		return
	}
	o := t.outcome()
	if !o.Done {
		return
	}
	t.status = Finished
	t.window, t.deadline = nil, time.Time{}
	t.turnDeadline = time.Time{}
	for _, s := range []*timerSlot{&t.botTimer, &t.winTimer, &t.awayTimer, &t.clockTimer, &t.remindTimer} {
		s.stop()
	}
	// The table's own line; the game's events may have told how it ended,
	// and every screen shows the outcome's summary.
	t.logf("The game is over.")
	if !t.restoring() {
		t.hub.clearAway(t)
	}
	t.over = true // told once the store kept the end (finish)
}

// finish tells the world that the game ended, once the store kept its end
// (changed, after persist): the history, the lobby's recent results and
// OnFinish. A crash before then leaves the game under way in the store,
// never a result nobody saw or a game in the history twice (SaveGame
// keeps one game per table).
func (t *table) finish() {
	t.over = false
	defer t.reportToTournament()
	o := t.outcome()
	t.saveGame(o)
	if !t.private {
		names := t.names()
		t.hub.keepResult(Result{Table: t.id, Game: t.info.Name, Ended: time.Now().UTC(), Names: names, Scores: o.Scores, Winners: o.Winners,
			Summary: engine.ExpandSeats(o.Summary, func(s engine.Seat) string { return names[s] })})
	}
	if f := t.cfg.OnFinish; f != nil {
		rec := engine.Record{Game: t.info.ID, Players: len(t.seats), Options: t.opts, Seed: t.seed,
			Moves: slices.Clone(t.moves), Outcome: &o, EndedEarly: t.early != nil}
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
		if !t.playTimeout(s) {
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
		// An away seat in a window is timed out at once, except just after
		// a restart, when everybody is away, and at a correspondence
		// table: the window runs its course.
		if st.timedOut || (slices.Contains(window, s) && !t.restoring() && !t.onClock(st)) {
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
		d := t.cfg.ResponseWindow
		if t.clock.Correspondence() {
			// A window waits as long as a decision at such a table, or
			// as long as its host chose.
			d = cmp.Or(t.replyWindow, t.cfg.TurnTime(t.clock))
		}
		if t.allAutoPass(now) {
			d = min(d, t.cfg.AutoPassWindow)
		}
		switch {
		case !t.keptWindow.IsZero():
			// Restored mid-window: its deadline is the one the store kept.
			d = max(time.Until(t.keptWindow), 0)
			t.keptWindow = time.Time{}
		case t.restoring():
			// Restarted mid-window: the players need time to reconnect too.
			d = max(d, t.cfg.AwayGrace)
		}
		t.deadline = time.Now().Add(d)
		t.winTimer.schedule(t, d, t.windowExpired)
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
			if !t.playTimeout(s) {
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
			if st := t.seatAt(s); st != nil && st.away() && !st.timedOut && !t.onClock(st) && !slices.Contains(window, s) {
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
		if st := t.seatAt(s); st != nil && st.away() && !st.timedOut && !t.onClock(st) {
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
