// Package sqlite is the arcade's default store.Store: one SQLite database
// file in the data directory, through modernc.org/sqlite (pure Go, no cgo).
//
// The database runs in WAL mode with synchronous=NORMAL (a commit is in the
// WAL before SaveTable returns; a power cut may lose the last commits, a
// crash of the process loses nothing), a busy timeout and foreign keys on.
// Every write goes through one connection, owned by one goroutine that
// commits the writes waiting for it in one transaction (group commit, each
// write in a savepoint of its own), so writers queue in Go instead of
// fighting over SQLite's lock, and a busy server pays one commit for many
// moves. Reads use a small pool of their own and never wait for the writer
// (WAL readers see the last commit). Checkpoints run on a reader
// connection, off the writers' path.
//
// Open creates the file if needed, checks it (PRAGMA quick_check) and runs
// the forward migrations the file has not had yet; the schema's version is
// PRAGMA user_version. Its errors are one line naming the file.
package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
	"sync"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"

	"arcade/rooms/store"
)

// Store is a store.Store kept in one SQLite file. It is safe for
// concurrent use.
type Store struct {
	path string
	w    *sql.DB // the one writer connection
	r    *sql.DB // the readers
	once sync.Once
	err  error // Close's

	countMoves, upsertTable, insertMove *sql.Stmt

	jobs             chan job      // to the writer
	closing          chan struct{} // closed by Close
	writerDone       chan struct{}
	checkpointNow    chan struct{}
	checkpointerDone chan struct{}
}

var _ store.Store = (*Store)(nil)

// readers is the size of the reader pool.
const readers = 4

// SchemaVersion is the schema version this code writes: databases with a
// higher PRAGMA user_version are refused.
var SchemaVersion = len(migrations)

// Open opens the database at path, creating it (mode 0600) if it does not
// exist, and brings its schema up to date.
func Open(path string) (*Store, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, fmt.Errorf("database %s cannot be opened for writing (%v): check the owner and mode of the file and of its directory", path, err)
	}
	f.Close()

	s := &Store{path: path, jobs: make(chan job), closing: make(chan struct{}), writerDone: make(chan struct{}),
		checkpointNow: make(chan struct{}, 1), checkpointerDone: make(chan struct{})}
	const common = "_busy_timeout=5000&_foreign_keys=1"
	if s.w, err = sql.Open("sqlite", path+"?"+common+"&_journal_mode=WAL&_synchronous=NORMAL&_txlock=immediate"+
		fmt.Sprintf("&_pragma=wal_autocheckpoint(%d)", walBound)); err != nil {
		return nil, s.openErr(err)
	}
	s.w.SetMaxOpenConns(1)
	s.w.SetMaxIdleConns(1)
	s.w.SetConnMaxLifetime(0)
	s.w.SetConnMaxIdleTime(0)
	if err := s.setUp(); err != nil {
		s.w.Close()
		return nil, err
	}
	if s.r, err = sql.Open("sqlite", path+"?"+common); err != nil {
		s.w.Close()
		return nil, s.openErr(err)
	}
	s.r.SetMaxOpenConns(readers)
	s.r.SetMaxIdleConns(readers)
	if err := s.r.Ping(); err != nil {
		s.r.Close()
		s.w.Close()
		return nil, s.openErr(err)
	}
	go s.writer()
	go s.checkpointer()
	return s, nil
}

// setUp checks the file, migrates it and prepares the writer's statements.
func (s *Store) setUp() error {
	var mode string
	if err := s.w.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil {
		return s.openErr(err)
	}
	if !strings.EqualFold(mode, "wal") {
		return fmt.Errorf("database %s cannot be put in WAL mode (journal mode %s): check that its directory is writable", s.path, mode)
	}
	rows, err := s.w.Query("PRAGMA quick_check")
	if err != nil {
		return s.openErr(err)
	}
	var problems []string
	for rows.Next() {
		var line string
		if err := rows.Scan(&line); err != nil {
			rows.Close()
			return s.openErr(err)
		}
		if line != "ok" {
			problems = append(problems, line)
		}
	}
	if err := rows.Err(); err != nil {
		return s.openErr(err)
	}
	rows.Close()
	if len(problems) > 0 {
		return fmt.Errorf("database %s is corrupt (quick_check: %s%s): restore it from a backup or move it away", s.path, oneLine(problems[0]), more(len(problems)-1))
	}
	if err := s.migrate(); err != nil {
		return err
	}
	for _, p := range []struct {
		st  **sql.Stmt
		sql string
	}{
		{&s.countMoves, `SELECT coalesce(max(n) + 1, 0) FROM moves WHERE table_id = ?`},
		// A move changes no setup: then the row and its page are left alone.
		{&s.upsertTable, `INSERT INTO tables (id, seq, code, game, status, setup) VALUES (?, ?, ?, ?, ?, ?)
			ON CONFLICT (id) DO UPDATE SET seq = excluded.seq, code = excluded.code, game = excluded.game,
				status = excluded.status, setup = excluded.setup
			WHERE tables.setup IS NOT excluded.setup`},
		{&s.insertMove, `INSERT INTO moves (table_id, n, seat, action) VALUES (?, ?, ?, ?)`},
	} {
		if *p.st, err = s.w.Prepare(p.sql); err != nil {
			return s.openErr(err)
		}
	}
	return nil
}

// migrate runs the migrations the database has not had, each in its own
// transaction that also sets user_version.
func (s *Store) migrate() error {
	for {
		done, err := s.migrateOne()
		if err != nil || done {
			return err
		}
	}
}

// migrateOne runs the next migration, or reports that there is none.
func (s *Store) migrateOne() (done bool, err error) {
	tx, err := s.w.Begin()
	if err != nil {
		return false, s.openErr(err)
	}
	defer tx.Rollback()
	var v int
	if err := tx.QueryRow("PRAGMA user_version").Scan(&v); err != nil {
		return false, s.openErr(err)
	}
	switch {
	case v > len(migrations):
		return false, fmt.Errorf("database %s was written by a newer arcade (schema %d, this one knows up to %d): upgrade the arcade", s.path, v, len(migrations))
	case v < 0:
		return false, fmt.Errorf("database %s has schema version %d, which no arcade writes: it belongs to another program", s.path, v)
	case v == len(migrations):
		return true, nil
	}
	if _, err := tx.Exec(migrations[v]); err != nil {
		return false, fmt.Errorf("database %s: migration to schema %d failed: %s", s.path, v+1, oneLine(err.Error()))
	}
	if _, err := tx.Exec(fmt.Sprintf("PRAGMA user_version = %d", v+1)); err != nil {
		return false, s.openErr(err)
	}
	if err := tx.Commit(); err != nil {
		return false, s.openErr(err)
	}
	return false, nil
}

// openErr turns an error met while opening into one line naming the file
// and saying what to do.
func (s *Store) openErr(err error) error {
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() & 0xff {
		case sqlite3.SQLITE_NOTADB, sqlite3.SQLITE_CORRUPT:
			return fmt.Errorf("database %s is not an SQLite database or is corrupt (%s): restore it from a backup or move it away", s.path, oneLine(err.Error()))
		case sqlite3.SQLITE_READONLY, sqlite3.SQLITE_CANTOPEN, sqlite3.SQLITE_PERM, sqlite3.SQLITE_AUTH, sqlite3.SQLITE_IOERR:
			return fmt.Errorf("database %s cannot be written (%s): check the owner and mode of the file and of its directory", s.path, oneLine(err.Error()))
		}
	}
	return fmt.Errorf("database %s: %s", s.path, oneLine(err.Error()))
}

// oneLine keeps an error message on one line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}

// more says how many other problems there were.
func more(n int) string {
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(", and %d more", n)
}

// Path is the database file's path.
func (s *Store) Path() string { return s.path }

// Close implements store.Store: the writes under way commit, later ones
// fail with ErrClosed; then it closes the readers and last the writer,
// whose close checkpoints the WAL into the database file. Later calls
// return the first call's result.
func (s *Store) Close() error {
	s.once.Do(func() {
		close(s.closing)
		<-s.writerDone
		<-s.checkpointerDone
		errs := []error{s.r.Close()}
		for _, st := range []*sql.Stmt{s.countMoves, s.upsertTable, s.insertMove} {
			if st != nil {
				errs = append(errs, st.Close())
			}
		}
		errs = append(errs, s.w.Close())
		if err := errors.Join(errs...); err != nil {
			s.err = fmt.Errorf("database %s: close: %s", s.path, oneLine(err.Error()))
		}
	})
	return s.err
}

// Backup writes a consistent copy of the database, as of one moment, to
// destPath (VACUUM INTO), while the store goes on serving. It refuses to
// overwrite an existing file; the copy is made with mode 0600 and synced
// to disk.
func (s *Store) Backup(ctx context.Context, destPath string) error {
	f, err := os.OpenFile(destPath, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		if errors.Is(err, fs.ErrExist) {
			return fmt.Errorf("backup %s: the file exists; choose another name", destPath)
		}
		return fmt.Errorf("backup: %w", err)
	}
	f.Close()
	fail := func(err error) error {
		os.Remove(destPath)
		return fmt.Errorf("backup of %s to %s: %s", s.path, destPath, oneLine(err.Error()))
	}
	if _, err := s.r.ExecContext(ctx, "VACUUM INTO ?", destPath); err != nil {
		return fail(err)
	}
	f, err = os.OpenFile(destPath, os.O_RDWR, 0)
	if err != nil {
		return fail(err)
	}
	err = f.Sync()
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return fail(err)
	}
	return nil
}
