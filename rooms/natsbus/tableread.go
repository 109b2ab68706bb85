package natsbus

import (
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/nats-io/nats.go/jetstream"

	"arcade/rooms/store"
)

// Reading tables back from their subjects: OpenTables at a start, and
// TakeTable, which reads a table and fences it for this store.

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
