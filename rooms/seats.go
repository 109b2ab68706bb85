package rooms

import (
	"fmt"
	"slices"

	"arcade/engine"
)

// leaveKind says why a client leaves a table.
type leaveKind int

const (
	leaveLeft       leaveKind = iota // Leave: back to the lobby
	leaveMoved                       // joined, watched or created another table
	leaveDisconnect                  // Close: the session ended
)

// hostArrives completes Create: seat 0 was filled by newTable; the client
// now moves in (unless it was closed meanwhile).
func (t *table) hostArrives(c member) error {
	if !c.attach(t, false) {
		t.seats[t.host] = seat{}
		t.changed()
		return ErrClosed
	}
	t.logf("%s opened the table.", t.name(t.host))
	t.changed()
	if t.unsaved {
		// Never kept, so never shown: the table goes as if never opened.
		t.shut("")
		return errNoSeq
	}
	return nil
}

// join seats c: its own seat back if its ID holds one here, else the lowest
// free seat of a waiting table. byCode: c came with the invite code.
// resumeOnly: only give back a seat the player dropped out of (Connect).
func (t *table) join(c member, p Player, byCode, resumeOnly bool) error {
	if t.seatOf(c) >= 0 {
		return nil
	}
	spec := t.spectatorIndex(c)
	if s := t.seatOfPlayer(p); s >= 0 {
		st := &t.seats[s]
		// A game over is resumed only just after a restart: its players
		// find the game-over screen they had.
		if resumeOnly && (st.client != nil || (t.status == Finished && !t.restoring())) {
			return ErrNoTable
		}
		if old := st.client; old != nil {
			st.client = nil
			t.detach(old, NoticeReplaced, engine.Seat(s))
		}
		if !c.attach(t, false) {
			t.changed()
			return ErrClosed
		}
		t.dropSpectator(spec)
		t.hub.forgetAway(p.ID, t)
		hadBot, was, autoPass := st.bot != nil, t.name(s), st.autoPass
		*st = playerSeat(p, c)
		st.autoPass = autoPass // their settings come back with the seat
		back := t.nowCalled(s, was)
		if hadBot {
			t.logf("%s is back and takes the seat over from the bot.", back)
		} else {
			t.logf("%s is back.", back)
		}
		t.changed()
		return nil
	}
	switch {
	case resumeOnly:
		return ErrNoTable
	case t.private && !byCode && spec < 0:
		return ErrPrivate
	case t.status != Waiting:
		return ErrStarted
	}
	s := slices.IndexFunc(t.seats, func(st seat) bool { return st.empty() })
	if s < 0 {
		return ErrTableFull
	}
	if t.clock.Correspondence() {
		if err := t.hub.checkCorrespondenceCap(p); err != nil {
			return err
		}
	}
	if !c.attach(t, false) {
		return ErrClosed
	}
	t.dropSpectator(spec)
	t.seats[s] = playerSeat(p, c)
	t.shared = t.shared || p.ID != t.creator.ID
	t.logf("%s joined.", t.name(s))
	t.changed()
	return nil
}

// watch adds c as a spectator.
func (t *table) watch(c member, byCode bool) error {
	switch {
	case t.seatOf(c) >= 0:
		return fmt.Errorf("You are playing at this table.")
	case t.spectatorIndex(c) >= 0:
		return nil
	case t.private && !byCode:
		return ErrPrivate
	case len(t.spectators) >= t.cfg.MaxSpectators:
		return ErrSpectatorsFull
	}
	if !c.attach(t, true) {
		return ErrClosed
	}
	t.spectators = append(t.spectators, c)
	t.logf("%s is watching.", c.Player().Name)
	t.changed()
	return nil
}

// leave takes c off the table. Before the game its seat is freed; after the
// start the seat stays the player's, away.
func (t *table) leave(c member, how leaveKind) error {
	notice := ""
	if how == leaveLeft {
		notice = NoticeLeft
	}
	if i := t.spectatorIndex(c); i >= 0 {
		t.dropSpectator(i)
		t.detach(c, notice, engine.Spectator)
		t.changed()
		return nil
	}
	s := t.seatOf(c)
	if s < 0 {
		return ErrNotAtTable
	}
	st := &t.seats[s]
	name := t.name(s)
	switch {
	case t.status == Waiting:
		*st = seat{}
		t.logf("%s left.", name)
	case how == leaveDisconnect:
		st.client, st.left, st.timedOut = nil, false, false
		t.logf("%s disconnected.", name)
		if !st.guest && t.status == Playing {
			t.hub.setAway(st.id, t)
		}
	default:
		st.client, st.left, st.timedOut = nil, true, false
		t.logf("%s left the game.", name)
		if !st.guest && t.status == Playing {
			t.hub.setAway(st.id, t) // a reconnect takes them back (Client.AwaySeat)
		}
	}
	t.detach(c, notice, engine.Seat(s))
	t.changed()
	return nil
}

// replace puts by (the same player, connected again) in old's place.
func (t *table) replace(old, by member) error {
	s := t.seatOf(old)
	spec := t.spectatorIndex(old)
	if s < 0 && spec < 0 {
		return ErrNotAtTable
	}
	old.detachFrom(t, nil)
	attached := by.attach(t, s < 0)
	switch {
	case !attached && s >= 0:
		t.seats[s].client = nil
	case !attached:
		t.dropSpectator(spec)
	case s >= 0:
		was := t.name(s)
		p := by.Player()
		st := &t.seats[s]
		st.client, st.name, st.admin, st.ownsName = by, p.Name, p.Admin, p.OwnsName
		t.logf("%s reconnected.", t.nowCalled(s, was))
	default:
		t.spectators[spec] = by
	}
	t.changed()
	if s >= 0 && t.seats[s].client != by {
		return ErrClosed
	}
	return nil
}

// renamed updates the name of c's seat, and its mark.
func (t *table) renamed(c member, name string) {
	s := t.seatOf(c)
	if s < 0 {
		return
	}
	st := &t.seats[s]
	owns := c.Player().OwnsName
	if st.name == name && st.ownsName == owns {
		return
	}
	st.ownsName = owns
	if st.name != name {
		old := t.name(s)
		st.name = name
		t.logf("%s is now called %s.", old, t.name(s))
	}
	t.changed()
}

// kick frees another player's seat before the game (host only).
func (t *table) kick(c member, s int) error {
	if err := t.hostOnly(c); err != nil {
		return err
	}
	st := t.seatAt(engine.Seat(s))
	if t.status == Playing && st != nil && st.id != "" && st.client == nil {
		// An absent player, whether or not a bot stands in for them: the
		// game goes on with a bot of its own in their place (the one
		// standing in keeps playing).
		if err := t.awayBetweenMoves(st); err != nil {
			return err
		}
		name, id, level := t.name(s), st.id, st.botLevel
		if st.bot == nil {
			level = "normal"
		}
		bot := st.bot
		if bot == nil {
			bot = t.makeBot(level)
		}
		*st = seat{name: t.newBotName(level, s), bot: bot, botLevel: level}
		t.hub.forgetAway(id, t)
		t.logf("The host removed %s, who was away; %s takes the seat.", name, ABot(level))
		t.changed()
		return nil
	}
	if t.status != Waiting {
		return fmt.Errorf("Players can only be removed before the game starts, or when they are away.")
	}
	if st != nil && st.client == nil && st.id != "" {
		// A seat kept for a player (a rematch, a restart) who has not come.
		name, id := t.name(s), st.id
		*st = seat{}
		t.hub.forgetAway(id, t)
		t.logf("The host freed the seat kept for %s.", name)
		t.changed()
		return nil
	}
	switch {
	case st == nil:
		return fmt.Errorf("There is no seat %d.", s+1)
	case st.client == c:
		return fmt.Errorf("You cannot remove yourself; leave the table instead.")
	case st.client == nil:
		return fmt.Errorf("Seat %d has no player.", s+1)
	}
	name := t.name(s)
	target := st.client
	*st = seat{}
	t.detach(target, NoticeKicked, engine.Seat(s))
	t.logf("The host removed %s.", name)
	t.changed()
	return nil
}

// hostOnly refuses anyone but the host, and everyone at a tournament's
// table, which has no host.
func (t *table) hostOnly(c member) error {
	if t.tournament != "" {
		return ErrTournamentTable
	}
	if s := t.seatOf(c); s < 0 || s != t.host {
		return ErrNotHost
	}
	return nil
}

// seatOf returns c's seat, or -1.
func (t *table) seatOf(c member) int {
	return slices.IndexFunc(t.seats, func(st seat) bool { return st.client == c })
}

// seatOfPlayer returns the seat held by p's ID (not for guests), or -1.
func (t *table) seatOfPlayer(p Player) int {
	if p.Guest || p.ID == "" {
		return -1
	}
	return slices.IndexFunc(t.seats, func(st seat) bool { return st.id == p.ID })
}

func (t *table) spectatorIndex(c member) int {
	return slices.Index(t.spectators, c)
}

// dropSpectator removes spectator i (no-op for -1).
func (t *table) dropSpectator(i int) {
	if i >= 0 {
		t.spectators = slices.Delete(t.spectators, i, i+1)
	}
}

// nowCalled names seat s for a log line after its player came back as
// they were called before: "bob", or "bob (now robert)" when the name
// changed (old log lines name the seat, so they show the new name too:
// the line says who that is).
func (t *table) nowCalled(s int, was string) string {
	if now := t.name(s); now != was {
		return fmt.Sprintf("%s (now %s)", was, now)
	}
	return was
}
