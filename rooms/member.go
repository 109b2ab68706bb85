package rooms

import "sync"

// A player at the tables of this node comes in two roles: a Client, the
// session of a player connected here, and a standIn (standin.go), which
// plays a session of another node at a table this node owns. A table
// holds either as a member; both keep where they sit in a presence.

// member is a player at a table of this node, as its actor sees them. The
// actor calls these methods; none of them calls into a table.
type member interface {
	// Player is who the member is (with the current name).
	Player() Player
	// core is the member's presence.
	core() *presence
	// attach makes t the member's table, as a spectator when watching.
	// It fails when the member was closed meanwhile.
	attach(t *table, watching bool) bool
	// detachFrom takes the member off t and, when u is not nil, gives it
	// u as its last update from t. It reports whether it was at t.
	detachFrom(t *table, u *TableUpdate) bool
	// putTable delivers u if the member is still at t, and reports
	// whether it did.
	putTable(t *table, u *TableUpdate) bool
	// putFinal delivers a last table update whatever the member's state
	// (the notice of an eviction or shutdown).
	putFinal(u *TableUpdate)
	// handedOver moves the member off t, which stops on this node (named
	// node) because another node took it over (t's actor).
	handedOver(t *table, node string, watching bool)
}

// presence is what both roles keep: who the player is and the table of
// this node they are at.
type presence struct {
	hub *Hub
	op  sync.Mutex // one membership change at a time

	mu       sync.Mutex
	player   Player
	table    *table // nil: at no table of this node
	watching bool   // at table as a spectator
	closed   bool
}

func (p *presence) core() *presence { return p }

// Player returns who this client is (with the current name).
func (p *presence) Player() Player {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.player
}

// where returns the player and the current table here, or ErrClosed.
func (p *presence) where() (Player, *table, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return Player{}, nil, ErrClosed
	}
	return p.player, p.table, nil
}

// closeLocked flips the presence to closed once and returns its table;
// ok is false if it was closed already (p.mu held).
func (p *presence) closeLocked() (t *table, ok bool) {
	if p.closed {
		return nil, false
	}
	p.closed = true
	return p.table, true
}

// attachTo makes t the table, as a spectator when watching, and runs also
// (nil: nothing) under the same lock. It fails when the presence was
// closed meanwhile.
func (p *presence) attachTo(t *table, watching bool, also func()) bool {
	p.mu.Lock()
	if p.closed {
		p.mu.Unlock()
		return false
	}
	p.table, p.watching = t, watching
	if also != nil {
		also()
	}
	p.mu.Unlock()
	p.hub.peopleChanged() // where the client is shows in People (h.mu after p.mu is released)
	return true
}

// renameAt gives m's seat at t, if any, the new name.
func renameAt(t *table, m member, name string) {
	if t != nil {
		_ = t.call(func() error { t.renamed(m, name); return nil })
	}
}

// leaveHere takes m off old, the table of this node it was at before it
// moved to now.
func leaveHere(m member, old, now *table) {
	if old != nil && old != now {
		_ = old.call(func() error { return old.leave(m, leaveMoved) })
	}
}
