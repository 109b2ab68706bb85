package rooms

import (
	"arcade/engine"
	"slices"
)

// The hub's directory of its open tables, and of the seats players are
// away from.

// newTable registers a table with c seated as host and starts its actor,
// within the limits of admitLocked.
func (h *Hub) newTable(g engine.Game, info engine.Info, seats int, private bool, opts engine.Options, c member, p Player) (*table, error) {
	seq, err := h.takeSeq()
	if err != nil {
		return nil, err
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.closed {
		return nil, ErrClosed
	}
	if h.Draining() {
		return nil, ErrDraining
	}
	if err := h.admitLocked(p); err != nil {
		return nil, err
	}
	code := randomCode()
	for h.codes[code] != nil || h.codeTakenLocked(code) {
		code = randomCode()
	}
	t := newTable(h, h.tableID(seq), code, seq, g, info, seats, private, opts)
	t.creator, t.fresh = p, true
	if c != nil {
		t.seats[0] = playerSeat(p, c)
	}
	h.tables[t.id] = t
	h.codes[code] = t
	h.wg.Add(1)
	go t.run()
	return t, nil
}

// openTables lists the hub's open tables, in no order.
func (h *Hub) openTables() []*table {
	h.mu.Lock()
	defer h.mu.Unlock()
	tables := make([]*table, 0, len(h.tables))
	for _, t := range h.tables {
		tables = append(tables, t)
	}
	return tables
}

func (h *Hub) tableByID(id string) *table {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.tables[id]
}

func (h *Hub) tableByCode(typed string) *table {
	code, ok := NormalizeCode(typed)
	if !ok {
		return nil
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.codes[code]
}

// removeTable forgets a closing table.
func (h *Hub) removeTable(t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tables[t.id] == t {
		delete(h.tables, t.id)
		h.byPlayer.release(t.creator.ID)
		h.byAddr.release(t.creator.Addr)
	}
	if h.codes[t.code] == t {
		delete(h.codes, t.code)
	}
	h.clearAwayLocked(t)
	h.lobbyChangedLocked()
}

// setAway remembers that player id dropped out of a game at t, as their
// latest away seat.
func (h *Hub) setAway(id string, t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.awayDropLocked(id, t)
		h.away[id] = append(h.away[id], t)
	}
}

// awayAt reports whether player id is away from a seat at t (h.mu held).
func (h *Hub) awayAt(id string, t *table) bool { return slices.Contains(h.away[id], t) }

// awayDropLocked forgets player id's away seat at t and reports whether
// there was one (h.mu held).
func (h *Hub) awayDropLocked(id string, t *table) bool {
	seats := h.away[id]
	i := slices.Index(seats, t)
	if i < 0 {
		return false
	}
	if seats = slices.Delete(seats, i, i+1); len(seats) == 0 {
		delete(h.away, id)
	} else {
		h.away[id] = seats
	}
	return true
}

// clearAway forgets the dropped players of t (its game ended).
func (h *Hub) clearAway(t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.clearAwayLocked(t)
}

func (h *Hub) clearAwayLocked(t *table) {
	for id := range h.away {
		h.awayDropLocked(id, t)
	}
}

// forgetAway stops resuming player id at t (they came back, or were
// removed from it).
func (h *Hub) forgetAway(id string, t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.awayDropLocked(id, t) {
		h.lobbyChangedLocked() // their lobby stops offering the seat
	}
}

// AwaySeats are the tables where the client's player holds a seat while
// away (dropped, or left mid-game), the latest first: the lobby offers
// them first, Join puts the player back in one, and a reconnect in the
// latest.
func (c *Client) AwaySeats() []TableSummary {
	p := c.Player()
	if p.Guest {
		return nil
	}
	c.hub.mu.Lock()
	seats := slices.Clone(c.hub.away[p.ID])
	far, _, remote := c.hub.remoteAwayLocked(p.ID)
	c.hub.mu.Unlock()
	var out []TableSummary
	for _, t := range slices.Backward(seats) {
		if sum := t.summary.Load(); sum != nil {
			out = append(out, *sum)
		}
	}
	if remote && !slices.ContainsFunc(out, func(s TableSummary) bool { return s.ID == far.Sum.ID }) {
		out = append(out, far.Sum)
	}
	return out
}
