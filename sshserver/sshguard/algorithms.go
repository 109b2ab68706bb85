package sshguard

import (
	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// keyExchangeCurve25519LibSSH is the pre-RFC name of curve25519-sha256,
// which OpenSSH still offers; golang.org/x/crypto/ssh does not export it.
const keyExchangeCurve25519LibSSH = "curve25519-sha256@libssh.org"

// Algorithms returns the algorithms Harden allows, in new slices, in order of
// preference (the client's order decides). It leaves out everything based on
// SHA-1 (diffie-hellman-group1/14-sha1, group-exchange-sha1, hmac-sha1,
// ssh-rsa signatures), CBC and RC4 ciphers, and the finite-field
// Diffie-Hellman groups: their 2048 to 4096-bit exponentiations cost the
// server some 5 to 45 ms of CPU per handshake, against well under a
// millisecond for curve25519, and every current client offers curve25519 or
// ECDH. HostKeys is left empty: the host keys decide it.
func Algorithms() gossh.Algorithms {
	return gossh.Algorithms{
		KeyExchanges: []string{
			gossh.KeyExchangeMLKEM768X25519, // post-quantum hybrid (OpenSSH 9.9+)
			gossh.KeyExchangeCurve25519,
			keyExchangeCurve25519LibSSH,
			gossh.KeyExchangeECDHP256,
			gossh.KeyExchangeECDHP384,
			gossh.KeyExchangeECDHP521,
		},
		Ciphers: []string{
			gossh.CipherChaCha20Poly1305,
			gossh.CipherAES128GCM,
			gossh.CipherAES256GCM,
			gossh.CipherAES128CTR,
			gossh.CipherAES192CTR,
			gossh.CipherAES256CTR,
		},
		MACs: []string{
			gossh.HMACSHA256ETM,
			gossh.HMACSHA512ETM,
			gossh.HMACSHA256,
			gossh.HMACSHA512,
		},
		// Supported minus insecure: no ssh-rsa (SHA-1) signatures, as
		// OpenSSH 8.8 and later.
		PublicKeyAuths: gossh.SupportedAlgorithms().PublicKeyAuths,
	}
}

// Harden restricts cfg to the algorithms of Algorithms: it sets KeyExchanges,
// Ciphers, MACs and PublicKeyAuthAlgorithms, and nothing else.
func Harden(cfg *gossh.ServerConfig) {
	a := Algorithms()
	cfg.KeyExchanges = a.KeyExchanges
	cfg.Ciphers = a.Ciphers
	cfg.MACs = a.MACs
	cfg.PublicKeyAuthAlgorithms = a.PublicKeyAuths
}

// HardenedConfig is a charm.land/ssh ServerConfigCallback: a new hardened
// gossh.ServerConfig for every connection (the ssh server then adds its host
// keys and authentication callbacks to it, so it must not be shared).
func HardenedConfig(ssh.Context) *gossh.ServerConfig {
	cfg := &gossh.ServerConfig{}
	Harden(cfg)
	return cfg
}

// WithHardenedAlgorithms is a charm.land/ssh (and Wish) server option that
// sets the server's ServerConfigCallback to HardenedConfig. It replaces any
// ServerConfigCallback set before.
func WithHardenedAlgorithms() ssh.Option {
	return func(srv *ssh.Server) error {
		srv.ServerConfigCallback = HardenedConfig
		return nil
	}
}
