package natsbus_test

import (
	"errors"
	"fmt"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/clustertest"
	"arcade/rooms/natsbus/natsd"
	"arcade/rooms/store"
)

func TestEmbeddedListens(t *testing.T) {
	s, err := natsd.Embedded(t.TempDir(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Shutdown)
	clustertest.Open(t, 10*time.Second, func() (*natsbus.Conn, error) {
		return natsbus.Connect("n1", []string{s.ClientURL()}, natsbus.Options{})
	})
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
		cp, rp := clustertest.FreePort(t), clustertest.FreePort(t)
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
	open := func(node string, url string) (*natsbus.Conn, *natsbus.Store) {
		t.Helper()
		return clustertest.Open(t, time.Until(deadline), func() (*natsbus.Conn, error) {
			return natsbus.Connect(node, []string{url}, natsbus.Options{Replicas: 3})
		})
	}
	ca, a := open("a", client[0])
	cb, b := open("b", client[2])
	if err := ca.Claim("t1-a"); err != nil {
		t.Fatal(err)
	}
	tb := natsbus.TestTable("t1-a", 3)
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
	natsbus.SameMoves(t, got.Moves, tb.Moves)
	natsbus.AddMove(tb)
	if err := a.SaveTable(tb, 3); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("the old owner's write: %v, want ErrFenced (replicated)", err)
	}
}
