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
// Seq order, as of one moment. A table whose setup or moves do not read
// comes back with Damage set and the others come back whole.
func (s *Store) OpenTables() ([]store.Table, error) {
	tx, err := s.r.Begin()
	if err != nil {
		return nil, s.err1("open tables", err)
	}
	defer tx.Rollback()
	rows, err := tx.Query(`SELECT id, game, setup FROM tables WHERE aside IS NULL ORDER BY seq, id`)
	if err != nil {
		return nil, s.err1("open tables", err)
	}
	var out []store.Table
	at := map[string]int{}
	for rows.Next() {
		var id, game string
		var setup []byte
		if err := rows.Scan(&id, &game, &setup); err != nil {
			rows.Close()
			return nil, s.err1("open tables", err)
		}
		var t store.Table
		if err := json.Unmarshal(setup, &t); err != nil {
			t = store.Table{Game: game, Damage: fmt.Sprintf("its setup does not read: %v", err)}
		}
		t.ID = id
		at[id] = len(out)
		out = append(out, t)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("open tables", err)
	}
	rows.Close()
	rows, err = tx.Query(`SELECT table_id, n, seat, action FROM moves WHERE table_id IN (SELECT id FROM tables WHERE aside IS NULL) ORDER BY table_id, n`)
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
		if !ok || out[i].Damage != "" {
			continue
		}
		t := &out[i]
		if n != len(t.Moves) {
			t.Damage = fmt.Sprintf("move %d is missing", len(t.Moves)+1)
			continue
		}
		mv := engine.Move{Seat: engine.Seat(seat)}
		if err := json.Unmarshal(action, &mv.Action); err != nil {
			t.Damage = fmt.Sprintf("move %d does not read: %v", n+1, err)
			continue
		}
		t.Moves = append(t.Moves, mv)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("open tables", err)
	}
	return out, nil
}

var _ store.Quarantine = (*Store)(nil)

// SetAside implements store.Quarantine: the table's row and moves stay, marked
// with the reason.
func (s *Store) SetAside(id, reason string, at time.Time) error {
	return s.write(func(tx *sql.Tx) error {
		res, err := tx.Exec(`UPDATE tables SET aside = ?, aside_at = ? WHERE id = ? AND aside IS NULL`, reason, nanos(at), id)
		if err != nil {
			return s.err1("set aside", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return s.err1("set aside", err)
		} else if n == 0 {
			return store.ErrNotFound
		}
		return nil
	})
}

// SetAsideTables implements store.Quarantine.
func (s *Store) SetAsideTables() ([]store.Aside, error) {
	rows, err := s.r.Query(`SELECT id, game, aside, aside_at, (SELECT count(*) FROM moves WHERE table_id = tables.id)
		FROM tables WHERE aside IS NOT NULL ORDER BY aside_at, id`)
	if err != nil {
		return nil, s.err1("tables set aside", err)
	}
	defer rows.Close()
	var out []store.Aside
	for rows.Next() {
		var a store.Aside
		var at sql.NullInt64
		if err := rows.Scan(&a.ID, &a.Game, &a.Reason, &at, &a.Moves); err != nil {
			return nil, s.err1("tables set aside", err)
		}
		a.At = fromNanos(at)
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, s.err1("tables set aside", err)
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
