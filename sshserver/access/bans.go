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

// Bans is the list of banned keys and addresses, kept in a JSON file
// (OpenBans: written atomically on every change, a crash leaves the old
// list or the new one) or in the server's store (StoredBans: shared by
// every server of a cluster). A Bans is safe for concurrent use.
type Bans struct {
	path   string        // the file (OpenBans)
	shared BanStore      // or the store (StoredBans)
	every  time.Duration // how often a stored list is read again
	mu     sync.Mutex
	list   []Ban
	loaded time.Time
}

// BanStore is a store that keeps small values by key (store.Settings).
type BanStore interface {
	Setting(key string) ([]byte, error)
	UpdateSetting(key string, change func(old []byte) ([]byte, error)) error
}

// banKey is the ban list's key in a BanStore.
const banKey = "bans"

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
	if b.list, err = parseBans(data); err != nil {
		return nil, fmt.Errorf("ban list %s: %w", path, err)
	}
	return b, nil
}

// StoredBans keeps the ban list in s. It reads the list again when it is
// older than refresh, so that a ban another server of a cluster made
// applies here within that time.
func StoredBans(s BanStore, refresh time.Duration) (*Bans, error) {
	b := &Bans{shared: s, every: refresh}
	b.mu.Lock()
	defer b.mu.Unlock()
	if err := b.reloadLocked(); err != nil {
		return nil, err
	}
	return b, nil
}

// ImportBans moves the ban list of the file at path into s, when s has
// none yet (a server that kept its bans in a file now keeps them in its
// database): the file is renamed to path + ".imported". It returns how
// many bans it moved (0 when there was nothing to move).
func ImportBans(path string, s BanStore) (int, error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, os.ErrNotExist) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("ban list: %w", err)
	}
	list, err := parseBans(data)
	if err != nil {
		return 0, fmt.Errorf("ban list %s: %w", path, err)
	}
	moved := false
	err = s.UpdateSetting(banKey, func(old []byte) ([]byte, error) {
		if old != nil {
			return old, nil // the store has its list: keep it
		}
		moved = true
		return json.Marshal(list)
	})
	if err != nil {
		return 0, fmt.Errorf("ban list: %w", err)
	}
	if err := os.Rename(path, path+".imported"); err != nil {
		return 0, fmt.Errorf("ban list: %w", err)
	}
	if !moved {
		return 0, nil
	}
	return len(list), nil
}

// parseBans reads a ban list's JSON.
func parseBans(data []byte) ([]Ban, error) {
	var list []Ban
	if err := json.Unmarshal(data, &list); err != nil {
		return nil, fmt.Errorf("not a ban list (%v)", err)
	}
	return list, nil
}

// reloadLocked reads a stored list again.
func (b *Bans) reloadLocked() error {
	data, err := b.shared.Setting(banKey)
	if err != nil {
		return fmt.Errorf("ban list: %w", err)
	}
	var list []Ban
	if data != nil {
		if list, err = parseBans(data); err != nil {
			return fmt.Errorf("ban list: %w", err)
		}
	}
	b.list, b.loaded = list, time.Now()
	return nil
}

// currentLocked returns the list, read again first when a stored one is
// older than its refresh time (when the store fails, the last list holds).
func (b *Bans) currentLocked() []Ban {
	if b.shared != nil && time.Since(b.loaded) >= b.every {
		_ = b.reloadLocked()
	}
	return b.list
}

// Banned reports whether the key (by fingerprint, "" for none) or the
// address is banned, and the ban.
func (b *Bans) Banned(fingerprint, addr string) (Ban, bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, ban := range b.currentLocked() {
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
	if ban.At.IsZero() {
		ban.At = time.Now().UTC()
	}
	_, err := b.change(func(list []Ban) ([]Ban, bool) {
		if slices.ContainsFunc(list, func(old Ban) bool { return old.Target() == ban.Target() }) {
			return list, false
		}
		return append(slices.Clone(list), ban), true
	})
	return err
}

// Remove lifts the ban on a key fingerprint or an address and saves the
// list. It reports whether there was one.
func (b *Bans) Remove(target string) (bool, error) {
	target = strings.TrimSpace(target)
	return b.change(func(list []Ban) ([]Ban, bool) {
		i := slices.IndexFunc(list, func(ban Ban) bool { return ban.Target() == target })
		if i < 0 {
			return list, false
		}
		return slices.Delete(slices.Clone(list), i, i+1), true
	})
}

// List returns the bans, oldest first.
func (b *Bans) List() []Ban {
	b.mu.Lock()
	defer b.mu.Unlock()
	return slices.Clone(b.currentLocked())
}

// change applies edit to the list and saves the result when edit changed
// it: to the file, or to the store against the list the store holds now
// (another server may have changed it), atomically. It reports whether
// edit changed the list.
func (b *Bans) change(edit func([]Ban) ([]Ban, bool)) (bool, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.shared == nil {
		list, changed := edit(b.list)
		if !changed {
			return false, nil
		}
		return true, b.saveLocked(list)
	}
	var list []Ban
	changed := false
	err := b.shared.UpdateSetting(banKey, func(old []byte) ([]byte, error) {
		list, changed = nil, false
		if old != nil {
			var err error
			if list, err = parseBans(old); err != nil {
				return nil, err
			}
		}
		list, changed = edit(list)
		if !changed {
			return nil, errUnchanged // nothing to write (and maybe no list yet)
		}
		return json.Marshal(list)
	})
	if err != nil && !errors.Is(err, errUnchanged) {
		return false, fmt.Errorf("saving the ban list: %w", err)
	}
	b.list, b.loaded = list, time.Now()
	return changed, nil
}

// errUnchanged ends a shared update that changes nothing without a write.
var errUnchanged = errors.New("access: the ban list is unchanged")

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
