package natsbus

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"sync"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/nats-io/nuid"

	"arcade/engine"
	"arcade/rooms/store"
)

// Writing a table's subject: what the Store knows of each table it writes,
// the fenced appends, telling an unanswered write kept after all from
// another store's, and SaveTable and DeleteTable.

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
