package rooms

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/clustertest"
	"arcade/rooms/natsbus/natsd"
	"arcade/rooms/store"
)

// natsCluster is three NATS servers with JetStream in the test's process,
// clustered over loopback as three machines would be; the arcade keeps
// three copies of everything on them, so JetStream needs two of them up.
type natsCluster struct {
	t       *testing.T
	cfgs    []natsd.NodeConfig
	servers []*server.Server
}

// startNATS starts the three servers and waits until they form a cluster.
func startNATS(t *testing.T) *natsCluster {
	t.Helper()
	// Ports below the ephemeral range (32768 and up on Linux, 49152 on
	// others): no outgoing connection (the other servers' routes calling
	// a stopped one) takes one while its server is down.
	addr := func() string {
		for {
			a := fmt.Sprintf("127.0.0.1:%d", 20000+rand.IntN(12000))
			if l, err := net.Listen("tcp", a); err == nil {
				l.Close()
				return a
			}
		}
	}
	c := &natsCluster{t: t, servers: make([]*server.Server, 3)}
	var routes []string
	for i := range 3 {
		cfg := natsd.NodeConfig{Name: fmt.Sprintf("nats%d", i), Listen: addr(), ClusterListen: addr(), Dir: t.TempDir()}
		c.cfgs = append(c.cfgs, cfg)
		routes = append(routes, "nats-route://"+cfg.ClusterListen)
	}
	for i := range c.cfgs {
		c.cfgs[i].Routes = routes
		c.start(i)
	}
	t.Cleanup(func() {
		for i := range c.servers {
			c.stop(i)
		}
	})
	deadline := time.Now().Add(patience)
	for _, s := range c.servers {
		for !s.JetStreamIsCurrent() || s.NumRoutes() < 2 {
			if time.Now().After(deadline) {
				t.Fatalf("the NATS cluster did not form: %s has %d routes", s.Name(), s.NumRoutes())
			}
			time.Sleep(20 * time.Millisecond)
		}
	}
	return c
}

// start starts server i (again, on its ports and data).
func (c *natsCluster) start(i int) {
	c.t.Helper()
	s, err := natsd.RunNode(c.cfgs[i])
	if err != nil {
		c.t.Fatalf("NATS server %d: %v", i, err)
	}
	c.servers[i] = s
}

// stop stops server i, as a lost machine would.
func (c *natsCluster) stop(i int) {
	if s := c.servers[i]; s != nil {
		s.Shutdown()
		s.WaitForShutdown()
		c.servers[i] = nil
	}
}

// logBook keeps a hub's log lines.
type logBook struct {
	mu    sync.Mutex
	lines []string
}

// to returns a Logf or Infof for a hub of node that keeps its lines,
// marked with level, and shows them in the test's log.
func (b *logBook) to(t *testing.T, node, level string) func(string, ...any) {
	return func(format string, args ...any) {
		line := fmt.Sprintf("%s %s %s", node, level, fmt.Sprintf(format, args...))
		t.Log(line)
		b.mu.Lock()
		b.lines = append(b.lines, line)
		b.mu.Unlock()
	}
}

// count counts the lines so far that hold all of words.
func (b *logBook) count(words ...string) int {
	b.mu.Lock()
	defer b.mu.Unlock()
	n := 0
	for _, l := range b.lines {
		all := true
		for _, w := range words {
			all = all && strings.Contains(l, w)
		}
		if all {
			n++
		}
	}
	return n
}

// wait waits until a line holds all of words (what: what the line says,
// for the failure).
func (b *logBook) wait(t *testing.T, what string, words ...string) {
	t.Helper()
	for deadline := time.Now().Add(patience); b.count(words...) == 0; time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("no log line says %s (with %q)", what, words)
		}
	}
}

// frontEnd is an arcade server of the test that uses the NATS cluster.
type frontEnd struct {
	hub   *Hub
	conn  *natsbus.Conn
	store *natsbus.Store
}

// startFrontEnd starts an arcade server named node on the cluster's first
// NATS server, with three copies of everything, claiming its name as
// every server does.
func startFrontEnd(t *testing.T, c *natsCluster, node string, book *logBook) *frontEnd {
	t.Helper()
	url := "nats://" + c.cfgs[0].Listen
	conn, st := clustertest.Open(t, patience, func() (*natsbus.Conn, error) {
		conn, err := natsbus.Connect(node, []string{url}, natsbus.Options{Replicas: 3, LeaseEvery: 250 * time.Millisecond, LeaseTTL: 2 * time.Second})
		if err == nil {
			if err = conn.ClaimName("a test", nil); err != nil {
				conn.Close()
				return nil, err
			}
		}
		return conn, err
	})
	h := testHub(t, Config{Bus: conn, Store: st, BotDelay: 20 * time.Millisecond,
		Logf: book.to(t, node, "ERROR"), Infof: book.to(t, node, "INFO")})
	return &frontEnd{hub: h, conn: conn, store: st}
}

// TestClusterQuorumLost: two of the three NATS servers go down, so
// JetStream loses its quorum, while two front-ends run a game under way
// and a finished one. Nobody says or acts as if another server took a
// table over; the keys a player presses meanwhile log no line each; the
// players' screens say the table waits. Once the two servers are back the
// game goes on (a move is shown and kept), and the finished table is
// still there for its players.
func TestClusterQuorumLost(t *testing.T) {
	nc := startNATS(t)
	book := &logBook{}
	a, b := startFrontEnd(t, nc, "a-node", book), startFrontEnd(t, nc, "b-node", book)

	alice, bob := connect(t, a.hub, "alice"), connect(t, b.hub, "bob")
	id := startAcross(t, alice, bob, "50")
	playTurn(t, alice, bob)
	before := view(t, bob.tu).Count

	carol, dan := connect(t, a.hub, "carol"), connect(t, b.hub, "dan")
	startAcross(t, carol, dan, "3")
	finishToy(t, carol, dan)
	dan.table("the game-over screen", func(u *TableUpdate) bool { return u.Outcome.Done })

	nc.stop(1)
	nc.stop(2)
	for deadline := time.Now().Add(patience); !a.conn.StorageDown() || !b.conn.StorageDown(); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the front-ends do not see that JetStream lost its quorum")
		}
	}
	// Whoever must move presses the key again and again: the first move
	// waits to be saved, the others are refused meanwhile.
	bob.drain()
	mover := alice
	if slices.Contains(bob.tu.Pending, bob.tu.You) {
		mover = bob
	}
	const presses = 8
	for range presses {
		switch err := mover.Act(addOne); {
		case err == nil, errors.Is(err, ErrUnsaved), errors.Is(err, ErrStorageDown):
		default:
			t.Fatalf("%s's key during the outage: %v", mover.Player().Name, err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	for _, p := range []*probe{alice, bob} {
		p.table("the table waits", func(u *TableUpdate) bool { return u.Unsaved && !u.Closed })
	}
	if n := book.count("took table"); n > 0 {
		t.Fatalf("during the outage %d line(s) say a table changed server", n)
	}
	if n := book.count("ERROR"); n >= presses {
		t.Fatalf("%d key presses logged %d errors", presses, n)
	}
	if n := book.count("ERROR", "got no answer"); n > 1 {
		t.Fatalf("unanswered requests logged %d lines, want at most 1", n)
	}
	// Each front-end says so when it finds out (the second may find out a
	// moment after the tables wait), and says it again only after saying
	// that the storage answered (a loaded machine may see one request
	// succeed during the outage), never once per key press.
	const down, up = "storage (NATS JetStream) does not answer", "storage answers again"
	for _, node := range []string{"a-node", "b-node"} {
		for deadline := time.Now().Add(patience); book.count(node, "ERROR", down) < 1; time.Sleep(5 * time.Millisecond) {
			if time.Now().After(deadline) {
				t.Fatalf("%s never said that the storage does not answer", node)
			}
		}
		if n, again := book.count(node, "ERROR", down), book.count(node, up); n > again+1 {
			t.Fatalf("%s said %d times that the storage does not answer, and %d times that it answered again", node, n, again)
		}
	}

	nc.start(1)
	nc.start(2)
	// JetStream elects its leaders again within seconds (its election
	// timeouts are 4 to 9 s), then the table saves the move it holds.
	for _, p := range []*probe{alice, bob} {
		p.within(2*patience, "the move kept and shown", func() bool {
			return p.tu != nil && !p.tu.Unsaved && view(t, p.tu).Count > before
		})
		if got := view(t, p.tu).Count; got != before+1 {
			t.Fatalf("%s sees the count at %d after one move from %d", p.Player().Name, got, before)
		}
	}
	playTurn(t, alice, bob)
	if n := book.count("took table"); n > 0 {
		t.Fatalf("once JetStream answers again %d line(s) say a table changed server", n)
	}
	must(t, dan.Say("gg"))
	carol.table("dan's line at the finished table", func(u *TableUpdate) bool {
		return u.Outcome.Done && !u.Closed && len(u.Chat) > 0 && u.Chat[len(u.Chat)-1].Text == "gg"
	})
	// The store holds every move shown (reading it needs JetStream's
	// meta leader, which may be elected last).
	want := len(movesOf(t, a.hub, id))
	var kept []store.Table
	for deadline := time.Now().Add(2 * patience); ; time.Sleep(50 * time.Millisecond) {
		var err error
		if kept, err = a.store.OpenTables(); err == nil && stored(kept, id) == want {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the store holds %d moves of the game (%v), want %d", stored(kept, id), err, want)
		}
	}
}

// stored counts the moves the store holds of table id (-1: none).
func stored(tables []store.Table, id string) int {
	for _, tb := range tables {
		if tb.ID == id {
			return len(tb.Moves)
		}
	}
	return -1
}
