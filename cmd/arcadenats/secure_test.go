package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/nats-io/nats.go"

	"arcade/rooms/natsbus/testca"
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
	secureCluster(t, ca, cert, key)
}

// TestCertScriptCluster: the certificates docs/cluster/make-certs.sh makes
// with openssl serve a cluster started with nats-secure.conf, as
// TestSecureConfigCluster's do; the key files are the owner's alone, and a
// second run keeps the first run's files.
func TestCertScriptCluster(t *testing.T) {
	if testing.Short() {
		t.Skip("a cluster takes seconds to form")
	}
	if _, err := exec.LookPath("openssl"); err != nil {
		t.Skip("make-certs.sh needs openssl, which this machine lacks")
	}
	dir := filepath.Join(t.TempDir(), "tls")
	makeCerts := func() {
		t.Helper()
		out, err := exec.Command("sh", "../../docs/cluster/make-certs.sh", dir, "localhost", "127.0.0.1").CombinedOutput()
		if err != nil {
			t.Fatalf("make-certs.sh: %v\n%s", err, out)
		}
	}
	makeCerts()
	ca, err := os.ReadFile(filepath.Join(dir, "ca.pem"))
	if err != nil {
		t.Fatal(err)
	}
	makeCerts()
	if again, err := os.ReadFile(filepath.Join(dir, "ca.pem")); err != nil || string(again) != string(ca) {
		t.Fatalf("a second run replaced the CA (%v)", err)
	}
	for _, f := range []string{"ca-key.pem", "node-key.pem"} {
		if fi, err := os.Stat(filepath.Join(dir, f)); err != nil || fi.Mode().Perm() != 0o600 {
			t.Errorf("%s: %v, %v; want mode 0600", f, fi.Mode(), err)
		}
	}
	secureCluster(t, filepath.Join(dir, "ca.pem"), filepath.Join(dir, "node.pem"), filepath.Join(dir, "node-key.pem"))
}

// secureCluster starts three nodes on loopback with nats-secure.conf and
// the CA, certificate and key files given, and checks that a front-end
// with the frontend user's password and the CA uses them with three
// replicas while a client without the password, with the route's, or
// without TLS cannot connect.
func secureCluster(t *testing.T, ca, cert, key string) {
	t.Helper()
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
