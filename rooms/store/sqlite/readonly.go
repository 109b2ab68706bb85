package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"arcade/rooms/store"
)

// ReadOnly is a database opened for reading only (OpenReadOnly): the
// history, export and backup commands read through it, also from a
// read-only data directory and while a server writes the file.
type ReadOnly struct {
	s *Store
	// immutable: no server had the file open (it had no WAL), so it is
	// read as it lies; the size and time it had then are checked at Close.
	immutable bool
	size      int64
	modTime   time.Time
}

// OpenReadOnly opens the database at path for reading. It writes nothing
// and creates no file: with a server running (the file's WAL exists) it
// reads through SQLite's read-only mode, which sees every commit; with none
// (no WAL: no process has the file open) it reads the file as immutable,
// which needs no lock and no file beside it, so that a read-only data
// directory and a read-only file do.
func OpenReadOnly(path string) (*ReadOnly, error) {
	info, err := os.Stat(path)
	if err == nil {
		var f *os.File
		if f, err = os.Open(path); err == nil {
			f.Close()
		}
	}
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("database %s cannot be read (%v): check the -data directory, and the owner and mode of the file", path, err)
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, fmt.Errorf("database %s: %w", path, err)
	}
	ro := &ReadOnly{s: &Store{path: path}, size: info.Size(), modTime: info.ModTime()}
	if _, err := os.Stat(path + "-wal"); errors.Is(err, fs.ErrNotExist) {
		ro.immutable = true
	}
	params := "?mode=ro&_busy_timeout=5000"
	if ro.immutable {
		params = "?mode=ro&immutable=1"
	}
	// A URI: SQLite reads mode and immutable only there.
	uri := "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(filepath.ToSlash(abs)) + params
	if ro.s.r, err = sql.Open("sqlite", uri); err != nil {
		return nil, ro.openErr(err)
	}
	var v int
	if err := ro.s.r.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		ro.s.r.Close()
		return nil, ro.openErr(err)
	}
	if v > len(migrations) {
		ro.s.r.Close()
		return nil, fmt.Errorf("database %s was written by a newer arcade (schema %d, this one knows up to %d): upgrade the arcade", path, v, len(migrations))
	}
	return ro, nil
}

// openErr is an error met while opening, as one line naming the file.
func (ro *ReadOnly) openErr(err error) error {
	return fmt.Errorf("database %s cannot be read (%s): check that it is an arcade database, and its owner and mode", ro.s.path, oneLine(err.Error()))
}

// Path is the database file's path.
func (ro *ReadOnly) Path() string { return ro.s.path }

// Games is store.Store's Games.
func (ro *ReadOnly) Games(playerID string, limit int) ([]store.Game, error) {
	return ro.s.Games(playerID, limit)
}

// ListGames is Store's ListGames.
func (ro *ReadOnly) ListGames(f GameFilter, limit int) ([]store.Game, error) {
	return ro.s.ListGames(f, limit)
}

// Game is store.Store's Game.
func (ro *ReadOnly) Game(id int64) (store.Game, error) { return ro.s.Game(id) }

// Setting returns a kept setting (store.Settings).
func (ro *ReadOnly) Setting(key string) ([]byte, error) { return ro.s.Setting(key) }

// SetAsideTables is store.Quarantine's SetAsideTables.
func (ro *ReadOnly) SetAsideTables() ([]store.Aside, error) { return ro.s.SetAsideTables() }

// Backup is Store's Backup: a consistent copy, also while a server writes
// the file.
func (ro *ReadOnly) Backup(ctx context.Context, destPath string) error {
	if err := ro.s.Backup(ctx, destPath); err != nil {
		return err
	}
	if err := ro.unchanged(); err != nil {
		os.Remove(destPath)
		return err
	}
	return nil
}

// unchanged checks that a file read as immutable is as it was when opened:
// a server that started on it meanwhile may have changed it under the
// reader.
func (ro *ReadOnly) unchanged() error {
	if !ro.immutable {
		return nil
	}
	info, err := os.Stat(ro.s.path)
	if err == nil && info.Size() == ro.size && info.ModTime().Equal(ro.modTime) {
		return nil
	}
	return fmt.Errorf("database %s changed while it was read (a server started on it): run the command again", ro.s.path)
}

// Close closes the database; it fails when a file read as immutable
// changed meanwhile (what was read may mix two versions of it).
func (ro *ReadOnly) Close() error {
	if err := ro.s.r.Close(); err != nil {
		return fmt.Errorf("database %s: close: %s", ro.s.path, oneLine(err.Error()))
	}
	return ro.unchanged()
}
