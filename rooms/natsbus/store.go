package natsbus

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"arcade/engine"
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

// tableState is what a Store knows of a table it writes.
type tableState struct {
	mu    sync.Mutex
	seq   uint64 // the subject's last sequence, 0 when never written
	moves int
	setup []byte // the last setup record written or read
	// unsure are the writes after seq whose answer never came (a
	// timeout; JetStream losing its quorum): one of them may have been
	// kept all the same. Each is its messages' data.
	unsure [][][]byte
	// kept counts the moves that unsure writes turned out to have kept,
	// and made says that one of them was the table's first write (a
	// fresh save): the caller of the next SaveTable does not know of
	// them yet, and is not refused for them.
	kept int
	made bool
}

// isUnsure reports whether a write of these messages' data is one of the
// unsure ones.
func (ts *tableState) isUnsure(datas [][]byte) bool {
	return slices.ContainsFunc(ts.unsure, func(w [][]byte) bool { return slices.EqualFunc(w, datas, bytes.Equal) })
}

// forget starts the state afresh: the subject read again, or deleted.
func (ts *tableState) forget() {
	ts.seq, ts.moves, ts.setup, ts.unsure, ts.kept, ts.made = 0, 0, nil, nil, 0, false
}

// errKept: a write was refused because one of this store's unsure writes
// had been kept after all; the table's state says what the store holds
// now, and what is missing can be written.
var errKept = errors.New("cluster: an earlier write was kept after all")

// envelope is one message of a table's subject: one of its fields is set.
type envelope struct {
	Setup json.RawMessage `json:"setup,omitempty"`
	Move  *engine.Move    `json:"move,omitempty"`
	Fence string          `json:"fence,omitempty"` // the fencing store's node
}

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

// validTable reports whether id can be a subject token: 1 to 100 letters,
// digits and '-'.
func validTable(id string) bool { return validToken(id, 100) }

// state returns the table's state, creating it.
func (s *Store) state(id string) *tableState {
	s.mu.Lock()
	defer s.mu.Unlock()
	ts := s.open[id]
	if ts == nil {
		ts = &tableState{}
		s.open[id] = ts
	}
	return ts
}

// append publishes envelopes on the table's subject after ts.seq, as an
// atomic batch when there are several: all of them or none. A write the
// subject refuses fails with store.ErrFenced, or with errKept (see
// refused).
func (s *Store) append(id string, ts *tableState, envs ...envelope) error {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	subject := tablesPrefix + id
	batch := ""
	if len(envs) > 1 {
		batch = nuid.Next()
	}
	datas := make([][]byte, len(envs))
	for i, env := range envs {
		data, err := json.Marshal(env)
		if err != nil {
			return fmt.Errorf("cluster: table %s: %w", id, err)
		}
		datas[i] = data
	}
	var ack *jetstream.PubAck
	for i, data := range datas {
		m := &nats.Msg{Subject: subject, Data: data, Header: nats.Header{}}
		if i == 0 {
			m.Header.Set(jetstream.ExpectedLastSubjSeqHeader, strconv.FormatUint(ts.seq, 10))
		}
		if batch != "" {
			m.Header.Set("Nats-Batch-Id", batch)
			m.Header.Set("Nats-Batch-Sequence", strconv.Itoa(i+1))
			if i < len(envs)-1 {
				if err := s.js.Conn().PublishMsg(m); err != nil {
					return fmt.Errorf("cluster: table %s: %w", id, err)
				}
				continue
			}
			m.Header.Set("Nats-Batch-Commit", "1")
		}
		var err error
		if ack, err = s.js.PublishMsg(ctx, m); conflict(err) {
			return s.refused(ctx, id, ts)
		} else if err != nil {
			if !ts.isUnsure(datas) {
				ts.unsure = append(ts.unsure, datas)
			}
			return fmt.Errorf("cluster: table %s: %w", id, err)
		}
	}
	ts.seq, ts.unsure = ack.Sequence, nil
	return nil
}

// refused tells why the subject refused a write after ts.seq:
// store.ErrFenced when another store wrote the table since (it took the
// table over and fenced it) or deleted it; errKept when what follows
// ts.seq is one of this store's unsure writes, kept after all (ts is
// brought up to date); another error when that cannot be told yet.
func (s *Store) refused(ctx context.Context, id string, ts *tableState) error {
	fenced := fmt.Errorf("cluster: table %s: %w", id, store.ErrFenced)
	if len(ts.unsure) == 0 {
		return fenced
	}
	last, err := s.tables.GetLastMsgForSubject(ctx, tablesPrefix+id)
	switch {
	case errors.Is(err, jetstream.ErrMsgNotFound) && s.gone(ctx, id):
		return fenced
	case errors.Is(err, jetstream.ErrMsgNotFound):
		// A replica that has not caught up answered the direct get.
		return fmt.Errorf("cluster: table %s: its last write cannot be read yet", id)
	case err != nil:
		return fmt.Errorf("cluster: table %s: %w", id, err)
	case last.Sequence <= ts.seq:
		return fmt.Errorf("cluster: table %s: an earlier write is not answered yet", id)
	}
	var seqs []uint64
	var datas [][]byte
	err = s.scan(ctx, tablesPrefix+id, ts.seq+1, func(seq uint64, _ string, data []byte) bool {
		seqs, datas = append(seqs, seq), append(datas, data)
		return seq < last.Sequence
	})
	if err != nil {
		return fmt.Errorf("cluster: table %s: %w", id, err)
	}
	if !ts.isUnsure(datas) {
		return fenced
	}
	ts.made = ts.made || ts.seq == 0
	for _, data := range datas {
		var env envelope
		_ = json.Unmarshal(data, &env) // this store's own
		switch {
		case env.Move != nil:
			ts.moves++
			ts.kept++
		case env.Setup != nil:
			ts.setup = env.Setup
		}
	}
	ts.seq, ts.unsure = seqs[len(seqs)-1], nil
	return errKept
}

// SaveTable implements store.Store: it appends t.Moves[stored:] one
// message each, then t's setup when it changed, in one atomic batch when
// that is more than one message. It fails with store.ErrFenced when
// another store wrote or took the table since this one last did. What an
// earlier write of this store kept although its answer never came
// (errKept) is not written again.
func (s *Store) SaveTable(t *store.Table, stored int) error {
	if !validTable(t.ID) {
		return fmt.Errorf("cluster: table ID %q", t.ID)
	}
	ts := s.state(t.ID)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	if t.Fresh && ts.seq != 0 && !ts.made {
		return fmt.Errorf("cluster: table %s: %w", t.ID, store.ErrTableExists)
	}
	if stored != ts.moves-ts.kept {
		return fmt.Errorf("cluster: table %s has %d moves stored, not %d", t.ID, ts.moves-ts.kept, stored)
	}
	if ts.moves > len(t.Moves) {
		return fmt.Errorf("cluster: table %s has %d moves, fewer than the %d stored", t.ID, len(t.Moves), ts.moves)
	}
	setup, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("cluster: table %s: %w", t.ID, err)
	}
	var envs []envelope
	for range 2 { // again when an earlier write turns out kept
		envs = make([]envelope, 0, len(t.Moves)-ts.moves+1)
		for i := range t.Moves[ts.moves:] {
			envs = append(envs, envelope{Move: &t.Moves[ts.moves+i]})
		}
		if !bytes.Equal(setup, ts.setup) {
			envs = append(envs, envelope{Setup: setup})
		}
		if len(envs) == 0 {
			err = nil
			break
		}
		if err = s.append(t.ID, ts, envs...); !errors.Is(err, errKept) {
			break
		}
	}
	switch {
	case err == nil:
		ts.moves, ts.kept, ts.made = len(t.Moves), 0, false
		if len(envs) > 0 && envs[len(envs)-1].Setup != nil {
			ts.setup = setup
		}
		return nil
	case t.Fresh && errors.Is(err, store.ErrFenced):
		// Its subject is not empty: another table has this ID.
		return fmt.Errorf("cluster: table %s: %w", t.ID, store.ErrTableExists)
	}
	return err
}

// builtTable is a table read back from its messages.
type builtTable struct {
	table store.Table
	setup []byte
	last  uint64 // the last sequence read
	// damage says why a message of the table did not read ("" when all
	// did); the messages after it are not applied.
	damage string
}

// add applies one message of the table's subject.
func (b *builtTable) add(seq uint64, data []byte) error {
	var env envelope
	if err := json.Unmarshal(data, &env); err != nil {
		return fmt.Errorf("message %d: %w", seq, err)
	}
	b.last = seq
	switch {
	case env.Move != nil:
		b.table.Moves = append(b.table.Moves, *env.Move)
	case env.Setup != nil:
		moves := b.table.Moves
		b.table = store.Table{}
		if err := json.Unmarshal(env.Setup, &b.table); err != nil {
			return fmt.Errorf("message %d: %w", seq, err)
		}
		b.table.Moves = moves
		b.setup = env.Setup
	}
	return nil
}

// read reads every message of the stream's subjects under filter, in
// order, into tables by ID; it reads nothing when empty says so.
func (s *Store) read(filter string, empty bool) (map[string]*builtTable, error) {
	out := map[string]*builtTable{}
	if empty {
		return out, nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*opTimeout)
	defer cancel()
	err := s.scan(ctx, filter, 0, func(seq uint64, subject string, data []byte) bool {
		id := strings.TrimPrefix(subject, tablesPrefix)
		b := out[id]
		if b == nil {
			b = &builtTable{}
			out[id] = b
		}
		if b.damage == "" {
			if err := b.add(seq, data); err != nil {
				// One damaged table never keeps the others from coming back.
				b.damage = err.Error()
			}
		}
		return true
	})
	if err != nil {
		return nil, fmt.Errorf("cluster: read %s: %w", filter, err)
	}
	return out, nil
}

// scan calls visit for the messages of the stream's subjects under filter
// from sequence from (0: the first), in order, until the last one or until
// visit returns false. There must be one.
func (s *Store) scan(ctx context.Context, filter string, from uint64, visit func(seq uint64, subject string, data []byte) bool) error {
	cfg := jetstream.OrderedConsumerConfig{FilterSubjects: []string{filter}}
	if from > 0 {
		cfg.DeliverPolicy, cfg.OptStartSeq = jetstream.DeliverByStartSequencePolicy, from
	}
	cons, err := s.js.OrderedConsumer(ctx, tablesStream, cfg)
	if err != nil {
		return err
	}
	it, err := cons.Messages()
	if err != nil {
		return err
	}
	defer it.Stop()
	for {
		m, err := it.Next(jetstream.NextContext(ctx))
		if err != nil {
			return err
		}
		meta, err := m.Metadata()
		if err != nil {
			return err
		}
		if !visit(meta.Sequence.Stream, m.Subject(), m.Data()) || meta.NumPending == 0 {
			return nil
		}
	}
}

// TakeTable implements store.Shared: it reads the table and fences it
// for this store with a marker written after the last message read (read
// again when a write came in between).
func (s *Store) TakeTable(id string) (store.Table, error) {
	if !validTable(id) {
		return store.Table{}, store.ErrNotFound
	}
	ts := s.state(id)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	var err error
	for range 5 {
		var b *builtTable
		if b, err = s.readTable(id); err != nil || b == nil {
			return store.Table{}, cmp.Or(err, store.ErrNotFound)
		}
		ts.forget()
		ts.seq = b.last
		if err = s.append(id, ts, envelope{Fence: s.js.Conn().Opts.Name}); errors.Is(err, store.ErrFenced) {
			continue
		}
		if err != nil {
			return store.Table{}, err
		}
		ts.moves, ts.setup = len(b.table.Moves), b.setup
		return b.table, nil
	}
	ts.forget()
	return store.Table{}, err
}

// messages counts table id's messages, as the tables stream's leader says:
// a direct get may be answered by a replica that has not caught up.
func (s *Store) messages(ctx context.Context, id string) (uint64, error) {
	info, err := s.tables.Info(ctx, jetstream.WithSubjectFilter(tablesPrefix+id))
	if err != nil {
		return 0, fmt.Errorf("cluster: table %s: %w", id, err)
	}
	return info.State.Subjects[tablesPrefix+id], nil
}

// gone reports whether table id has no message left (an error counts as
// not gone).
func (s *Store) gone(ctx context.Context, id string) bool {
	n, err := s.messages(ctx, id)
	return err == nil && n == 0
}

// readTable reads one table: nil when it has no setup.
func (s *Store) readTable(id string) (*builtTable, error) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	// A takeover must not find a table missing that is there.
	n, err := s.messages(ctx, id)
	if err != nil {
		return nil, err
	}
	all, err := s.read(tablesPrefix+id, n == 0)
	if err != nil {
		return nil, err
	}
	if b := all[id]; b != nil && b.damage != "" {
		return nil, fmt.Errorf("cluster: table %s does not read: %s", id, b.damage)
	} else if b != nil && b.setup != nil {
		return b, nil
	}
	return nil, nil
}

// OpenTables implements store.Store.
func (s *Store) OpenTables() ([]store.Table, error) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	info, err := s.tables.Info(ctx)
	if err != nil {
		return nil, fmt.Errorf("cluster: open tables: %w", err)
	}
	all, err := s.read(tablesPrefix+">", info.State.Msgs == 0)
	if err != nil {
		return nil, err
	}
	out := make([]store.Table, 0, len(all))
	for id, b := range all {
		if b.damage != "" {
			b.table.ID, b.table.Damage = id, b.damage
		}
		if b.setup != nil || b.damage != "" {
			out = append(out, b.table)
		}
	}
	slices.SortFunc(out, func(a, b store.Table) int { return cmp.Or(cmp.Compare(a.Seq, b.Seq), cmp.Compare(a.ID, b.ID)) })
	return out, nil
}

// DeleteTable implements store.Store: it purges the table's subject
// (whichever store wrote it last).
func (s *Store) DeleteTable(id string) error {
	if !validTable(id) {
		return nil
	}
	ts := s.state(id)
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if err := s.tables.Purge(ctx, jetstream.WithPurgeSubject(tablesPrefix+id)); err != nil {
		return fmt.Errorf("cluster: delete table %s: %w", id, err)
	}
	ts.forget()
	return nil
}
