package sshserver_test

import (
	"io"
	"net"
	"net/netip"
	"strings"
	"testing"
	"time"

	"github.com/pires/go-proxyproto"
	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver"
	"arcade/sshserver/sshtest"
)

// proxyDial connects to addr and sends a PROXY header (version 1 or 2)
// that says the connection comes from src.
func proxyDial(t *testing.T, addr, src string, version byte) net.Conn {
	t.Helper()
	conn, err := net.DialTimeout("tcp", addr, wait)
	if err != nil {
		t.Fatal(err)
	}
	from := net.TCPAddrFromAddrPort(netip.MustParseAddrPort(src))
	h := proxyproto.HeaderProxyFromAddrs(version, from, conn.RemoteAddr())
	if _, err := h.WriteTo(conn); err != nil {
		t.Fatal(err)
	}
	return conn
}

// sshOver logs in as user (with key, or as a guest) over conn.
func sshOver(conn net.Conn, addr, user string, key gossh.Signer) (*gossh.Client, error) {
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(
		func(_, _ string, questions []string, _ []bool) ([]string, error) {
			return make([]string, len(questions)), nil
		})}
	if key != nil {
		auth = append([]gossh.AuthMethod{gossh.PublicKeys(key)}, auth...)
	}
	_ = conn.SetDeadline(time.Now().Add(wait))
	c, chans, reqs, err := gossh.NewClientConn(conn, addr, &gossh.ClientConfig{
		User: user, Auth: auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
	})
	if err != nil {
		_ = conn.Close()
		return nil, err
	}
	_ = conn.SetDeadline(time.Time{})
	return gossh.NewClient(c, chans, reqs), nil
}

// proxyLobby opens a session in the lobby as user, through the balancer,
// from src.
func proxyLobby(t *testing.T, addr, src string, version byte, user string, key gossh.Signer) *sshtest.Term {
	t.Helper()
	client, err := sshOver(proxyDial(t, addr, src, version), addr, user, key)
	if err != nil {
		t.Fatalf("%s from %s: %v", user, src, err)
	}
	term, err := sshtest.Attach(client, sshtest.Options{Key: key})
	if err != nil {
		_ = client.Close()
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = term.Close() })
	if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatalf("%s from %s: %v", user, src, err)
	}
	return term
}

// proxyExec runs command as user through the balancer, from src.
func proxyExec(t *testing.T, addr, src, user string, key gossh.Signer, command string) string {
	t.Helper()
	client, err := sshOver(proxyDial(t, addr, src, 2), addr, user, key)
	if err != nil {
		t.Fatal(err)
	}
	defer client.Close()
	sess, err := client.NewSession()
	if err != nil {
		t.Fatal(err)
	}
	defer sess.Close()
	out, err := sess.CombinedOutput(command)
	if err != nil {
		t.Fatalf("%s: %v\n%s", command, err, out)
	}
	return string(out)
}

// TestProxyAddressCounts: behind a listed balancer (every connection from
// 127.0.0.1) the PROXY header's source is each player's address: with one
// connection allowed per address two players get in, admin who shows their
// real addresses, and banning one address refuses only that one.
func TestProxyAddressCounts(t *testing.T) {
	boss := sshtest.NewKey(t)
	srv := startAdminWith(t, t.TempDir(), boss, func(c *sshserver.Config) {
		c.MaxPerIP = 1
		c.ProxyFrom = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8")}
	})
	ann := proxyLobby(t, srv.Addr, "203.0.113.1:40001", 1, "ann", sshtest.NewKey(t))
	proxyLobby(t, srv.Addr, "[2001:db8::2]:40002", 2, "bob", sshtest.NewKey(t))

	who := proxyExec(t, srv.Addr, "203.0.113.3:40003", "boss", boss, "admin who")
	for _, want := range []string{"203.0.113.1", "2001:db8::"} {
		if !strings.Contains(who, want) {
			t.Errorf("admin who does not show %s:\n%s", want, who)
		}
	}
	if strings.Contains(who, "127.0.0.1") {
		t.Errorf("admin who shows the balancer's address:\n%s", who)
	}

	if out := proxyExec(t, srv.Addr, "203.0.113.3:40004", "boss", boss, "admin ban addr 203.0.113.1 spam"); !strings.Contains(out, "disconnected 1 session") {
		t.Fatalf("admin ban addr:\n%s", out)
	}
	if err := ann.WaitClosed(wait); err != nil {
		t.Fatalf("the banned address is still connected: %v", err)
	}
	if c, err := sshOver(proxyDial(t, srv.Addr, "203.0.113.1:40005", 2), srv.Addr, "ann", nil); err == nil {
		c.Close()
		t.Fatal("a banned address got in through the balancer")
	} else if !strings.Contains(err.Error(), "banned") {
		t.Errorf("the banned address was refused without the reason: %v", err)
	}
	proxyLobby(t, srv.Addr, "203.0.113.6:40006", 1, "cy", nil)
}

// TestProxyHeaderOnlyFromBalancers: a PROXY header from a peer that is not
// a listed balancer is not honoured: the connection is a plain SSH
// client's, with its real address (an SSH server skips a v1 header's line
// before the client's version line; a v2 header spoils the login).
func TestProxyHeaderOnlyFromBalancers(t *testing.T) {
	boss := sshtest.NewKey(t)
	srv := startAdminWith(t, t.TempDir(), boss, func(c *sshserver.Config) {
		c.ProxyFrom = []netip.Prefix{netip.MustParsePrefix("192.0.2.0/24")}
	})
	proxyLobby(t, srv.Addr, "203.0.113.9:40009", 1, "eve", nil)
	if c, err := sshOver(proxyDial(t, srv.Addr, "203.0.113.10:40010", 2), srv.Addr, "mallory", nil); err == nil {
		c.Close()
		t.Fatal("a login after a PROXY v2 header from an unlisted peer went through")
	}
	who, err := sshtest.Exec(srv.Addr, "boss", boss, "admin who")
	if err != nil {
		t.Fatalf("admin who: %v\n%s", err, who)
	}
	if !strings.Contains(who, "127.0.0.1") || strings.Contains(who, "203.0.113.") {
		t.Errorf("admin who shows an address from an unlisted peer's PROXY header:\n%s", who)
	}
}

// TestProxyRequiredFromBalancer: a listed balancer's connection without a
// PROXY header is refused, one that sends nothing is closed after
// ProxyTimeout, and health checks (connect and close, a v2 LOCAL header)
// leave the way open for players.
func TestProxyRequiredFromBalancer(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.ProxyFrom = []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
		c.ProxyTimeout = 300 * time.Millisecond
		c.Penalty = time.Minute
	})
	if c, err := sshtest.Connect(srv.Addr, "ann", nil); err == nil {
		c.Close()
		t.Fatal("a balancer's connection without a PROXY header got in")
	}

	silent, err := net.Dial("tcp", srv.Addr)
	if err != nil {
		t.Fatal(err)
	}
	defer silent.Close()
	_ = silent.SetReadDeadline(time.Now().Add(wait))
	start := time.Now()
	if _, err := io.ReadAll(silent); err != nil {
		t.Fatalf("a silent balancer connection was not closed: %v", err)
	}
	if took := time.Since(start); took > 3*time.Second {
		t.Errorf("a silent balancer connection was closed after %v, want about 300ms", took)
	}

	for i := 0; i < 5; i++ {
		c, err := net.Dial("tcp", srv.Addr)
		if err != nil {
			t.Fatal(err)
		}
		_ = c.Close()
		c, err = net.Dial("tcp", srv.Addr)
		if err != nil {
			t.Fatal(err)
		}
		local := &proxyproto.Header{Version: 2, Command: proxyproto.LOCAL}
		if _, err := local.WriteTo(c); err != nil {
			t.Fatal(err)
		}
		_ = c.Close()
	}
	proxyLobby(t, srv.Addr, "203.0.113.1:40001", 2, "ann", nil)
	proxyLobby(t, srv.Addr, "203.0.113.1:40002", 1, "bob", nil)
}
