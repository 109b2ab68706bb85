package sqlite

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"arcade/rooms/store"
)

// readAll reads what the history commands read, and backs the database up
// into dest.
func readAll(t *testing.T, ro *ReadOnly, dest string) {
	t.Helper()
	if gs, err := ro.Games("key:SHA256:a", 5); err != nil || len(gs) != 5 {
		t.Errorf("Games: %d games, %v", len(gs), err)
	}
	if g, err := ro.Game(200); err != nil || len(g.Seats[0].Name) != 199 {
		t.Errorf("Game 200: %v", err)
	}
	if err := ro.Backup(context.Background(), dest); err != nil {
		t.Errorf("Backup: %v", err)
	}
}

// TestReadOnlyDataDirectory reads a database whose directory nobody may
// write (0555) and whose file is read-only (0444), as a user who owns
// neither: everything reads, and nothing is created beside the file.
func TestReadOnlyDataDirectory(t *testing.T) {
	dir := openDir(t)
	path := filepath.Join(dir, "arcade.db")
	filled(t, path)
	out := openDir(t)
	for _, c := range []struct {
		path string
		mode os.FileMode
	}{{path, 0o444}, {dir, 0o555}, {out, 0o777}} {
		if err := os.Chmod(c.path, c.mode); err != nil {
			t.Fatal(err)
		}
	}
	asNobody(t, func() {
		if s, err := Open(path); err == nil {
			s.Close()
			t.Fatal("the database opens for writing: the test proves nothing")
		}
		ro, err := OpenReadOnly(path)
		if err != nil {
			t.Fatal(err)
		}
		readAll(t, ro, filepath.Join(out, "copy.db"))
		if err := ro.Close(); err != nil {
			t.Error(err)
		}
	})
	if entries, err := os.ReadDir(dir); err != nil || len(entries) != 1 {
		t.Errorf("the data directory holds %v after reading (%v)", entries, err)
	}
	c, err := Open(filepath.Join(out, "copy.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	if g, err := c.Game(200); err != nil || len(g.Seats[0].Name) != 199 {
		t.Errorf("the copy's game 200: %v", err)
	}
}

// TestReadOnlyWhileServing reads a database that a store has open and
// writes (its WAL holds writes not yet in the file), from a read-only
// directory: the reader sees every commit and the writer goes on.
func TestReadOnlyWhileServing(t *testing.T) {
	dir := openDir(t)
	path := filepath.Join(dir, "arcade.db")
	s := serving(t, path)
	g := &store.Game{TableID: "t9", Game: "firetower", Seats: []store.GameSeat{{PlayerID: "key:SHA256:b", Name: "bea"}}}
	if _, err := s.SaveGame(g); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"arcade.db", "arcade.db-wal", "arcade.db-shm"} {
		if err := os.Chmod(filepath.Join(dir, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	out := openDir(t)
	os.Chmod(out, 0o777)
	os.Chmod(dir, 0o555)
	asNobody(t, func() {
		ro, err := OpenReadOnly(path)
		if err != nil {
			t.Fatal(err)
		}
		if gs, err := ro.Games("key:SHA256:b", 5); err != nil || len(gs) != 1 || gs[0].Seats[0].Name != "bea" {
			t.Errorf("the game in the WAL: %+v, %v", gs, err)
		}
		readAll(t, ro, filepath.Join(out, "copy.db"))
		if err := ro.Close(); err != nil {
			t.Error(err)
		}
	})
	os.Chmod(dir, 0o755)
	if _, err := s.SaveGame(g); err != nil {
		t.Errorf("the server's next write: %v", err)
	}
}

// serving is a store open on a filled database at path, as a running
// server has it.
func serving(t *testing.T, path string) *Store {
	t.Helper()
	filled(t, path)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s
}

// TestReadOnlyRefuses: a missing file and a file that is not a database
// are each one line naming the file (TestNewerSchemaRefused: a newer
// schema).
func TestReadOnlyRefuses(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.db")
	_, err := OpenReadOnly(missing)
	checkErr(t, err, missing, "cannot be read", "no such file")
	if _, err := os.Stat(missing); err == nil {
		t.Error("OpenReadOnly created the file")
	}
	garbage := filepath.Join(dir, "garbage.db")
	if err := os.WriteFile(garbage, make([]byte, 8192), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = OpenReadOnly(garbage)
	checkErr(t, err, garbage, "cannot be read")
}

// TestReadOnlyNoticesAStart: a file read as immutable (no server had it
// open) that a server then opens and changes fails the reader's Close, and
// a backup made meanwhile is removed.
func TestReadOnlyNoticesAStart(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "arcade.db")
	filled(t, path)
	ro, err := OpenReadOnly(path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ro.Game(1); err != nil {
		t.Fatal(err)
	}
	time.Sleep(10 * time.Millisecond) // a new modification time on coarse clocks too
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.SaveTable(&store.Table{ID: "t2", Seq: 2, Status: "waiting"}, 0); err != nil {
		t.Fatal(err)
	}
	s.Close() // checkpoints into the file
	dest := filepath.Join(dir, "copy.db")
	err = ro.Backup(context.Background(), dest)
	checkErr(t, err, path, "changed while it was read", "run the command again")
	if _, serr := os.Stat(dest); serr == nil {
		t.Error("the backup of a changing file is left")
	}
	checkErr(t, ro.Close(), path, "changed while it was read")
}
