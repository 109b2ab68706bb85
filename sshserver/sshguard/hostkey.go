package sshguard

import (
	"crypto/ed25519"
	"crypto/rand"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"

	"charm.land/ssh"
	gossh "golang.org/x/crypto/ssh"
)

// maxHostKeyFile bounds what LoadOrCreateHostKey reads: an OpenSSH ed25519
// key is about 400 bytes, an RSA one a few KiB.
const maxHostKeyFile = 1 << 20

// checkModes is false where file modes do not describe who may read a file.
var checkModes = runtime.GOOS != "windows"

// LoadOrCreateHostKey returns the host key stored at path, generating it on
// first run.
//
// If path does not exist, it generates an ed25519 key and writes it in
// OpenSSH's PEM format with mode 0600, creating the parent directory with
// mode 0700 if needed; the file appears whole or not at all, and if another
// process creates it at the same time both get the same key. created reports
// that a new key was written.
//
// If path exists it must be a private key readable and writable by its owner
// only (mode&0o077 == 0), like OpenSSH refuses an unprotected host key; it is
// then parsed (any unencrypted type golang.org/x/crypto/ssh reads). Keys that
// Wish's WithHostKeyPath generated load unchanged. Errors name the file and
// the fix; nothing is ever overwritten.
func LoadOrCreateHostKey(path string) (signer gossh.Signer, created bool, err error) {
	signer, err = loadHostKey(path)
	if !errors.Is(err, fs.ErrNotExist) {
		return signer, false, err
	}
	signer, err = createHostKey(path)
	if errors.Is(err, fs.ErrExist) {
		// Another process created it first: use theirs.
		signer, err = loadHostKey(path)
		return signer, false, err
	}
	return signer, err == nil, err
}

// loadHostKey reads and parses the host key at path. Its error wraps
// fs.ErrNotExist when there is no file.
func loadHostKey(path string) (gossh.Signer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("host key %s is not a regular file", path)
	}
	if perm := fi.Mode().Perm(); checkModes && perm&0o077 != 0 {
		return nil, fmt.Errorf("host key %s has permissions %04o: it must be readable by its owner only (chmod 600 %s)",
			path, perm, path)
	}
	data, err := io.ReadAll(io.LimitReader(f, maxHostKeyFile+1))
	if err != nil {
		return nil, fmt.Errorf("host key: %w", err)
	}
	if len(data) > maxHostKeyFile {
		return nil, fmt.Errorf("host key %s: larger than %d bytes, not a key; move it away to generate a new one",
			path, maxHostKeyFile)
	}
	signer, err := gossh.ParsePrivateKey(data)
	if err != nil {
		return nil, fmt.Errorf("host key %s: %w; move it away to generate a new one", path, err)
	}
	return signer, nil
}

// createHostKey writes a new ed25519 key to path. Its error wraps
// fs.ErrExist when path already exists.
func createHostKey(path string) (gossh.Signer, error) {
	_, priv, err := ed25519.GenerateKey(rand.Reader)
	if err != nil {
		return nil, fmt.Errorf("generate host key: %w", err)
	}
	block, err := gossh.MarshalPrivateKey(priv, "")
	if err != nil {
		return nil, fmt.Errorf("generate host key: %w", err)
	}
	signer, err := gossh.NewSignerFromKey(priv)
	if err != nil {
		return nil, fmt.Errorf("generate host key: %w", err)
	}
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("create host key: %w", err)
	}
	if err := writeNew(path, pem.EncodeToMemory(block)); err != nil {
		return nil, fmt.Errorf("create host key: %w", err)
	}
	return signer, nil
}

// writeNew creates path with data and mode 0600 such that path never exists
// half written: it writes a temporary file in the same directory and links it
// into place, which fails (with fs.ErrExist) if path exists. Where hard links
// are not supported it renames instead.
func writeNew(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".tmp-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	// CreateTemp uses mode 0600; be explicit, whatever it does tomorrow.
	if err := tmp.Chmod(0o600); err != nil && checkModes {
		tmp.Close()
		return err
	}
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Sync(); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	err = os.Link(tmp.Name(), path)
	if err == nil || errors.Is(err, fs.ErrExist) {
		return err
	}
	if _, serr := os.Lstat(path); serr == nil {
		return &fs.PathError{Op: "create", Path: path, Err: fs.ErrExist}
	}
	return os.Rename(tmp.Name(), path)
}

// CheckDataDir refuses a data directory that group or others may write to,
// as OpenSSH's StrictModes refuses such directories: whoever can write there
// can replace the host key and so impersonate the server, or rewrite the
// saved state. The error names the directory and the fix.
//
// A directory that does not exist yet passes (LoadOrCreateHostKey creates it
// with mode 0700); a path that is not a directory does not.
func CheckDataDir(path string) error {
	fi, err := os.Stat(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("data directory: %w", err)
	}
	if !fi.IsDir() {
		return fmt.Errorf("data directory %s is not a directory", path)
	}
	if perm := fi.Mode().Perm(); checkModes && perm&0o022 != 0 {
		return fmt.Errorf("data directory %s has permissions %04o: group and others must not write to it, "+
			"or they could replace the host key (chmod go-w %s)", path, perm, path)
	}
	return nil
}

// WithHostKey is a charm.land/ssh (and Wish) server option that serves
// signer as the host key, typically from LoadOrCreateHostKey. It replaces
// wish.WithHostKeyPath, which neither checks the file's mode nor names the
// file when it cannot parse it. Give it to wish.NewServer with the other
// options: a server left without a host key at the end of wish.NewServer
// gets one written to id_ed25519 in the working directory.
func WithHostKey(signer gossh.Signer) ssh.Option {
	return func(srv *ssh.Server) error {
		srv.AddHostKey(signer)
		return nil
	}
}
