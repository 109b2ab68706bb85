package natsbus

import (
	"context"
	"fmt"
	"sync"

	"github.com/nats-io/nats.go/jetstream"

	"arcade/rooms/store"
)

// The streams, subjects and bucket of the shared store.
const (
	tablesStream  = "ARCADE_TABLES"
	tablesPrefix  = "arcade.tables."
	gamesStream   = "ARCADE_GAMES"
	gamesSubject  = "arcade.games"
	playersBucket = "arcade_players"
	// settingsBucket keeps store.Settings (key: the setting's name).
	settingsBucket = "arcade_settings"
)

// Store is a store.Shared kept in JetStream, for every node of a cluster.
//
// Each open table is the subject arcade.tables.<id> of the stream
// ARCADE_TABLES: its setup records, its moves one message each, and fence
// markers. Every write names the subject's last sequence this Store wrote
// or read (expected last sequence per subject, 0 for a table not yet
// written), so a write after another store's TakeTable fails with
// store.ErrFenced. A write whose answer never came (a timeout, JetStream
// losing its quorum) may have been kept all the same: when the next write
// is refused, the store reads what follows and tells its own write, kept
// after all, from another store's. Identities are in the KV bucket
// arcade_players, updated by compare-and-swap. Finished games are the
// messages of the stream ARCADE_GAMES (a game's ID is its sequence);
// Games, Stats and Leaderboard answer from an index in memory that a
// consumer of that stream keeps up to date on every node.
type Store struct {
	js      jetstream.JetStream
	tables  jetstream.Stream
	games   jetstream.Stream
	players jetstream.KeyValue
	values  jetstream.KeyValue // settingsBucket
	index   *gameIndex
	consume jetstream.ConsumeContext

	mu   sync.Mutex
	open map[string]*tableState
}

var _ store.Shared = (*Store)(nil)

// NewStore opens (creating them if needed) the streams and bucket of the
// shared store with replicas copies each, and loads the index of finished
// games. Its Close leaves the connection open.
func NewStore(js jetstream.JetStream, replicas int) (*Store, error) {
	replicas = max(replicas, 1)
	ctx, cancel := context.WithTimeout(context.Background(), 2*opTimeout)
	defer cancel()
	s := &Store{js: js, open: map[string]*tableState{}, index: newGameIndex()}
	var err error
	if s.tables, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: tablesStream, Subjects: []string{tablesPrefix + ">"},
		Storage: jetstream.FileStorage, Replicas: replicas, AllowDirect: true, AllowAtomicPublish: true}); err != nil {
		return nil, fmt.Errorf("cluster: stream %s: %w", tablesStream, err)
	}
	if s.games, err = js.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: gamesStream, Subjects: []string{gamesSubject},
		Storage: jetstream.FileStorage, Replicas: replicas, AllowDirect: true}); err != nil {
		return nil, fmt.Errorf("cluster: stream %s: %w", gamesStream, err)
	}
	if s.players, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: playersBucket, History: 1,
		Storage: jetstream.FileStorage, Replicas: replicas}); err != nil {
		return nil, fmt.Errorf("cluster: bucket %s: %w", playersBucket, err)
	}
	if s.values, err = js.CreateOrUpdateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: settingsBucket, History: 1,
		Storage: jetstream.FileStorage, Replicas: replicas}); err != nil {
		return nil, fmt.Errorf("cluster: bucket %s: %w", settingsBucket, err)
	}
	if err := s.startIndex(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// Close stops the index's consumer.
func (s *Store) Close() error {
	s.consume.Stop()
	return nil
}
