package cluster

import (
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

func TestLeaseLostAfterPause(t *testing.T) {
	srv := embedded(t)
	a, b := conn(t, srv, "a"), conn(t, srv, "b")
	_, lostA := watch(t, a)
	orphanedB, _ := watch(t, b)
	if err := a.Claim("t4-a"); err != nil {
		t.Fatal(err)
	}
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
