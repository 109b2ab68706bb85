package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"arcade/sshserver/sshtest"
)

// env returns a getenv over vars.
func env(vars ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(vars); i += 2 {
		m[vars[i]] = vars[i+1]
	}
	return func(k string) string { return m[k] }
}

func TestBadValuesExit2WithOneLine(t *testing.T) {
	for _, c := range []struct {
		name  string
		args  []string
		env   []string
		wants []string
	}{
		{"env duration", nil, []string{"ARCADE_BOT_DELAY", "banana"}, []string{"ARCADE_BOT_DELAY", "-bot-delay", `"banana"`}},
		{"env int", []string{"serve"}, []string{"ARCADE_MAX_PER_IP", "-3"}, []string{"ARCADE_MAX_PER_IP", "-max-per-ip"}},
		{"env level", nil, []string{"ARCADE_LOG_LEVEL", "loud"}, []string{"ARCADE_LOG_LEVEL", "-log-level"}},
		{"flag duration", []string{"-response-window", "0s"}, nil, []string{"-response-window"}},
		{"flag int", []string{"serve", "-max-sessions=lots"}, nil, []string{"-max-sessions"}},
		{"unknown flag", []string{"-colour"}, nil, []string{"-colour"}},
		{"stray argument", []string{"serve", "extra"}, nil, []string{`"extra"`}},
		{"unknown command", []string{"play"}, nil, []string{`"play"`}},
		{"log format", []string{"-log-format", "xml"}, nil, []string{"-log-format", "text or json"}},
		{"metrics address", []string{"-metrics", "9100"}, nil, []string{"-metrics", `"9100"`}},
		{"listen port", []string{"-listen", "127.0.0.1:99999"}, nil, []string{"-listen", `"99999" is not a port`}},
		{"env listen", nil, []string{"ARCADE_LISTEN", "2222"}, []string{"-listen", `"2222"`, "host:port or :port"}},
		{"env guests", nil, []string{"ARCADE_GUESTS", "maybe"}, []string{"ARCADE_GUESTS", "-guests"}},
		{"missing key file", []string{"-authorized-keys", "/nonexistent/keys"}, nil, []string{"-authorized-keys", "/nonexistent/keys"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stderr bytes.Buffer
			code := run(context.Background(), c.args, env(c.env...), &stderr)
			if code != 2 {
				t.Errorf("exit code %d, want 2", code)
			}
			out := stderr.String()
			if strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "arcade: ") {
				t.Errorf("want one line starting with \"arcade: \", got %q", out)
			}
			for _, w := range c.wants {
				if !strings.Contains(out, w) {
					t.Errorf("%q does not name %s", out, w)
				}
			}
		})
	}
}

func TestHelpExits0(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"-h"}, {"serve", "-help"}} {
		var stderr bytes.Buffer
		if code := run(context.Background(), args, env(), &stderr); code != 0 {
			t.Errorf("%v: exit code %d, want 0", args, code)
		}
		if !strings.Contains(stderr.String(), "usage: arcade") || !strings.Contains(stderr.String(), "history  list the finished games") {
			t.Errorf("%v: no usage with the commands in %q", args, stderr.String())
		}
	}
}

func TestFlagBeatsEnvBeatsDefault(t *testing.T) {
	c, err := parseServe([]string{"-listen", ":3000"},
		env("ARCADE_LISTEN", ":4000", "ARCADE_BOT_DELAY", "2s", "ARCADE_MAX_SESSIONS", "7", "ARCADE_MAX_STARTUPS_PER_IP", "4"), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if c.listen != ":3000" || time.Duration(c.botDelay) != 2*time.Second || c.maxSessions != 7 || c.startupsPerIP != 4 {
		t.Errorf("got %+v", c)
	}
	if c.data != "./.arcade" || time.Duration(c.responseWindow) != 15*time.Second || c.maxPerIP != 8 || c.maxStartups != 128 || !c.leaderboard || !c.guests {
		t.Errorf("defaults: got %+v", c)
	}
}

// TestFlagProxyFrom: -proxy-from and ARCADE_PROXY_FROM take address ranges
// and single IPs, the flag beats the variable, a malformed entry is an
// error that names it, and the default is off.
func TestFlagProxyFrom(t *testing.T) {
	c, err := parseServe(nil, env("ARCADE_PROXY_FROM", "10.0.0.0/8, 192.0.2.7,2001:db8::/32"), &bytes.Buffer{})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.proxyFrom.String(); got != "10.0.0.0/8,192.0.2.7/32,2001:db8::/32" {
		t.Errorf("ARCADE_PROXY_FROM: got %q", got)
	}
	c, err = parseServe([]string{"-proxy-from", "172.18.0.0/16"}, env("ARCADE_PROXY_FROM", "10.0.0.0/8"), &bytes.Buffer{})
	if err != nil || c.proxyFrom.String() != "172.18.0.0/16" {
		t.Errorf("-proxy-from over the variable: got %q, %v", c.proxyFrom.String(), err)
	}
	if c, err := parseServe(nil, env(), &bytes.Buffer{}); err != nil || len(c.proxyFrom) != 0 {
		t.Errorf("default: got %q, %v; want off", c.proxyFrom.String(), err)
	}
	for _, bad := range []string{"10.0.0.0/33", "balancer", "10.0.0.1,nope"} {
		if _, err := parseServe([]string{"-proxy-from", bad}, env(), &bytes.Buffer{}); err == nil {
			t.Errorf("-proxy-from %q was accepted", bad)
		}
	}
	if _, err := parseServe(nil, env("ARCADE_PROXY_FROM", "nope"), &bytes.Buffer{}); err == nil || !strings.Contains(err.Error(), "nope") {
		t.Errorf("a bad ARCADE_PROXY_FROM: %v, want an error naming it", err)
	}
}

// TestServe runs the real command: it creates the data directory and host
// key, serves a lobby, and on cancel (a signal) ends the sessions and exits 0.
func TestServe(t *testing.T) {
	data := filepath.Join(t.TempDir(), "data")
	var stderr sshtest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exited := make(chan int, 1)
	go func() {
		exited <- run(ctx, []string{"-listen", "127.0.0.1:0"}, env("ARCADE_DATA", data), &stderr)
	}()
	addr := waitListening(t, &stderr, exited)
	term := sshtest.Dial(t, addr, "tess", sshtest.Options{})
	if err := term.WaitFor(sshtest.LobbyMarker, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	cancel()
	waitExit0(t, exited, &stderr)
	if err := term.WaitClosed(10 * time.Second); err != nil {
		t.Error(err)
	}
	info, err := os.Stat(data)
	if err != nil || info.Mode().Perm() != 0o700 {
		t.Errorf("data directory: %v, %v; want mode 0700", info, err)
	}
	key, err := os.Stat(filepath.Join(data, "host_ed25519"))
	if err != nil || key.Mode().Perm() != 0o600 {
		t.Errorf("host key: %v, %v; want mode 0600", key, err)
	}
}

var listeningRE = regexp.MustCompile(`listening .*?addr=(\S+)`)

// waitListening waits for the server's "listening" log line and returns its
// address.
func waitListening(t *testing.T, stderr *sshtest.Buffer, exited <-chan int) string {
	t.Helper()
	deadline := time.After(30 * time.Second)
	for {
		if m := listeningRE.FindStringSubmatch(stderr.String()); m != nil {
			return m[1]
		}
		select {
		case code := <-exited:
			t.Fatalf("serve exited with %d; stderr:\n%s", code, stderr.String())
		case <-deadline:
			t.Fatalf("no listening line; stderr:\n%s", stderr.String())
		case <-time.After(10 * time.Millisecond):
		}
	}
}

// TestServeForATeam runs the real command the way the README's "private
// server for your team" does: only the listed keys get in, guests are
// refused with a sentence, logs are JSON (one object a line, with a start
// and an end line for the session), the metrics answer on loopback, and
// one listed key cannot take the name the list gives another, which
// carries its [key] mark.
func TestServeForATeam(t *testing.T) {
	dir := t.TempDir()
	key, rob := sshtest.NewKey(t), sshtest.NewKey(t)
	keys := filepath.Join(dir, "team_keys")
	if err := os.WriteFile(keys, []byte(sshtest.AuthorizedKey(key, "Tess")+"\n"+sshtest.AuthorizedKey(rob, "Rob")), 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr sshtest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exited := make(chan int, 1)
	go func() {
		exited <- run(ctx, []string{"-listen", "127.0.0.1:0", "-authorized-keys", keys, "-guests=false",
			"-metrics", "127.0.0.1:0", "-log-format", "json"}, env("ARCADE_DATA", filepath.Join(dir, "data")), &stderr)
	}()
	addrOf := func(msg string) string {
		deadline := time.Now().Add(30 * time.Second)
		for time.Now().Before(deadline) {
			for _, line := range strings.Split(stderr.String(), "\n") {
				var rec map[string]any
				if json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == msg {
					if a, ok := rec["addr"].(string); ok {
						return a
					}
				}
			}
			time.Sleep(10 * time.Millisecond)
		}
		t.Fatalf("no %q line; stderr:\n%s", msg, stderr.String())
		return ""
	}
	addr, web := addrOf("listening"), addrOf("serving metrics")

	term := sshtest.Dial(t, addr, "tess", sshtest.Options{Key: key})
	if err := term.WaitFor(sshtest.LobbyMarker, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	said, err := sshtest.Refused(addr, "lou", nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(said, "admits only the SSH keys on its list") {
		t.Errorf("the guest was not told why: %q", said)
	}
	resp, err := http.Get("http://" + web + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	_ = resp.Body.Close()
	if !strings.Contains(string(body), "\narcade_sessions 1\n") || !strings.Contains(string(body), `arcade_refusals_total{reason="not-listed"} 1`) {
		t.Errorf("metrics do not show the session and the refusal:\n%s", body)
	}
	if code := run(context.Background(), []string{"health"}, env("ARCADE_METRICS", web), io.Discard); code != 0 {
		t.Errorf("arcade health on a running server: exit %d", code)
	}
	other := sshtest.Dial(t, addr, "rob", sshtest.Options{Key: rob})
	if err := other.WaitFor("Tess [key]", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"e", "\x7f", "\x7f", "\x7f", "TESS", "\r"} { // "Rob" becomes "TESS"
		if err := other.Send(k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(30 * time.Millisecond)
	}
	if err := other.WaitFor("This arcade's list keeps that name for another player's key", 10*time.Second); err != nil {
		t.Fatal(err)
	}
	cancel()
	waitExit0(t, exited, &stderr)
	if code := run(context.Background(), []string{"health", web}, env(), io.Discard); code != 1 {
		t.Errorf("arcade health on a stopped server: exit %d, want 1", code)
	}
	starts, ends := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(stderr.String()), "\n") {
		var rec map[string]any
		if err := json.Unmarshal([]byte(line), &rec); err != nil {
			t.Fatalf("a log line is not JSON: %q", line)
		}
		if rec["name"] == "Tess" && rec["msg"] == "session start" {
			starts++
		}
		if rec["name"] == "Tess" && rec["msg"] == "session end" && rec["reason"] != nil && rec["duration"] != nil {
			ends++
		}
	}
	if starts != 1 || ends != 1 {
		t.Errorf("want one session start and one end line for Tess, got %d and %d:\n%s", starts, ends, stderr.String())
	}
}

// waitExit0 waits for a server sent a signal to exit with status 0.
func waitExit0(t *testing.T, exited <-chan int, stderr *sshtest.Buffer) {
	t.Helper()
	select {
	case code := <-exited:
		if code != 0 {
			t.Fatalf("exit code %d; stderr:\n%s", code, stderr.String())
		}
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not stop after the signal")
	}
}

// TestCorruptDatabaseStopsWithOneLine: a database that is not one stops the
// server at once with one line naming the file, never a panic.
func TestCorruptDatabaseStopsWithOneLine(t *testing.T) {
	data := t.TempDir()
	if err := os.Chmod(data, 0o700); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(data, "arcade.db")
	if err := os.WriteFile(db, bytes.Repeat([]byte("not a database "), 500), 0o600); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	code := run(context.Background(), []string{"-listen", "127.0.0.1:0", "-data", data}, env(), &stderr)
	out := stderr.String()
	if code != 1 || strings.Count(out, "\n") != 1 || !strings.HasPrefix(out, "arcade: ") || !strings.Contains(out, db) {
		t.Fatalf("exit %d, want 1 and one line naming %s; got %q", code, db, out)
	}
}
