package main

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"arcade/rooms/natsbus"
	"arcade/rooms/natsbus/testca"
)

// TestNatsAuthFlagsFromEnv: the credential and TLS flags read their
// environment variables.
func TestNatsAuthFlagsFromEnv(t *testing.T) {
	vars := map[string]string{
		"ARCADE_NATS":               "tls://nats.example:4222",
		"ARCADE_NATS_CREDS":         "/c.creds",
		"ARCADE_NATS_NKEY":          "/seed.nk",
		"ARCADE_NATS_USER":          "frontend",
		"ARCADE_NATS_PASSWORD_FILE": "/pw",
		"ARCADE_NATS_CA":            "/ca.pem",
		"ARCADE_NATS_CERT":          "/cert.pem",
		"ARCADE_NATS_KEY":           "/key.pem",
		"ARCADE_NATS_INSECURE":      "true",
	}
	c, err := parseServe(nil, func(k string) string { return vars[k] }, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	want := natsAuth{creds: "/c.creds", nkey: "/seed.nk", user: "frontend", passwordFile: "/pw",
		ca: "/ca.pem", cert: "/cert.pem", key: "/key.pem", insecure: true}
	if c.natsAuth != want {
		t.Errorf("got %+v, want %+v", c.natsAuth, want)
	}
	vars = map[string]string{"ARCADE_NATS": "nats.example:4222", "ARCADE_NATS_USER": "u", "ARCADE_NATS_PASSWORD": "p"}
	if c, err = parseServe(nil, func(k string) string { return vars[k] }, io.Discard); err != nil || c.natsAuth.password != "p" {
		t.Errorf("ARCADE_NATS_PASSWORD: %+v, %v", c.natsAuth, err)
	}
}

// TestNatsOpenNATSRefused: a NATS off this machine without credentials is
// refused with a sentence that names the flags, unless -nats-insecure; one
// on loopback is not.
func TestNatsOpenNATSRefused(t *testing.T) {
	env := func(string) string { return "" }
	for _, tc := range []struct {
		args []string
		ok   bool
	}{
		{[]string{"-nats", "nats://10.0.0.5:4222"}, false},
		{[]string{"-nats", "nats.example:4222"}, false},
		{[]string{"-nats", "nats://127.0.0.1:4222,nats://10.0.0.5:4222"}, false},
		{[]string{"-nats", "nats://10.0.0.5:4222", "-nats-insecure"}, true},
		{[]string{"-nats", "nats://10.0.0.5:4222", "-nats-creds", "f.creds"}, true},
		{[]string{"-nats", "nats://127.0.0.1:4222,localhost:4223,nats://[::1]:4224"}, true},
		{[]string{"-nats", "nats://10.0.0.5:4222", "-nats-user", "u"}, false},
		{[]string{"-nats", "nats://10.0.0.5:4222", "-nats-cert", "c.pem"}, false},
	} {
		_, err := parseServe(tc.args, env, io.Discard)
		if tc.ok != (err == nil) {
			t.Errorf("%q: %v", tc.args, err)
		}
	}
	_, err := parseServe([]string{"-nats", "nats://10.0.0.5:4222"}, env, io.Discard)
	for _, flag := range []string{"-nats-creds", "-nats-nkey", "-nats-user", "-nats-insecure"} {
		if err == nil || !strings.Contains(err.Error(), flag) {
			t.Errorf("the refusal does not name %s: %v", flag, err)
		}
	}
}

// TestNatsCleartextRefused: off this machine the front-end requires TLS
// whatever the URL says, so a NATS without TLS is refused at connect;
// -nats-insecure and loopback allow it.
func TestNatsCleartextRefused(t *testing.T) {
	url := natsURL(t)
	secure := func(a natsAuth, urls ...string) bool {
		t.Helper()
		opts, err := a.options(urls)
		if err != nil {
			t.Fatal(err)
		}
		var o nats.Options
		for _, opt := range opts {
			if err := opt(&o); err != nil {
				t.Fatal(err)
			}
		}
		return o.Secure
	}
	if !secure(natsAuth{}, "nats://10.0.0.5:4222") || secure(natsAuth{insecure: true}, "nats://10.0.0.5:4222") || secure(natsAuth{}, url) {
		t.Error("TLS is not required exactly off this machine without -nats-insecure")
	}
	opts, err := natsAuth{}.options([]string{"nats://10.0.0.5:4222"})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := natsbus.Connect("n1", []string{url}, natsbus.Options{}, opts...)
	if err == nil {
		conn.Close()
		t.Fatal("connected in cleartext")
	}
	if !errors.Is(err, nats.ErrSecureConnWanted) {
		t.Errorf("refused with %v", err)
	}
}

// TestNatsAuthTLS: against a NATS with TLS (a CA made for the test) and a
// frontend user allowed arcade.> and JetStream, a front-end with the
// flags' credentials works, while a client without credentials, or with
// a wrong password, can neither read nor publish arcade.>.
func TestNatsAuthTLS(t *testing.T) {
	dir := t.TempDir()
	ca, cert, key := testca.Write(t, dir)
	tlsConfig, err := server.GenTLSConfig(&server.TLSConfigOpts{CertFile: cert, KeyFile: key})
	if err != nil {
		t.Fatal(err)
	}
	allow := func(s ...string) *server.SubjectPermission { return &server.SubjectPermission{Allow: s} }
	srv, err := server.NewServer(&server.Options{
		Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: filepath.Join(dir, "js"), NoLog: true, NoSigs: true,
		TLS: true, TLSConfig: tlsConfig, TLSTimeout: 2,
		Users: []*server.User{{Username: "frontend", Password: "s3cret", Permissions: &server.Permissions{
			Publish:   allow("arcade.>", "$JS.API.>", "$KV.>", "$JS.ACK.>", "$JS.FC.>", "_INBOX.>"),
			Subscribe: allow("arcade.>", "_INBOX.>"),
		}}},
	})
	if err != nil {
		t.Fatal(err)
	}
	srv.Start()
	t.Cleanup(srv.Shutdown)
	if !srv.ReadyForConnections(5 * time.Second) {
		t.Fatal("NATS did not start")
	}
	pwFile := filepath.Join(dir, "pw")
	if err := os.WriteFile(pwFile, []byte("s3cret\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	// nats://, not tls://: the server requires TLS and the client agrees.
	url := srv.ClientURL()
	a := natsAuth{user: "frontend", passwordFile: pwFile, ca: ca}
	if err := a.check([]string{url}); err != nil {
		t.Fatal(err)
	}
	opts, err := a.options([]string{url})
	if err != nil {
		t.Fatal(err)
	}
	conn, err := natsbus.Connect("n1", []string{url}, natsbus.Options{}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	st, err := natsbus.NewStore(conn.JetStream(), 1)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if err := conn.ClaimName("test", func() {}); err != nil {
		t.Fatal(err)
	}
	got := make(chan string, 1)
	stop, err := conn.Subscribe("arcade.admin.notice", func(_ string, data []byte) { got <- string(data) })
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	if err := conn.Publish("arcade.admin.notice", []byte("hello")); err != nil {
		t.Fatal(err)
	}
	select {
	case s := <-got:
		if s != "hello" {
			t.Errorf("got %q", s)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the front-end's own notice did not arrive")
	}

	for name, o := range map[string][]nats.Option{
		"no credentials": {nats.RootCAs(ca)},
		"wrong password": {nats.RootCAs(ca), nats.UserInfo("frontend", "guess")},
		"no TLS":         {nats.UserInfo("frontend", "s3cret")},
	} {
		if nc, err := nats.Connect(url, o...); err == nil {
			nc.Close()
			t.Errorf("%s: connected", name)
		}
	}
	// The same refusals through the front-end's own flags.
	bad, err := natsAuth{user: "frontend", password: "guess", ca: ca}.options([]string{url})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := natsbus.Connect("n2", []string{url}, natsbus.Options{}, bad...); !errors.Is(err, nats.ErrAuthorization) {
		t.Errorf("a wrong password: %v", err)
	}
	// The server stops at once, saying which flags give the credentials.
	out := serveRefused(t, "-data", filepath.Join(dir, "front"), "-nats", url, "-nats-replicas", "1",
		"-nats-user", "frontend", "-nats-password", "guess", "-nats-ca", ca)
	if !strings.Contains(out, "refused this server's credentials") || !strings.Contains(out, "-nats-creds") {
		t.Errorf("said %q", out)
	}
}
