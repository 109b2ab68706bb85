package main

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"

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
	front := []nats.Option{nats.RootCAs(ca), nats.UserInfo("frontend", "front-pw")}
	url := startThree(t, func(i int, client, routes string, others []string) ([]string, map[string]string) {
		for j := range others {
			others[j] = "nats-route://route:route-pw@" + others[j]
		}
		return []string{"-config", "../../docs/cluster/nats-secure.conf", "-name", fmt.Sprintf("nats%d", i+1),
			"-listen", client, "-cluster", routes, "-routes", strings.Join(others, ","), "-data", t.TempDir()}, nil
	}, front...)
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
}

// TestBadConfigFlagExit1: a configuration file that does not load stops the
// node with the reason.
func TestBadConfigFlagExit1(t *testing.T) {
	var out strings.Builder
	args := []string{"-name", "n1", "-config", "/nonexistent/nats.conf", "-listen", "127.0.0.1:0", "-cluster", "127.0.0.1:0", "-data", t.TempDir()}
	if code := run(context.Background(), args, func(string) string { return "" }, &out); code != 1 || !strings.Contains(out.String(), "nats.conf") {
		t.Errorf("exit %d, said %q", code, out.String())
	}
}
