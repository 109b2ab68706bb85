package main

import (
	"context"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"arcade/rooms/cluster"
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
	const n = 3
	clients, routes := make([]int, n), make([]string, n)
	for i := range n {
		clients[i] = freePort(t)
		routes[i] = fmt.Sprintf("127.0.0.1:%d", freePort(t))
	}
	ctx, stop := context.WithCancel(context.Background())
	defer stop()
	done := make(chan int, n)
	for i := range n {
		var others []string
		for j := range n {
			if j != i {
				others = append(others, "nats-route://"+routes[j])
			}
		}
		env := map[string]string{
			"ARCADE_NATS_NAME":    fmt.Sprintf("nats%d", i+1),
			"ARCADE_NATS_LISTEN":  fmt.Sprintf("127.0.0.1:%d", clients[i]),
			"ARCADE_NATS_CLUSTER": routes[i],
			"ARCADE_NATS_ROUTES":  strings.Join(others, ","),
			"ARCADE_NATS_DATA":    t.TempDir(),
		}
		go func() { done <- run(ctx, nil, func(k string) string { return env[k] }, io.Discard) }()
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, err := cluster.Connect("front", []string{fmt.Sprintf("nats://127.0.0.1:%d", clients[0])}, cluster.Options{Replicas: 3})
		if err == nil {
			_, err = cluster.NewStore(c.JetStream(), 3)
			c.Close()
			if err == nil {
				break
			}
		}
		select {
		case code := <-done:
			t.Fatalf("a node stopped: exit %d", code)
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("no arcade server could use the cluster: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	stop()
	for range n {
		select {
		case code := <-done:
			if code != 0 {
				t.Fatalf("exit %d", code)
			}
		case <-time.After(30 * time.Second):
			t.Fatal("a node did not stop")
		}
	}
}
