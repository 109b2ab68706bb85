package rooms

import (
	"time"

	"arcade/rooms/store"
)

// Keys the store keeps for nothing are forgotten: a player's key is
// recorded on each visit (SeePlayer), and a client that makes a new key for
// every connection would otherwise grow the store without bound. Once a day
// the hub forgets the keys that never chose a name, never sat at a table
// and were last seen Config.ForgetKeysAfter ago; and an address that brings
// more new keys than Config.NewKeysPerAddr allows is not recorded for the
// new ones (they play on, under the name they came with).

// forgetEvery is how often the hub forgets idle keys.
const forgetEvery = 24 * time.Hour

// startForgetting forgets idle keys now, off the caller's goroutine, and
// then every forgetEvery until the hub closes (NewHub).
func (h *Hub) startForgetting() {
	f, ok := h.store.(store.Forgetter)
	if !ok || h.cfg.ForgetKeysAfter < 0 {
		return
	}
	var forget func()
	forget = func() {
		before := time.Now().Add(-h.cfg.ForgetKeysAfter)
		n, err := f.ForgetIdle(before)
		switch {
		case err != nil:
			h.storeFailed("forget idle keys", err)
		case n > 0:
			h.cfg.Infof("rooms: forgot %d keys that never chose a name nor sat at a table, last seen before %s", n, before.UTC().Format(time.DateOnly))
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		if !h.closed {
			h.forgetTimer = time.AfterFunc(forgetEvery, forget)
		}
	}
	h.mu.Lock()
	h.forgetTimer = time.AfterFunc(0, forget)
	h.mu.Unlock()
}

// knownName records a keyed player's visit in the store and returns the
// name they go by: the one they chose on an earlier visit, if any. A key
// new to the store is recorded only while its address has brought fewer
// new keys lately than Config.NewKeysPerAddr allows.
func (h *Hub) knownName(p Player) string {
	if h.store == nil || p.Guest {
		return p.Name
	}
	now := time.Now()
	if f, ok := h.store.(store.Forgetter); ok && h.newKeys.wait(p.Addr, now) > 0 {
		if known, err := f.KnowsPlayer(p.ID); err != nil || !known {
			return p.Name
		}
	}
	who, err := h.store.SeePlayer(p.ID, p.Name, now.UTC())
	if err != nil {
		h.storeFailed("see player", err)
		return p.Name
	}
	if who.FirstSeen.Equal(who.LastSeen) {
		h.newKeys.take(p.Addr, now)
	}
	return CleanName(who.Name)
}
