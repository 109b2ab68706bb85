package rooms

import (
	"slices"

	"arcade/engine"
)

// publish computes an update for every watcher and drops it in their
// inboxes (never blocking). Views are computed per seat; spectators share
// one update.
func (t *table) publish() {
	if t.unsaved {
		return // its players keep what they saw until the change is kept
	}
	t.version++
	names := t.names()
	sum := t.makeSummary(names)
	t.storeSummary(sum)
	t.snapTurns(names)
	infos := make([]SeatInfo, len(t.seats))
	ratings := t.hub.ratingsOf(t.info.ID)
	for i := range t.seats {
		s := &t.seats[i]
		infos[i] = SeatInfo{Name: names[i], Admin: s.admin, OwnsName: s.ownsName, Bot: s.bot != nil, BotLevel: s.botLevel, Connected: s.client != nil, Empty: s.empty(),
			StandIn: s.bot != nil && s.id != "", Idle: s.client != nil && s.bot == nil && s.timeouts > 0, Overdue: t.overdue(s)}
		if s.id != "" {
			infos[i].Rating = ratings[s.id]
		}
	}
	base := TableUpdate{
		Table: sum, Options: t.opts, Seats: infos,
		Pending: t.pending(), Deadline: t.deadline, Version: t.version,
		ServerNotice: t.hub.Notice(), Chat: t.chat, Watchers: t.watcherNames(),
		Clock: t.clock, TurnDeadline: t.turnDeadline, Rematch: t.rematchCode(), Shared: t.shared,
		Rated: t.rated || (t.status == Waiting && !t.casual && !t.info.Cooperative), Casual: t.casual, Tournament: t.tournament, ReplyWindow: t.replyWindow,
	}
	if t.state != nil {
		base.Outcome = t.outcome()
	}
	for i := range t.seats {
		c := t.seats[i].client
		if c == nil {
			continue
		}
		u := t.updateFor(base, engine.Seat(i))
		u.Host = i == t.host && t.tournament == "" // a tournament's table has no host
		u.Code = t.code
		t.seats[i].shown = u
		c.putTable(t, u)
	}
	t.watchShown = nil
	if len(t.spectators) > 0 {
		u := t.updateFor(base, engine.Spectator)
		t.watchShown = u
		for _, c := range t.spectators {
			c.putTable(t, u)
		}
	}
}

// updateFor fills in what seat you may see.
func (t *table) updateFor(base TableUpdate, you engine.Seat) *TableUpdate {
	u := base
	u.You = you
	if t.state != nil {
		u.View = t.state.View(you)
		if slices.Contains(u.Pending, you) {
			u.Legal = t.state.Legal(you)
		}
	}
	u.Log = t.logFor(you)
	if st := t.seatAt(you); st != nil {
		u.AutoPass = st.autoPass
	}
	return &u
}

// logFor returns the last LogLines events seat s may read, oldest first.
func (t *table) logFor(s engine.Seat) []LogLine {
	n := 0
	start := len(t.log)
	for start > 0 && n < t.cfg.LogLines {
		start--
		if l := t.log[start]; l.to == engine.Everyone || l.to == s {
			n++
		}
	}
	out := make([]LogLine, 0, n)
	for _, l := range t.log[start:] {
		if l.to == engine.Everyone || l.to == s {
			out = append(out, LogLine{Text: l.text, Rule: l.rule})
		}
	}
	return out
}

func (t *table) makeSummary(names []string) TableSummary {
	taken := 0
	for i := range t.seats {
		if !t.seats[i].empty() {
			taken++
		}
	}
	return TableSummary{
		ID: t.id, Game: t.info.ID, GameName: t.info.Name,
		Seats: len(t.seats), Taken: taken, Status: t.status,
		Private: t.private, Host: names[t.host], Clock: t.clock,
	}
}

// storeSummary publishes the lobby's view of the table; the lobby is told
// only when a public table's summary changed.
func (t *table) storeSummary(s TableSummary) {
	old := t.summary.Load()
	if old != nil && *old == s {
		return
	}
	t.summary.Store(&s)
	if old == nil || old.Status != s.Status {
		// Who is online says whether their table waits; its first summary
		// may come after its players were listed there.
		t.hub.peopleChanged()
	}
	if !t.private {
		t.hub.lobbyChanged()
	}
}

// pending lists the seats that may act now: the engine's Pending and, for
// a Responder, its Responding seats, sorted. Empty unless playing.
func (t *table) pending() []engine.Seat {
	if t.status != Playing {
		return nil
	}
	p := slices.Clone(t.state.Pending())
	if r, ok := t.state.(engine.Responder); ok {
		for _, s := range r.Responding() {
			if !slices.Contains(p, s) {
				p = append(p, s)
			}
		}
	}
	slices.Sort(p)
	return p
}

// responding lists the seats in a response window, sorted.
func (t *table) responding() []engine.Seat {
	r, ok := t.state.(engine.Responder)
	if !ok || t.status != Playing {
		return nil
	}
	s := slices.Clone(r.Responding())
	slices.Sort(s)
	return s
}

// watcherNames are the spectators' names, in the order they came.
func (t *table) watcherNames() []string {
	if len(t.spectators) == 0 {
		return nil
	}
	names := make([]string, len(t.spectators))
	for i, c := range t.spectators {
		names[i] = c.Player().Name
	}
	return names
}
