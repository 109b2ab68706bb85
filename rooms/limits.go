package rooms

import (
	"fmt"
	"time"
)

// quota limits the tables one key (a player ID or an address) creates: how
// many it may host at once, and how fast it may open them. Guarded by the
// hub's mu.
//
// The rate limit is a token bucket of burst tokens refilled one per every
// (rateLimit), kept as the time its bucket is full again (the generic cell
// rate algorithm): a key whose bucket is full has no entry, so the map
// holds only the keys that created a table lately.
type quota struct {
	limit int    // open tables one key may host
	full  string // refusal at limit, with %d for it
	rate  *rateLimit

	open map[string]int // key -> open tables it created
}

func newQuota(limit int, full string, burst int, every time.Duration) quota {
	return quota{limit: limit, full: full, rate: newRateLimit(burst, every), open: map[string]int{}}
}

// capErr refuses a key that hosts limit tables. The empty key is exempt.
func (q *quota) capErr(key string) error {
	if key == "" || q.open[key] < q.limit {
		return nil
	}
	return &detailError{msg: fmt.Sprintf(q.full, q.limit), kind: ErrHostLimit}
}

// wait is how long key must wait for a token (0: it has one).
func (q *quota) wait(key string, now time.Time) time.Duration { return q.rate.wait(key, now) }

// take spends a token and counts a new table of key.
func (q *quota) take(key string, now time.Time) {
	if key == "" {
		return
	}
	q.open[key]++
	q.rate.take(key, now)
}

// count counts an open table of key without spending a token (a table
// restored after a restart).
func (q *quota) count(key string) {
	if key != "" {
		q.open[key]++
	}
}

// release forgets a closed table of key.
func (q *quota) release(key string) {
	if key == "" {
		return
	}
	if q.open[key]--; q.open[key] <= 0 {
		delete(q.open, key)
	}
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// rateErr tells when to try again after a wait.
func rateErr(wait time.Duration) error {
	secs := int64((wait + time.Second - 1) / time.Second)
	return &detailError{msg: fmt.Sprintf("Too many new tables: try again in %d s.", secs), kind: ErrCreateRate}
}

// admitLocked checks the limits of a new table of p (h.mu held): the hub's
// MaxTables, then what p and p's address host, then how fast they create.
// On success the table is counted for both; release undoes it.
func (h *Hub) admitLocked(p Player) error {
	if len(h.tables) >= h.cfg.MaxTables {
		return ErrTooManyTables
	}
	if err := h.byPlayer.capErr(p.ID); err != nil {
		return err
	}
	if err := h.byAddr.capErr(p.Addr); err != nil {
		return err
	}
	now := h.cfg.Now()
	if wait := max(h.byPlayer.wait(p.ID, now), h.byAddr.wait(p.Addr, now)); wait > 0 {
		return rateErr(wait)
	}
	h.byPlayer.take(p.ID, now)
	h.byAddr.take(p.Addr, now)
	return nil
}
