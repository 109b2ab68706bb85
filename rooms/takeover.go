package rooms

import (
	"arcade/rooms/store"
	"errors"
)

// Tables changing node: a draining node hands its tables over (HandOver);
// a node takes over the tables of one whose leases lapsed (takeOver).

// handOver stops the table here because another node took it over (its
// lease was lost, or the store fenced this node out): nothing is written
// or deleted, and the clients of this node follow it to the new owner
// (actor only).
func (t *table) handOver() {
	if t.closed {
		return
	}
	t.halt()
	me := t.hub.bus.Node()
	for i := range t.seats {
		if c := t.seats[i].client; c != nil {
			c.handedOver(t, me, false)
		}
	}
	for _, c := range t.spectators {
		c.handedOver(t, me, true)
	}
	// The new owner may have told its state already.
	go func() {
		h := t.hub
		h.mu.Lock()
		_, owner, ok := h.remoteLocked(t.id, false)
		h.mu.Unlock()
		if ok && owner != me {
			for _, c := range h.followers(owner)[t.id] {
				go c.follow(t.id, owner)
			}
		}
	}()
}

// HandOver stops every table of this node and releases its lease, so that
// the other nodes take them over at once, and opens no new ones (a node
// that drains before it stops). The sessions of this node that sat at
// them follow them to their new owners until they end. It returns how many
// tables it handed over; without a cluster it does nothing.
func (h *Hub) HandOver() int {
	if h.bus == nil {
		return 0
	}
	h.SetDraining(true)
	tables := h.openTables()
	for _, t := range tables {
		_ = t.call(func() error { t.handOver(); return nil })
		if err := h.bus.Release(t.id); err != nil {
			h.cfg.Logf("rooms: table %s: releasing it failed: %v", t.id, err)
		}
	}
	h.tellState()
	return len(tables)
}

// takeOver takes an orphaned table: its lease first (exactly one node wins
// it), then the table from the shared store, which fences its old owner.
// A finished table comes back too, as after a restart: its players find
// their game-over screen, and its game is in the history once.
func (h *Hub) takeOver(id string) {
	shared, ok := h.store.(store.Shared)
	if !ok || h.tableByID(id) != nil || h.isClosed() || h.Draining() {
		return
	}
	won, err := h.bus.TakeOver(id)
	if err != nil || !won {
		return
	}
	rec, err := shared.TakeTable(id)
	switch {
	case errors.Is(err, store.ErrNotFound):
		_ = h.bus.Drop(id)
		return
	case err != nil:
		h.cfg.Logf("rooms: table %s: taking it over failed: %v", id, err)
		_ = h.bus.Release(id)
		return
	}
	why := "The table's server stopped; the game goes on here."
	if Status(rec.Status) == Finished {
		// As after a restart: its players find their game-over screen
		// again, and it closes once they leave.
		why = "The table's server stopped; the table is here now."
	}
	t, err := h.restoreTable(rec, why)
	if err != nil {
		if !errors.Is(err, ErrClosed) {
			h.cfg.Logf("rooms: table %s (%s) could not be taken over: %v", rec.ID, rec.Game, err)
		}
		_ = h.bus.Release(id)
		return
	}
	h.cfg.Infof("took table %s (%s) over at move %d", id, rec.Game, len(rec.Moves))
	h.serve(t)
	h.tellState()
	for _, c := range h.followers(h.bus.Node())[id] {
		go c.follow(id, h.bus.Node())
	}
	h.seatArrivals(t)
}
