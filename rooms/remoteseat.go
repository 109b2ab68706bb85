package rooms

import "arcade/engine"

// A session at another node's table: where it sits (remoteAt), how it
// gets there (enterRemote) and how it follows its table when the table
// changes node (follow).

// pendingAny is Client.moving's id while a rematch opens on the table's
// node: the client takes updates of any table of its owner.
const pendingAny = "*"

// remoteAt is where a client sits when another node owns its table.
type remoteAt struct {
	table, owner string // owner "": its node restarted (ownerRestarted)
	game         string // the game's name, for People
	private      bool
	watching     bool
}

// nodeTableRef names a table of another node.
type nodeTableRef struct{ id, owner string }

// atRemote puts the client at a table of another node (c.mu held).
func (c *Client) atRemote(r *remoteAt) {
	c.remote, c.placed = r, true
	c.table, c.lobby = nil, nil
}

// enterRemote moves the client to a table of another node (req: join or
// watch), then leaves where it was.
func (c *Client) enterRemote(r nodeTableRef, req cmdReq) error {
	c.op.Lock()
	defer c.op.Unlock()
	p, was, err := c.seat()
	if err != nil {
		return err
	}
	c.mu.Lock()
	c.moving = &nodeTableRef{id: r.id, owner: r.owner}
	c.mu.Unlock()
	req.Player = p
	err = c.hub.ask(r.id, c, req)
	c.mu.Lock()
	c.moving = nil
	if err == nil && (c.remote == nil || c.remote.table != r.id) {
		c.atRemote(&remoteAt{table: r.id, owner: r.owner, watching: req.Op == opWatch})
	}
	c.mu.Unlock()
	if err != nil {
		return err
	}
	c.hub.peopleChanged()
	c.leaveSeat(was, r.id) // not the same table: joined from watching it, say
	return nil
}

// rematchRemote opens or joins the rematch of a game on another node; the
// rematch's table is on that node too.
func (c *Client) rematchRemote(r *remoteAt) error {
	c.mu.Lock()
	c.moving = &nodeTableRef{id: pendingAny, owner: r.owner}
	c.mu.Unlock()
	rep, err := c.hub.askReply(r.table, c, cmdReq{Op: opRematch, Player: c.Player()})
	c.mu.Lock()
	c.moving = nil
	if err == nil && rep.Table != "" && (c.remote == nil || c.remote.table != rep.Table) {
		c.remote = &remoteAt{table: rep.Table, owner: r.owner}
	}
	c.mu.Unlock()
	return err
}

// follow takes the client to table id's new owner, after its old owner
// died or handed it over: the seat (or the spectator's place) waits there.
func (c *Client) follow(id, owner string) {
	c.op.Lock()
	defer c.op.Unlock()
	c.mu.Lock()
	r := c.remote
	if c.closed || c.table != nil || r == nil || r.table != id || r.owner == owner {
		c.mu.Unlock()
		return
	}
	c.moving = &nodeTableRef{id: id, owner: owner}
	c.mu.Unlock()
	var err error
	if owner == c.hub.bus.Node() {
		// This node took the table over: the client sits down here.
		t := c.hub.tableByID(id)
		if t == nil {
			err = ErrNoTable
		} else {
			err = t.callKept(func() error {
				if r.watching {
					return t.watch(c, true)
				}
				return t.join(c, c.Player(), true, false)
			})
		}
	} else {
		op := opJoin
		if r.watching {
			op = opWatch
		}
		err = c.hub.ask(id, c, cmdReq{Op: op, Player: c.Player(), ByCode: true})
	}
	gone := false
	c.mu.Lock()
	c.moving = nil
	if c.remote != nil && c.remote.table == id {
		if err == nil {
			c.remote.owner = owner
		} else {
			c.remote, gone = nil, true
		}
	}
	c.mu.Unlock()
	if gone {
		c.putFinal(&TableUpdate{You: engine.Spectator, Closed: true, Notice: NoticeMoveFailed})
		c.hub.peopleChanged()
		c.hub.sendLobby(c)
	}
}

// NoticeMoveFailed: the table's server stopped and the table could not be
// found again.
const NoticeMoveFailed = "The table's server stopped, and the table could not be taken over."
