package rooms

import (
	"arcade/engine"
	"encoding/json"
)

// Table updates for the sessions of other nodes: a stand-in relays each
// of its updates to its session's node (relay1), which hands it to the
// session (onRelay, takeRemote).

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
