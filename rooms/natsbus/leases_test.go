package natsbus

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// reports collects the tables a callback was called with.
type reports struct {
	mu     sync.Mutex
	tables []string
}

func (r *reports) add(table string) {
	r.mu.Lock()
	r.tables = append(r.tables, table)
	r.mu.Unlock()
}

// count is how many times table was reported.
func (r *reports) count(table string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, t := range r.tables {
		if t == table {
			n++
		}
	}
	return n
}

// waitFor polls cond for up to 10 s.
func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("no %s after 10 s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// watch starts c's lease watcher, returning what it reports.
func watch(t *testing.T, c *Conn) (orphaned, lost *reports) {
	orphaned, lost = &reports{}, &reports{}
	stop := c.WatchLeases(orphaned.add, lost.add)
	t.Cleanup(stop)
	return orphaned, lost
}

func TestLeaseOrphanedWhenNotRenewed(t *testing.T) {
	srv := embedded(t)
	a, b := conn(t, srv, "a"), conn(t, srv, "b")
	if err := a.Claim("t1-a"); err != nil {
		t.Fatal(err)
	}
	if err := b.Claim("t1-a"); err == nil {
		t.Fatal("B claimed A's table")
	}
	orphaned, _ := watch(t, b)
	// Several TTLs while A renews: no report (this waits, it does not time).
	time.Sleep(4 * a.opts.LeaseTTL)
	if n := orphaned.count("t1-a"); n != 0 {
		t.Fatalf("a renewed lease reported orphaned %d times", n)
	}
	a.Close()
	waitFor(t, "orphan report", func() bool { return orphaned.count("t1-a") == 1 })
	time.Sleep(4 * watchEvery)
	if n := orphaned.count("t1-a"); n != 1 {
		t.Fatalf("one lapse reported %d times", n)
	}
}

func TestLeaseReleased(t *testing.T) {
	srv := embedded(t)
	a, b := conn(t, srv, "a"), conn(t, srv, "b")
	orphanedA, _ := watch(t, a)
	orphanedB, _ := watch(t, b)
	if err := a.Claim("t2-a"); err != nil {
		t.Fatal(err)
	}
	if err := a.Release("t2-a"); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "report of a released table", func() bool { return orphanedB.count("t2-a") == 1 })
	if n := orphanedA.count("t2-a"); n != 0 {
		t.Fatalf("the releasing node was told of its own release %d times", n)
	}
	// A watcher that starts later is told of it too.
	c := conn(t, srv, "c")
	orphanedC, _ := watch(t, c)
	waitFor(t, "report of a table released before the watcher", func() bool { return orphanedC.count("t2-a") == 1 })
	// A released table can be claimed again.
	if err := b.Claim("t2-a"); err != nil {
		t.Fatal(err)
	}

	// A dropped table is reported to nobody, now or later.
	if err := b.Drop("t2-a"); err != nil {
		t.Fatal(err)
	}
	if err := a.Claim("t3-a"); err != nil {
		t.Fatal(err)
	}
	if err := a.Release("t3-a"); err != nil { // a later event: once it is in, so is the drop
		t.Fatal(err)
	}
	waitFor(t, "report of the next release", func() bool { return orphanedB.count("t3-a") == 1 })
	d := conn(t, srv, "d")
	orphanedD, _ := watch(t, d)
	waitFor(t, "report of a release to a new watcher", func() bool { return orphanedD.count("t3-a") == 1 })
	for who, r := range map[string]*reports{"a": orphanedA, "b": orphanedB, "c": orphanedC, "d": orphanedD} {
		if n := r.count("t2-a"); n > 1 || (who == "d" && n > 0) {
			t.Errorf("%s: a dropped table reported (%d reports)", who, n)
		}
	}
}

func TestTakeOverExactlyOne(t *testing.T) {
	srv := embedded(t)
	a := conn(t, srv, "a")
	if err := a.Claim("t3-a"); err != nil {
		t.Fatal(err)
	}
	nodes := []*Conn{conn(t, srv, "b"), conn(t, srv, "c"), conn(t, srv, "d")}
	var seen []*reports
	for _, c := range nodes {
		o, _ := watch(t, c)
		seen = append(seen, o)
	}
	a.Close()
	for _, o := range seen {
		waitFor(t, "orphan report", func() bool { return o.count("t3-a") > 0 })
	}
	var wins atomic.Int32
	var wg sync.WaitGroup
	for _, c := range nodes {
		wg.Go(func() {
			ok, err := c.TakeOver("t3-a")
			if err != nil {
				t.Error(err)
			}
			if ok {
				wins.Add(1)
			}
		})
	}
	wg.Wait()
	if wins.Load() != 1 {
		t.Fatalf("%d nodes took the table over, want 1", wins.Load())
	}
}

// twoNodes starts nodes a and b on one server, both watching the leases,
// a holding the lease of table; it returns what a is told it lost and
// what b is told is orphaned.
func twoNodes(t *testing.T, table string) (a, b *Conn, lostA, orphanedB *reports) {
	t.Helper()
	srv := embedded(t)
	a, b = conn(t, srv, "a"), conn(t, srv, "b")
	_, lostA = watch(t, a)
	orphanedB, _ = watch(t, b)
	if err := a.Claim(table); err != nil {
		t.Fatal(err)
	}
	return a, b, lostA, orphanedB
}

func TestLeaseLostAfterPause(t *testing.T) {
	a, b, lostA, orphanedB := twoNodes(t, "t4-a")
	a.pauseRenewals(true)
	waitFor(t, "orphan report", func() bool { return orphanedB.count("t4-a") == 1 })
	ok, err := b.TakeOver("t4-a")
	if err != nil || !ok {
		t.Fatalf("TakeOver: %v, %v", ok, err)
	}
	a.pauseRenewals(false)
	waitFor(t, "lost report", func() bool { return lostA.count("t4-a") == 1 })
	// B keeps the table: nobody reports it orphaned while B renews.
	time.Sleep(4 * b.opts.LeaseTTL)
	if n := orphanedB.count("t4-a"); n != 1 {
		t.Fatalf("B's own table reported orphaned (%d reports)", n)
	}
	// And A does not renew it any more: a second lapse would be B's.
	a.mu.Lock()
	_, still := a.owned["t4-a"]
	a.mu.Unlock()
	if still {
		t.Fatal("A still holds the lease it lost")
	}
}

func TestBus(t *testing.T) {
	srv := embedded(t)
	a, b := conn(t, srv, "a"), conn(t, srv, "b")
	if a.Node() != "a" {
		t.Fatalf("Node() = %q", a.Node())
	}
	for _, bad := range []string{"", "a.b", "a b", "x>", "abcdefghijklmnopqrstuvwxyz0123456789"} {
		if _, err := ConnectEmbedded(bad, srv, Options{}); err == nil {
			t.Errorf("node name %q accepted", bad)
		}
	}

	got := make(chan string, 10)
	stop, err := b.Subscribe("arcade.room.t1.>", func(subject string, data []byte) { got <- subject + " " + string(data) })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	stopServe, err := b.Serve("arcade.cmd.t1", func(req []byte) []byte { return append([]byte("re: "), req...) })
	if err != nil {
		t.Fatal(err)
	}
	if err := a.NATS().Flush(); err != nil {
		t.Fatal(err)
	}
	if err := b.NATS().Flush(); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"one", "two", "three"} {
		if err := a.Publish("arcade.room.t1.view", []byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	for _, want := range []string{"one", "two", "three"} {
		select {
		case m := <-got:
			if m != "arcade.room.t1.view "+want {
				t.Fatalf("got %q, want %q", m, want)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("no message")
		}
	}
	reply, err := a.Request("arcade.cmd.t1", []byte("move"), 10*time.Second)
	if err != nil || string(reply) != "re: move" {
		t.Fatalf("Request: %q, %v", reply, err)
	}
	stopServe()
	if err := b.NATS().Flush(); err != nil {
		t.Fatal(err)
	}
	if _, err := a.Request("arcade.cmd.t1", []byte("move"), 10*time.Second); !IsNoServer(err) {
		t.Fatalf("Request with nobody serving: %v, want IsNoServer", err)
	}
}

// TestLeaseRenewalKeptAfterAll: a renewal whose answer never came but
// that JetStream kept (as when it loses its quorum) makes the next
// renewal's compare-and-swap fail. The lease is still this node's, so
// nothing is reported lost or orphaned, and the renewals go on.
func TestLeaseRenewalKeptAfterAll(t *testing.T) {
	a, _, lostA, orphanedB := twoNodes(t, "t5-a")
	// The kept renewal: the lease moves on under a's own name, behind a's
	// back.
	a.pauseRenewals(true)
	var rev uint64
	waitFor(t, "a renewal a does not know of", func() bool {
		a.mu.Lock()
		known := a.owned["t5-a"]
		a.mu.Unlock()
		var err error
		rev, err = a.leases.Update(context.Background(), "t5-a", []byte("a"), known)
		return err == nil
	})
	a.pauseRenewals(false)
	waitFor(t, "a renewal after the kept one", func() bool {
		a.mu.Lock()
		defer a.mu.Unlock()
		return a.owned["t5-a"] > rev
	})
	time.Sleep(2 * a.opts.LeaseTTL) // more renewals (this waits, it does not time)
	if n := lostA.count("t5-a"); n != 0 {
		t.Fatalf("a lease still a's reported lost %d times", n)
	}
	if n := orphanedB.count("t5-a"); n != 0 {
		t.Fatalf("a lease a renews reported orphaned %d times", n)
	}
}

// TestLeaseNoLapseWhileStorageDown: while JetStream does not answer a
// node, no lease lapses in its eyes (their owners cannot renew either);
// once it answers, each owner has LeaseTTL again, and a lease nobody
// renews is reported then. A takeover JetStream did not answer is
// reported again later, not left orphaned for ever.
func TestLeaseNoLapseWhileStorageDown(t *testing.T) {
	a, b, _, orphanedB := twoNodes(t, "t6-a")
	waitFor(t, "b to see the lease", func() bool {
		b.mu.Lock()
		defer b.mu.Unlock()
		return b.seen["t6-a"] != nil
	})
	// a stalls; b's renewals find JetStream silent (b holds them still,
	// so that nothing says otherwise).
	a.pauseRenewals(true)
	b.pauseRenewals(true)
	time.Sleep(3 * b.opts.LeaseEvery) // a round under way ends
	b.answered(errors.New("no quorum"))
	if !b.StorageDown() {
		t.Fatal("b does not say the storage is down")
	}
	time.Sleep(3 * b.opts.LeaseTTL)
	if n := orphanedB.count("t6-a"); n != 0 {
		t.Fatalf("a lease lapsed while the storage was down (%d reports)", n)
	}
	b.pauseRenewals(false)
	waitFor(t, "the storage up again", func() bool { return !b.StorageDown() })
	waitFor(t, "the lapse once the storage answers", func() bool { return orphanedB.count("t6-a") == 1 })

	// b's takeover gets no answer: the table is reported again later.
	b.retryLater("t6-a")
	waitFor(t, "the lapse reported again", func() bool { return orphanedB.count("t6-a") == 2 })
	if ok, err := b.TakeOver("t6-a"); err != nil || !ok {
		t.Fatalf("TakeOver: %v, %v", ok, err)
	}
}
