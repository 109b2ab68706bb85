package natsbus

import (
	"bytes"
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
	// retry: a takeover of the revision reported failed because JetStream
	// did not answer; it is reported again LeaseTTL after that
	retry bool
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
// When JetStream does not answer, the renewals take the lease as soon as
// it does.
func (c *Conn) Claim(table string) error {
	if !validTable(table) {
		return fmt.Errorf("cluster: table name %q", table)
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	rev, err := c.leases.Create(ctx, table, []byte(c.node))
	if conflict(err) {
		return fmt.Errorf("cluster: table %s has an owner already", table)
	}
	c.mu.Lock()
	c.owned[table] = rev // 0 when not answered: renew creates it
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
		c.retryLater(table)
		return false, fmt.Errorf("cluster: take over %s: %w", table, err)
	}
	c.mu.Lock()
	c.owned[table] = rev
	c.mu.Unlock()
	return true, nil
}

// renewLoop renews every lease of this node each LeaseEvery, then its name
// (ClaimName); a lease another node took is dropped and reported to the
// lost callback of WatchLeases. A round stops at the first renewal
// JetStream does not answer (no quorum, a timeout): the others would wait
// as long for nothing, and are tried again next round.
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
		var failed error
		for table, rev := range todo {
			if failed = c.renew(table, rev); failed != nil {
				break
			}
		}
		if len(todo) == 0 {
			failed = c.probe()
		}
		if failed == nil {
			failed = c.renewName()
		}
		c.answered(failed)
	}
}

// renew renews one lease at revision rev (0: creates it, as Claim could
// not): nil when renewed, or when another node holds the lease now (then
// it is dropped and reported lost); an error when JetStream did not
// answer, and the lease stays this node's for the next round.
func (c *Conn) renew(table string, rev uint64) error {
	ctx, cancel := context.WithTimeout(context.Background(), c.opts.LeaseEvery)
	defer cancel()
	var next uint64
	var err error
	if rev == 0 {
		next, err = c.leases.Create(ctx, table, []byte(c.node))
	} else {
		next, err = c.leases.Update(ctx, table, []byte(c.node), rev)
	}
	kept := false
	if conflict(err) {
		next, err = holding(ctx, c.leases, table, []byte(c.node), rev)
		kept = err == nil
	}
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		err = errTaken // the node that took it over closed the table
	}
	c.mu.Lock()
	still := c.owned[table] == rev
	taken := still && errors.Is(err, errTaken)
	switch {
	case still && err == nil:
		c.owned[table] = next
	case taken:
		delete(c.owned, table)
	}
	lost := c.lost
	c.mu.Unlock()
	switch {
	case taken:
		if lost != nil {
			lost(table)
		}
		return nil
	case kept:
		return errKeptWrite
	}
	return err
}

// Why a compare-and-swap of this node was refused (holding).
var (
	// errTaken: another node wrote the key since this node did.
	errTaken = errors.New("cluster: another node wrote the key")
	// errUnanswered: the key reads as this node last knew it, so a write
	// of this node is still pending (JetStream lost its quorum), or the
	// read is behind: nothing can be told yet.
	errUnanswered = errors.New("cluster: a write is not answered yet")
	// errKeptWrite: an earlier write of this node, whose answer never
	// came, was kept after all (the refused one was not).
	errKeptWrite = errors.New("cluster: an earlier write whose answer never came was kept")
)

// holding reads key after JetStream refused a compare-and-swap of this
// node at revision rev: the key's revision when it holds mine at a later
// one (an earlier write of this node was kept after all), errTaken when it
// holds another value at a later one, errUnanswered when it reads as at
// rev or before, or the error of the read (jetstream.ErrKeyNotFound when
// the key is gone).
func holding(ctx context.Context, kv jetstream.KeyValue, key string, mine []byte, rev uint64) (uint64, error) {
	e, err := kv.Get(ctx, key)
	switch {
	case err != nil:
		return 0, err
	case e.Revision() <= rev:
		return 0, errUnanswered
	case !bytes.Equal(e.Value(), mine):
		return 0, errTaken
	}
	return e.Revision(), nil
}

// probe asks JetStream for the lease bucket's state (renewLoop, when this
// node renewed no lease): leases are what lapse, so a node learns from
// their bucket that JetStream answers again, whatever its other buckets do.
func (c *Conn) probe() error {
	ctx, cancel := context.WithTimeout(context.Background(), c.opts.LeaseEvery)
	defer cancel()
	_, err := c.leases.Status(ctx)
	return err
}

// answered records how the last renewal round went (err: the first call
// JetStream did not answer). When JetStream answers again after it did
// not, every lease seen is taken as renewed now: the owners, who could
// not renew either, have LeaseTTL to do it before anyone takes their
// tables.
func (c *Conn) answered(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.down.Swap(err != nil) && err == nil {
		now := time.Now()
		for _, s := range c.seen {
			s.at = now
		}
	}
}

// StorageDown reports whether JetStream did not answer this node's last
// renewals (of its leases, or a look at their bucket when it has none, and
// of its name: ClaimName), as when it lost its quorum: nothing can be
// saved, and no lease lapses meanwhile.
func (c *Conn) StorageDown() bool { return c.down.Load() }

// WatchLeases watches every lease: it calls orphaned for a table of
// another node whose lease went LeaseTTL without a renewal (once for each
// revision that lapses) or was released (Release; at once, and also for
// the released leases nobody took when the watcher starts, this node's
// own included), not for a dropped one (Drop), and lost for a table of
// this node whose lease another node holds now (a renewal JetStream does
// not answer loses nothing). Staleness is measured on this node's clock,
// from when the watcher received the last update; nothing lapses while
// JetStream does not answer this node (StorageDown), and once it does
// again every owner has LeaseTTL to renew. A takeover JetStream did not
// answer is reported again (retryLater). The callbacks run on goroutines
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

// lapsed returns the tables whose leases lapsed since the last look, and
// those whose takeover JetStream did not answer (retryLater). Nothing
// lapses while JetStream does not answer this node: the owners cannot
// renew either.
func (c *Conn) lapsed() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.down.Load() {
		return nil
	}
	var out []string
	now := time.Now()
	for table, s := range c.seen {
		if _, mine := c.owned[table]; mine || (s.deleted && !s.retry) || s.purged || s.reported == s.rev || now.Sub(s.at) < c.opts.LeaseTTL {
			continue
		}
		s.reported, s.retry = s.rev, false
		out = append(out, table)
	}
	return out
}

// retryLater has the watcher report the table orphaned again LeaseTTL
// from now (or from when JetStream answers this node again): a takeover
// JetStream did not answer must not leave the table orphaned for ever.
func (c *Conn) retryLater(table string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s := c.seen[table]; s != nil {
		s.reported, s.retry, s.at = 0, true, time.Now()
	}
}

// pauseRenewals suspends (or resumes) lease renewals: tests play a node
// that stalls.
func (c *Conn) pauseRenewals(paused bool) {
	c.mu.Lock()
	c.paused = paused
	c.mu.Unlock()
}
