package sshserver_test

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver"
	"arcade/sshserver/sshtest"
)

// wait bounds every wait in these tests. It is generous: the tests never
// measure time, it only keeps a broken test from hanging.
const wait = 10 * time.Second

func probeServer(t *testing.T, configure func(*sshserver.Config)) *sshtest.Server {
	t.Helper()
	return sshtest.Start(t, func(c *sshserver.Config) {
		c.NewModel = sshtest.Probe
		if configure != nil {
			configure(c)
		}
	})
}

// probeScreen waits for the probe screen to show field=want and returns it.
func probeScreen(t *testing.T, term *sshtest.Term, field, want string) string {
	t.Helper()
	var screen string
	err := term.WaitUntil(field+"="+want, func(s string) bool {
		screen = s
		return sshtest.Field(s, field) == want
	}, wait)
	if err != nil {
		t.Fatal(err)
	}
	return screen
}

func TestKeyedAndGuestSeeLobby(t *testing.T) {
	srv := sshtest.Start(t, nil)
	keyed := sshtest.Dial(t, srv.Addr, "alice", sshtest.Options{Key: sshtest.NewKey(t)})
	guest := sshtest.Dial(t, srv.Addr, "bob", sshtest.Options{})
	for name, term := range map[string]*sshtest.Term{"keyed": keyed, "guest": guest} {
		if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
	// q quits the app; the server then ends the session and the connection.
	if err := keyed.Send("q"); err != nil {
		t.Fatal(err)
	}
	if err := keyed.WaitClosed(wait); err != nil {
		t.Fatal(err)
	}
}

func TestIdentity(t *testing.T) {
	srv := probeServer(t, nil)
	key := sshtest.NewKey(t)
	id := func(user string, key gossh.Signer) (id, guest, name string) {
		term := sshtest.Dial(t, srv.Addr, user, sshtest.Options{Key: key})
		screen := probeScreen(t, term, "size", "80x24")
		_ = term.Close()
		return sshtest.Field(screen, "id"), sshtest.Field(screen, "guest"), sshtest.Field(screen, "name")
	}
	want := "key:" + gossh.FingerprintSHA256(key.PublicKey())
	id1, guest1, name1 := id("alice", key)
	id2, _, name2 := id("alice-again", key)
	if id1 != want || id2 != want {
		t.Errorf("same key: IDs %q and %q, want both %q", id1, id2, want)
	}
	if guest1 != "false" {
		t.Errorf("keyed player: guest=%s", guest1)
	}
	if name1 != "alice" || name2 != "alice-again" {
		t.Errorf("names %q, %q: want the SSH user names", name1, name2)
	}
	g1, gg1, _ := id("carol", nil)
	g2, gg2, _ := id("carol", nil)
	if !strings.HasPrefix(g1, "guest:") || !strings.HasPrefix(g2, "guest:") || g1 == g2 {
		t.Errorf("guest IDs %q and %q: want two distinct guest: IDs", g1, g2)
	}
	if gg1 != "true" || gg2 != "true" {
		t.Errorf("guests: guest=%s, %s", gg1, gg2)
	}
}

func TestInviteCodeFromCommand(t *testing.T) {
	srv := probeServer(t, nil)
	term := sshtest.Dial(t, srv.Addr, "dave", sshtest.Options{Command: "ABC123 extra args"})
	probeScreen(t, term, "invite", "ABC123")

	long := strings.Repeat("Z", 500)
	term = sshtest.Dial(t, srv.Addr, "dave", sshtest.Options{Command: long})
	probeScreen(t, term, "invite", strings.Repeat("Z", 32))
}

// rawSession connects as a keyless user and opens a session channel with
// nothing requested yet. Both close when the test ends.
func rawSession(t *testing.T, addr, user string) *gossh.Session {
	t.Helper()
	client, err := sshtest.Connect(addr, user, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { client.Close() })
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { sess.Close() })
	return sess
}

// noPTY opens a session without a PTY, starts a shell, and returns what the
// server wrote (stdout then stderr) and how the session ended.
// With a command (ssh host CODE), it runs that instead of a shell.
func noPTY(t *testing.T, addr string, command ...string) (string, error) {
	t.Helper()
	sess := rawSession(t, addr, "erin")
	var stdout, stderr bytes.Buffer
	sess.Stdout, sess.Stderr = &stdout, &stderr
	start := sess.Shell
	if len(command) > 0 {
		start = func() error { return sess.Start(strings.Join(command, " ")) }
	}
	if err := start(); err != nil {
		t.Fatal(err)
	}
	err := sess.Wait()
	return strings.TrimSpace(stdout.String() + stderr.String()), err
}

func TestNoPTYGetsTerminalHint(t *testing.T) {
	srv := sshtest.Start(t, nil)
	got, err := noPTY(t, srv.Addr)
	var exit *gossh.ExitError
	if !errors.As(err, &exit) || exit.ExitStatus() != 1 {
		t.Errorf("exit: %v, want status 1", err)
	}
	// The hint names the address the client connected to, with the
	// invite code it gave (ssh host CODE without -t).
	host, port, _ := net.SplitHostPort(srv.Addr)
	if want := "This arcade needs a terminal: ssh -t -p " + port + " " + host; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	got, _ = noPTY(t, srv.Addr, "K7MQ2X")
	if want := "This arcade needs a terminal: ssh -t -p " + port + " " + host + " K7MQ2X"; got != want {
		t.Errorf("with a code: output %q, want %q", got, want)
	}
}

func TestHandshakeTimeout(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.HandshakeTimeout = 200 * time.Millisecond })
	conn, err := net.Dial("tcp", srv.Addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	// Say nothing. The server sends its version line, then must hang up.
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	r := bufio.NewReader(conn)
	line, err := r.ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("version line %q, %v", line, err)
	}
	_, err = io.Copy(io.Discard, r)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("silent connection still open after %v", wait)
	}
}

// banner reports whether the server greets a raw TCP connection, which
// sends its version line and then nothing (a client stalled in the
// handshake), with its SSH version line (a connection refused before any
// SSH work is closed without one).
func banner(t *testing.T, addr string) (net.Conn, bool) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	_ = conn.SetReadDeadline(time.Now().Add(wait))
	_, _ = io.WriteString(conn, "SSH-2.0-stalled\r\n") // then says nothing more
	line, err := bufio.NewReader(conn).ReadString('\n')
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			t.Fatalf("no answer from the server in %v", wait)
		}
		_ = conn.Close()
		return nil, false
	}
	return conn, strings.HasPrefix(line, "SSH-2.0-")
}

func TestPerIPCap(t *testing.T) {
	const max = 3
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.MaxPerIP, c.MaxStartupsPerIP, c.Penalty = max, max, time.Millisecond })
	var held []net.Conn
	for i := 0; i < max; i++ {
		conn, ok := banner(t, srv.Addr)
		if !ok {
			t.Fatalf("connection %d refused, want %d allowed", i+1, max)
		}
		held = append(held, conn)
	}
	// Over the cap, the client is told why: its ssh prints the sentence.
	c, err := sshtest.Connect(srv.Addr, "frank", nil)
	if err == nil {
		c.Close()
		t.Fatal("ssh client accepted over the per-IP cap")
	}
	if !strings.Contains(err.Error(), "Too many connections from your address") {
		t.Errorf("refusal reads %q, want the reason", err)
	}
	// Closing one frees its slot (the server notices the close soon).
	held[0].Close()
	deadline := time.Now().Add(wait)
	for {
		c, err := sshtest.Connect(srv.Addr, "frank", nil)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("slot not given back after a connection closed: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, c := range held[1:] {
		c.Close()
	}
}

// TestMaxStartups: connections that sit in the handshake are capped across
// the server (whatever their address), the next is told the arcade is
// busy, and a finished handshake gives its slot back.
func TestMaxStartups(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.MaxStartups, c.StartupsDropFrom, c.MaxPerIP, c.MaxStartupsPerIP = 2, 2, 10, 10
		c.Penalty = time.Millisecond // a closes without logging in
	})
	a, ok := banner(t, srv.Addr)
	if !ok {
		t.Fatal("first connection refused")
	}
	defer a.Close()
	in, err := sshtest.Connect(srv.Addr, "ivy", nil) // logs in: not a startup any more
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	b, ok := banner(t, srv.Addr)
	if !ok {
		t.Fatal("second startup refused")
	}
	defer b.Close()
	// The server answers with its version line before it reads the
	// client's, which moves a connection into the handshake: wait for it.
	waitStats(t, srv, "two connections in the handshake", func(s sshserver.Stats) bool { return s.Startups == 2 })
	_, err = sshtest.Connect(srv.Addr, "jo", nil)
	if err == nil || !strings.Contains(err.Error(), "busy") {
		t.Fatalf("third startup: %v, want refused as busy", err)
	}
	a.Close()
	waitStats(t, srv, "startup slot back", func(s sshserver.Stats) bool { return s.Startups < 2 })
	c, err := sshtest.Connect(srv.Addr, "jo", nil)
	if err != nil {
		t.Fatalf("after a startup left: %v", err)
	}
	c.Close()
}

func TestMaxSessions(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.MaxSessions = 1 })
	first := sshtest.Dial(t, srv.Addr, "gina", sshtest.Options{})
	if err := first.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
	second := sshtest.Dial(t, srv.Addr, "hank", sshtest.Options{})
	if err := second.WaitFor("The arcade is full", wait); err != nil {
		t.Fatal(err)
	}
	if err := second.WaitClosed(wait); err != nil {
		t.Fatal(err)
	}
	// The slot comes back when the first session ends.
	_ = first.Send("q")
	if err := first.WaitClosed(wait); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(wait)
	for {
		third := sshtest.Dial(t, srv.Addr, "ivy", sshtest.Options{})
		if third.WaitFor(sshtest.LobbyMarker, wait) == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("session slot not given back")
		}
	}
}

func TestOversizedPTYIsClamped(t *testing.T) {
	srv := probeServer(t, nil)
	term := sshtest.Dial(t, srv.Addr, "jack", sshtest.Options{Cols: 1000, Rows: 1000})
	probeScreen(t, term, "size", fmt.Sprintf("%dx%d", sshserver.DefaultMaxCols, sshserver.DefaultMaxRows))

	// Far beyond any terminal: still clamped (the emulator stays small).
	term = sshtest.Dial(t, srv.Addr, "jack", sshtest.Options{Cols: 1 << 30, Rows: 1 << 30})
	probeScreen(t, term, "size", fmt.Sprintf("%dx%d", sshserver.DefaultMaxCols, sshserver.DefaultMaxRows))
}

func TestWindowChangeIsClamped(t *testing.T) {
	srv := probeServer(t, func(c *sshserver.Config) { c.MaxCols, c.MaxRows = 120, 40 })
	term := sshtest.Dial(t, srv.Addr, "kim", sshtest.Options{Cols: 100, Rows: 30})
	probeScreen(t, term, "size", "100x30")
	if err := term.Resize(1000, 1000); err != nil {
		t.Fatal(err)
	}
	probeScreen(t, term, "size", "120x40")
	if err := term.Resize(90, 25); err != nil {
		t.Fatal(err)
	}
	probeScreen(t, term, "size", "90x25")
}

func TestOneSessionPerConnection(t *testing.T) {
	srv := sshtest.Start(t, nil)
	term := sshtest.Dial(t, srv.Addr, "mia", sshtest.Options{})
	if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 3; i++ {
		s, err := term.Client().NewSession()
		if err == nil {
			s.Close()
			t.Fatal("second session channel on one connection accepted")
		}
		var oce *gossh.OpenChannelError
		if !errors.As(err, &oce) || oce.Reason != gossh.Prohibited {
			t.Errorf("second session: %v, want administratively prohibited", err)
		}
	}
	// The first session is unharmed.
	if err := term.Send("q"); err != nil {
		t.Fatal(err)
	}
	if err := term.WaitClosed(wait); err != nil {
		t.Fatal(err)
	}
}

func TestNoForwardingOrSubsystems(t *testing.T) {
	srv := sshtest.Start(t, nil)
	client, err := sshtest.Connect(srv.Addr, "rex", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	if c, err := client.Dial("tcp", srv.Addr); err == nil {
		c.Close()
		t.Error("direct-tcpip (ssh -L) channel accepted")
	}
	if ln, err := client.Listen("tcp", "127.0.0.1:0"); err == nil {
		ln.Close()
		t.Error("tcpip-forward (ssh -R) accepted")
	}
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	if err := sess.RequestSubsystem("sftp"); err == nil {
		t.Error("sftp subsystem accepted")
	}
}

func TestShutdownEndsSessions(t *testing.T) {
	srv := sshtest.Start(t, nil)
	terms := []*sshtest.Term{
		sshtest.Dial(t, srv.Addr, "nia", sshtest.Options{Key: sshtest.NewKey(t)}),
		sshtest.Dial(t, srv.Addr, "oli", sshtest.Options{}),
	}
	for _, term := range terms {
		if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
			t.Fatal(err)
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), wait)
	defer cancel()
	if err := srv.Shutdown(ctx); err != nil {
		t.Fatalf("shutdown: %v", err)
	}
	for i, term := range terms {
		if err := term.WaitClosed(wait); err != nil {
			t.Errorf("session %d: %v", i, err)
		}
		if !strings.Contains(term.Screen(), "shutting down") {
			t.Errorf("session %d: no goodbye on screen:\n%s", i, term.Screen())
		}
	}
	if _, err := sshtest.Connect(srv.Addr, "pat", nil); err == nil {
		t.Error("connection accepted after shutdown")
	}
}

func TestNewNeedsHostKeyAndHub(t *testing.T) {
	if _, err := sshserver.New(sshserver.Config{}); err == nil {
		t.Error("New without a host key path: no error")
	}
	if _, err := sshserver.New(sshserver.Config{HostKeyPath: t.TempDir() + "/k"}); err == nil {
		t.Error("New without a hub: no error")
	}
}

func TestPublicHostHints(t *testing.T) {
	srv := probeServer(t, func(c *sshserver.Config) { c.PublicHost = "arcade.example.com:22" })
	term := sshtest.Dial(t, srv.Addr, "quinn", sshtest.Options{})
	probeScreen(t, term, "hint", "ssh arcade.example.com")

	got, _ := noPTY(t, srv.Addr)
	if want := "This arcade needs a terminal: ssh -t arcade.example.com"; got != want {
		t.Errorf("no-PTY hint %q, want %q", got, want)
	}
}

// TestIdleSessionEndsWithItsTerminalBack: a session with no traffic for the
// idle timeout ends the way a kick does: the program quits, the terminal
// leaves the alternate screen, and a line on the normal screen says why.
func TestIdleSessionEndsWithItsTerminalBack(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.IdleTimeout = 700 * time.Millisecond })
	term := sshtest.Dial(t, srv.Addr, "idler", sshtest.Options{})
	if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
	if err := term.WaitClosed(wait); err != nil {
		t.Fatalf("the idle session stayed open: %v", err)
	}
	if s := term.Screen(); !strings.Contains(s, "Nothing came or went for") || strings.Contains(s, sshtest.LobbyMarker) {
		t.Fatalf("the idle session's terminal was not given back with its reason:\n%s", s)
	}
}
