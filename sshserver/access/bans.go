package access

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"
)

// Ban is one banned key or address.
type Ban struct {
	// Key is a key's SHA256 fingerprint, or "" for an address ban.
	Key string `json:"key,omitempty"`
	// Addr is an address as the server counts connections (an IPv4
	// address, or an IPv6 /64 prefix), or "" for a key ban.
	Addr string `json:"addr,omitempty"`
	// Name is who the key belonged to when banned, for the list.
	Name string `json:"name,omitempty"`
	// By is the admin who banned, Reason what they said, At when.
	By     string    `json:"by"`
	Reason string    `json:"reason,omitempty"`
	At     time.Time `json:"at"`
}

// Target is the banned key or address, as a listing shows it.
func (b Ban) Target() string {
	if b.Key != "" {
		return b.Key
	}
	return b.Addr
}

// Bans is the list of banned keys and addresses, written to a JSON file on
// every change (atomically: a crash leaves the old list or the new one). A
// Bans is safe for concurrent use.
type Bans struct {
	path string
	mu   sync.Mutex
	list []Ban
}

// OpenBans reads the ban list from path; a missing file is an empty list.
// A file that cannot be read or parsed is an error naming it.
func OpenBans(path string) (*Bans, error) {
	b := &Bans{path: path}
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return b, nil
	}
	if err != nil {
		return nil, fmt.Errorf("ban list: %w", err)
	}
	if err := json.Unmarshal(data, &b.list); err != nil {
		return nil, fmt.Errorf("ban list %s: not a ban list (%v)", path, err)
	}
	return b, nil
}

// Banned reports whether the key (by fingerprint, "" for none) or the
// address is banned, and the ban.
func (b *Bans) Banned(fingerprint, addr string) (Ban, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ban := range b.list {
		if (ban.Key != "" && ban.Key == fingerprint) || (ban.Addr != "" && ban.Addr == addr) {
			return ban, true
		}
	}
	return Ban{}, false
}

// Add bans ban.Key or ban.Addr (exactly one is set) and saves the list. A
// target banned already keeps its first ban.
func (b *Bans) Add(ban Ban) error {
	if (ban.Key == "") == (ban.Addr == "") {
		return errors.New("ban a key or an address")
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, old := range b.list {
		if old.Target() == ban.Target() {
			return nil
		}
	}
	if ban.At.IsZero() {
		ban.At = time.Now().UTC()
	}
	return b.saveLocked(append(slices.Clone(b.list), ban))
}

// Remove lifts the ban on a key fingerprint or an address and saves the
// list. It reports whether there was one.
func (b *Bans) Remove(target string) (bool, error) {
	target = strings.TrimSpace(target)
	b.mu.Lock()
	defer b.mu.Unlock()
	i := slices.IndexFunc(b.list, func(ban Ban) bool { return ban.Target() == target })
	if i < 0 {
		return false, nil
	}
	return true, b.saveLocked(slices.Delete(slices.Clone(b.list), i, i+1))
}

// List returns the bans, oldest first.
func (b *Bans) List() []Ban {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.list)
}

// saveLocked writes list to the file, then makes it the list.
func (b *Bans) saveLocked(list []Ban) error {
	data, err := json.MarshalIndent(list, "", "  ")
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(b.path), ".bans-*.json")
	if err != nil {
		return fmt.Errorf("saving the ban list: %w", err)
	}
	_, err = tmp.Write(append(data, '\n'))
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp.Name(), b.path)
	}
	if err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("saving the ban list: %w", err)
	}
	b.list = list
	return nil
}
