package sshserver_test

import (
	"bufio"
	"bytes"
	"io"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver"
	"arcade/sshserver/access"
	"arcade/sshserver/sshtest"
)

// dialFrom opens a TCP connection to addr from the loopback address ip
// (Linux routes all of 127.0.0.0/8 to lo): a client at another address.
func dialFrom(t *testing.T, ip, addr string) net.Conn {
	t.Helper()
	d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP(ip)}, Timeout: wait}
	c, err := d.Dial("tcp", addr)
	if err != nil {
		t.Fatalf("dial from %s: %v", ip, err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// connectFrom is sshtest.Connect from the loopback address ip.
func connectFrom(t *testing.T, ip, addr, user string, key gossh.Signer) (*gossh.Client, error) {
	t.Helper()
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(
		func(_, _ string, q []string, _ []bool) ([]string, error) { return make([]string, len(q)), nil })}
	if key != nil {
		auth = append([]gossh.AuthMethod{gossh.PublicKeys(key)}, auth...)
	}
	c := dialFrom(t, ip, addr)
	conn, chans, reqs, err := gossh.NewClientConn(c, addr, &gossh.ClientConfig{
		User: user, Auth: auth, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait,
	})
	if err != nil {
		return nil, err
	}
	client := gossh.NewClient(conn, chans, reqs)
	t.Cleanup(func() { client.Close() })
	return client, nil
}

// silent opens a connection from ip that reads the server's version line
// and then says nothing; it fails the test if the server refuses it.
func silent(t *testing.T, ip, addr string) net.Conn {
	t.Helper()
	return quiet(t, dialFrom(t, ip, addr), ip)
}

// stalled opens a connection from ip that sends its version line and then
// says nothing: it stalls in the handshake. It fails the test if the
// server refuses it.
func stalled(t *testing.T, ip, addr string) net.Conn {
	t.Helper()
	c := dialFrom(t, ip, addr)
	if _, err := io.WriteString(c, "SSH-2.0-stalled\r\n"); err != nil {
		t.Fatal(err)
	}
	return quiet(t, c, ip)
}

// quiet reads the server's version line from c and checks that no
// disconnect follows at once.
func quiet(t *testing.T, c net.Conn, ip string) net.Conn {
	t.Helper()
	_ = c.SetReadDeadline(time.Now().Add(wait))
	line, err := bufio.NewReader(c).ReadString('\n')
	if err != nil || !strings.HasPrefix(line, "SSH-2.0-") {
		t.Fatalf("silent connection from %s: %q, %v", ip, line, err)
	}
	// A refused one gets its disconnect right after the version line
	// (a stalled one its key exchange offer, which is longer).
	_ = c.SetReadDeadline(time.Now().Add(100 * time.Millisecond))
	if b, _ := io.ReadAll(c); len(b) > 0 && bytes.Contains(b, []byte("arcade")) {
		t.Fatalf("connection from %s was refused: %q", ip, b)
	}
	_ = c.SetReadDeadline(time.Time{})
	return c
}

// toldFrom connects from ip as an ssh client would (its version line at
// once) and returns everything the server sent until it closed.
func toldFrom(t *testing.T, ip, addr string) string {
	t.Helper()
	c := dialFrom(t, ip, addr)
	_ = c.SetDeadline(time.Now().Add(wait))
	if _, err := io.WriteString(c, "SSH-2.0-test\r\n"); err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(c)
	return string(b)
}

// privateServer starts a server that admits only ann's key.
func privateServer(t *testing.T, configure func(*sshserver.Config)) (*sshtest.Server, gossh.Signer) {
	t.Helper()
	ann := sshtest.NewKey(t)
	list := filepath.Join(t.TempDir(), "authorized_keys")
	writeFile(t, list, sshtest.AuthorizedKey(ann, "Ann"))
	keys, err := access.OpenKeyFile(list)
	if err != nil {
		t.Fatal(err)
	}
	return sshtest.Start(t, func(c *sshserver.Config) {
		c.Gate = &access.Gate{Allowed: keys}
		if configure != nil {
			configure(c)
		}
	}), ann
}

// TestSilentFloodDoesNotLockOutListedKeys: connections stalled in the
// handshake from several addresses fill its cap (two per address at most),
// yet a listed key that logged in from its address before still gets in;
// strangers are told why they are refused.
func TestSilentFloodDoesNotLockOutListedKeys(t *testing.T) {
	srv, ann := privateServer(t, func(c *sshserver.Config) {
		c.MaxStartups, c.StartupsDropFrom = 8, 8 // no early drop: the test is exact
	})
	if _, err := connectFrom(t, "127.0.0.1", srv.Addr, "ann", ann); err != nil {
		t.Fatalf("ann before the flood: %v", err)
	}
	for i := 2; i <= 5; i++ {
		ip := "127.0.0." + string(rune('0'+i))
		stalled(t, ip, srv.Addr)
		stalled(t, ip, srv.Addr)
		if said := toldFrom(t, ip, srv.Addr); !strings.Contains(said, "Too many connections from your address are logging in") {
			t.Errorf("a third handshake from %s: %q, want the per-address sentence", ip, said)
		}
	}
	waitStats(t, srv, "the flood in", func(s sshserver.Stats) bool { return s.Startups == 8 })
	if said := toldFrom(t, "127.0.0.6", srv.Addr); !strings.Contains(said, "busy") {
		t.Errorf("a stranger while full: %q, want told the arcade is busy", said)
	}
	if _, err := connectFrom(t, "127.0.0.1", srv.Addr, "ann", ann); err != nil {
		t.Fatalf("ann during the flood: %v", err)
	}
}

// TestSilentConnectionsTakeNoHandshakePlace: connections that say nothing
// wait apart from those in the handshake, so a flood of them keeps nobody
// out: when too many wait, the one that waited longest is told the arcade
// is busy and makes room.
func TestSilentConnectionsTakeNoHandshakePlace(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.MaxStartups, c.StartupsDropFrom = 2, 2
	})
	var first net.Conn
	for i := 2; i <= 5; i++ {
		ip := "127.0.0." + string(rune('0'+i))
		if c := silent(t, ip, srv.Addr); first == nil {
			first = c
		}
		silent(t, ip, srv.Addr)
	}
	waitStats(t, srv, "the flood in", func(s sshserver.Stats) bool { return s.Waiting == 8 })
	if _, err := connectFrom(t, "127.0.0.6", srv.Addr, "ivy", nil); err != nil {
		t.Fatalf("a guest during the flood: %v", err)
	}
	_ = first.SetReadDeadline(time.Now().Add(wait))
	if said, _ := io.ReadAll(first); !bytes.Contains(said, []byte("busy")) {
		t.Errorf("the longest waiting connection was told %q, want told the arcade is busy", said)
	}
	waitStats(t, srv, "the flood still in", func(s sshserver.Stats) bool { return s.Waiting == 7 })
}

// holdingClient logs in as user from ip with auth in front of a public key
// method that waits for release before it offers its key: a client that
// holds its place in the handshake. The banners it is told come on the
// channel returned, as they come.
func holdingClient(t *testing.T, ip, addr, user string, release <-chan struct{}, auth ...gossh.AuthMethod) <-chan string {
	t.Helper()
	key := sshtest.NewKey(t)
	c := dialFrom(t, ip, addr)
	told := make(chan string, 4)
	go func() {
		_, _, _, _ = gossh.NewClientConn(c, addr, &gossh.ClientConfig{
			User: user, HostKeyCallback: gossh.InsecureIgnoreHostKey(), Timeout: wait,
			BannerCallback: func(m string) error { told <- m; return nil },
			Auth: append(auth, gossh.PublicKeysCallback(func() ([]gossh.Signer, error) {
				<-release
				return []gossh.Signer{key}, nil
			})),
		})
	}()
	return told
}

// toldWithin returns the next banner from told, failing the test after wait.
func toldWithin(t *testing.T, told <-chan string) string {
	t.Helper()
	select {
	case said := <-told:
		return said
	case <-time.After(wait):
		t.Fatalf("nothing told after %v", wait)
		return ""
	}
}

// TestRefusedClientLeaves: a client the allow list refuses is told why as
// it logs in and refused there, so that it leaves at once; one that stays
// anyway no longer counts against its address (a listed key from there
// gets in despite -max-per-ip 1) and is closed at the handshake's
// deadline.
func TestRefusedClientLeaves(t *testing.T) {
	srv, ann := privateServer(t, func(c *sshserver.Config) {
		c.MaxPerIP, c.HandshakeTimeout = 1, 2*time.Second
	})
	start := time.Now()
	said, err := sshtest.Refused(srv.Addr, "eve", sshtest.NewKey(t))
	if err != nil || !strings.Contains(said, "not on its list") {
		t.Fatalf("the stranger: told %q, %v; want refused with the reason", said, err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("the refused client took %v to be sent away", took)
	}
	waitStats(t, srv, "eve gone", func(s sshserver.Stats) bool { return s.Conns == 0 })

	release := make(chan struct{})
	defer close(release)
	told := holdingClient(t, "127.0.0.1", srv.Addr, "mallory", release, gossh.KeyboardInteractive(
		func(_, _ string, q []string, _ []bool) ([]string, error) { return make([]string, len(q)), nil }))
	if said := toldWithin(t, told); !strings.Contains(said, "admits only the SSH keys on its list") {
		t.Fatalf("the stranger who stays was told %q, want the reason", said)
	}
	held := time.Now()
	if _, err := connectFrom(t, "127.0.0.1", srv.Addr, "ann", ann); err != nil {
		t.Fatalf("ann from the stranger's address: %v", err)
	}
	waitStats(t, srv, "mallory closed", func(s sshserver.Stats) bool { return s.Conns == 1 })
	if took := time.Since(held); took > 5*time.Second {
		t.Errorf("the refused client who stayed was closed after %v", took)
	}
}

// TestSlowLoginIsTold: a client still logging in shortly before the
// handshake's deadline is told that it took too long.
func TestSlowLoginIsTold(t *testing.T) {
	var logs sshtest.Buffer
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.HandshakeTimeout = time.Second
		c.Logger = log.NewWithOptions(&logs, log.Options{Level: log.InfoLevel})
	})
	release := make(chan struct{})
	told := holdingClient(t, "127.0.0.1", srv.Addr, "slow", release)
	waitUntil(t, "the slow login noted", func() bool { return strings.Contains(logs.String(), "logging in took too long") })
	close(release)
	if said := toldWithin(t, told); !strings.Contains(said, "Logging in took too long") {
		t.Errorf("the slow client was told %q, want why it was cut off", said)
	}
}

// waitUntil waits until ok, failing the test after wait.
func waitUntil(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(wait)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after %v", what, wait)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// TestSessionlessConnectionClosed: an authenticated connection that opens
// no session is closed.
func TestSessionlessConnectionClosed(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.SessionTimeout = 300 * time.Millisecond })
	c, err := sshtest.Connect(srv.Addr, "idle", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	closed := make(chan struct{})
	go func() { _ = c.Wait(); close(closed) }()
	select {
	case <-closed:
	case <-time.After(wait):
		t.Fatalf("a connection without a session still open after %v", wait)
	}
}

// TestVersionLineDeadline: a client that sends no version line is told why
// and closed after VersionTimeout, long before the handshake timeout.
func TestVersionLineDeadline(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.VersionTimeout = 300 * time.Millisecond })
	c := dialFrom(t, "127.0.0.1", srv.Addr)
	start := time.Now()
	_ = c.SetReadDeadline(time.Now().Add(wait))
	said, err := io.ReadAll(c)
	if err != nil {
		t.Fatalf("after %v: %v (said %q)", time.Since(start), err, said)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("closed after %v", took)
	}
	if !strings.Contains(string(said), "no SSH version line in time") {
		t.Errorf("said %q, want why", said)
	}
}

// TestPenalty: an address whose connection breaks off before logging in
// is refused for a while, with a sentence, for twice as long on the next
// offence; other addresses are not.
func TestPenalty(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.Penalty, c.MaxPenalty = 400*time.Millisecond, 10*time.Second
		c.VersionTimeout, c.HandshakeTimeout = 200*time.Millisecond, 400*time.Millisecond
	})
	// penalized probes ip; a probe that is let in breaks off in turn.
	penalized := func(ip string) bool {
		c := dialFrom(t, ip, srv.Addr)
		defer c.Close()
		_, _ = io.WriteString(c, "SSH-2.0-test\r\n")
		_ = c.SetReadDeadline(time.Now().Add(600 * time.Millisecond))
		said, _ := io.ReadAll(c)
		return strings.Contains(string(said), "broke off without logging in")
	}
	// lasts is how long the penalty ip is under now lasts.
	lasts := func(ip string) time.Duration {
		waitStats(t, srv, "the connection gone", func(s sshserver.Stats) bool { return s.Conns == 0 })
		start := time.Now()
		if !penalized(ip) {
			t.Fatalf("%s not penalized after a connection broke off", ip)
		}
		for penalized(ip) {
			if time.Since(start) > wait {
				t.Fatal("the penalty never ends")
			}
			time.Sleep(20 * time.Millisecond)
		}
		return time.Since(start)
	}
	// A connection that breaks off at once (a health check) costs nothing.
	dialFrom(t, "127.0.0.6", srv.Addr).Close()
	waitStats(t, srv, "the connection gone", func(s sshserver.Stats) bool { return s.Conns == 0 })
	if penalized("127.0.0.6") {
		t.Fatal("a connection that broke off at once was penalized")
	}
	// One that holds its slot until the version deadline is penalized.
	held := silent(t, "127.0.0.7", srv.Addr)
	_, _ = io.ReadAll(held) // the server ends it
	held.Close()
	first := lasts("127.0.0.7")
	second := lasts("127.0.0.7") // the probe that got in held on until the handshake's deadline
	if second < first+200*time.Millisecond {
		t.Errorf("penalties of %v then %v: the second should be about twice as long", first, second)
	}
	if penalized("127.0.0.8") {
		t.Error("another address is penalized too")
	}
}

// TestEveryRefusalIsTold: a burst of refusals, more than the server writes
// with the whole exchange at once, each gets its sentence, none a bare
// reset.
func TestEveryRefusalIsTold(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.MaxPerIP = 1 })
	silent(t, "127.0.0.9", srv.Addr)
	const n = 200
	var (
		wg   sync.WaitGroup
		bare atomic.Int32
	)
	for range n {
		wg.Go(func() {
			d := net.Dialer{LocalAddr: &net.TCPAddr{IP: net.ParseIP("127.0.0.9")}, Timeout: wait}
			c, err := d.Dial("tcp", srv.Addr)
			if err != nil {
				t.Error(err)
				return
			}
			defer c.Close()
			_ = c.SetDeadline(time.Now().Add(wait))
			_, _ = io.WriteString(c, "SSH-2.0-test\r\n")
			said, _ := io.ReadAll(c)
			if !strings.Contains(string(said), "Too many connections from your address") {
				bare.Add(1)
			}
		})
	}
	wg.Wait()
	if b := bare.Load(); b > 0 {
		t.Errorf("%d of %d refused connections were not told why", b, n)
	}
}
