package rooms

import (
	"slices"
	"time"
)

// Turn is a table where a player holds a seat, as their lobby lists it
// first and `ssh host turns` prints it.
type Turn struct {
	Table    string `json:"table"`
	Game     string `json:"game"`
	GameName string `json:"game_name"`
	Code     string `json:"code"`
	Status   Status `json:"status"`
	Clock    Clock  `json:"clock"`
	// YourMove: a decision there is the player's now.
	YourMove bool `json:"your_move"`
	// Deadline ends the decision the table waits for (zero when no clock
	// runs).
	Deadline time.Time `json:"deadline,omitzero"`
	// WaitingFor names whom the table waits for (the player among them).
	WaitingFor []string `json:"waiting_for,omitempty"`
	// Here: the player sits there in a session now.
	Here bool `json:"here,omitempty"`
}

// turnSnap is what a table tells of whose move it is, published with each
// update for Turns to read without asking the table's actor.
type turnSnap struct {
	code     string
	pending  []string // IDs of the players the table waits for
	names    []string // their names, in the same order
	deadline time.Time
}

// snapTurns publishes the table's turnSnap (actor only).
func (t *table) snapTurns(names []string) {
	snap := &turnSnap{code: t.code, deadline: t.turnDeadline}
	if !t.deadline.IsZero() {
		snap.deadline = t.deadline
	}
	for _, s := range t.pending() {
		if st := t.seatAt(s); st != nil && st.id != "" && st.bot == nil {
			snap.pending = append(snap.pending, st.id)
			snap.names = append(snap.names, names[s])
		}
	}
	prev := t.turns.Swap(snap)
	if t.hub != nil {
		if moved := turnsMoved(prev, snap); len(moved) > 0 {
			t.hub.tellTurns(moved)
		}
	}
}

// turnsMoved lists the players whose move it became, or stopped being,
// between two of a table's turnSnaps (prev nil: the table's first).
func turnsMoved(prev, now *turnSnap) []string {
	var was []string
	if prev != nil {
		was = prev.pending
	}
	var out []string
	for _, id := range was {
		if !slices.Contains(now.pending, id) {
			out = append(out, id)
		}
	}
	for _, id := range now.pending {
		if !slices.Contains(was, id) {
			out = append(out, id)
		}
	}
	return out
}

// tellTurns hands the lobby again to those of the players who are in the
// lobby, so that their list of tables shows at once where it is their move
// (a lobby asks Turns on every update while its player has seats away).
// Called on a table's actor.
func (h *Hub) tellTurns(ids []string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	snap := h.lobby.snap // the last built: a newer one is on its way when it changed
	if snap == nil {
		return
	}
	for _, id := range ids {
		if c := h.byID[id]; c != nil {
			c.putLobby(snap)
		}
	}
}

// Turns lists the tables of this server where the keyed player holds a
// seat (the one their session sits at too), the ones where it is their
// move first, then by the nearest deadline. It never asks a table's actor
// or the store: it reads what the tables last published, from the index of
// away seats the hub keeps, so it is quick whatever the number of tables,
// and it does not disturb the player's open session. In a cluster it also
// lists the other nodes' tables where the player is away, as their gossip
// tells (a second or so behind; without the names of whom they wait for).
func (h *Hub) Turns(playerID string) []Turn {
	h.mu.Lock()
	tables := slices.Clone(h.away[playerID])
	var here *table
	if c := h.byID[playerID]; c != nil {
		c.mu.Lock()
		if !c.watching {
			here = c.table
		}
		c.mu.Unlock()
	}
	far := h.remoteTurnsLocked(playerID)
	h.mu.Unlock()
	if here != nil && !slices.Contains(tables, here) {
		tables = append(tables, here)
	}
	var out []Turn
	for _, t := range tables {
		sum, snap := t.summary.Load(), t.turns.Load()
		if sum == nil || snap == nil || sum.Status == Finished {
			continue
		}
		turn := Turn{Table: sum.ID, Game: sum.Game, GameName: sum.GameName, Code: snap.code, Status: sum.Status,
			Clock: sum.Clock, YourMove: slices.Contains(snap.pending, playerID), WaitingFor: snap.names, Here: t == here}
		if len(snap.pending) > 0 {
			turn.Deadline = snap.deadline
		}
		out = append(out, turn)
	}
	for _, turn := range far {
		if !slices.ContainsFunc(out, func(t Turn) bool { return t.Table == turn.Table }) {
			out = append(out, turn)
		}
	}
	slices.SortStableFunc(out, func(a, b Turn) int {
		switch {
		case a.YourMove != b.YourMove:
			if a.YourMove {
				return -1
			}
			return 1
		case a.Deadline.IsZero() != b.Deadline.IsZero():
			if a.Deadline.IsZero() {
				return 1
			}
			return -1
		}
		return a.Deadline.Compare(b.Deadline)
	})
	return out
}

// remoteTurnsLocked lists the tables of other nodes where player id holds
// a seat while away, as their gossip tells: the correspondence tables, and
// the latest seat a reconnect would resume (h.mu held).
func (h *Hub) remoteTurnsLocked(id string) []Turn {
	var out []Turn
	for _, n := range h.nodes.list() {
		ids := n.state.Seats[id]
		if tid, ok := n.state.Away[id]; ok {
			ids = append(slices.Clone(ids), tid)
		}
		for _, nt := range n.state.Tables {
			if !slices.Contains(ids, nt.Sum.ID) || nt.Sum.Status == Finished {
				continue
			}
			turn := Turn{Table: nt.Sum.ID, Game: nt.Sum.Game, GameName: nt.Sum.GameName, Code: nt.Code,
				Status: nt.Sum.Status, Clock: nt.Sum.Clock, YourMove: slices.Contains(nt.Waiting, id)}
			if len(nt.Waiting) > 0 {
				turn.Deadline = nt.Deadline
			}
			out = append(out, turn)
		}
	}
	return out
}

// Turns lists the tables where the client's player holds a seat (Hub.Turns);
// nil for a guest.
func (c *Client) Turns() []Turn {
	p := c.Player()
	if p.Guest {
		return nil
	}
	return c.hub.Turns(p.ID)
}
