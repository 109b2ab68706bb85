package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/clustertest"
)

// TestBadFlagsExit2: a bad name or a stray argument is a usage error in
// one line; -h is not an error.
func TestBadFlagsExit2(t *testing.T) {
	env := func(string) string { return "" }
	for _, args := range [][]string{{}, {"-name", "a b"}, {"-name", "n1", "extra"}} {
		var out strings.Builder
		if code := run(context.Background(), args, env, &out); code != 2 || strings.Count(out.String(), "\n") != 1 {
			t.Errorf("%q: exit %d, said %q", args, code, out.String())
		}
	}
	var out strings.Builder
	if code := run(context.Background(), []string{"-h"}, env, &out); code != 0 || !strings.Contains(out.String(), "-routes") {
		t.Errorf("-h: exit %d, said %q", code, out.String())
	}
}

// TestThreeNodesServeAnArcade: three nodes started from the environment
// form a cluster that an arcade server uses with three replicas, and they
// stop when told to.
func TestThreeNodesServeAnArcade(t *testing.T) {
	if testing.Short() {
		t.Skip("a cluster takes seconds to form")
	}
	startThree(t, func(i int, client, routes string, others []string) ([]string, map[string]string) {
		for j := range others {
			others[j] = "nats-route://" + others[j]
		}
		return nil, map[string]string{
			"ARCADE_NATS_NAME":    fmt.Sprintf("nats%d", i+1),
			"ARCADE_NATS_LISTEN":  client,
			"ARCADE_NATS_CLUSTER": routes,
			"ARCADE_NATS_ROUTES":  strings.Join(others, ","),
			"ARCADE_NATS_DATA":    t.TempDir(),
		}
	})
}

// startThree starts three nodes on loopback, node i with the arguments
// and environment node gives it from its client and cluster addresses and
// the other nodes' cluster addresses; it waits until a front-end that
// connects with the options front uses them with three replicas, and
// returns the first node's client URL. The nodes stop at the end of the
// test, and must stop well.
func startThree(t *testing.T, node func(i int, client, routes string, others []string) ([]string, map[string]string), front ...nats.Option) string {
	t.Helper()
	const n = 3
	clients, routes := make([]string, n), make([]string, n)
	for i := range n {
		clients[i] = fmt.Sprintf("127.0.0.1:%d", clustertest.FreePort(t))
		routes[i] = fmt.Sprintf("127.0.0.1:%d", clustertest.FreePort(t))
	}
	ctx, stop := context.WithCancel(context.Background())
	done := make(chan int, n)
	t.Cleanup(func() {
		stop()
		for range n {
			select {
			case code := <-done:
				if code != 0 {
					t.Errorf("a node stopped with exit %d", code)
				}
			case <-time.After(30 * time.Second):
				t.Error("a node did not stop")
			}
		}
	})
	for i := range n {
		var others []string
		for j := range n {
			if j != i {
				others = append(others, routes[j])
			}
		}
		args, env := node(i, clients[i], routes[i], others)
		go func() { done <- run(ctx, args, func(k string) string { return env[k] }, io.Discard) }()
	}
	url := "nats://" + clients[0]
	clustertest.Open(t, 60*time.Second, func() (*natsbus.Conn, error) {
		select {
		case code := <-done:
			t.Fatalf("a node stopped: exit %d", code)
		default:
		}
		return natsbus.Connect("front", []string{url}, natsbus.Options{Replicas: 3}, front...)
	})
	return url
}
