package main

import (
	"errors"
	"flag"
	"fmt"
	"net"
	"net/url"
	"os"
	"strings"

	"github.com/nats-io/nats.go"
)

// natsAuth is how a front-end proves itself to NATS and checks NATS in
// turn: nats.go's own credentials and TLS, from the -nats-* flags.
type natsAuth struct {
	creds, nkey                  string
	user, password, passwordFile string
	ca, cert, key                string
	insecure                     bool
}

// natsAuthFlags adds the credential and TLS flags to fs and returns their
// environment variables.
func natsAuthFlags(fs *flag.FlagSet, a *natsAuth) []envFlag {
	fs.StringVar(&a.creds, "nats-creds", "", "connect to NATS with this .creds `file` (a user JWT and its nkey seed) (ARCADE_NATS_CREDS)")
	fs.StringVar(&a.nkey, "nats-nkey", "", "connect to NATS with the nkey seed in this `file` (ARCADE_NATS_NKEY)")
	fs.StringVar(&a.user, "nats-user", "", "connect to NATS as this `user`, with -nats-password-file or -nats-password (ARCADE_NATS_USER)")
	fs.StringVar(&a.password, "nats-password", "", "the NATS user's `password`; -nats-password-file keeps it out of the process list (ARCADE_NATS_PASSWORD)")
	fs.StringVar(&a.passwordFile, "nats-password-file", "", "read the NATS user's password from this `file` (ARCADE_NATS_PASSWORD_FILE)")
	fs.StringVar(&a.ca, "nats-ca", "", "trust the NATS servers' certificates signed by the CAs in this PEM `file` (ARCADE_NATS_CA) (default the system's)")
	fs.StringVar(&a.cert, "nats-cert", "", "present this PEM client certificate `file` to NATS, with -nats-key (ARCADE_NATS_CERT)")
	fs.StringVar(&a.key, "nats-key", "", "the private key `file` of -nats-cert (ARCADE_NATS_KEY)")
	fs.BoolVar(&a.insecure, "nats-insecure", false, "allow a NATS off this machine without credentials or without TLS, for a private network only (ARCADE_NATS_INSECURE)")
	return []envFlag{
		{"nats-creds", "ARCADE_NATS_CREDS"},
		{"nats-nkey", "ARCADE_NATS_NKEY"},
		{"nats-user", "ARCADE_NATS_USER"},
		{"nats-password", "ARCADE_NATS_PASSWORD"},
		{"nats-password-file", "ARCADE_NATS_PASSWORD_FILE"},
		{"nats-ca", "ARCADE_NATS_CA"},
		{"nats-cert", "ARCADE_NATS_CERT"},
		{"nats-key", "ARCADE_NATS_KEY"},
		{"nats-insecure", "ARCADE_NATS_INSECURE"},
	}
}

// natsURLs splits -nats into its URLs.
func natsURLs(list string) []string {
	var urls []string
	for _, u := range strings.Split(list, ",") {
		if u = strings.TrimSpace(u); u != "" {
			urls = append(urls, u)
		}
	}
	return urls
}

// onLoopback reports whether every URL names this machine (127.0.0.1,
// ::1 or localhost): a one-machine cluster, which may do without
// credentials and TLS.
func onLoopback(urls []string) bool {
	for _, raw := range urls {
		if !strings.Contains(raw, "://") {
			raw = "nats://" + raw
		}
		u, err := url.Parse(raw)
		if err != nil {
			return false
		}
		host := u.Hostname()
		if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
			return false
		}
	}
	return len(urls) > 0
}

// check refuses flags that do not go together, and a NATS off this
// machine without credentials unless -nats-insecure.
func (a natsAuth) check(urls []string) error {
	switch {
	case a.password != "" && a.passwordFile != "":
		return errors.New("-nats-password and -nats-password-file both give the NATS password: give one")
	case a.user == "" && (a.password != "" || a.passwordFile != ""):
		return errors.New("a NATS password needs its user: give -nats-user (ARCADE_NATS_USER)")
	case a.user != "" && a.password == "" && a.passwordFile == "":
		return errors.New("-nats-user needs its password: give -nats-password-file (ARCADE_NATS_PASSWORD_FILE) or -nats-password")
	case (a.cert == "") != (a.key == ""):
		return errors.New("-nats-cert and -nats-key go together: give both or neither")
	case a.insecure || onLoopback(urls):
		return nil
	case a.creds == "" && a.nkey == "" && a.user == "" && a.cert == "":
		return errors.New("-nats: a NATS server off this machine needs credentials, or anyone who reaches it can act as every player and admin: give -nats-creds, -nats-nkey, -nats-user with -nats-password-file, or -nats-cert (and serve NATS with TLS); -nats-insecure (ARCADE_NATS_INSECURE=true) allows an open NATS on a private network")
	}
	return nil
}

// options are nats.go's options for these flags. Off this machine, unless
// -nats-insecure, they require TLS whatever the URLs' scheme, so that a
// NATS without TLS is refused at connect.
func (a natsAuth) options(urls []string) ([]nats.Option, error) {
	var opts []nats.Option
	if a.creds != "" {
		if _, err := os.Stat(a.creds); err != nil {
			return nil, fmt.Errorf("-nats-creds: %w", err)
		}
		opts = append(opts, nats.UserCredentials(a.creds))
	}
	if a.nkey != "" {
		o, err := nats.NkeyOptionFromSeed(a.nkey)
		if err != nil {
			return nil, fmt.Errorf("-nats-nkey: %w", err)
		}
		opts = append(opts, o)
	}
	if a.user != "" {
		password := a.password
		if a.passwordFile != "" {
			b, err := os.ReadFile(a.passwordFile)
			if err != nil {
				return nil, fmt.Errorf("-nats-password-file: %w", err)
			}
			password = strings.TrimRight(string(b), "\r\n")
		}
		opts = append(opts, nats.UserInfo(a.user, password))
	}
	if a.ca != "" {
		opts = append(opts, nats.RootCAs(a.ca))
	}
	if a.cert != "" {
		opts = append(opts, nats.ClientCert(a.cert, a.key))
	}
	if !a.insecure && !onLoopback(urls) {
		opts = append(opts, nats.Secure())
	}
	// nats.go checks the CA and certificate files as it applies them.
	var probe nats.Options
	for _, o := range opts {
		if err := o(&probe); err != nil {
			return nil, fmt.Errorf("-nats TLS files: %w", err)
		}
	}
	return opts, nil
}
