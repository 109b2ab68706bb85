package sshguard

import (
	"crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	"errors"
	"net"
	"slices"
	"strings"
	"testing"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// serveSSH runs a charm.land/ssh server on a loopback port, with
// ServerConfigCallback set to callback (nil: the library's default), and
// returns its address.
func serveSSH(t *testing.T, callback ssh.ServerConfigCallback) string {
	t.Helper()
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	srv := &ssh.Server{
		Handler:              func(s ssh.Session) { _ = s.Exit(0) },
		HostSigners:          []ssh.Signer{signer},
		ServerConfigCallback: callback,
		PublicKeyHandler:     func(ssh.Context, ssh.PublicKey) bool { return true },
		KeyboardInteractiveHandler: func(ssh.Context, gossh.KeyboardInteractiveChallenge) bool {
			return true
		},
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	go func() { _ = srv.Serve(ln) }()
	t.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// dialWith connects to addr with the given algorithms (empty: x/crypto's
// defaults), authenticates by keyboard-interactive or with key if not nil,
// and returns what was negotiated.
func dialWith(t *testing.T, addr string, algos gossh.Config, key gossh.Signer) (gossh.NegotiatedAlgorithms, error) {
	t.Helper()
	auth := []gossh.AuthMethod{gossh.KeyboardInteractive(
		func(string, string, []string, []bool) ([]string, error) { return nil, nil })}
	if key != nil {
		auth = []gossh.AuthMethod{gossh.PublicKeys(key)}
	}
	c, err := gossh.Dial("tcp", addr, &gossh.ClientConfig{
		Config:          algos,
		User:            "player",
		Auth:            auth,
		HostKeyCallback: gossh.InsecureIgnoreHostKey(),
	})
	if err != nil {
		return gossh.NegotiatedAlgorithms{}, err
	}
	defer c.Close()
	return c.Conn.(gossh.AlgorithmsConnMetadata).Algorithms(), nil
}

// weakClients are clients that only speak algorithms Harden removes from
// x/crypto's defaults, each with the part of the negotiation that must fail. The MAC ones use a
// cipher without built-in integrity, or no MAC would be negotiated.
var weakClients = []struct {
	name  string
	algos gossh.Config
	what  string
}{
	{"SHA-1 key exchange", gossh.Config{KeyExchanges: []string{
		gossh.InsecureKeyExchangeDH14SHA1, gossh.InsecureKeyExchangeDH1SHA1,
	}}, "key exchange"},
	{"finite-field Diffie-Hellman", gossh.Config{KeyExchanges: []string{
		gossh.KeyExchangeDH14SHA256, gossh.KeyExchangeDH16SHA512,
	}}, "key exchange"},
	{"hmac-sha1", gossh.Config{
		Ciphers: []string{gossh.CipherAES128CTR},
		MACs:    []string{gossh.HMACSHA1},
	}, "client to server MAC"},
	{"hmac-sha1-96", gossh.Config{
		Ciphers: []string{gossh.CipherAES256CTR},
		MACs:    []string{gossh.InsecureHMACSHA196},
	}, "client to server MAC"},
}

func TestHardenRefusesWeakClients(t *testing.T) {
	hardened := serveSSH(t, HardenedConfig)
	stock := serveSSH(t, nil)
	for _, wc := range weakClients {
		t.Run(wc.name, func(t *testing.T) {
			// The stock server accepts it: this is what Harden changes.
			if _, err := dialWith(t, stock, wc.algos, nil); err != nil {
				t.Fatalf("stock server refused it too: %v", err)
			}
			_, err := dialWith(t, hardened, wc.algos, nil)
			var neg *gossh.AlgorithmNegotiationError
			if !errors.As(err, &neg) || neg.What != wc.what {
				t.Fatalf("dial error %v, want a %s negotiation failure", err, wc.what)
			}
		})
	}
}

func TestHardenRefusesSHA1Signatures(t *testing.T) {
	hardened := serveSSH(t, HardenedConfig)
	stock := serveSSH(t, nil)
	priv, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	key, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	// The same key, signing with SHA-1 only, as before OpenSSH 7.2.
	sha1Only, err := gossh.NewSignerWithAlgorithms(key.(gossh.AlgorithmSigner), []string{gossh.KeyAlgoRSA})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := dialWith(t, stock, gossh.Config{}, sha1Only); err != nil {
		t.Fatalf("stock server refused ssh-rsa too: %v", err)
	}
	if _, err := dialWith(t, hardened, gossh.Config{}, key); err != nil {
		t.Fatalf("hardened server refused rsa-sha2: %v", err)
	}
	if _, err := dialWith(t, hardened, gossh.Config{}, sha1Only); err == nil ||
		!strings.Contains(err.Error(), "unable to authenticate") {
		t.Fatalf("hardened server: %v, want the ssh-rsa signature refused", err)
	}
}

func TestHardenAcceptsModernClients(t *testing.T) {
	addr := serveSSH(t, HardenedConfig)
	// x/crypto's defaults, as a Go client sends them.
	got, err := dialWith(t, addr, gossh.Config{}, nil)
	if err != nil {
		t.Fatalf("default client: %v", err)
	}
	if got.KeyExchange != gossh.KeyExchangeMLKEM768X25519 {
		t.Errorf("default client negotiated %s, want %s", got.KeyExchange, gossh.KeyExchangeMLKEM768X25519)
	}
	// Each algorithm we allow really works: x/crypto silently drops names
	// it does not implement, and a misspelt one would go unnoticed.
	a := Algorithms()
	for _, kex := range a.KeyExchanges {
		if got, err := dialWith(t, addr, gossh.Config{KeyExchanges: []string{kex}}, nil); err != nil || got.KeyExchange != kex {
			t.Errorf("key exchange %s: negotiated %q, %v", kex, got.KeyExchange, err)
		}
	}
	for _, c := range a.Ciphers {
		if got, err := dialWith(t, addr, gossh.Config{Ciphers: []string{c}}, nil); err != nil || got.Read.Cipher != c {
			t.Errorf("cipher %s: negotiated %q, %v", c, got.Read.Cipher, err)
		}
	}
	for _, m := range a.MACs {
		cfg := gossh.Config{Ciphers: []string{gossh.CipherAES128CTR}, MACs: []string{m}}
		if got, err := dialWith(t, addr, cfg, nil); err != nil || got.Read.MAC != m {
			t.Errorf("MAC %s: negotiated %q, %v", m, got.Read.MAC, err)
		}
	}
}

func TestAlgorithmsAreSafe(t *testing.T) {
	a := Algorithms()
	insecure := gossh.InsecureAlgorithms()
	supported := gossh.SupportedAlgorithms()
	for _, list := range []struct {
		name               string
		ours, bad, allowed []string
	}{
		{"key exchange", a.KeyExchanges, insecure.KeyExchanges, append(supported.KeyExchanges, keyExchangeCurve25519LibSSH)},
		{"cipher", a.Ciphers, insecure.Ciphers, supported.Ciphers},
		{"MAC", a.MACs, insecure.MACs, supported.MACs},
		{"public key", a.PublicKeyAuths, insecure.PublicKeyAuths, supported.PublicKeyAuths},
	} {
		for _, name := range list.ours {
			if slices.Contains(list.bad, name) || strings.Contains(name, "sha1") || strings.Contains(name, "diffie-hellman") {
				t.Errorf("%s %s is not modern", list.name, name)
			}
			if !slices.Contains(list.allowed, name) {
				t.Errorf("%s %s is not supported by x/crypto", list.name, name)
			}
		}
	}
	if slices.Contains(a.PublicKeyAuths, gossh.KeyAlgoRSA) || !slices.Contains(a.PublicKeyAuths, gossh.KeyAlgoRSASHA256) {
		t.Errorf("public key algorithms %v: want rsa-sha2 without ssh-rsa", a.PublicKeyAuths)
	}
	// Harden gives each config its own slices.
	var c1, c2 gossh.ServerConfig
	Harden(&c1)
	Harden(&c2)
	c1.KeyExchanges[0] = "changed"
	if c2.KeyExchanges[0] == "changed" {
		t.Error("two hardened configs share their key exchange list")
	}
}
