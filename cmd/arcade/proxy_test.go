package main

import (
	"context"
	"net"
	"path/filepath"
	"testing"
	"time"

	"github.com/pires/go-proxyproto"
	gossh "golang.org/x/crypto/ssh"

	"arcade/sshserver/sshtest"
)

// TestServeBehindBalancer runs the real command with ARCADE_PROXY_FROM
// naming loopback: a connection from it without a PROXY header is refused,
// one with a header reaches the lobby.
func TestServeBehindBalancer(t *testing.T) {
	var stderr sshtest.Buffer
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	exited := make(chan int, 1)
	go func() {
		exited <- run(ctx, []string{"-listen", "127.0.0.1:0"},
			env("ARCADE_DATA", filepath.Join(t.TempDir(), "data"), "ARCADE_PROXY_FROM", "127.0.0.1"), &stderr)
	}()
	addr := waitListening(t, &stderr, exited)
	if c, err := sshtest.Connect(addr, "tess", nil); err == nil {
		c.Close()
		t.Fatal("a connection without a PROXY header got in from a listed balancer")
	}

	conn, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	from := &net.TCPAddr{IP: net.ParseIP("203.0.113.5"), Port: 40000}
	if _, err := proxyproto.HeaderProxyFromAddrs(2, from, conn.RemoteAddr()).WriteTo(conn); err != nil {
		t.Fatal(err)
	}
	c, chans, reqs, err := gossh.NewClientConn(conn, addr, &gossh.ClientConfig{
		User: "tess",
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(func(_, _ string, q []string, _ []bool) ([]string, error) {
			return make([]string, len(q)), nil
		})},
		HostKeyCallback: gossh.InsecureIgnoreHostKey(), //nolint:gosec // a test server
	})
	if err != nil {
		t.Fatalf("through the balancer: %v", err)
	}
	term, err := sshtest.Attach(gossh.NewClient(c, chans, reqs), sshtest.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer term.Close()
	if err := term.WaitFor(sshtest.LobbyMarker, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	cancel()
	waitExit0(t, exited, &stderr)
}
