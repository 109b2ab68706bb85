package sqlite

import (
	"database/sql"
	"errors"
)

// Setting implements store.Settings.
func (s *Store) Setting(key string) ([]byte, error) {
	var v []byte
	err := s.r.QueryRow(`SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, s.err1("setting", err)
	}
	return v, nil
}

// UpdateSetting implements store.Settings: read and written in one
// transaction of the writer, so updates never interleave.
func (s *Store) UpdateSetting(key string, change func(old []byte) ([]byte, error)) error {
	return s.write(func(tx *sql.Tx) error {
		var old []byte
		err := tx.QueryRow(`SELECT value FROM settings WHERE key = ?`, key).Scan(&old)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return s.err1("setting", err)
		}
		v, err := change(old)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(`INSERT INTO settings (key, value) VALUES (?1, ?2)
			ON CONFLICT (key) DO UPDATE SET value = excluded.value`, key, v); err != nil {
			return s.err1("update setting", err)
		}
		return nil
	})
}
