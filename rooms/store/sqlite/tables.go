package sqlite

import (
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// SaveTable implements store.Store: in one transaction it checks that the
// database holds exactly stored moves of the table, writes its setup and
// appends t.Moves[stored:]. When stored is wrong nothing is written.
func (s *Store) SaveTable(t *store.Table, stored int) error {
	if stored < 0 || stored > len(t.Moves) {
		return fmt.Errorf("store: table %s has %d moves, so %d cannot be stored", t.ID, len(t.Moves), stored)
	}
	setup, err := json.Marshal(t)
	if err != nil {
		return fmt.Errorf("store: table %s: %w", t.ID, err)
	}
	actions := make([][]byte, len(t.Moves)-stored)
	seats := make([]int, len(actions))
	for i, mv := range t.Moves[stored:] {
		seats[i] = int(mv.Seat)
		if actions[i], err = json.Marshal(mv.Action); err != nil {
			return fmt.Errorf("store: table %s: move %d: %w", t.ID, stored+i, err)
		}
	}
	return s.write(func(tx *sql.Tx) error {
		have := 0
		if err := tx.Stmt(s.countMoves).QueryRow(t.ID).Scan(&have); err != nil {
			return s.err1("save table", err)
		}
		if t.Fresh {
			var n int
			if err := tx.QueryRow(`SELECT count(*) FROM tables WHERE id = ?`, t.ID).Scan(&n); err != nil {
				return s.err1("save table", err)
			}
			if n > 0 {
				return fmt.Errorf("store: table %s: %w", t.ID, store.ErrTableExists)
			}
		}
		if have != stored {
			return fmt.Errorf("store: table %s has %d moves stored, not %d", t.ID, have, stored)
		}
		if _, err := tx.Stmt(s.upsertTable).Exec(t.ID, int64(t.Seq), t.Code, t.Game, t.Status, setup); err != nil {
			return s.err1("save table", err)
		}
		if len(actions) > 0 {
			ins := tx.Stmt(s.insertMove)
			for i, a := range actions {
				if _, err := ins.Exec(t.ID, stored+i, seats[i], a); err != nil {
					return s.err1("save table", err)
				}
			}
		}
		return nil
	})
}

// DeleteTable implements store.Store (its moves go with it).
func (s *Store) DeleteTable(id string) error {
	return s.write(func(tx *sql.Tx) error {
		if _, err := tx.Exec(`DELETE FROM tables WHERE id = ?`, id); err != nil {
			return s.err1("delete table", err)
		}
		return nil
	})
}

// OpenTables implements store.Store: every open table with its moves, in
// Seq order, as of one moment.
func (s *Store) OpenTables() ([]store.Table, error) {
	tx, err := s.r.Begin()
	if err != nil {
		return nil, s.err1("open tables", err)
	}
	defer tx.Rollback()
	rows, err := tx.Query(`SELECT id, setup FROM tables ORDER BY seq, id`)
	if err != nil {
		return nil, s.err1("open tables", err)
	}
	var out []store.Table
	at := map[string]int{}
	for rows.Next() {
		var id string
		var setup []byte
		if err := rows.Scan(&id, &setup); err != nil {
			rows.Close()
			return nil, s.err1("open tables", err)
		}
		var t store.Table
		if err := json.Unmarshal(setup, &t); err != nil {
			rows.Close()
			return nil, fmt.Errorf("database %s: table %s: %w", s.path, id, err)
		}
		at[id] = len(out)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("open tables", err)
	}
	rows.Close()
	rows, err = tx.Query(`SELECT table_id, n, seat, action FROM moves ORDER BY table_id, n`)
	if err != nil {
		return nil, s.err1("open tables", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id string
		var n, seat int
		var action []byte
		if err := rows.Scan(&id, &n, &seat, &action); err != nil {
			return nil, s.err1("open tables", err)
		}
		i, ok := at[id]
		if !ok {
			continue // not possible with foreign keys on
		}
		t := &out[i]
		if n != len(t.Moves) {
			return nil, fmt.Errorf("database %s: table %s lacks move %d", s.path, id, len(t.Moves))
		}
		mv := engine.Move{Seat: engine.Seat(seat)}
		if err := json.Unmarshal(action, &mv.Action); err != nil {
			return nil, fmt.Errorf("database %s: table %s: move %d: %w", s.path, id, n, err)
		}
		t.Moves = append(t.Moves, mv)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("open tables", err)
	}
	return out, nil
}

// err1 makes an error of an operation one line naming the file.
func (s *Store) err1(op string, err error) error {
	return fmt.Errorf("database %s: %s: %s", s.path, op, oneLine(err.Error()))
}

// nanos is a time as stored: Unix nanoseconds, NULL for the zero time.
func nanos(t time.Time) sql.NullInt64 {
	if t.IsZero() {
		return sql.NullInt64{}
	}
	return sql.NullInt64{Int64: t.UnixNano(), Valid: true}
}

// fromNanos is the time nanos stored, in UTC.
func fromNanos(n sql.NullInt64) time.Time {
	if !n.Valid {
		return time.Time{}
	}
	return time.Unix(0, n.Int64).UTC()
}
