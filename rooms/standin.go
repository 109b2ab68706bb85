package rooms

import (
	"encoding/json"
	"sync"
)

// standIn plays a session of another node at a table of this node: the
// table's owner runs the session's commands through it (run) and relays
// its table updates to the session's node (relay1), which hands them to
// the session (onRelay, takeRemote). It keeps no inbox: what the table
// gives it goes out at once.
type standIn struct {
	presence
	ref clientRef // the session it plays, on its own node
}

// standIns are the hub's stand-ins, by the session each plays. Its lock
// is a leaf: nothing is called while it is held.
type standIns struct {
	mu    sync.Mutex
	byRef map[clientRef]*standIn
}

// standIn returns the stand-in of req's client, made when req brings the
// client to a table.
func (h *Hub) standIn(req cmdReq) *standIn {
	ss := &h.standIns
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if s := ss.byRef[req.From]; s != nil {
		return s
	}
	if (req.Op != opJoin && req.Op != opWatch) || req.From.Node == "" || req.Player.ID == "" {
		return nil
	}
	s := &standIn{presence: presence{hub: h, player: req.Player}, ref: req.From}
	if ss.byRef == nil {
		ss.byRef = map[clientRef]*standIn{}
	}
	ss.byRef[s.ref] = s
	return s
}

// dropStandIn forgets a stand-in that is at no table any more.
func (h *Hub) dropStandIn(s *standIn) {
	s.mu.Lock()
	idle := s.table == nil || s.closed
	s.mu.Unlock()
	if !idle {
		return
	}
	ss := &h.standIns
	ss.mu.Lock()
	if ss.byRef[s.ref] == s {
		delete(ss.byRef, s.ref)
	}
	ss.mu.Unlock()
}

// closeStandIns ends the stand-ins that match, as their sessions would by
// closing: a seat becomes away, a spectator goes.
func (h *Hub) closeStandIns(match func(s *standIn) bool) {
	for _, s := range h.takeStandIns(match) {
		go s.close()
	}
}

// takeStandIns forgets the stand-ins that match and returns them.
func (h *Hub) takeStandIns(match func(s *standIn) bool) []*standIn {
	ss := &h.standIns
	ss.mu.Lock()
	defer ss.mu.Unlock()
	var gone []*standIn
	for ref, s := range ss.byRef {
		if match(s) {
			gone = append(gone, s)
			delete(ss.byRef, ref)
		}
	}
	return gone
}

// attach makes t the stand-in's table (t's actor).
func (s *standIn) attach(t *table, watching bool) bool {
	return s.attachTo(t, watching, nil)
}

// detachFrom takes the stand-in off t (t's actor), relays u (nil: none)
// as the session's last update from t, and forgets the stand-in.
func (s *standIn) detachFrom(t *table, u *TableUpdate) bool {
	s.mu.Lock()
	at := s.table == t
	if at {
		s.table = nil
	}
	s.mu.Unlock()
	if !at {
		return false
	}
	if u != nil {
		s.relay1(t.id, t.info.ID, u)
	}
	s.hub.dropStandIn(s)
	s.hub.peopleChanged()
	return true
}

// putTable relays u to the session if the stand-in is still at t.
func (s *standIn) putTable(t *table, u *TableUpdate) bool {
	s.mu.Lock()
	at := s.table == t && !s.closed
	s.mu.Unlock()
	if at {
		s.relay1(t.id, t.info.ID, u)
	}
	return at
}

// putFinal relays a last update that ends the session's stay at its table.
func (s *standIn) putFinal(u *TableUpdate) {
	s.relay1(u.Table.ID, "", u)
}

// handedOver does nothing: the session's own node follows the table.
func (s *standIn) handedOver(*table, string, bool) {}

// relay1 sends u, an update of table id (of game, "" for a last update
// whose view is empty), to the session's node.
func (s *standIn) relay1(id, game string, u *TableUpdate) {
	h := s.hub
	if u.Closed && h.restarting.Load() {
		// The node stops and hands its tables over: the client follows
		// the table to its next owner instead of leaving it.
		return
	}
	data, err := encodeUpdate(u)
	if err == nil {
		data, err = json.Marshal(relayNote{To: s.ref.CID, Boot: s.ref.Boot, Owner: h.bus.Node(), Table: id, Game: game, Update: data})
	}
	if err == nil {
		err = h.bus.Publish(subjectNode(s.ref.Node), data)
	}
	if err != nil {
		h.cfg.Logf("rooms: table %s: relaying an update to %s failed: %v", id, s.ref.Node, err)
	}
}

// run plays req as the session would on its own node. Every command but
// join, watch and close is for t, where the stand-in must be; the
// session's node checked the player's limits already.
func (s *standIn) run(t *table, req cmdReq) error {
	switch req.Op {
	case opJoin, opWatch, opClose:
	default:
		if _, at, _ := s.where(); at != t {
			return ErrNotAtTable
		}
	}
	switch req.Op {
	case opJoin:
		return s.enter(t, ErrNoTable, func(t *table, p Player) error { return t.join(s, p, req.ByCode, req.Resume) })
	case opWatch:
		return s.enter(t, ErrNoTable, func(t *table, p Player) error { return t.watch(s, req.ByCode) })
	case opLeave:
		s.op.Lock()
		defer s.op.Unlock()
	case opClose:
		s.close()
		return nil
	case opSay:
		return s.say(req.Text)
	case opReport:
		req.Text = CleanText(req.Text, MaxReasonRunes)
	case opRematch:
		return s.rematch()
	case opRename:
		s.rename(CleanName(req.Text))
		return nil
	}
	return s.onTable(req)
}

// onTable runs req's command on the stand-in's table.
func (s *standIn) onTable(req cmdReq) error {
	_, t, err := s.where()
	if err != nil {
		return err
	}
	if t == nil {
		return ErrNotAtTable
	}
	return runOp(t, s, req)
}

// enter moves the stand-in to t (nil: fail with missing) by running do on
// t's actor, then leaves its previous table.
func (s *standIn) enter(t *table, missing error, do func(t *table, p Player) error) error {
	s.op.Lock()
	defer s.op.Unlock()
	p, old, err := s.where()
	if err != nil {
		return err
	}
	if t == nil {
		return missing
	}
	if err := t.callKept(func() error { return do(t, p) }); err != nil {
		return err
	}
	leaveHere(s, old, t)
	return nil
}

// close ends the stand-in as its session ended: a seat of a game in
// progress stays the player's (away).
func (s *standIn) close() {
	s.mu.Lock()
	t, ok := s.closeLocked()
	s.mu.Unlock()
	if ok && t != nil {
		_ = t.call(func() error { return t.leave(s, leaveDisconnect) })
	}
}

// say adds a line to the chat of the stand-in's table.
func (s *standIn) say(text string) error {
	text, err := cleanChat(text)
	if err != nil {
		return err
	}
	line, err := s.hub.spendLine(s.Player(), text)
	if err != nil {
		return err
	}
	_, t, err := s.where()
	if err != nil {
		return err
	}
	if t == nil {
		return ErrNotAtTable
	}
	return sayAt(t, s, line)
}

// rematch opens or joins the rematch of the stand-in's finished game.
func (s *standIn) rematch() error {
	_, old, err := s.where()
	if err != nil {
		return err
	}
	if old == nil {
		return ErrNoRematch
	}
	return rematchHere(s, old, func(code string) error {
		return s.enter(s.hub.tableByCode(code), codeError(code), func(t *table, p Player) error {
			return t.join(s, p, true, false)
		})
	})
}

// rename gives the stand-in, and its seat, the session's new name.
func (s *standIn) rename(name string) {
	s.mu.Lock()
	s.player.Name = name
	t := s.table
	s.mu.Unlock()
	renameAt(t, s, name)
}
