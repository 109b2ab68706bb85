package rooms

import (
	"errors"
	"fmt"
	"slices"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Persistence (Config.Store): every change of a table is written to the
// store on the table's goroutine before the table publishes it, so a move
// anyone saw is never lost, and a table whose change the store refuses
// waits (persist, wait); a table that closes is deleted from it, except
// when the hub itself is closing (a restart), and NewHub brings every stored
// table back, setting aside one it cannot read. A finished game goes to the
// store's history, off the table's goroutine, once the store kept its end.

// persist writes the table's setup, seats and new moves (actor only), and
// reports whether the change may be shown: only once the store accepted it
// (a restart, or another node, goes on from what the store holds, so a
// change nobody saved must never have been seen).
//
// When the store refuses, or a cluster's storage does not answer at all
// (Bus.StorageDown), the table waits (see wait): its players keep the
// screen they had, with a sentence saying the table cannot be saved, and
// the table tries again every saveRetry. Once the hub prepares a restart
// nothing more is written or shown: sessions ending then must not free
// seats in the store, and a bot's move then would be seen but lost.
func (t *table) persist() bool {
	if t.hub.restarting.Load() {
		return false
	}
	if t.hub.store == nil {
		return true
	}
	if t.hub.bus != nil && t.hub.bus.StorageDown() {
		// The cluster's storage does not answer: a try would only hold
		// the table for seconds. It waits, and tries once it answers.
		t.wait()
		return false
	}
	rec := t.stored()
	err := t.hub.store.SaveTable(&rec, t.movesStored)
	switch {
	case err == nil:
		t.movesStored, t.fresh = len(t.moves), false
		t.saveTimer.stop()
		if t.unsaved {
			t.unsaved = false
			t.hub.storeHealth.waiting.Add(-1)
		}
		t.hub.storeSaved()
		return true
	case errors.Is(err, store.ErrFenced) && t.hub.bus != nil:
		t.cfg.Infof("another server took table %s (%s) over; its last move here is not kept", t.id, t.info.ID)
		t.handOver()
		return false
	case errors.Is(err, store.ErrTableExists) && !t.unsaved:
		// Not a passing failure: said at once, whatever the rate of
		// other refusals.
		t.cfg.Logf("rooms: table %s (%s) is paused: the store holds another table under its ID: %v", t.id, t.info.ID, err)
	}
	t.wait()
	t.hub.storeFailed("save table", err)
	return false
}

// saveRetry is how soon a table tries again to save a change the store
// refused (its players see the change once it is saved).
const saveRetry = time.Second

// wait holds the table still while the store refuses its latest change
// (actor only): no bot, clock or window moves it on, its players see the
// screen they had with the sentence of ErrUnsaved, their commands are
// refused with it (kept), and the table tries to save again every
// saveRetry. The change in flight is shown once it is saved, never twice.
func (t *table) wait() {
	if !t.unsaved {
		t.unsaved = true
		t.hub.storeHealth.waiting.Add(1)
		for _, s := range []*timerSlot{&t.botTimer, &t.winTimer, &t.awayTimer, &t.clockTimer, &t.remindTimer} {
			s.stop()
		}
		// A response window starts again, whole, once the table is saved.
		t.window, t.deadline = nil, time.Time{}
		t.showWaiting()
	}
	if !t.saveTimer.active() {
		t.saveTimer.schedule(t, saveRetry, t.changed)
	}
}

// showWaiting gives every watcher the screen they last had, marked Unsaved
// and with nothing to do (actor only).
func (t *table) showWaiting() {
	t.version++
	mark := func(last *TableUpdate) *TableUpdate {
		u := *last
		u.Unsaved, u.Legal, u.Version = true, nil, t.version
		return &u
	}
	for i := range t.seats {
		if s := &t.seats[i]; s.client != nil && s.shown != nil {
			s.client.putTable(t, mark(s.shown))
		}
	}
	if t.watchShown != nil && len(t.spectators) > 0 {
		u := mark(t.watchShown)
		for _, c := range t.spectators {
			c.putTable(t, u)
		}
	}
}

// kept fails with ErrUnsaved while the table waits for the store, after one
// more try to save, and with ErrRestarting once the hub prepares a restart
// (actor only). Commands that change the table call it first, so that
// nothing more happens at a table until what happened is kept.
func (t *table) kept() error {
	if t.hub.restarting.Load() {
		return ErrRestarting
	}
	if t.unsaved {
		t.changed()
	}
	if t.unsaved {
		return ErrUnsaved
	}
	return nil
}

// forget deletes a closing table from the store, unless the hub is closing
// for a restart (actor only).
// In a cluster its lease goes too: dropped when it closed, released for
// another node to take when this one stops.
func (t *table) forget() {
	if t.hub.bus != nil && t.hub.restarting.Load() {
		_ = t.hub.bus.Release(t.id)
	}
	if t.hub.store == nil || t.hub.restarting.Load() || t.fresh {
		return
	}
	if err := t.hub.store.DeleteTable(t.id); err != nil {
		t.hub.storeFailed("delete table", err)
	}
	if t.hub.bus != nil {
		_ = t.hub.bus.Drop(t.id)
	}
}

// stored is the table as the store keeps it.
func (t *table) stored() store.Table {
	rec := store.Table{
		ID: t.id, Seq: t.seq, Code: t.code, Game: t.info.ID, Private: t.private, Options: t.opts,
		Creator: store.Player{ID: t.creator.ID, Name: t.creator.Name, Guest: t.creator.Guest, Addr: t.creator.Addr},
		Host:    t.host, Status: string(t.status), Seed: t.seed, Shared: t.shared, Clock: string(t.clock),
		Seats: make([]store.Seat, len(t.seats)), Created: t.created, Started: t.started, Moves: t.moves,
		Fresh: t.fresh, TurnDeadline: t.turnDeadline, ClockAt: t.clockAt, WindowDeadline: t.deadline,
		Casual: t.casual, Rated: t.rated, Tournament: t.tournament, ReplyWindow: t.replyWindow,
	}
	if t.early != nil {
		rec.EndedEarly = t.early.Summary
	}
	for i := range t.seats {
		s := &t.seats[i]
		rec.Seats[i] = store.Seat{ID: s.id, Name: s.name, Guest: s.guest, Admin: s.admin, OwnsName: s.ownsName,
			BotLevel: s.botLevel, Left: s.left, TimedOut: s.timedOut, AutoPass: s.autoPass, Timeouts: s.timeouts}
		if s.bot == nil {
			rec.Seats[i].BotLevel = ""
		}
	}
	return rec
}

// PrepareRestart tells the hub that the server is about to stop and come
// back: from now on nothing the tables do is written to the store, and
// tables that close stay in it, so that every table comes back as it stood
// now, even as the sessions end (which would free seats at waiting tables).
// Call it before ending the sessions; Close does it too.
func (h *Hub) PrepareRestart() { h.restarting.Store(true) }

// restore brings back every table the store holds (NewHub, before anyone
// connects), finished ones too (their players find their game-over screen
// again). A table that cannot be read or rebuilt is set aside (setAside);
// every other table comes back.
func (h *Hub) restore() {
	recs, err := h.store.OpenTables()
	if err != nil {
		h.cfg.Logf("rooms: reading the open tables failed, none is restored: %v", err)
		return
	}
	for _, rec := range recs {
		if rec.Damage != "" {
			h.setAside(rec, rec.Damage)
			continue
		}
		if _, err := h.restoreTable(rec, "The arcade restarted; the table is as it was."); err != nil {
			h.setAside(rec, err.Error())
		}
	}
}

// setAside keeps a table that cannot be restored out of the hub's way: in
// the store as it was (store.Quarantine, listed by arcade aside), or where
// it is, skipped at each start, when the store cannot set tables aside.
func (h *Hub) setAside(rec store.Table, reason string) {
	q, ok := h.store.(store.Quarantine)
	if !ok {
		h.cfg.Logf("rooms: table %s (%s) cannot be restored and stays in the store as it is: %s", rec.ID, rec.Game, reason)
		return
	}
	if err := q.SetAside(rec.ID, reason, time.Now().UTC()); err != nil {
		h.cfg.Logf("rooms: table %s (%s) cannot be restored (%s), and setting it aside failed: %v", rec.ID, rec.Game, reason, err)
		return
	}
	h.cfg.Logf("rooms: table %s (%s) cannot be restored and is set aside (arcade aside lists it): %s", rec.ID, rec.Game, reason)
}

// restoreTable rebuilds one stored table, replays its moves, and starts its
// actor (ErrClosed once the hub is closed). Its humans are away until they reconnect (Connect puts them back);
// nothing closes it for being empty before Config.RestoreGrace has passed.
func (h *Hub) restoreTable(rec store.Table, why string) (*table, error) {
	g, ok := h.games[rec.Game]
	if !ok {
		return nil, fmt.Errorf("this server has no game %q", rec.Game)
	}
	info := g.Info()
	if len(rec.Seats) < info.MinPlayers || len(rec.Seats) > info.MaxPlayers || rec.Host < 0 || rec.Host >= len(rec.Seats) {
		return nil, fmt.Errorf("%d seats, host %d", len(rec.Seats), rec.Host)
	}
	code, ok := NormalizeCode(rec.Code)
	if !ok {
		return nil, fmt.Errorf("bad invite code %q", rec.Code)
	}
	t := newTable(h, rec.ID, code, rec.Seq, g, info, len(rec.Seats), rec.Private, rec.Options)
	t.creator = Player{ID: rec.Creator.ID, Name: rec.Creator.Name, Guest: rec.Creator.Guest, Addr: rec.Creator.Addr}
	t.host, t.seed, t.shared, t.created, t.started = rec.Host, rec.Seed, rec.Shared, rec.Created, rec.Started
	t.casual, t.rated, t.tournament, t.replyWindow = rec.Casual, rec.Rated, rec.Tournament, rec.ReplyWindow
	t.restoredUntil = time.Now().Add(h.cfg.RestoreGrace)
	// Versions go on rising across owners: a session that follows the
	// table from a node that ran it must never see an older version.
	t.version = uint64(time.Now().UnixNano())
	if k, err := ParseClock(rec.Clock); err == nil {
		t.clock = k
	}
	for i, s := range rec.Seats {
		t.seats[i] = seat{id: s.ID, name: s.Name, guest: s.Guest, admin: s.Admin, ownsName: s.OwnsName, left: s.Left, timedOut: s.TimedOut, autoPass: s.AutoPass, timeouts: s.Timeouts}
		if s.BotLevel != "" {
			t.seats[i].bot, t.seats[i].botLevel = t.makeBot(s.BotLevel), s.BotLevel
		}
	}
	switch Status(rec.Status) {
	case Waiting:
	case Playing, Finished:
		st, err := g.New(len(rec.Seats), rec.Options, rec.Seed)
		if err != nil {
			return nil, err
		}
		for i, m := range rec.Moves {
			evs, err := st.Apply(m.Seat, m.Action)
			if err != nil {
				return nil, fmt.Errorf("move %d does not replay: %w", i+1, err)
			}
			t.addLog(evs...)
		}
		t.state, t.status = st, Playing
		t.moves, t.movesStored = slices.Clone(rec.Moves), len(rec.Moves)
		if rec.EndedEarly != "" {
			t.early = &engine.Outcome{Done: true, Summary: rec.EndedEarly}
		}
		if t.clock.Correspondence() {
			t.keptDeadline, t.clockAt, t.keptWindow = rec.TurnDeadline, rec.ClockAt, rec.WindowDeadline
		}
		if Status(rec.Status) == Finished && !t.outcome().Done {
			return nil, fmt.Errorf("it is stored as finished, but its moves do not end the game")
		}
	default:
		return nil, fmt.Errorf("status %q", rec.Status)
	}
	t.logf("%s", why)
	// Listed at once: Connect reads where a player's seats are from it.
	sum := t.makeSummary(t.names())
	t.summary.Store(&sum)

	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		// A takeover as the hub closes: Close stops only the tables it
		// found, so this one must not start.
		return nil, ErrClosed
	}
	if h.tables[t.id] != nil || h.codes[code] != nil {
		return nil, fmt.Errorf("its ID or code is taken")
	}
	h.tables[t.id], h.codes[code] = t, t
	if !t.private {
		h.lobbyChangedLocked()
	}
	h.byPlayer.count(t.creator.ID)
	h.byAddr.count(t.creator.Addr)
	for i := range t.seats {
		if s := &t.seats[i]; s.id != "" && !s.guest {
			// Dropped or left on purpose, the seat waits for them, as
			// it did before the restart (seat.leave: setAway).
			h.away[s.id] = append(h.away[s.id], t)
		}
	}
	h.wg.Add(1)
	go t.run()
	// Settle what the restart left (a finished game, timers to start again,
	// bots to move) on the actor.
	t.post(func() { t.checkOver(); t.changed() })
	if code := rec.Tournament; code != "" && Status(rec.Status) == Waiting {
		// Its players' wait goes on until the round's grace, as kept.
		go func() {
			if tn, err := h.TournamentByCode(code); err == nil {
				t.post(func() { t.graceUntil(tn.Grace) })
			}
		}()
	}
	return t, nil
}

// restoring reports whether the table came back from the store within the
// last Config.RestoreGrace (its players may still be reconnecting).
func (t *table) restoring() bool { return time.Now().Before(t.restoredUntil) }

// saveGame adds a finished game to the store's history, off the actor.
func (t *table) saveGame(o engine.Outcome) {
	if t.hub.store == nil {
		return
	}
	names := t.names()
	g := store.Game{TableID: t.id, Game: t.info.ID, Started: t.started, Ended: time.Now().UTC(),
		Seats: make([]store.GameSeat, len(t.seats)),
		Record: engine.Record{Game: t.info.ID, Players: len(t.seats), Options: t.opts, Seed: t.seed,
			Moves: slices.Clone(t.moves), Outcome: &o, Names: names, Bots: make([]string, len(t.seats)), EndedEarly: t.early != nil}}
	for i := range t.seats {
		s := &t.seats[i]
		gs := store.GameSeat{Name: names[i], Winner: slices.Contains(o.Winners, engine.Seat(i))}
		if s.bot != nil && s.id == "" {
			gs.BotLevel = s.botLevel
		} else {
			gs.PlayerID = s.id
		}
		if i < len(o.Scores) {
			gs.Score = o.Scores[i]
		}
		g.Seats[i] = gs
		if s.bot != nil {
			g.Record.Bots[i] = s.botLevel
		}
	}
	g.Record.Rated = t.rated
	st, h := t.hub.store, t.hub
	h.saving.Add(1)
	go func() {
		defer h.saving.Done()
		h.ratings.saving.Lock()
		defer h.ratings.saving.Unlock()
		if _, err := st.SaveGame(&g); err != nil {
			h.storeFailed("save game", err)
			return
		}
		h.rateGame(&g)
	}()
}
