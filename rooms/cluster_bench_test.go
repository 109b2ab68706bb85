package rooms

import (
	"fmt"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/natsd"
	"arcade/rooms/store/sqlite"
)

// Benchmarks of the cluster on one machine (everything on loopback, one
// embedded NATS server): what a move costs to reach a session on another
// node, side by side with one on the same node, and what a node's death
// costs its tables. Run them with
//
//	go test -run X -bench Cluster -benchtime 100x ./rooms/

// benchCluster is testCluster for a benchmark, with the given lease
// timing; stop ends it.
func benchCluster(b *testing.B, n int, every, ttl time.Duration) (nodes []*node, stop func()) {
	b.Helper()
	srv, err := natsd.Embedded(b.TempDir(), "")
	if err != nil {
		b.Fatal(err)
	}
	var stops []func()
	stop = func() {
		for _, f := range slices.Backward(stops) {
			f()
		}
		srv.Shutdown()
	}
	nodes = make([]*node, n)
	for i := range nodes {
		conn, err := natsbus.ConnectEmbedded(fmt.Sprintf("n%d", i), srv, natsbus.Options{LeaseEvery: every, LeaseTTL: ttl})
		if err != nil {
			b.Fatal(err)
		}
		st, err := natsbus.NewStore(conn.JetStream(), 1)
		if err != nil {
			b.Fatal(err)
		}
		h := NewHub(Config{Games: toyGames, Bus: conn, Store: st, BotDelay: time.Millisecond, LobbyEvery: 50 * time.Millisecond})
		stops = append(stops, func() { h.Close(); _ = st.Close(); _ = conn.Close() })
		nodes[i] = &node{hub: h, conn: conn}
	}
	return nodes, stop
}

// waitVersion waits for an update of at least version v and returns when
// it came.
func waitVersion(b *testing.B, c *Client, v uint64) time.Time {
	deadline := time.After(patience)
	for {
		select {
		case <-c.Notify():
			if _, u := c.Take(); u != nil && u.Version >= v {
				return time.Now()
			}
		case <-deadline:
			b.Fatalf("no update %d", v)
		}
	}
}

// percentile returns the p-th percentile of ds (sorted in place).
func percentile(ds []time.Duration, p float64) time.Duration {
	slices.Sort(ds)
	return ds[min(len(ds)-1, int(float64(len(ds))*p))]
}

// BenchmarkClusterFanOut times one move from its Act on the owner's node
// until a spectator's session has the update: one spectator on the same
// node, one on another, in the same iterations (p50 and p99 of both). Side
// by side, the same on one server alone with the SQLite store (the default
// mode): a move there is saved to SQLite, in a cluster to JetStream.
func BenchmarkClusterFanOut(b *testing.B) {
	b.Run("sqlite-alone", func(b *testing.B) {
		db, err := sqlite.Open(filepath.Join(b.TempDir(), "arcade.db"))
		if err != nil {
			b.Fatal(err)
		}
		h := NewHub(Config{Games: toyGames, Store: db, BotDelay: time.Millisecond, LobbyEvery: 50 * time.Millisecond})
		defer func() { h.Close(); _ = db.Close() }()
		benchFanOut(b, h, h)
	})
	b.Run("jetstream-cluster", func(b *testing.B) {
		nodes, stop := benchCluster(b, 2, time.Second, 3*time.Second)
		defer stop()
		benchFanOut(b, nodes[0].hub, nodes[1].hub)
	})
}

// benchFanOut times moves at a table of owner to a spectator there and one
// on other (other may be owner).
func benchFanOut(b *testing.B, owner, other *Hub) {
	alice := owner.Connect(Player{ID: "key:alice", Name: "alice"})
	near := owner.Connect(Player{ID: "key:near", Name: "near"})
	far := other.Connect(Player{ID: "key:far", Name: "far"})
	if err := alice.Create(toyID, 1, false, engine.Options{"target": "1000000"}); err != nil {
		b.Fatal(err)
	}
	var id string
	for id == "" {
		<-alice.Notify()
		if _, u := alice.Take(); u != nil {
			id = u.Table.ID
		}
	}
	for deadline := time.Now().Add(patience); other != owner; time.Sleep(5 * time.Millisecond) {
		if _, ok := other.remoteByID(id); ok {
			break
		}
		if time.Now().After(deadline) {
			b.Fatal("the other node never saw the table")
		}
	}
	if err := near.Watch(id); err != nil {
		b.Fatal(err)
	}
	if err := far.Watch(id); err != nil {
		b.Fatal(err)
	}
	if err := alice.Start(); err != nil {
		b.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond)
	for _, c := range []*Client{alice, near, far} {
		c.Take()
	}
	t := owner.tableByID(id)
	nearT, farT := make([]time.Duration, 0, b.N), make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for range b.N {
		var version uint64
		_ = t.call(func() error { version = t.version; return nil })
		began := time.Now()
		var wg sync.WaitGroup
		var nearAt, farAt time.Time
		wg.Go(func() { nearAt = waitVersion(b, near, version+1) })
		wg.Go(func() { farAt = waitVersion(b, far, version+1) })
		if err := alice.Act(addOne); err != nil {
			b.Fatal(err)
		}
		wg.Wait()
		nearT, farT = append(nearT, nearAt.Sub(began)), append(farT, farAt.Sub(began))
	}
	b.StopTimer()
	b.ReportMetric(float64(percentile(nearT, 0.5).Microseconds()), "same-p50-µs")
	b.ReportMetric(float64(percentile(nearT, 0.99).Microseconds()), "same-p99-µs")
	if other != owner {
		b.ReportMetric(float64(percentile(farT, 0.5).Microseconds()), "other-p50-µs")
		b.ReportMetric(float64(percentile(farT, 0.99).Microseconds()), "other-p99-µs")
	}
}

// BenchmarkClusterFailover kills (cuts off) the node that owns a game while
// a player on another node keeps moving as fast as the table answers, once
// per iteration, with the production lease timing (renewed every second,
// lapsed after 3 s). It reports how long the game stood still (from the
// kill to the next move the new owner accepted) and counts the moves the
// player was told were applied that the new owner does not have: it must
// be 0.
func BenchmarkClusterFailover(b *testing.B) { benchFailover(b, time.Second, 3*time.Second) }

// BenchmarkClusterKilledOwner is BenchmarkClusterFailover with leases
// that lapse after 300 ms, for many trials of losing nothing in little
// time (go test -run X -bench KilledOwner -benchtime 100x ./rooms/).
func BenchmarkClusterKilledOwner(b *testing.B) {
	benchFailover(b, 100*time.Millisecond, 500*time.Millisecond)
}

func benchFailover(b *testing.B, every, ttl time.Duration) {
	var stood []time.Duration
	lost := 0
	for i := range b.N {
		b.StopTimer()
		nodes, stop := benchCluster(b, 2, every, ttl)
		ann := nodes[0].hub.Connect(Player{ID: "key:ann", Name: "ann"})
		bob := nodes[1].hub.Connect(Player{ID: "key:bob", Name: "bob"})
		if err := ann.Create(toyID, 2, false, engine.Options{"target": "1000000"}); err != nil {
			b.Fatal(err)
		}
		var id string
		for id == "" {
			<-ann.Notify()
			if _, u := ann.Take(); u != nil {
				id = u.Table.ID
			}
		}
		for deadline := time.Now().Add(patience); ; time.Sleep(2 * time.Millisecond) {
			if _, ok := nodes[1].hub.remoteByID(id); ok {
				break
			}
			if time.Now().After(deadline) {
				b.Fatal("node 1 never saw the table")
			}
		}
		if err := bob.Join(id); err != nil {
			b.Fatal(err)
		}
		// A bot plays ann's seat once she leaves: bob moves, the bot
		// answers, and so on.
		if err := ann.Start(); err != nil {
			b.Fatal(err)
		}
		if err := ann.Leave(); err != nil {
			b.Fatal(err)
		}
		if err := bob.AddBot(0, "easy"); err != nil {
			b.Fatal(err)
		}
		b.StartTimer()
		// Bob moves whenever he may; acked are the moves he was told
		// were applied.
		var acked []int // the count after each acknowledged move
		killAt := time.Duration(50+i%7*20) * time.Millisecond
		began := time.Now()
		var killed, resumed time.Time
		for resumed.IsZero() {
			if killed.IsZero() && time.Since(began) > killAt {
				_ = nodes[0].conn.Close()
				killed = time.Now()
			}
			_, u := bob.Take()
			if u == nil || !slices.Contains(u.Pending, u.You) || len(u.Legal) == 0 {
				select {
				case <-bob.Notify():
				case <-time.After(20 * time.Millisecond):
				}
				continue
			}
			v, _ := u.View.(toyView)
			if err := bob.Act(addOne); err == nil {
				acked = append(acked, v.Count+1)
				if !killed.IsZero() && nodes[1].hub.tableByID(id) != nil {
					resumed = time.Now()
				}
			}
			if !killed.IsZero() && time.Since(killed) > patience {
				b.Fatalf("the game did not go on within %v of the kill", patience)
			}
		}
		stood = append(stood, resumed.Sub(killed))
		b.StopTimer()
		// Every acknowledged move is in the new owner's game.
		var count int
		t := nodes[1].hub.tableByID(id)
		_ = t.call(func() error { count = t.state.(*toyState).Count; return nil })
		if len(acked) > 0 && acked[len(acked)-1] > count {
			lost++
			b.Logf("trial %d: bob was told of count %d, the new owner has %d", i, acked[len(acked)-1], count)
		}
		stop()
		b.StartTimer()
	}
	b.StopTimer()
	var total time.Duration
	for _, d := range stood {
		total += d
	}
	b.ReportMetric(float64(total.Milliseconds())/float64(len(stood)), "stood-mean-ms")
	b.ReportMetric(float64(percentile(stood, 1).Milliseconds()), "stood-max-ms")
	b.ReportMetric(float64(lost), "trials-losing-moves")
}
