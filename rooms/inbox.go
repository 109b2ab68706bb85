package rooms

// The inbox is a Client's mailbox: one slot per kind of update, latest
// wins, and a Notify channel of capacity 1. Putting never blocks, so a
// session that stops reading costs the table nothing. The slots share c.mu
// with the client's membership (c.table), so a table can deliver only to a
// client that is still at that table.

// signal wakes the session's forwarder without ever blocking.
func (c *Client) signal() {
	select {
	case c.notify <- struct{}{}:
	default:
	}
	c.wakeUp()
}

// put runs store under c.mu and signals when it stored something.
func (c *Client) put(store func() bool) bool {
	c.mu.Lock()
	ok := store()
	c.mu.Unlock()
	if ok {
		c.signal()
	}
	return ok
}

// putTable delivers u if the client is still at t. It reports whether it did.
func (c *Client) putTable(t *table, u *TableUpdate) bool {
	return c.put(func() bool {
		if c.table != t || c.closed {
			return false
		}
		c.tableUpd = u
		return true
	})
}

// putLobby delivers a lobby snapshot if the client is in the lobby.
func (c *Client) putLobby(l *LobbyUpdate) {
	c.put(func() bool {
		if c.table != nil || c.closed {
			return false
		}
		c.lobby = l
		return true
	})
}

// putFinal delivers a last table update whatever the client's state (the
// notice of an eviction or shutdown).
func (c *Client) putFinal(u *TableUpdate) {
	c.put(func() bool { c.tableUpd = u; return true })
}

// attach makes t the client's table (called by t's actor). It fails when the
// client was closed meanwhile.
func (c *Client) attach(t *table, watching bool) bool {
	return c.attachTo(t, watching, func() {
		c.placed = true
		c.remote, c.moving, c.lobby = nil, nil, nil
	})
}

// detachFrom takes the client off t (called by t's actor) and, when u is not
// nil, delivers u as its last update from t and the lobby after it. It
// reports whether the client was at t.
func (c *Client) detachFrom(t *table, u *TableUpdate) bool {
	at := false
	c.put(func() bool {
		at = c.table == t
		if !at {
			return false
		}
		c.table = nil
		if u != nil {
			c.tableUpd = u
		}
		return u != nil
	})
	if at {
		c.hub.peopleChanged() // where the client is shows in People
		if u != nil {
			c.hub.sendLobby(c)
		}
	}
	return at
}

// handedOver makes t, which another node took over, a table of another
// node for the client: its owner is still node until the client follows
// it (follow).
func (c *Client) handedOver(t *table, node string, watching bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.table == t {
		c.table = nil
		c.remote = &remoteAt{table: t.id, owner: node, game: t.info.Name, private: t.private, watching: watching}
	}
}

// Notify is signalled (capacity 1) when an update waits to be taken.
func (c *Client) Notify() <-chan struct{} { return c.notify }

// Take returns the latest lobby and table updates not yet taken (nil when
// there is none of that kind) and empties both slots. When both are set,
// apply the lobby first: the table update says where the session is.
func (c *Client) Take() (*LobbyUpdate, *TableUpdate) {
	c.mu.Lock()
	defer c.mu.Unlock()
	l, u := c.lobby, c.tableUpd
	c.lobby, c.tableUpd = nil, nil
	return l, u
}
