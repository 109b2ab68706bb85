package cluster

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// watchEvery is how often WatchLeases looks for lapsed leases.
const watchEvery = 250 * time.Millisecond

// leaseSeen is what the lease watcher last saw of one table's lease.
type leaseSeen struct {
	owner    string
	rev      uint64
	at       time.Time // local time the update arrived (not the server's)
	deleted  bool      // released or dropped
	purged   bool      // dropped
	reported uint64    // the revision last reported orphaned
}

// conflict reports whether err is a compare-and-swap refusal (the key or
// subject is not at the expected revision).
func conflict(err error) bool {
	if errors.Is(err, jetstream.ErrKeyExists) || errors.Is(err, jetstream.ErrKeyRevisionMismatch) {
		return true
	}
	var apiErr *jetstream.APIError
	return errors.As(err, &apiErr) && (apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequence ||
		apiErr.ErrorCode == jetstream.JSErrCodeStreamWrongLastSequenceConstant)
}

// Claim takes the lease of a table this node opens and renews it every
// LeaseEvery until Release or Drop; it fails when the table has an owner.
func (c *Conn) Claim(table string) error {
	if !validTable(table) {
		return fmt.Errorf("cluster: table name %q", table)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	rev, err := c.leases.Create(ctx, table, []byte(c.node))
	if err != nil {
		if conflict(err) {
			return fmt.Errorf("cluster: table %s has an owner already", table)
		}
		return fmt.Errorf("cluster: claim %s: %w", table, err)
	}
	c.mu.Lock()
	c.owned[table] = rev
	c.mu.Unlock()
	return nil
}

// Release stops renewing the table's lease and deletes it (this node
// hands the table over), so that the other nodes' WatchLeases report it
// orphaned at once. A lease another node took meanwhile is left alone.
func (c *Conn) Release(table string) error {
	return c.endLease(table, false)
}

// Drop stops renewing the lease of a table that closed and purges it:
// nobody is told, nobody takes it. A lease another node took meanwhile is
// left alone; so is the lease of a table this node does not hold, unless
// it was released (then Drop purges it).
func (c *Conn) Drop(table string) error {
	return c.endLease(table, true)
}

// endLease is Release (a delete marker) or Drop (a purge).
func (c *Conn) endLease(table string, purge bool) error {
	c.mu.Lock()
	rev, ok := c.owned[table]
	delete(c.owned, table)
	if seen := c.seen[table]; !ok && purge && seen != nil && seen.deleted && !seen.purged {
		rev, ok = seen.rev, true
	}
	if ok && !purge {
		c.released[table] = rev
	}
	c.mu.Unlock()
	if !ok {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	var err error
	if purge {
		err = c.leases.Purge(ctx, table, jetstream.LastRevision(rev))
	} else {
		err = c.leases.Delete(ctx, table, jetstream.LastRevision(rev))
	}
	if err != nil && !conflict(err) {
		return fmt.Errorf("cluster: end lease %s: %w", table, err)
	}
	return nil
}

// TakeOver claims the lease of an orphaned table by compare-and-swap on
// the revision WatchLeases reported orphaned (the last one it saw when it
// did not report the table; the current one without a watcher): of all the nodes that try, exactly one gets true, and it
// renews the lease from then on.
func (c *Conn) TakeOver(table string) (bool, error) {
	if !validTable(table) {
		return false, fmt.Errorf("cluster: table name %q", table)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	c.mu.Lock()
	seen := c.seen[table]
	var rev uint64
	deleted := true
	if seen != nil {
		// The revision reported orphaned: a takeover by another node
		// since then makes this one fail.
		rev, deleted = cmp.Or(seen.reported, seen.rev), seen.deleted
	}
	c.mu.Unlock()
	if seen == nil {
		e, err := c.leases.Get(ctx, table)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound), errors.Is(err, jetstream.ErrKeyDeleted):
		case err != nil:
			return false, fmt.Errorf("cluster: take over %s: %w", table, err)
		default:
			rev, deleted = e.Revision(), false
		}
	}
	var err error
	if deleted {
		rev, err = c.leases.Create(ctx, table, []byte(c.node))
	} else {
		rev, err = c.leases.Update(ctx, table, []byte(c.node), rev)
	}
	if conflict(err) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("cluster: take over %s: %w", table, err)
	}
	c.mu.Lock()
	c.owned[table] = rev
	c.mu.Unlock()
	return true, nil
}

// renewLoop renews every lease of this node each LeaseEvery, then its name
// (ClaimName); a lease whose revision changed (another node took it) is
// dropped and reported to the lost callback of WatchLeases.
func (c *Conn) renewLoop() {
	defer close(c.renewDone)
	tick := time.NewTicker(c.opts.LeaseEvery)
	defer tick.Stop()
	for {
		select {
		case <-c.stopRenew:
			return
		case <-tick.C:
		}
		c.mu.Lock()
		if c.paused {
			c.mu.Unlock()
			continue
		}
		todo := make(map[string]uint64, len(c.owned))
		for t, rev := range c.owned {
			todo[t] = rev
		}
		c.mu.Unlock()
		for table, rev := range todo {
			ctx, cancel := context.WithTimeout(context.Background(), c.opts.LeaseEvery)
			next, err := c.leases.Update(ctx, table, []byte(c.node), rev)
			cancel()
			c.mu.Lock()
			still := c.owned[table] == rev
			if still && err == nil {
				c.owned[table] = next
			}
			if still && conflict(err) {
				delete(c.owned, table)
			}
			lost := c.lost
			c.mu.Unlock()
			// Other errors (a timeout, a reconnection): try again next time.
			if still && conflict(err) && lost != nil {
				lost(table)
			}
		}
		c.renewName()
	}
}

// WatchLeases watches every lease: it calls orphaned for a table of
// another node whose lease went LeaseTTL without a renewal (once for each
// revision that lapses) or was released (Release; at once, and also for
// the released leases nobody took when the watcher starts, this node's
// own included), not for a dropped one (Drop), and lost for a table of
// this node whose lease another node took. Staleness is measured on this node's clock, from when
// the watcher received the last update. The callbacks run on goroutines
// of the Conn, one at a time for orphaned. The watcher is in place when
// WatchLeases returns (or, when the server does not answer, as soon as it
// does).
func (c *Conn) WatchLeases(orphaned, lost func(table string)) (stop func()) {
	ctx, cancel := context.WithCancel(context.Background())
	c.mu.Lock()
	c.lost = lost
	c.mu.Unlock()
	w, err := c.leases.WatchAll(ctx)
	if err != nil {
		w = nil // watch tries again
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		c.watch(ctx, w, orphaned)
	}()
	return func() {
		cancel()
		<-done
	}
}

// watch runs watcher w (or a new one when nil) until ctx ends, starting a
// new one after an error.
func (c *Conn) watch(ctx context.Context, w jetstream.KeyWatcher, orphaned func(table string)) {
	for ctx.Err() == nil {
		if w == nil {
			var err error
			if w, err = c.leases.WatchAll(ctx); err != nil {
				w = nil
				select {
				case <-ctx.Done():
					return
				case <-time.After(c.opts.LeaseEvery):
					continue
				}
			}
		}
		c.watchUpdates(ctx, w, orphaned)
		_ = w.Stop()
		w = nil
	}
}

// watchUpdates applies the watcher's updates and checks for lapsed leases
// every watchEvery, until ctx ends or the watcher closes.
func (c *Conn) watchUpdates(ctx context.Context, w jetstream.KeyWatcher, orphaned func(table string)) {
	tick := time.NewTicker(watchEvery)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case e, ok := <-w.Updates():
			if !ok {
				return
			}
			if e == nil { // the initial values are all in
				continue
			}
			if table, ok := c.see(e); ok {
				orphaned(table)
			}
		case <-tick.C:
			for _, table := range c.lapsed() {
				orphaned(table)
			}
		}
	}
}

// see records one update; it returns the table when it was released by
// another node (or by anyone, before the watcher started).
func (c *Conn) see(e jetstream.KeyValueEntry) (string, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	table := e.Key()
	prev := c.seen[table]
	s := &leaseSeen{owner: string(e.Value()), rev: e.Revision(), at: time.Now()}
	if prev != nil {
		s.reported = prev.reported
	}
	if e.Operation() != jetstream.KeyValuePut {
		s.deleted, s.purged = true, e.Operation() == jetstream.KeyValuePurge
		if prev != nil {
			s.owner = prev.owner
		}
	}
	c.seen[table] = s
	_, mine := c.owned[table]
	if r, ok := c.released[table]; ok && !s.deleted && s.rev > r {
		delete(c.released, table) // a lease after this Conn's release
	}
	// Not this Conn's own release (a previous run's is reported).
	_, own := c.released[table]
	if !s.deleted || s.purged || mine || own {
		return "", false
	}
	s.reported = s.rev
	return table, true
}

// lapsed returns the tables whose leases lapsed since the last look.
func (c *Conn) lapsed() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	now := time.Now()
	for table, s := range c.seen {
		if _, mine := c.owned[table]; mine || s.deleted || s.reported == s.rev || now.Sub(s.at) < c.opts.LeaseTTL {
			continue
		}
		s.reported = s.rev
		out = append(out, table)
	}
	return out
}

// pauseRenewals suspends (or resumes) lease renewals: tests play a node
// that stalls.
func (c *Conn) pauseRenewals(paused bool) {
	c.mu.Lock()
	c.paused = paused
	c.mu.Unlock()
}
