package cluster

import (
	"errors"
	"fmt"
	"net"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"arcade/rooms/cluster/natsd"
	"arcade/rooms/store"
)

// freePort returns a TCP port nobody listens on now.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func TestEmbeddedListens(t *testing.T) {
	s, err := natsd.Embedded(t.TempDir(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	c, err := Connect("n1", []string{s.ClientURL()}, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if _, err := NewStore(c.JetStream(), c.Replicas()); err != nil {
		t.Fatal(err)
	}
	if _, err := natsd.Embedded(t.TempDir(), "no-port"); err == nil {
		t.Error("a listen address without a port accepted")
	}
}

// TestThreeNodes runs a 3-node cluster with RunNode and uses it with three
// replicas: a table saved through one node is taken over through another.
func TestThreeNodes(t *testing.T) {
	if testing.Short() {
		t.Skip("a cluster takes seconds to form")
	}
	const n = 3
	client, routes := make([]string, n), make([]string, n)
	var cfgs []natsd.NodeConfig
	for i := range n {
		cp, rp := freePort(t), freePort(t)
		client[i] = fmt.Sprintf("nats://127.0.0.1:%d", cp)
		routes[i] = fmt.Sprintf("nats-route://127.0.0.1:%d", rp)
		cfgs = append(cfgs, natsd.NodeConfig{Name: fmt.Sprintf("nats%d", i), Listen: fmt.Sprintf("127.0.0.1:%d", cp),
			ClusterListen: fmt.Sprintf("127.0.0.1:%d", rp), Dir: t.TempDir()})
	}
	var servers []*server.Server
	for i, cfg := range cfgs {
		cfg.Routes = routes
		s, err := natsd.RunNode(cfg)
		if err != nil {
			t.Fatalf("node %d: %v", i, err)
		}
		servers = append(servers, s)
		defer s.Shutdown()
	}
	deadline := time.Now().Add(30 * time.Second)
	for _, s := range servers {
		for !s.JetStreamIsCurrent() || s.NumRoutes() < n-1 {
			if time.Now().After(deadline) {
				t.Fatalf("the cluster did not form: %s has %d routes", s.Name(), s.NumRoutes())
			}
			time.Sleep(50 * time.Millisecond)
		}
	}
	open := func(node string, url string) (*Conn, *Store) {
		t.Helper()
		var c *Conn
		var err error
		for c == nil { // the meta leader may still be elected
			if c, err = Connect(node, []string{url}, Options{Replicas: 3}); err != nil && time.Now().After(deadline) {
				t.Fatal(err)
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Cleanup(func() { c.Close() })
		var s *Store
		for s == nil {
			if s, err = NewStore(c.JetStream(), c.Replicas()); err != nil && time.Now().After(deadline) {
				t.Fatal(err)
			}
		}
		return c, s
	}
	ca, a := open("a", client[0])
	cb, b := open("b", client[2])
	if err := ca.Claim("t1-a"); err != nil {
		t.Fatal(err)
	}
	tb := testTable("t1-a", 3)
	if err := a.SaveTable(tb, 0); err != nil {
		t.Fatal(err)
	}
	if ok, err := cb.TakeOver("t1-a"); err != nil || !ok {
		t.Fatalf("TakeOver: %v, %v", ok, err)
	}
	got, err := b.TakeTable("t1-a")
	if err != nil {
		t.Fatal(err)
	}
	sameMoves(t, got.Moves, tb.Moves)
	addMove(tb)
	if err := a.SaveTable(tb, 3); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("the old owner's write: %v, want ErrFenced (replicated)", err)
	}
}
