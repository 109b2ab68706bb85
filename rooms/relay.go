package rooms

import (
	"arcade/engine"
	"encoding/json"
)

// Table updates for this node's sessions at other nodes' tables: a
// stand-in there relays each of its updates (standIn.relay1), and this
// node hands it to the session (onRelay, takeRemote).

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
