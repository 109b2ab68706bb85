package natsbus

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go/jetstream"

	"arcade/rooms/natsbus/natsd"
)

// claim claims c's name, failing the test on an error.
func claim(t *testing.T, c *Conn, about string, lost func()) {
	t.Helper()
	if err := c.ClaimName(about, lost); err != nil {
		t.Fatal(err)
	}
}

// front connects a node named front and claims its name; the flag says
// whether it lost the name since.
func front(t *testing.T, srv *server.Server, about string) (*Conn, *atomic.Bool) {
	t.Helper()
	c := conn(t, srv, "front")
	lost := &atomic.Bool{}
	claim(t, c, about, func() { lost.Store(true) })
	return c, lost
}

// TestNameOfALiveNodeRefused: a second node of a running node's name is
// refused, at once, with what the first said of itself; once the first
// closes, the name is free at once.
func TestNameOfALiveNodeRefused(t *testing.T) {
	srv := embedded(t)
	a := conn(t, srv, "front")
	claim(t, a, "on host one", nil)
	b := conn(t, srv, "front")
	start := time.Now()
	err := b.ClaimName("on host two", nil)
	var taken *NameTakenError
	if !errors.As(err, &taken) || taken.Name != "front" || taken.About != "on host one" {
		t.Fatalf("the second claim: %v", err)
	}
	if !strings.Contains(err.Error(), `"front"`) || !strings.Contains(err.Error(), "on host one") {
		t.Errorf("the refusal does not say whose name: %v", err)
	}
	if d := time.Since(start); d > b.opts.LeaseTTL {
		t.Errorf("the refusal took %v: a live node renews every %v", d, b.opts.LeaseEvery)
	}
	if err := conn(t, srv, "other").ClaimName("on host two", nil); err != nil {
		t.Errorf("another name: %v", err)
	}
	a.Close()
	start = time.Now()
	claim(t, b, "on host two", nil)
	if d := time.Since(start); d > b.opts.LeaseTTL/2 {
		t.Errorf("a name given up on Close was claimed after %v", d)
	}
}

// TestNameOfADeadNodeTaken: a node that stops renewing its name (a crash,
// a kill -9) loses it to the next node of that name after LeaseTTL, and
// learns so if it comes back.
func TestNameOfADeadNodeTaken(t *testing.T) {
	srv := embedded(t)
	a, lost := front(t, srv, "the first run")
	a.pauseRenewals(true)
	b := conn(t, srv, "front")
	start := time.Now()
	claim(t, b, "the second run", nil)
	if d := time.Since(start); d < b.opts.LeaseTTL {
		t.Errorf("the name of a silent node was taken after %v, before LeaseTTL", d)
	}
	a.pauseRenewals(false)
	waitFor(t, "report of the lost name", lost.Load)
	a.Close() // must not give up b's name
	c := conn(t, srv, "front")
	var taken *NameTakenError
	if err := c.ClaimName("a third run", nil); !errors.As(err, &taken) || taken.About != "the second run" {
		t.Fatalf("the name the second run holds: %v", err)
	}
}

// TestNameOfANodeThatStalledLong: a node whose key expired while it stalled
// (nobody took the name) claims it again.
func TestNameOfANodeThatStalledLong(t *testing.T) {
	a, lost := front(t, embedded(t), "the only run")
	a.mu.Lock()
	kv := a.name.kv
	a.mu.Unlock()
	if err := kv.Purge(t.Context(), "front"); err != nil { // as the bucket's TTL would
		t.Fatal(err)
	}
	waitFor(t, "the name claimed again", func() bool {
		e, err := kv.Get(t.Context(), "front")
		return err == nil && e.Operation() == jetstream.KeyValuePut
	})
	if lost.Load() {
		t.Error("a name nobody else took was reported lost")
	}
}

// TestReplicasBeyondASingleServer: a single NATS server refuses more than
// one replica at once, and Connect says that this is why.
func TestReplicasBeyondASingleServer(t *testing.T) {
	s, err := natsd.Embedded(t.TempDir(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer s.Shutdown()
	start := time.Now()
	c, err := Connect("front", []string{s.ClientURL()}, Options{Replicas: 3})
	if err == nil {
		c.Close()
		t.Fatal("a single server keeps 3 copies")
	}
	if !errors.Is(err, ErrNotClustered) {
		t.Errorf("the error does not say the server is not clustered: %v", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("the refusal took %v", d)
	}
	t.Log(err)
	tooFew := placement(&jetstream.APIError{Code: 400, ErrorCode: jsClusterNoPeers, Description: "no suitable peers for placement"})
	if !errors.Is(tooFew, ErrTooFewPeers) || errors.Is(tooFew, ErrNotClustered) {
		t.Errorf("no suitable peers: %v", tooFew)
	}
}
