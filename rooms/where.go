package rooms

// Where a Client sits: at a table of this node (localSeat) or at one of
// another node (*remoteAt, remoteseat.go). Its commands go there alike.

// seatAt is the table a Client sits at, and how its commands reach it.
type seatAt interface {
	// tableID is the table's ID.
	tableID() string
	// command runs req's table command (tableOps) for c.
	command(c *Client, req cmdReq) error
	// say adds c's line to the table's chat.
	say(c *Client, line ChatLine) error
	// rename gives c's seat its new name.
	rename(c *Client, name string)
	// quit takes c off the table: it moved on (leaveMoved) or its session
	// ended (leaveDisconnect).
	quit(c *Client, how leaveKind)
	// rematch opens or joins the rematch of c's finished game there.
	rematch(c *Client) error
	// handTo gives closed c's place to by, the same player connected again,
	// and reports whether by took it.
	handTo(c, by *Client) bool
}

// seat returns where the client sits (nil: in the lobby), or ErrClosed.
func (c *Client) seat() (Player, seatAt, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return Player{}, nil, ErrClosed
	}
	return c.player, c.seatLocked(), nil
}

// seatLocked is where the client sits, nil when nowhere (c.mu held).
func (c *Client) seatLocked() seatAt {
	switch {
	case c.table != nil:
		return localSeat{c.table}
	case c.remote != nil:
		return c.remote
	}
	return nil
}

// leaveSeat leaves was, where the client sat before it moved to table now
// (nothing when was is nil or that table).
func (c *Client) leaveSeat(was seatAt, now string) {
	if was != nil && was.tableID() != now {
		was.quit(c, leaveMoved)
	}
}

// localSeat is a seat, or a spectator's place, at a table of this node.
type localSeat struct{ t *table }

func (l localSeat) tableID() string { return l.t.id }

func (l localSeat) command(c *Client, req cmdReq) error { return runOp(l.t, c, req) }

func (l localSeat) say(c *Client, line ChatLine) error { return sayAt(l.t, c, line) }

func (l localSeat) rename(c *Client, name string) { renameAt(l.t, c, name) }

func (l localSeat) quit(c *Client, how leaveKind) {
	_ = l.t.call(func() error { return l.t.leave(c, how) })
}

func (l localSeat) rematch(c *Client) error { return rematchHere(c, l.t, c.JoinCode) }

func (l localSeat) handTo(c, by *Client) bool {
	return l.t.call(func() error { return l.t.replace(c, by) }) == nil
}

func (r *remoteAt) tableID() string { return r.table }

func (r *remoteAt) command(c *Client, req cmdReq) error {
	req.Player = c.Player()
	return c.hub.ask(r.table, c, req)
}

func (r *remoteAt) say(c *Client, line ChatLine) error {
	return r.command(c, cmdReq{Op: opSay, Text: line.Text})
}

func (r *remoteAt) rename(c *Client, name string) {
	_ = r.command(c, cmdReq{Op: opRename, Text: name})
}

func (r *remoteAt) quit(c *Client, how leaveKind) {
	op := opMoved
	if how == leaveDisconnect {
		op = opClose
	}
	_ = r.command(c, cmdReq{Op: op})
}

func (r *remoteAt) rematch(c *Client) error { return c.rematchRemote(r) }

func (r *remoteAt) handTo(c, by *Client) bool {
	// The seat stays the player's: the new session takes it back.
	r.quit(c, leaveDisconnect)
	op := opJoin
	if r.watching {
		op = opWatch
	}
	return by.enterRemote(nodeTableRef{id: r.table, owner: r.owner}, cmdReq{Op: op, ByCode: true}) == nil
}
