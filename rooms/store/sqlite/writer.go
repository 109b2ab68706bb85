package sqlite

import (
	"database/sql"
	"errors"
	"time"
)

// The writer: one goroutine owns the write connection and commits the
// writes that wait for it together (group commit). Each write runs in a
// savepoint of its own inside the batch's transaction, so a write that
// fails leaves nothing behind and does not fail the others; no write
// returns before the transaction holding it has committed.
//
// Checkpoints (copying the WAL into the database file, with its fsync) run
// on a reader connection, off the writer's path, every checkpointEvery and
// after every checkpointJobs writes; SQLite's own automatic checkpoint, in
// the committing connection, stays only as a bound on the WAL's size. An
// fsync of the database file stalls the WAL's writes on ext4 for as long as
// the disk takes (measured: milliseconds, tens on a busy disk), so
// checkpoints are few: a page that many moves rewrote is copied once.

const (
	maxBatch        = 256 // writes in one transaction at most
	checkpointEvery = 2 * time.Second
	checkpointJobs  = 10000
	walBound        = 40000 // pages (160 MB) before SQLite checkpoints in the writer
)

// ErrClosed is returned by writes to a closed store.
var ErrClosed = errors.New("store: closed")

// job is one write waiting for the writer.
type job struct {
	do   func(tx *sql.Tx) error
	done chan error
}

// write runs do in a transaction of the writer and returns once it has
// committed (do's error, or the commit's).
func (s *Store) write(do func(tx *sql.Tx) error) error {
	j := job{do: do, done: make(chan error, 1)}
	select {
	case s.jobs <- j:
	case <-s.closing:
		return ErrClosed
	}
	return <-j.done
}

// writer runs the batches until the store closes.
func (s *Store) writer() {
	defer close(s.writerDone)
	var batch []job
	var errs []error
	jobs := 0
	for {
		select {
		case j := <-s.jobs:
			batch = append(batch[:0], j)
		case <-s.closing:
			return
		}
	more:
		for len(batch) < maxBatch {
			select {
			case j := <-s.jobs:
				batch = append(batch, j)
			default:
				break more
			}
		}
		errs = s.commit(batch, errs[:0])
		for i, j := range batch {
			j.done <- errs[i]
			batch[i] = job{}
		}
		if jobs += len(batch); jobs >= checkpointJobs {
			jobs = 0
			select {
			case s.checkpointNow <- struct{}{}:
			default:
			}
		}
	}
}

// commit runs a batch in one transaction and returns each job's error.
func (s *Store) commit(batch []job, errs []error) []error {
	tx, err := s.w.Begin()
	if err != nil {
		for range batch {
			errs = append(errs, s.err1("begin", err))
		}
		return errs
	}
	ok := 0
	for _, j := range batch {
		err := s.savepoint(tx, j.do)
		if err == nil {
			ok++
		}
		errs = append(errs, err)
	}
	if ok == 0 {
		tx.Rollback()
		return errs
	}
	if err := tx.Commit(); err != nil {
		err = s.err1("commit", err)
		for i := range errs {
			if errs[i] == nil {
				errs[i] = err
			}
		}
	}
	return errs
}

// savepoint runs do inside a savepoint of tx, undone if do fails.
func (s *Store) savepoint(tx *sql.Tx, do func(tx *sql.Tx) error) error {
	if _, err := tx.Exec("SAVEPOINT job"); err != nil {
		return s.err1("savepoint", err)
	}
	err := do(tx)
	if err != nil {
		if _, rerr := tx.Exec("ROLLBACK TO job"); rerr != nil {
			return errors.Join(err, s.err1("rollback", rerr))
		}
	}
	if _, rerr := tx.Exec("RELEASE job"); rerr != nil && err == nil {
		err = s.err1("release", rerr)
	}
	return err
}

// checkpointer checkpoints the WAL now and then until the store closes.
// A checkpoint that cannot finish (a reader still needs old frames) is
// simply tried again later.
func (s *Store) checkpointer() {
	defer close(s.checkpointerDone)
	tick := time.NewTicker(checkpointEvery)
	defer tick.Stop()
	for {
		select {
		case <-tick.C:
		case <-s.checkpointNow:
		case <-s.closing:
			return
		}
		s.r.Exec("PRAGMA wal_checkpoint(PASSIVE)")
	}
}
