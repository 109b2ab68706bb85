package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/natsd"
)

func TestDefaultNodeName(t *testing.T) {
	for _, c := range []struct{ host, listen, want string }{
		{"games.example.com", ":2222", "games-example-com-2222"},
		{"games", "127.0.0.1:2223", "games-2223"},
		{"", "[::1]:2222", "arcade-2222"},
		{"a-very-long-host-name.in.a.long.domain.example", ":65535", "a-very-long-host-name-in-a-65535"},
	} {
		if got := defaultNodeName(c.host, c.listen); got != c.want {
			t.Errorf("defaultNodeName(%q, %q) = %q, want %q", c.host, c.listen, got, c.want)
		}
	}
	a, b := defaultNodeName("games", "127.0.0.1:0"), defaultNodeName("games", "127.0.0.1:0")
	if a == b || !strings.HasPrefix(a, "games-") || !natsbus.ValidName(a) {
		t.Errorf("two servers on random ports are named %q and %q", a, b)
	}
}

// TestStoredNodeName: the name made on the first start is kept in the data
// directory and read on the next, whatever the port; a bad one is refused
// naming the file.
func TestStoredNodeName(t *testing.T) {
	data := t.TempDir()
	first, err := storedNodeName(data, ":2222")
	if err != nil || !strings.HasSuffix(first, "-2222") {
		t.Fatalf("first start: %q, %v", first, err)
	}
	path := filepath.Join(data, nodeNameFile)
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("%s: %v, %v", path, fi, err)
	}
	if again, err := storedNodeName(data, ":2299"); err != nil || again != first {
		t.Errorf("the restart's name: %q, %v; want %q", again, err, first)
	}
	if err := os.WriteFile(path, []byte("front 1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := storedNodeName(data, ":2222"); err == nil || !strings.Contains(err.Error(), path) || !strings.Contains(err.Error(), "-node-name") {
		t.Errorf("a bad name in the file: %v", err)
	}
}

// natsURL starts a NATS server (one, not a cluster) for the test and
// returns its URL.
func natsURL(t *testing.T) string {
	t.Helper()
	srv, err := natsd.Embedded(t.TempDir(), "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(srv.Shutdown)
	return srv.ClientURL()
}

// serveRefused runs the server in this process and returns its stderr; it
// fails the test unless the server stops with exit code 1 within 20 s.
func serveRefused(t *testing.T, args ...string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var stderr bytes.Buffer
	start := time.Now()
	if code := run(ctx, append([]string{"-listen", "127.0.0.1:0"}, args...), env(), &stderr); code != 1 || ctx.Err() != nil {
		t.Fatalf("exit code %d after %v, want 1 at once:\n%s", code, time.Since(start), stderr.String())
	}
	out := stderr.String()
	if !strings.HasPrefix(out, "arcade: ") || strings.Count(out, "\n") != 1 {
		t.Errorf("want one line starting with \"arcade: \", got %q", out)
	}
	t.Logf("after %v: %s", time.Since(start).Round(time.Millisecond), strings.TrimSpace(out))
	return out
}

// TestNodeNamesInACluster: a front-end started without -node-name names
// itself and keeps the name in its data directory; another front-end of
// that name is refused while it runs, whether the name comes from
// -node-name or from a shared data directory; killed with SIGKILL, it
// starts again under its name.
func TestNodeNamesInACluster(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	url := natsURL(t)
	data := filepath.Join(t.TempDir(), "a")
	a := startChild(t, data, "-nats", url, "-nats-replicas", "1")
	b, err := os.ReadFile(filepath.Join(data, nodeNameFile))
	if err != nil {
		t.Fatal(err)
	}
	name := strings.TrimSpace(string(b))
	if !strings.Contains(a.stderr.String(), "node="+name) {
		t.Fatalf("the server does not log its name %s:\n%s", name, a.stderr.String())
	}

	out := serveRefused(t, "-data", filepath.Join(t.TempDir(), "b"), "-nats", url, "-nats-replicas", "1", "-node-name", name)
	for _, w := range []string{`"` + name + `"`, "is running", "-node-name"} {
		if !strings.Contains(out, w) {
			t.Errorf("the refusal does not say %q", w)
		}
	}
	out = serveRefused(t, "-data", data, "-nats", url, "-nats-replicas", "1")
	if !strings.Contains(out, filepath.Join(data, nodeNameFile)) || !strings.Contains(out, "-data directory of its own") {
		t.Errorf("the refusal of a second server on one data directory does not say why")
	}

	a.stop(t, syscall.SIGKILL)
	start := time.Now()
	again := startChild(t, data, "-nats", url, "-nats-replicas", "1")
	t.Logf("restarted after a kill -9 in %v", time.Since(start).Round(time.Millisecond))
	if !strings.Contains(again.stderr.String(), "node="+name) {
		t.Errorf("the restarted server is not %s:\n%s", name, again.stderr.String())
	}
	again.stop(t, syscall.SIGTERM)
}

// TestReplicasOfASingleServer: -nats-replicas 3 (the default) against one
// NATS server stops at once with a sentence that says what to do.
func TestReplicasOfASingleServer(t *testing.T) {
	out := serveRefused(t, "-data", t.TempDir(), "-nats", natsURL(t), "-node-name", "front")
	for _, w := range []string{"-nats-replicas 3", "single server", "-nats-replicas 1"} {
		if !strings.Contains(out, w) {
			t.Errorf("the refusal does not say %q", w)
		}
	}
}
