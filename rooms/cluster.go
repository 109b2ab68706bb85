package rooms

import (
	"fmt"
	"runtime/debug"
	"time"
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
//
// Each job of the cluster has its file: gossip.go (what the nodes tell
// each other, and the directory of their tables made from it),
// clustercmd.go (commands to another node's table, run there through a
// stand-in client), relay.go (the stand-in's updates back to the
// session's node), remoteseat.go (a session at another node's table),
// takeover.go (tables changing node), clusteradmin.go (admin actions
// across nodes); wire.go holds the messages and ops.go the table
// commands, which run the same way here and on the table's owner.

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

func (h *Hub) isClosed() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.closed
}

// Clustered reports whether this hub is one node of several.
func (h *Hub) Clustered() bool { return h.bus != nil }
