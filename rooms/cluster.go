package rooms

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Several servers, one arcade (Config.Bus). Every hub owns the tables it
// opened (or took over) and tells the other nodes about them; a session
// sits at a table of another node through a stand-in client there (its
// relay names the session's node and client), whose updates travel back on
// the session's node's subject and whose commands go to the table's
// subject. The lobby merges every node's tables and people.
//
// When an owner dies its leases lapse: another node takes each table from
// the shared store (store.Shared), which fences the old owner out, and
// announces it; the sessions that sat there follow it to the new owner
// (follow), and players who reconnect anywhere find their seat through the
// nodes' away lists. While the cluster's storage does not answer
// (Bus.StorageDown: JetStream lost its quorum) no lease lapses and no
// table changes node: each node keeps its tables, which wait (persist)
// until the storage answers again.

// Timing of the cluster's own messages.
const (
	// stateEvery is how often a node repeats its state when nothing changed.
	stateEvery = time.Second
	// stateStale is how long a node's state holds without a repeat.
	stateStale = 4 * stateEvery
	// askTimeout bounds a command to another node's table: a live owner
	// answers in milliseconds; a dead one that the NATS server has not
	// noticed yet holds a player's move this long.
	askTimeout = 2 * time.Second
)

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

// nodeSeen is the last state of another node and when it came.
type nodeSeen struct {
	state nodeState
	raw   []byte
	seen  time.Time
}

// startCluster joins the other nodes (NewHub, when Config.Bus is set).
func (h *Hub) startCluster() error {
	b := h.bus
	for _, sub := range []struct {
		subject string
		handle  func(string, []byte)
	}{
		{subjectNode(b.Node()), h.onRelay},
		{subjectLobbyState, h.onState},
		{subjectLobbyChat, h.onChat},
		{subjectArrived, h.onArrived},
		{subjectNotice, h.onNotice},
		{subjectKick, h.onKick},
	} {
		stop, err := b.Subscribe(sub.subject, h.guard(sub.handle))
		if err != nil {
			h.stopCluster()
			return fmt.Errorf("rooms: subscribing to %s: %w", sub.subject, err)
		}
		h.clusterStops = append(h.clusterStops, stop)
	}
	h.clusterStops = append(h.clusterStops, b.WatchLeases(
		func(id string) { go h.takeOver(id) },
		func(id string) {
			if t := h.tableByID(id); t != nil {
				h.cfg.Infof("another server took table %s over", id)
				t.post(t.handOver)
			}
		}))
	tick := time.NewTicker(stateEvery)
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-tick.C:
				h.tellState()
				h.dropStaleNodes()
				h.watchStorage()
			}
		}
	}()
	h.clusterStops = append(h.clusterStops, func() { tick.Stop(); close(done) })
	h.tellState()
	return nil
}

// watchStorage logs once when the cluster's storage stops answering this
// node, and once when it answers again (every stateEvery).
func (h *Hub) watchStorage() {
	down := h.bus.StorageDown()
	if h.storageDown.Swap(down) == down {
		return
	}
	if down {
		h.cfg.Logf("rooms: the cluster's storage (NATS JetStream) does not answer: nothing is saved and no table changes node until it does; the tables wait (JetStream needs a majority of the NATS servers up)")
		return
	}
	h.cfg.Infof("rooms: the cluster's storage answers again; the tables that waited go on")
}

// guard keeps a bug in handling one message from another node from taking
// the whole server down: the panic is logged and the message dropped.
func (h *Hub) guard(handle func(string, []byte)) func(string, []byte) {
	return func(subject string, data []byte) {
		defer func() {
			if r := recover(); r != nil {
				h.cfg.Logf("rooms: a message on %s panicked: %v\n%s", subject, r, debug.Stack())
			}
		}()
		handle(subject, data)
	}
}

// stopCluster stops listening to the other nodes (Close).
func (h *Hub) stopCluster() {
	for _, stop := range h.clusterStops {
		stop()
	}
	h.clusterStops = nil
}

// tableID names a new table: "t<seq>"; in a cluster also the node and
// when this hub started ("t12-front1-lx3q5z2k9a1b"), so that a node that restarts
// under its name never reuses the ID of one of its old tables, which
// another node may run now.
func (h *Hub) tableID(seq uint64) string {
	if h.bus == nil {
		return fmt.Sprintf("t%d", seq)
	}
	return fmt.Sprintf("t%d-%s-%s", seq, h.bus.Node(), h.boot)
}

// claim takes the lease of a table this node opened and serves its
// commands (no-op without a cluster).
func (h *Hub) claim(t *table) {
	if h.bus == nil {
		return
	}
	if err := h.bus.Claim(t.id); err != nil {
		h.cfg.Logf("rooms: table %s: taking its lease failed: %v", t.id, err)
	}
	h.serve(t)
}

// serve answers the commands of other nodes' clients for t.
func (h *Hub) serve(t *table) {
	stop, err := h.bus.Serve(subjectTable(t.id), func(req []byte) []byte { return h.handle(t, req) })
	if err != nil {
		h.cfg.Logf("rooms: table %s: serving it failed: %v", t.id, err)
		return
	}
	t.post(func() {
		if t.closed {
			stop()
			return
		}
		t.unserve = stop
	})
	t.served.Store(true)
	h.lobbyChanged() // the other nodes hear of it now
}

// ask sends a command for c to the owner of table id and returns its
// answer's error.
func (h *Hub) ask(id string, c *Client, req cmdReq) error {
	_, err := h.askReply(id, c, req)
	return err
}

// askReply sends a command for c (nil: the hub's own) to the owner of
// table id and returns its reply and the reply's error. A request nobody
// answers fails with ErrNoServer, or with ErrStorageDown while the
// cluster's storage does not answer (nobody can take the table over then).
func (h *Hub) askReply(id string, c *Client, req cmdReq) (cmdReply, error) {
	if h.bus == nil {
		return cmdReply{}, ErrNoTable
	}
	if c != nil {
		req.From = clientRef{Node: h.bus.Node(), Boot: h.boot, CID: c.cid}
	}
	data, err := json.Marshal(req)
	if err != nil {
		return cmdReply{}, err
	}
	out, err := h.bus.Request(subjectTable(id), data, askTimeout)
	if err != nil {
		h.askFailed(id, req.Op, err)
		if h.bus.StorageDown() {
			return cmdReply{}, ErrStorageDown
		}
		return cmdReply{}, ErrNoServer
	}
	var r cmdReply
	if err := json.Unmarshal(out, &r); err != nil {
		return cmdReply{}, err
	}
	return r, r.err()
}

// askFailed notes a request to another node's table that got no answer.
// The first after a quiet spell is logged at once, later ones once a
// minute with their count: a player pressing keys while the owner cannot
// answer must not log a line each.
func (h *Hub) askFailed(id string, op string, err error) {
	if n := h.unanswered.add(time.Now(), err); n > 0 {
		h.cfg.Logf("rooms: %d request(s) to other nodes' tables got no answer since the last report (the last: table %s, %s): %v", n, id, op, err)
	}
}

// handle runs one command of another node's client at t (on the bus's
// goroutine for t's subject) and returns the reply.
func (h *Hub) handle(t *table, data []byte) (out []byte) {
	defer func() {
		if r := recover(); r != nil {
			h.cfg.Logf("rooms: table %s: a command from another node panicked: %v\n%s", t.id, r, debug.Stack())
			out, _ = json.Marshal(replyErr(ErrInternal))
		}
	}()
	var req cmdReq
	var r cmdReply
	switch err := json.Unmarshal(data, &req); {
	case err != nil:
		r = replyErr(errors.New("rooms: a malformed command"))
	case req.Op == opAdminInfo:
		var info TableInfo
		if err := t.call(func() error { info = t.adminInfo(); return nil }); err != nil {
			r = replyErr(err)
		} else {
			r.Info = &info
		}
	case req.Op == opAdminClose:
		r = replyErr(h.adminClose(t, req))
	default:
		px := h.standIn(req)
		if px == nil {
			r = replyErr(ErrNotAtTable)
			break
		}
		r = replyErr(h.run(px, t, req))
		if _, at, _ := px.where(); at != nil {
			r.Table = at.id
		}
		h.dropStandIn(px)
	}
	out, _ = json.Marshal(r)
	return out
}

// adminClose closes t for an admin on another node (req), and logs who
// asked; it refuses a request that names no admin.
func (h *Hub) adminClose(t *table, req cmdReq) error {
	what := "close table " + t.id
	if !h.adminHeard(req.By, req.From.Node, what) {
		return ErrNotAdmin
	}
	err := h.CloseTable(req.By, t.id, req.Text)
	if err == nil {
		h.adminDid(req.By, req.From.Node, fmt.Sprintf("%s (reason: %q)", what, req.Text))
	}
	return err
}

// adminHeard reports whether by, on node from, names the admin behind an
// admin action (what) that node asks of this one; it logs a refusal when
// not.
func (h *Hub) adminHeard(by Admin, from, what string) bool {
	if by.named() {
		return true
	}
	h.cfg.Logf("rooms: node %s refused an admin action from node %s that names no admin: %s", h.bus.Node(), from, what)
	return false
}

// adminDid logs an admin action that node from asked of this one, with
// the admin behind it and this node's name.
func (h *Hub) adminDid(by Admin, from, what string) {
	h.cfg.Infof("admin action on node %s, asked by node %s for admin %s: %s", h.bus.Node(), from, by, what)
}

// run plays req through the stand-in px, as its own client would. Every
// command but join and watch is for t, where px must be.
func (h *Hub) run(px *Client, t *table, req cmdReq) error {
	switch req.Op {
	case opJoin, opWatch, opClose:
	default:
		if _, at, _ := px.where(); at != t {
			return ErrNotAtTable
		}
	}
	switch req.Op {
	case opJoin:
		return px.enter(t, ErrNoTable, func(t *table, p Player) error { return t.join(px, p, req.ByCode, req.Resume) })
	case opWatch:
		return px.enter(t, ErrNoTable, func(t *table, p Player) error { return t.watch(px, req.ByCode) })
	case opLeave:
		return px.Leave()
	case opMoved:
		return px.onTable(req, func(t *table) error { return t.leave(px, leaveMoved) })
	case opClose:
		px.Close()
		return nil
	case opStart:
		return px.Start()
	case opAddBot:
		return px.AddBot(req.Seat, req.Level)
	case opRemoveBot:
		return px.RemoveBot(req.Seat)
	case opKick:
		return px.Kick(req.Seat)
	case opAct:
		return px.Act(req.Action)
	case opClock:
		return px.SetClock(req.Clock)
	case opAutoPass:
		return px.SetAutoPass(req.On)
	case opOptions:
		return px.SetOptions(req.Opts)
	case opHandHost:
		return px.HandHost(req.Seat)
	case opSay:
		return px.Say(req.Text)
	case opReport:
		return px.Report(req.Seat, req.Text)
	case opRematch:
		return px.Rematch()
	case opRename:
		px.mu.Lock()
		px.player.Name = CleanName(req.Text)
		t := px.table
		px.mu.Unlock()
		if t != nil {
			_ = t.call(func() error { t.renamed(px, CleanName(req.Text)); return nil })
		}
		return nil
	}
	return fmt.Errorf("rooms: unknown command %q", req.Op)
}

// standIn returns the stand-in of req's client, made when req brings the
// client to a table.
func (h *Hub) standIn(req cmdReq) *Client {
	h.mu.Lock()
	defer h.mu.Unlock()
	if px := h.proxies[req.From]; px != nil {
		return px
	}
	if (req.Op != opJoin && req.Op != opWatch) || req.From.Node == "" || req.Player.ID == "" {
		return nil
	}
	px := newClient(h, req.Player)
	ref := req.From
	px.relay = &ref
	h.proxies[ref] = px
	return px
}

// dropStandIn forgets a stand-in that is at no table any more.
func (h *Hub) dropStandIn(px *Client) {
	px.mu.Lock()
	idle := px.table == nil || px.closed
	px.mu.Unlock()
	if !idle {
		return
	}
	h.mu.Lock()
	if h.proxies[*px.relay] == px {
		delete(h.proxies, *px.relay)
	}
	h.mu.Unlock()
}

// relayTable sends u to the stand-in's client if it is still at t.
func (c *Client) relayTable(t *table, u *TableUpdate) bool {
	c.mu.Lock()
	at := c.table == t && !c.closed
	c.mu.Unlock()
	if at {
		c.relay1(t.id, t.info.ID, u)
	}
	return at
}

// relayDetached tells the stand-in's client that it left t (u: its last
// update; nil when the client moved on by itself).
func (c *Client) relayDetached(t *table, u *TableUpdate) {
	if u != nil {
		c.relay1(t.id, t.info.ID, u)
	}
	c.hub.dropStandIn(c)
}

// relayFinal sends a last update that ends the client's stay at table id.
func (c *Client) relayFinal(id string, u *TableUpdate) {
	c.relay1(id, "", u)
}

func (c *Client) relay1(id, game string, u *TableUpdate) {
	h := c.hub
	if u.Closed && h.restarting.Load() {
		// The node stops and hands its tables over: the client follows
		// the table to its next owner instead of leaving it.
		return
	}
	data, err := encodeUpdate(u)
	if err == nil {
		data, err = json.Marshal(relayNote{To: c.relay.CID, Boot: c.relay.Boot, Owner: h.bus.Node(), Table: id, Game: game, Update: data})
	}
	if err == nil {
		err = h.bus.Publish(subjectNode(c.relay.Node), data)
	}
	if err != nil {
		h.cfg.Logf("rooms: table %s: relaying an update to %s failed: %v", id, c.relay.Node, err)
	}
}

// onRelay takes an update for one of this node's clients from the owner of
// its table.
func (h *Hub) onRelay(_ string, data []byte) {
	var n relayNote
	if err := json.Unmarshal(data, &n); err != nil || n.Boot != h.boot {
		return // for a client of this node's last run
	}
	h.mu.Lock()
	c := h.byCID[n.To]
	h.mu.Unlock()
	if c == nil {
		return
	}
	var w wireUpdate
	if err := json.Unmarshal(n.Update, &w); err != nil {
		h.cfg.Logf("rooms: a malformed update from %s: %v", n.Owner, err)
		return
	}
	u := w.TableUpdate
	if n.Game != "" {
		v, err := h.decodeView(n.Game, w.View)
		if err != nil {
			h.cfg.Logf("rooms: a view from %s: %v", n.Owner, err)
			return
		}
		u.View = v
	}
	c.takeRemote(n, &u)
}

// takeRemote delivers an update from another node's table, if the client
// is at that table or moving to it.
func (c *Client) takeRemote(n relayNote, u *TableUpdate) {
	left := false
	c.put(func() bool {
		if c.closed {
			return false
		}
		here := c.remote != nil && c.remote.table == n.Table
		m := c.moving
		coming := m != nil && (m.id == n.Table || (m.id == pendingAny && m.owner == n.Owner))
		switch {
		case u.Closed && here:
			c.remote, left = nil, true
		case u.Closed || (!here && !coming):
			return false
		default:
			c.atRemote(&remoteAt{table: n.Table, owner: n.Owner, game: u.Table.GameName, private: u.Table.Private,
				watching: u.You == engine.Spectator})
		}
		c.tableUpd = u
		return true
	})
	if left {
		c.hub.peopleChanged()
		c.hub.sendLobby(c)
	}
}

// atRemote puts the client at a table of another node (c.mu held).
func (c *Client) atRemote(r *remoteAt) {
	c.remote, c.placed = r, true
	c.table, c.lobby = nil, nil
}

// remoteTable is the table of another node the client sits at, or nil.
func (c *Client) remoteTable() *remoteAt {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed || c.table != nil {
		return nil
	}
	return c.remote
}

// enterRemote moves the client to a table of another node (req: join or
// watch), then leaves where it was.
func (c *Client) enterRemote(r nodeTableRef, req cmdReq) error {
	c.op.Lock()
	defer c.op.Unlock()
	p, old, was, err := c.place()
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
	if was != nil && was.table == r.id {
		was = nil // the same table: joined from watching it, say
	}
	c.leaveOld(old, was, nil)
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
	moveOn := func(c *Client, watching bool) {
		if c.relay != nil {
			return // the client's own node follows the table
		}
		c.mu.Lock()
		if c.table == t {
			c.table = nil
			c.remote = &remoteAt{table: t.id, owner: me, game: t.info.Name, private: t.private, watching: watching}
		}
		c.mu.Unlock()
	}
	for i := range t.seats {
		if c := t.seats[i].client; c != nil {
			moveOn(c, false)
		}
	}
	for _, c := range t.spectators {
		moveOn(c, true)
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

func (h *Hub) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

// tellState sends this node's state to the others.
func (h *Hub) tellState() {
	if h.bus == nil {
		return
	}
	h.mu.Lock()
	if h.closed {
		h.mu.Unlock()
		return
	}
	st := nodeState{Node: h.bus.Node(), Boot: h.boot, People: h.localPeopleLocked(), Recent: h.recent, Away: map[string]string{}}
	for _, t := range h.tables {
		if sum := t.summary.Load(); sum != nil && t.served.Load() {
			st.Tables = append(st.Tables, nodeTable{Sum: *sum, Code: t.code, Created: t.created})
		}
	}
	for id, t := range h.away {
		st.Away[id] = t.id
	}
	st.Names = make(map[string]string, len(h.clients))
	for c := range h.clients {
		p := c.Player()
		st.Names[nameFold(p.Name)] = p.ID
		st.Players = append(st.Players, p)
	}
	h.mu.Unlock()
	slices.SortFunc(st.Tables, func(a, b nodeTable) int { return a.Created.Compare(b.Created) })
	data, err := json.Marshal(st)
	if err == nil {
		err = h.bus.Publish(subjectLobbyState, data)
	}
	if err != nil {
		h.cfg.Logf("rooms: telling the other nodes about this one failed: %v", err)
	}
}

// onState takes another node's state.
func (h *Hub) onState(_ string, data []byte) {
	var st nodeState
	if err := json.Unmarshal(data, &st); err != nil || st.Node == h.bus.Node() {
		return
	}
	h.mu.Lock()
	prev := h.nodes[st.Node]
	changed := prev == nil || !bytes.Equal(prev.raw, data)
	h.nodes[st.Node] = &nodeSeen{state: st, raw: data, seen: time.Now()}
	switch {
	case !changed:
	case prev == nil || !reflect.DeepEqual(prev.state.Tables, st.Tables) || !reflect.DeepEqual(prev.state.Recent, st.Recent):
		h.lobbyChangedLocked()
	default: // only who is online there changed
		h.peopleChangedLocked()
	}
	h.mu.Unlock()
	if prev != nil && prev.state.Boot != st.Boot {
		// The node restarted: the sessions of its last run are gone, and
		// so are the tables it ran then.
		h.cfg.Infof("node %s restarted; its players' seats here wait for them", st.Node)
		h.closeStandIns(func(px *Client) bool { return px.relay.Node == st.Node && px.relay.Boot != st.Boot })
		h.ownerRestarted(st.Node)
	}
	if changed {
		h.resumeArrivals(st)
	}
	// Clients whose table moved follow it, on any state that lists it
	// (a client may start following after the state that first did).
	ids := make(map[string]bool, len(st.Tables))
	for _, nt := range st.Tables {
		ids[nt.Sum.ID] = true
	}
	for id, cs := range h.followers(st.Node) {
		if ids[id] {
			for _, c := range cs {
				go c.follow(id, st.Node)
			}
		}
	}
}

// ownerRestarted makes this node's clients at tables of node, which
// restarted, follow each table to the next node that lists it: another
// node takes the tables of its last run over, or its new run does, under
// the same name.
func (h *Hub) ownerRestarted(node string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for c := range h.clients {
		c.mu.Lock()
		if r := c.remote; r != nil && r.owner == node {
			orphan := *r
			orphan.owner = ""
			c.remote = &orphan
		}
		c.mu.Unlock()
	}
}

// followers lists, by table, the clients of this node that sit at a table
// of another node than owner.
func (h *Hub) followers(owner string) map[string][]*Client {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := map[string][]*Client{}
	for c := range h.clients {
		c.mu.Lock()
		if r := c.remote; r != nil && c.table == nil && r.owner != owner {
			out[r.table] = append(out[r.table], c)
		}
		c.mu.Unlock()
	}
	return out
}

// resumeWindow is how long after connecting a keyed player who waits in
// the lobby is put back in a seat they are away from that shows up only
// now: another node's (their older session there ended because they
// connected here), or one of a table this node takes over (its owner died
// as they connected again).
const resumeWindow = 10 * time.Second

// waitsForSeat reports whether the client connected within resumeWindow
// and has been at no table since, nor is on its way to one: a seat its
// player is away from that shows up now is the one the session came back
// for. A player who sat down, watched or left a table since chose where to
// be.
func (c *Client) waitsForSeat() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return !c.closed && !c.placed && c.moving == nil && time.Since(time.Unix(0, c.arrived)) < resumeWindow
}

// arrivals lists this node's clients of the players ids who wait for their
// seat (waitsForSeat).
func (h *Hub) arrivals(ids []string) []*Client {
	h.mu.Lock()
	var cs []*Client
	for _, id := range ids {
		if c := h.byID[id]; c != nil {
			cs = append(cs, c)
		}
	}
	h.mu.Unlock()
	return slices.DeleteFunc(cs, func(c *Client) bool { return !c.waitsForSeat() })
}

// tellArrived tells the other nodes that keyed player id connected here.
func (h *Hub) tellArrived(id string) {
	tell(h, subjectArrived, id)
}

// endStandInsOf ends the stand-ins here of keyed player id's sessions on
// other nodes, and returns once their seats are away (Connect: the new
// session takes them back).
func (h *Hub) endStandInsOf(id string) {
	if h.bus == nil {
		return
	}
	for _, px := range h.takeStandIns(func(px *Client) bool { return px.Player().ID == id }) {
		px.Close()
	}
}

// onArrived ends this node's session of a player who connected to another
// node, as Connect ends an older session on the same node: their seat
// waits for them (the new session takes it when the seat shows as away).
func (h *Hub) onArrived(_ string, data []byte) {
	id, from, ok := heard[string](h, data)
	if !ok || id == "" {
		return
	}
	// A session of theirs at a table here, through another node, is
	// superseded too (that node may be dead).
	h.closeStandIns(func(px *Client) bool { return px.relay.Node != from && px.Player().ID == id })
	h.mu.Lock()
	old := h.byID[id]
	h.mu.Unlock()
	if old == nil {
		return
	}
	go func() {
		t, r, ok := old.markClosed()
		if !ok {
			return
		}
		h.forget(old)
		if t != nil {
			_ = t.call(func() error { return t.leave(old, leaveDisconnect) })
		}
		if r != nil {
			_ = h.ask(r.table, old, cmdReq{Op: opClose, Player: old.Player()})
		}
		old.putFinal(&TableUpdate{You: engine.Spectator, Closed: true, Notice: NoticeReplaced})
		old.finish()
	}()
}

// resumeArrivals puts players who just connected here, and wait in the
// lobby, back in the seats another node's state says they are away from.
func (h *Hub) resumeArrivals(st nodeState) {
	if len(st.Away) == 0 {
		return
	}
	for _, c := range h.arrivals(slices.Collect(maps.Keys(st.Away))) {
		id := st.Away[c.Player().ID]
		go func() {
			_ = c.enterRemote(nodeTableRef{id: id, owner: st.Node}, cmdReq{Op: opJoin, Resume: true})
		}()
	}
}

// seatArrivals puts players who just connected here, and wait in the
// lobby, back in their seats at t, which this node just took over: when
// they connected, its dead owner still held it and nobody could give it
// back.
func (h *Hub) seatArrivals(t *table) {
	h.mu.Lock()
	var ids []string
	for id, at := range h.away {
		if at == t {
			ids = append(ids, id)
		}
	}
	h.mu.Unlock()
	for _, c := range h.arrivals(ids) {
		go func() {
			_ = c.enter(t, ErrNoTable, func(t *table, p Player) error { return t.join(c, p, false, true) })
		}()
	}
}

// Kick names the sessions an admin ends on every node of a cluster: those
// of a player (Who: a name in any case, a player ID or a key fingerprint),
// or of a banned key fingerprint or address (Key, Addr). Why is for the
// logs, and so is By, the admin (another node refuses a Kick without).
type Kick struct {
	Who, Key, Addr, Why string
	By                  Admin
}

// target says whose sessions k ends, for the logs.
func (k Kick) target() string {
	var parts []string
	for _, p := range [][2]string{{"player", k.Who}, {"key", k.Key}, {"address", k.Addr}} {
		if p[1] != "" {
			parts = append(parts, p[0]+" "+p[1])
		}
	}
	return strings.Join(parts, ", ")
}

// Elsewhere is a player connected to another node of the cluster.
type Elsewhere struct {
	Player
	Node string
}

// OnKick sets what this node does when an admin on another node ends
// sessions (KickElsewhere): f ends the matching sessions here (the SSH
// server knows them) and returns how many.
func (h *Hub) OnKick(f func(Kick) int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.kick = f
}

// Clustered reports whether this hub is one node of several.
func (h *Hub) Clustered() bool { return h.bus != nil }

// KickElsewhere asks the other nodes of the cluster to end the sessions k
// names, for the admin k.By (nothing without a cluster).
func (h *Hub) KickElsewhere(k Kick) {
	tell(h, subjectKick, k)
}

// onKick ends the sessions an admin on another node named.
func (h *Hub) onKick(_ string, data []byte) {
	k, from, ok := heard[Kick](h, data)
	if !ok || !h.adminHeard(k.By, from, "end the sessions of "+k.target()) {
		return
	}
	h.mu.Lock()
	f := h.kick
	h.mu.Unlock()
	ended := 0
	if f != nil {
		ended = f(k)
	}
	h.adminDid(k.By, from, fmt.Sprintf("end the sessions of %s (%s): ended %d here", k.target(), k.Why, ended))
}

// Elsewhere lists the players connected to the other nodes of the cluster,
// as their last states said (for admins), by node then name.
func (h *Hub) Elsewhere() []Elsewhere {
	h.mu.Lock()
	defer h.mu.Unlock()
	var out []Elsewhere
	for name, n := range h.nodes {
		for _, p := range n.state.Players {
			out = append(out, Elsewhere{Player: p, Node: name})
		}
	}
	slices.SortFunc(out, func(a, b Elsewhere) int {
		if c := strings.Compare(a.Node, b.Node); c != 0 {
			return c
		}
		return strings.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name))
	})
	return out
}

// tellNotice sends an admin's notice to the other nodes.
func (h *Hub) tellNotice(n adminNotice) {
	tell(h, subjectNotice, n)
}

// onNotice shows a notice an admin posted on another node.
func (h *Hub) onNotice(_ string, data []byte) {
	n, from, ok := heard[adminNotice](h, data)
	if !ok || !h.adminHeard(n.By, from, "post a notice") {
		return
	}
	text := CleanText(n.Text, MaxNoticeRunes)
	h.showNotice(text)
	if text == "" {
		h.adminDid(n.By, from, "take the notice down")
		return
	}
	h.adminDid(n.By, from, fmt.Sprintf("post the notice %q", text))
}

// remoteTables lists the other nodes' open tables as an admin sees them,
// each asked of its owner (Hub.Tables).
func (h *Hub) remoteTables() []TableInfo {
	if h.bus == nil {
		return nil
	}
	h.mu.Lock()
	var ids []string
	for _, n := range h.nodes {
		for _, nt := range n.state.Tables {
			if h.tables[nt.Sum.ID] == nil {
				ids = append(ids, nt.Sum.ID)
			}
		}
	}
	h.mu.Unlock()
	slices.Sort(ids)
	ids = slices.Compact(ids)
	var out []TableInfo
	for _, id := range ids {
		if r, err := h.askReply(id, nil, cmdReq{Op: opAdminInfo}); err == nil && r.Info != nil {
			out = append(out, *r.Info)
		}
	}
	return out
}

// onChat takes a lobby chat line said on another node.
func (h *Hub) onChat(_ string, data []byte) {
	if line, _, ok := heard[ChatLine](h, data); ok {
		h.addLobbyChat(line)
	}
}

// tellChat sends a lobby chat line said here to the other nodes.
func (h *Hub) tellChat(line ChatLine) {
	tell(h, subjectLobbyChat, line)
}

// dropStaleNodes forgets nodes that stopped telling their state (they
// died, or were cut off): their sessions are gone, so the seats they held
// at this node's tables become away.
func (h *Hub) dropStaleNodes() {
	h.mu.Lock()
	var gone []string
	for name, n := range h.nodes {
		if time.Since(n.seen) > stateStale {
			delete(h.nodes, name)
			gone = append(gone, name)
			h.lobbyChangedLocked()
		}
	}
	h.mu.Unlock()
	for _, name := range gone {
		h.cfg.Infof("node %s stopped answering; its players' seats here wait for them", name)
		h.closeStandIns(func(px *Client) bool { return px.relay.Node == name })
	}
}

// closeStandIns ends the stand-ins that match, as their sessions would by
// closing: a seat becomes away, a spectator goes.
func (h *Hub) closeStandIns(match func(px *Client) bool) {
	for _, px := range h.takeStandIns(match) {
		go px.Close()
	}
}

// takeStandIns forgets the stand-ins that match and returns them.
func (h *Hub) takeStandIns(match func(px *Client) bool) []*Client {
	h.mu.Lock()
	defer h.mu.Unlock()
	var gone []*Client
	for ref, px := range h.proxies {
		if match(px) {
			gone = append(gone, px)
			delete(h.proxies, ref)
		}
	}
	return gone
}

// remoteLocked finds another node's table (h.mu held): by ID, or by code
// when byCode. The newest state wins when two nodes list it (one took it
// over from the other).
func (h *Hub) remoteLocked(key string, byCode bool) (nodeTable, string, bool) {
	var best *nodeSeen
	var found nodeTable
	for _, n := range h.nodes {
		for _, nt := range n.state.Tables {
			if (byCode && nt.Code == key) || (!byCode && nt.Sum.ID == key) {
				if best == nil || n.seen.After(best.seen) {
					best, found = n, nt
				}
			}
		}
	}
	if best == nil {
		return nodeTable{}, "", false
	}
	return found, best.state.Node, true
}

// remoteByID finds a table another node owns.
func (h *Hub) remoteByID(id string) (nodeTableRef, bool) {
	if h.bus == nil {
		return nodeTableRef{}, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.tables[id] != nil {
		return nodeTableRef{}, false
	}
	nt, owner, ok := h.remoteLocked(id, false)
	return nodeTableRef{id: nt.Sum.ID, owner: owner}, ok
}

// remoteByCode finds a table another node owns by its invite code.
func (h *Hub) remoteByCode(typed string) (nodeTableRef, bool) {
	code, ok := NormalizeCode(typed)
	if h.bus == nil || !ok {
		return nodeTableRef{}, false
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.codes[code] != nil {
		return nodeTableRef{}, false
	}
	nt, owner, ok := h.remoteLocked(code, true)
	return nodeTableRef{id: nt.Sum.ID, owner: owner}, ok
}

// remoteAwayLocked finds the table of another node where keyed player id
// is away from a game (h.mu held).
func (h *Hub) remoteAwayLocked(id string) (nodeTable, string, bool) {
	for _, n := range h.nodes {
		if tid, ok := n.state.Away[id]; ok {
			return h.remoteLocked(tid, false)
		}
	}
	return nodeTable{}, "", false
}

// codeTakenLocked reports whether another node's table has code (h.mu held).
func (h *Hub) codeTakenLocked(code string) bool {
	_, _, ok := h.remoteLocked(code, true)
	return ok
}
