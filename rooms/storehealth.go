package rooms

import (
	"sync"
	"sync/atomic"
	"time"
)

// Store health: a table shows a change only once the store accepted it
// (persist.go). When the store refuses a write, the hub counts it (the
// Observer's StoreFailed, for a metric), logs the failures once a minute
// with their count instead of once each, and reports itself not ready
// (StoreOK) until the tables that wait have been saved.

// logEvery is how often the hub logs a failure that repeats: writes the
// store refuses, requests another node does not answer.
const logEvery = time.Minute

// storeQuiet is how long after a refused write that no table waits on (a
// player's visit, a finished game) the hub still reports the store failing.
const storeQuiet = 30 * time.Second

// storeHealth is what the hub knows of its store's writes.
type storeHealth struct {
	// waiting counts the tables whose latest change the store refused
	// (they wait and try again).
	waiting atomic.Int64
	// failedAt is when a write was last refused, in Unix nanoseconds; 0
	// once every waiting table was saved since.
	failedAt atomic.Int64

	// refused counts the refused writes between log lines.
	refused tally
}

// tally counts failures of one kind so that they are logged once a
// minute with their count, not once each.
type tally struct {
	mu       sync.Mutex
	n        int       // failures not logged yet
	loggedAt time.Time // the last log line about them
	lastErr  error     // the last failure's error
}

// add counts a failure and returns how many to log now: all of them once
// a minute has passed since the last line (the first failure after a
// quiet spell is logged at once), else 0.
func (c *tally) add(now time.Time, err error) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	c.lastErr = err
	if now.Sub(c.loggedAt) < logEvery {
		return 0
	}
	n := c.n
	c.n, c.loggedAt = 0, now
	return n
}

// reset starts afresh and returns the failures not logged yet, with the
// last one's error.
func (c *tally) reset() (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	n, err := c.n, c.lastErr
	c.n, c.loggedAt, c.lastErr = 0, time.Time{}, nil
	return n, err
}

// storeFailed notes a write the store refused: op names it ("save table",
// "save game", "see player"...). The first refusal after a good spell is
// logged at once; later ones once a minute, with their count.
func (h *Hub) storeFailed(op string, err error) {
	h.cfg.Observe.StoreFailed(op)
	sh := &h.storeHealth
	now := time.Now()
	sh.failedAt.Store(now.UnixNano())
	if n := sh.refused.add(now, err); n > 0 {
		h.cfg.Logf("rooms: the store refused %d write(s) since the last report (%s; %d table(s) wait to be saved): %v",
			n, op, sh.waiting.Load(), err)
	}
}

// storeSaved notes a table saved. When no table waits any more after a
// spell of refusals, the hub is healthy again and says so.
func (h *Hub) storeSaved() {
	sh := &h.storeHealth
	if sh.failedAt.Load() == 0 || sh.waiting.Load() > 0 {
		return
	}
	if at := sh.failedAt.Swap(0); at == 0 {
		return
	}
	if n, err := sh.refused.reset(); n > 0 {
		h.cfg.Logf("rooms: the store refused %d more write(s) before it recovered: %v", n, err)
	}
	h.cfg.Infof("rooms: the store accepts writes again; every table is saved")
}

// StoreOK reports whether the store takes the hub's writes: false while a
// table waits for the store to accept its latest change, while a
// cluster's storage does not answer (Bus.StorageDown), and for a short
// while after any other refused write. A server is not ready (/readyz)
// while it is false.
func (h *Hub) StoreOK() bool {
	sh := &h.storeHealth
	if sh.waiting.Load() > 0 || (h.bus != nil && h.bus.StorageDown()) {
		return false
	}
	at := sh.failedAt.Load()
	return at == 0 || time.Since(time.Unix(0, at)) > storeQuiet
}

// TablesWaiting counts the tables whose latest change waits for the store.
func (h *Hub) TablesWaiting() int { return int(h.storeHealth.waiting.Load()) }
