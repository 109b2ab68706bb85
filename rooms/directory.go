package rooms

import "arcade/engine"

// The hub's directory of its open tables, and of the seats players are
// away from.

// newTable registers a table with c seated as host and starts its actor,
// within the limits of admitLocked.
func (h *Hub) newTable(g engine.Game, info engine.Info, seats int, private bool, opts engine.Options, c *Client, p Player) (*table, error) {
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
	t.seats[0] = playerSeat(p, c)
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

// setAway remembers that player id dropped out of a game at t.
func (h *Hub) setAway(id string, t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.closed {
		h.away[id] = t
	}
}

// clearAway forgets the dropped players of t (its game ended).
func (h *Hub) clearAway(t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.clearAwayLocked(t)
}

func (h *Hub) clearAwayLocked(t *table) {
	for id, at := range h.away {
		if at == t {
			delete(h.away, id)
		}
	}
}

// forgetAway stops resuming player id at t (they were removed from it).
func (h *Hub) forgetAway(id string, t *table) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.away[id] == t {
		delete(h.away, id)
		h.lobbyChangedLocked() // their lobby stops offering the seat
	}
}

// AwaySeat is the table where the client's player holds a seat while away
// (dropped, or left mid-game): the lobby offers it first, and Join (or a
// reconnect) puts them back in it.
func (c *Client) AwaySeat() (TableSummary, bool) {
	p := c.Player()
	if p.Guest {
		return TableSummary{}, false
	}
	c.hub.mu.Lock()
	t := c.hub.away[p.ID]
	far, _, remote := c.hub.remoteAwayLocked(p.ID)
	c.hub.mu.Unlock()
	if t == nil {
		return far.Sum, remote
	}
	sum := t.summary.Load()
	if sum == nil {
		return TableSummary{}, false
	}
	return *sum, true
}
