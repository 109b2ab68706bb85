package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"arcade/rooms/cluster"
	"arcade/rooms/cluster/testca"
)

// TestSecureConfigCluster: three nodes started with -config
// docs/cluster/nats-secure.conf form a cluster over authenticated TLS
// routes that a front-end with the frontend user's password uses with
// three replicas; a client without credentials cannot connect, and none
// can connect without TLS.
func TestSecureConfigCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("a cluster takes seconds to form")
	}
	ca, cert, key := testca.Write(t, t.TempDir())
	t.Setenv("ARCADE_NATS_FRONTEND_PASSWORD", "front-pw")
	t.Setenv("ARCADE_NATS_ROUTE_PASSWORD", "route-pw")
	t.Setenv("ARCADE_NATS_TLS_CERT", cert)
	t.Setenv("ARCADE_NATS_TLS_KEY", key)
	t.Setenv("ARCADE_NATS_TLS_CA", ca)
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
				others = append(others, "nats-route://route:route-pw@"+routes[j])
			}
		}
		args := []string{"-config", "../../docs/cluster/nats-secure.conf", "-name", fmt.Sprintf("nats%d", i+1),
			"-listen", fmt.Sprintf("127.0.0.1:%d", clients[i]), "-cluster", routes[i],
			"-routes", strings.Join(others, ","), "-data", t.TempDir()}
		go func() { done <- run(ctx, args, func(string) string { return "" }, io.Discard) }()
	}
	url := fmt.Sprintf("nats://127.0.0.1:%d", clients[0])
	front := []nats.Option{nats.RootCAs(ca), nats.UserInfo("frontend", "front-pw")}
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, err := cluster.Connect("front", []string{url}, cluster.Options{Replicas: 3}, front...)
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
			t.Fatalf("the front-end could not use the cluster: %v", err)
		}
		time.Sleep(200 * time.Millisecond)
	}
	for name, o := range map[string][]nats.Option{
		"no credentials": {nats.RootCAs(ca)},
		"the route's":    {nats.RootCAs(ca), nats.UserInfo("route", "route-pw")},
		"no TLS":         {nats.UserInfo("frontend", "front-pw")},
	} {
		nc, err := nats.Connect(url, o...)
		if err == nil {
			nc.Close()
			t.Errorf("%s: connected", name)
		} else if name != "no TLS" && !errors.Is(err, nats.ErrAuthorization) {
			t.Errorf("%s: %v", name, err)
		}
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

// TestBadConfigExit1: a configuration file that does not load stops the
// node with the reason.
func TestBadConfigExit1(t *testing.T) {
	var out strings.Builder
	args := []string{"-name", "n1", "-config", "/nonexistent/nats.conf", "-listen", "127.0.0.1:0", "-cluster", "127.0.0.1:0", "-data", t.TempDir()}
	if code := run(context.Background(), args, func(string) string { return "" }, &out); code != 1 || !strings.Contains(out.String(), "nats.conf") {
		t.Errorf("exit %d, said %q", code, out.String())
	}
}

// freePort is a TCP port on loopback that nothing listens on.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}
