package rooms

import (
	"arcade/engine"
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"sync"
	"time"
)

// What the nodes tell each other: each node's state (its tables, people,
// away players), arrivals of keyed players, lobby chat; and the directory
// of the other nodes' tables made from it.

// nodeSeen is the last state of another node and when it came.
type nodeSeen struct {
	state nodeState
	raw   []byte
	seen  time.Time
}

// nodeMap is the other nodes' last states, by name. A nodeSeen is never
// changed once kept (a new state replaces it), so a list of them may be
// read without the lock. Its lock is a leaf.
type nodeMap struct {
	mu     sync.Mutex
	byName map[string]*nodeSeen
}

// list returns the nodes' states, in no order.
func (m *nodeMap) list() []*nodeSeen {
	m.mu.Lock()
	defer m.mu.Unlock()
	out := make([]*nodeSeen, 0, len(m.byName))
	for _, n := range m.byName {
		out = append(out, n)
	}
	return out
}

// get returns node name's state, or nil.
func (m *nodeMap) get(name string) *nodeSeen {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.byName[name]
}

// put keeps n as its node's state and returns the one it replaces (nil:
// none).
func (m *nodeMap) put(n *nodeSeen) (prev *nodeSeen) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.byName == nil {
		m.byName = map[string]*nodeSeen{}
	}
	prev = m.byName[n.state.Node]
	m.byName[n.state.Node] = n
	return prev
}

// dropStale forgets the nodes not heard from for longer than stale and
// returns their names.
func (m *nodeMap) dropStale(stale time.Duration) []string {
	m.mu.Lock()
	defer m.mu.Unlock()
	var gone []string
	for name, n := range m.byName {
		if time.Since(n.seen) > stale {
			delete(m.byName, name)
			gone = append(gone, name)
		}
	}
	return gone
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
			nt := nodeTable{Sum: *sum, Code: t.code, Created: t.created}
			if snap := t.turns.Load(); snap != nil && sum.Clock.Correspondence() {
				nt.Waiting, nt.Deadline = snap.pending, snap.deadline
			}
			st.Tables = append(st.Tables, nt)
		}
	}
	for id, seats := range h.away {
		if t := latestLive(seats); t != nil {
			st.Away[id] = t.id // the latest: where a reconnect goes
		}
		for _, t := range seats {
			if sum := t.summary.Load(); sum != nil && sum.Clock.Correspondence() {
				if st.Seats == nil {
					st.Seats = map[string][]string{}
				}
				st.Seats[id] = append(st.Seats[id], t.id)
			}
		}
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
	prev := h.nodes.put(&nodeSeen{state: st, raw: data, seen: time.Now()})
	changed := prev == nil || !bytes.Equal(prev.raw, data)
	switch {
	case !changed:
	case prev == nil || !sameJSON(prev.state.Tables, st.Tables) || !sameJSON(prev.state.Recent, st.Recent):
		h.lobbyChanged()
		h.peopleChanged() // this node's players at those tables: their status
	default: // only who is online there changed
		h.peopleChanged()
	}
	if prev != nil && prev.state.Boot != st.Boot {
		// The node restarted: the sessions of its last run are gone, and
		// so are the tables it ran then.
		h.cfg.Infof("node %s restarted; its players' seats here wait for them", st.Node)
		h.closeStandIns(func(s *standIn) bool { return s.ref.Node == st.Node && s.ref.Boot != st.Boot })
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
	for _, s := range h.takeStandIns(func(s *standIn) bool { return s.Player().ID == id }) {
		s.close()
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
	h.closeStandIns(func(s *standIn) bool { return s.ref.Node != from && s.Player().ID == id })
	h.mu.Lock()
	old := h.byID[id]
	h.mu.Unlock()
	if old == nil {
		return
	}
	go func() {
		old.end(&TableUpdate{You: engine.Spectator, Closed: true, Notice: NoticeReplaced})
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
	for id := range h.away {
		if h.awayAt(id, t) {
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

// remoteTables lists the other nodes' open tables as an admin sees them,
// each asked of its owner (Hub.Tables).
func (h *Hub) remoteTables() []TableInfo {
	if h.bus == nil {
		return nil
	}
	h.mu.Lock()
	var ids []string
	for _, n := range h.nodes.list() {
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
	gone := h.nodes.dropStale(stateStale)
	if len(gone) > 0 {
		h.lobbyChanged()
	}
	for _, name := range gone {
		h.cfg.Infof("node %s stopped answering; its players' seats here wait for them", name)
		h.closeStandIns(func(s *standIn) bool { return s.ref.Node == name })
	}
}

// remoteLocked finds another node's table (h.mu held): by ID, or by code
// when byCode. The newest state wins when two nodes list it (one took it
// over from the other).
func (h *Hub) remoteLocked(key string, byCode bool) (nodeTable, string, bool) {
	var best *nodeSeen
	var found nodeTable
	for _, n := range h.nodes.list() {
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
	for _, n := range h.nodes.list() {
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

// sameJSON reports whether a and b, parts of two node states, say the same.
func sameJSON(a, b any) bool {
	x, err := json.Marshal(a)
	if err != nil {
		return false
	}
	y, err := json.Marshal(b)
	return err == nil && bytes.Equal(x, y)
}
