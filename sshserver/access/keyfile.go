// Package access decides who may enter the arcade: a list of admitted SSH
// keys (an OpenSSH authorized_keys file, re-read when it changes), the
// admins' keys (the same format), and the bans an admin makes, kept in a
// file in the data directory so that they outlive a restart.
//
// It knows keys by their SHA256 fingerprint (ssh.FingerprintSHA256) and
// addresses by the string the server counts connections against; it never
// sees a session.
package access

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"time"

	gossh "golang.org/x/crypto/ssh"
)

// recheckEvery is how often a KeyFile looks at its file's size and time.
const recheckEvery = time.Second

// maxKeyFileSize caps the file a KeyFile reads (a big team's list is a few
// hundred kilobytes).
const maxKeyFileSize = 4 << 20

// KeyFile is a list of SSH keys read from an OpenSSH authorized_keys file:
// one key a line, options before the key allowed (and ignored), the comment
// after it taken as the key holder's display name; blank lines and lines
// starting with # are skipped. It is re-read when the file's size or
// modification time changes, at most once a second; a reload that fails (a
// malformed line, an unreadable file) keeps the last good list and is
// reported once through OnReload.
//
// A KeyFile is safe for concurrent use.
type KeyFile struct {
	path string
	// OnReload, when set, is told of every reload: the number of keys
	// read, or the error that kept the old list. Set it before first use.
	OnReload func(keys int, err error)
	// now is the clock (tests move it).
	now func() time.Time

	mu       sync.Mutex
	keys     map[string]string // fingerprint -> name; replaced, never changed
	reloads  uint64            // good reloads so far (Version)
	checked  time.Time
	size     int64
	modified time.Time
	failed   string // the last reload error reported, to report it once
}

// OpenKeyFile reads path. An unreadable or malformed file is an error that
// names the file (and the line).
func OpenKeyFile(path string) (*KeyFile, error) {
	f := &KeyFile{path: path, now: time.Now}
	info, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("key file: %w", err)
	}
	keys, err := readKeyFile(path)
	if err != nil {
		return nil, err
	}
	f.keys, f.size, f.modified, f.checked = keys, info.Size(), info.ModTime(), f.now()
	return f, nil
}

// Path is the file the list is read from.
func (f *KeyFile) Path() string { return f.path }

// Lookup reports whether the key with this fingerprint is on the list, and
// the display name its line gives ("" when none).
func (f *KeyFile) Lookup(fingerprint string) (name string, ok bool) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refreshLocked()
	name, ok = f.keys[fingerprint]
	return name, ok
}

// Names returns every key's display name by fingerprint ("" for a key
// whose line gives none). The map is shared: it must not be changed.
func (f *KeyFile) Names() map[string]string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refreshLocked()
	return f.keys
}

// Version is a number that changes whenever the list is re-read.
func (f *KeyFile) Version() uint64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refreshLocked()
	return f.reloads
}

// Len is the number of keys on the list.
func (f *KeyFile) Len() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.refreshLocked()
	return len(f.keys)
}

// refreshLocked re-reads the file when it changed since the last look (at
// most once per recheckEvery).
func (f *KeyFile) refreshLocked() {
	now := f.now()
	if now.Sub(f.checked) < recheckEvery {
		return
	}
	f.checked = now
	info, err := os.Stat(f.path)
	if err == nil && info.Size() == f.size && info.ModTime().Equal(f.modified) {
		return
	}
	var keys map[string]string
	if err == nil {
		keys, err = readKeyFile(f.path)
	}
	if err != nil {
		if err.Error() != f.failed && f.OnReload != nil {
			f.OnReload(len(f.keys), err)
		}
		f.failed = err.Error()
		return
	}
	f.keys, f.size, f.modified, f.failed = keys, info.Size(), info.ModTime(), ""
	f.reloads++
	if f.OnReload != nil {
		f.OnReload(len(keys), nil)
	}
}

// readKeyFile parses an authorized_keys file into fingerprint -> name.
func readKeyFile(path string) (map[string]string, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("key file: %w", err)
	}
	if len(b) > maxKeyFileSize {
		return nil, fmt.Errorf("key file %s: larger than %d bytes", path, maxKeyFileSize)
	}
	keys := map[string]string{}
	sc := bufio.NewScanner(bytes.NewReader(b))
	sc.Buffer(make([]byte, 0, 64<<10), maxKeyFileSize)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		key, comment, _, _, err := gossh.ParseAuthorizedKey([]byte(text))
		if err != nil {
			return nil, fmt.Errorf("key file %s, line %d: not an SSH public key", path, line)
		}
		keys[gossh.FingerprintSHA256(key)] = strings.TrimSpace(comment)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("key file %s: %w", path, err)
	}
	return keys, nil
}

// ErrNotFingerprint is returned for a key that is neither a SHA256
// fingerprint nor a public key line.
var ErrNotFingerprint = errors.New(`want a key fingerprint ("SHA256:...") or a public key line ("ssh-ed25519 AAAA...")`)

// ParseKey reads a key as an admin types it: a SHA256 fingerprint
// ("SHA256:..."), or a public key in authorized_keys form, and returns its
// fingerprint.
func ParseKey(s string) (string, error) {
	s = strings.TrimSpace(strings.TrimPrefix(strings.TrimSpace(s), "key:"))
	if rest, ok := strings.CutPrefix(s, "SHA256:"); ok && rest != "" && !strings.ContainsAny(rest, " \t") {
		return s, nil
	}
	key, _, _, _, err := gossh.ParseAuthorizedKey([]byte(s))
	if err != nil {
		return "", ErrNotFingerprint
	}
	return gossh.FingerprintSHA256(key), nil
}
