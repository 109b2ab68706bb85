package sshguard

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"testing"

	"charm.land/ssh"
	"charm.land/wish/v2"
	gossh "golang.org/x/crypto/ssh"
)

// TestWishOptions wires the package the way the server does: a Wish server
// built with WithHostKey and WithHardenedAlgorithms serves our key, writes no
// key of its own, and speaks only modern algorithms.
func TestWishOptions(t *testing.T) {
	cwd := t.TempDir()
	t.Chdir(cwd)
	signer, _, err := LoadOrCreateHostKey(filepath.Join(t.TempDir(), "data", "host_ed25519"))
	if err != nil {
		t.Fatal(err)
	}
	srv, err := wish.NewServer(
		WithHostKey(signer),
		WithHardenedAlgorithms(),
		wish.WithPublicKeyAuth(func(ssh.Context, ssh.PublicKey) bool { return true }),
		wish.WithKeyboardInteractiveAuth(func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool { return true }),
	)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(cwd, "id_ed25519")); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("Wish wrote a key of its own into the working directory (%v)", err)
	}
	srv.Handler = func(s ssh.Session) { _ = s.Exit(0) }
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	addr := ln.Addr().String()

	var served gossh.PublicKey
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		User: "player",
		Auth: []gossh.AuthMethod{gossh.KeyboardInteractive(
			func(string, string, []string, []bool) ([]string, error) { return nil, nil })},
		HostKeyCallback: func(_ string, _ net.Addr, key gossh.PublicKey) error {
			served = key
			return nil
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	c.Close()
	if served == nil || !sameKey(served, signer.PublicKey()) {
		t.Fatal("the server did not serve our host key")
	}
	for _, wc := range weakClients {
		if _, err := dialWith(t, addr, wc.algos, nil); err == nil {
			t.Errorf("%s: accepted", wc.name)
		}
	}
}
