package natsbus

import (
	"arcade/rooms/store"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/nats-io/nats.go/jetstream"
)

// The players' records in the shared store: their names, who owns a name,
// and folding names again when the fold changes.

// playerRecord is an identity in the bucket arcade_players.
type playerRecord struct {
	ID        string    `json:"id"`
	Name      string    `json:"name"`
	Chosen    bool      `json:"chosen,omitempty"` // the player chose Name (SetName)
	Fold      string    `json:"fold,omitempty"`   // Name's fold, when chosen (NameOwner)
	FirstSeen time.Time `json:"first"`
	LastSeen  time.Time `json:"last"`
}

// playerKey is the bucket key of a player ID.
func playerKey(id string) string {
	sum := sha256.Sum256([]byte(id))
	return hex.EncodeToString(sum[:])
}

// casTries bounds the compare-and-swap retries of one identity update.
const casTries = 20

// updatePlayer applies change to the player's record by compare-and-swap
// (retrying when another node wrote it meanwhile); create makes the record
// of a player not in the bucket, or nil for ErrNotFound.
func (s *Store) updatePlayer(id string, create func() playerRecord, change func(*playerRecord)) (playerRecord, error) {
	key := playerKey(id)
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	for range casTries {
		var p playerRecord
		var rev uint64
		e, err := s.players.Get(ctx, key)
		switch {
		case errors.Is(err, jetstream.ErrKeyNotFound):
			if create == nil {
				return p, store.ErrNotFound
			}
			p = create()
		case err != nil:
			return p, fmt.Errorf("cluster: player: %w", err)
		default:
			if err := json.Unmarshal(e.Value(), &p); err != nil {
				return p, fmt.Errorf("cluster: player: %w", err)
			}
			rev = e.Revision()
		}
		change(&p)
		data, err := json.Marshal(p)
		if err != nil {
			return p, err
		}
		if rev == 0 {
			_, err = s.players.Create(ctx, key, data)
		} else {
			_, err = s.players.Update(ctx, key, data, rev)
		}
		if err == nil {
			return p, nil
		}
		if !conflict(err) {
			return p, fmt.Errorf("cluster: player: %w", err)
		}
	}
	return playerRecord{}, fmt.Errorf("cluster: player: still changing after %d tries", casTries)
}

// SeePlayer implements store.Store (compare-and-swap: no visit is lost).
func (s *Store) SeePlayer(id, name string, now time.Time) (store.Identity, error) {
	p, err := s.updatePlayer(id, func() playerRecord { return playerRecord{ID: id, FirstSeen: now} }, func(p *playerRecord) {
		if !p.Chosen {
			p.Name = name
		}
		p.LastSeen = now
	})
	return store.Identity{ID: p.ID, Name: p.Name, FirstSeen: p.FirstSeen, LastSeen: p.LastSeen}, err
}

// SetName implements store.Store (compare-and-swap). The fold's own key
// names the player too, for NameOwner.
func (s *Store) SetName(id, name, fold string) error {
	if _, err := s.updatePlayer(id, nil, func(p *playerRecord) { p.Name, p.Chosen, p.Fold = name, true, fold }); err != nil || fold == "" {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if _, err := s.players.Put(ctx, foldKey(fold), []byte(id)); err != nil {
		return fmt.Errorf("cluster: player: %w", err)
	}
	return nil
}

// foldKeyPrefix starts the keys of folds in the bucket (player keys are
// bare hex).
const foldKeyPrefix = "fold-"

// foldKey is the bucket key that names the player who chose a name with
// this fold.
func foldKey(fold string) string {
	sum := sha256.Sum256([]byte(fold))
	return foldKeyPrefix + hex.EncodeToString(sum[:])
}

// NameOwner implements store.Store: the player the fold's key names, while
// their record still has that fold (they may have chosen another since).
func (s *Store) NameOwner(fold string) (string, error) {
	if fold == "" {
		return "", nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	e, err := s.players.Get(ctx, foldKey(fold))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return "", nil
	}
	if err != nil {
		return "", fmt.Errorf("cluster: player: %w", err)
	}
	id := string(e.Value())
	p, err := s.record(id)
	if err != nil || !p.Chosen || p.Fold != fold {
		return "", err
	}
	return id, nil
}

// refoldTimeout bounds RefoldNames' reading of every player record.
const refoldTimeout = time.Minute

// RefoldNames implements store.Refolder: every player record is read, each
// changed fold written by compare-and-swap (unless the player chose
// another name meanwhile), and every fold's key made to name the player
// who keeps it; the version is kept as the setting
// store.FoldVersionSetting. Servers that start at once fold alike.
func (s *Store) RefoldNames(fold func(name string) string, version string) (int, error) {
	if v, err := s.Setting(store.FoldVersionSetting); err != nil || string(v) == version {
		return 0, err
	}
	names, err := s.chosenNames()
	if err != nil {
		return 0, err
	}
	changed := store.Refold(names, fold)
	folds := make(map[string]string, len(names)) // player ID -> fold now
	for _, n := range names {
		folds[n.ID] = n.Fold
	}
	for _, c := range changed {
		folds[c.ID] = c.Fold
		if _, err := s.updatePlayer(c.ID, nil, func(p *playerRecord) {
			if p.Chosen && p.Name == c.Name {
				p.Fold = c.Fold
			}
		}); err != nil {
			return 0, err
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), refoldTimeout)
	defer cancel()
	for id, f := range folds {
		if f == "" {
			continue
		}
		if _, err := s.players.Put(ctx, foldKey(f), []byte(id)); err != nil {
			return 0, fmt.Errorf("cluster: player: %w", err)
		}
	}
	err = s.UpdateSetting(store.FoldVersionSetting, func([]byte) ([]byte, error) { return []byte(version), nil })
	return len(changed), err
}

// chosenNames reads every player record that holds a chosen name.
func (s *Store) chosenNames() ([]store.ChosenName, error) {
	ctx, cancel := context.WithTimeout(context.Background(), refoldTimeout)
	defer cancel()
	w, err := s.players.WatchAll(ctx, jetstream.IgnoreDeletes())
	if err != nil {
		return nil, fmt.Errorf("cluster: players: %w", err)
	}
	defer w.Stop()
	var names []store.ChosenName
	for e := range w.Updates() {
		if e == nil { // every record is in
			return names, nil
		}
		if strings.HasPrefix(e.Key(), foldKeyPrefix) {
			continue
		}
		var p playerRecord
		if err := json.Unmarshal(e.Value(), &p); err != nil {
			return nil, fmt.Errorf("cluster: player: %w", err)
		}
		if p.Chosen {
			names = append(names, store.ChosenName{ID: p.ID, Name: p.Name, Fold: p.Fold, LastSeen: p.LastSeen})
		}
	}
	return nil, fmt.Errorf("cluster: players: read for %v without reaching the end", refoldTimeout)
}

// name returns the name a player goes by now, or "" when not known.
func (s *Store) name(id string) (string, error) {
	p, err := s.record(id)
	return p.Name, err
}

// record reads a player's record; a player not in the bucket has an empty
// one.
func (s *Store) record(id string) (playerRecord, error) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	var p playerRecord
	e, err := s.players.Get(ctx, playerKey(id))
	if errors.Is(err, jetstream.ErrKeyNotFound) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("cluster: player: %w", err)
	}
	if err := json.Unmarshal(e.Value(), &p); err != nil {
		return playerRecord{}, fmt.Errorf("cluster: player: %w", err)
	}
	return p, nil
}

var _ store.Refolder = (*Store)(nil)
