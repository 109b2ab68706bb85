package sqlite

import (
	"bytes"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
	"arcade/rooms/store/storetest"
)

// openTemp opens a new database in a temporary directory.
func openTemp(t *testing.T) *Store {
	t.Helper()
	s, err := Open(filepath.Join(t.TempDir(), "arcade.db"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return openTemp(t) })
}

// reopening is a store that closes and reopens its file between a write
// and the read after it, so that every read comes from the file as the
// writes left it. Its calls take turns.
type reopening struct {
	t     *testing.T
	path  string
	mu    sync.Mutex
	s     *Store
	wrote bool
}

// write runs a write.
func (r *reopening) write(f func(s *Store) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.wrote = true
	return f(r.s)
}

// read runs a read, on a reopened store if there were writes since the
// last one.
func (r *reopening) read(f func(s *Store) error) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.wrote {
		if err := r.s.Close(); err != nil {
			r.t.Errorf("Close: %v", err)
		}
		r.open()
		r.wrote = false
	}
	return f(r.s)
}

func (r *reopening) open() {
	s, err := Open(r.path)
	if err != nil {
		r.t.Fatalf("reopen: %v", err)
	}
	r.s = s
}

func (r *reopening) SaveTable(t *store.Table, stored int) error {
	return r.write(func(s *Store) error { return s.SaveTable(t, stored) })
}

func (r *reopening) DeleteTable(id string) error {
	return r.write(func(s *Store) error { return s.DeleteTable(id) })
}

func (r *reopening) OpenTables() (ts []store.Table, err error) {
	err = r.read(func(s *Store) error { ts, err = s.OpenTables(); return err })
	return ts, err
}

func (r *reopening) SeePlayer(id, name string, now time.Time) (who store.Identity, err error) {
	err = r.write(func(s *Store) error { who, err = s.SeePlayer(id, name, now); return err })
	return who, err
}

func (r *reopening) SetName(id, name, fold string) error {
	return r.write(func(s *Store) error { return s.SetName(id, name, fold) })
}

func (r *reopening) NameOwner(fold string) (id string, err error) {
	err = r.read(func(s *Store) error { id, err = s.NameOwner(fold); return err })
	return id, err
}

func (r *reopening) SaveGame(g *store.Game) (id int64, err error) {
	err = r.write(func(s *Store) error { id, err = s.SaveGame(g); return err })
	return id, err
}

func (r *reopening) Games(player string, limit int) (gs []store.Game, err error) {
	err = r.read(func(s *Store) error { gs, err = s.Games(player, limit); return err })
	return gs, err
}

func (r *reopening) Game(id int64) (g store.Game, err error) {
	err = r.read(func(s *Store) error { g, err = s.Game(id); return err })
	return g, err
}

func (r *reopening) Stats(player string) (st []store.GameStats, err error) {
	err = r.read(func(s *Store) error { st, err = s.Stats(player); return err })
	return st, err
}

func (r *reopening) Leaderboard(game string, limit int) (b []store.Standing, err error) {
	err = r.read(func(s *Store) error { b, err = s.Leaderboard(game, limit); return err })
	return b, err
}

func (r *reopening) Setting(key string) (v []byte, err error) {
	err = r.read(func(s *Store) error { v, err = s.Setting(key); return err })
	return v, err
}

func (r *reopening) UpdateSetting(key string, change func(old []byte) ([]byte, error)) error {
	return r.write(func(s *Store) error { return s.UpdateSetting(key, change) })
}

func (r *reopening) Close() error { return r.s.Close() }

func TestConformanceReopened(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store {
		r := &reopening{t: t, path: filepath.Join(t.TempDir(), "arcade.db")}
		r.open()
		return r
	})
}

func TestOpenCreatesPrivateFile(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	fi, err := os.Stat(s.Path())
	if err != nil {
		t.Fatal(err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want 0600", fi.Mode().Perm())
	}
	var v int
	var mode string
	if err := s.r.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != SchemaVersion {
		t.Errorf("user_version %d (%v), want %d", v, err, SchemaVersion)
	}
	if err := s.w.QueryRow("PRAGMA journal_mode").Scan(&mode); err != nil || mode != "wal" {
		t.Errorf("journal_mode %q (%v)", mode, err)
	}
	for pragma, want := range map[string]int{"foreign_keys": 1, "synchronous": 1, "busy_timeout": 5000} {
		for name, db := range map[string]*sql.DB{"writer": s.w, "reader": s.r} {
			var got int
			if err := db.QueryRow("PRAGMA " + pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if got != want && !(name == "reader" && pragma == "synchronous") {
				t.Errorf("%s: PRAGMA %s = %d, want %d", name, pragma, got, want)
			}
		}
	}
}

// checkErr fails unless err is one line naming path and containing every
// one of words.
func checkErr(t *testing.T, err error, path string, words ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("no error, want one about %s", path)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error on several lines: %q", msg)
	}
	if !strings.Contains(msg, path) {
		t.Errorf("error %q does not name %s", msg, path)
	}
	for _, w := range words {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not say %q", msg, w)
		}
	}
	t.Log(msg)
}

// asNobody runs f with the effective user nobody, so that file modes hold
// for a test run as root. Tests that use it must not run in parallel.
func asNobody(t *testing.T, f func()) {
	t.Helper()
	if os.Geteuid() != 0 {
		f()
		return
	}
	if err := syscall.Seteuid(65534); err != nil {
		t.Skipf("cannot become nobody to test file modes as root: %v", err)
	}
	defer func() {
		if err := syscall.Seteuid(0); err != nil {
			panic(err)
		}
	}()
	f()
}

// openDir is a directory nobody may enter.
func openDir(t *testing.T) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "arcade-sqlite-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		os.Chmod(dir, 0o755)
		os.RemoveAll(dir)
	})
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// filled makes a database at path with a table and a game in it.
func filled(t *testing.T, path string) {
	t.Helper()
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tb := &store.Table{ID: "t1", Seq: 1, Game: "firetower", Status: "playing", Seats: []store.Seat{{Name: "a"}, {BotLevel: "easy"}},
		Moves: []engine.Move{{Seat: 0, Action: engine.Action{Kind: "place", Args: []int{1, 2}}}}}
	if err := s.SaveTable(tb, 0); err != nil {
		t.Fatal(err)
	}
	for i := range 200 {
		g := &store.Game{TableID: fmt.Sprintf("t%d", 1000+i), Game: "firetower", Seats: []store.GameSeat{{PlayerID: "key:SHA256:a", Name: strings.Repeat("a", i), Winner: true}},
			Record: engine.Record{Game: "firetower", Players: 1, Moves: tb.Moves}}
		if _, err := s.SaveGame(g); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestReadOnlyFile(t *testing.T) {
	dir := openDir(t)
	path := filepath.Join(dir, "arcade.db")
	filled(t, path)
	if err := os.Chmod(path, 0o400); err != nil {
		t.Fatal(err)
	}
	asNobody(t, func() {
		// nobody may not even read it (it is root's, 0400)...
		_, err := Open(path)
		checkErr(t, err, path, "cannot be opened for writing", "permission denied")
	})
	// ... nor write to it when they own it.
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	asNobody(t, func() {
		_, err := Open(path)
		checkErr(t, err, path, "cannot be opened for writing", "permission denied")
	})
}

func TestReadOnlyDirectory(t *testing.T) {
	dir := openDir(t)
	path := filepath.Join(dir, "arcade.db")
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	asNobody(t, func() {
		_, err := Open(path) // cannot be created
		checkErr(t, err, path, "cannot be opened for writing")
	})
	// A writable database in a directory where its WAL cannot be made.
	os.Chmod(dir, 0o755)
	filled(t, path)
	if err := os.Chown(path, 65534, 65534); err != nil {
		t.Fatal(err)
	}
	os.Chmod(dir, 0o555)
	asNobody(t, func() {
		s, err := Open(path)
		if err == nil {
			s.Close()
		}
		checkErr(t, err, path, "cannot be")
	})
}

func TestNotADatabase(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "arcade.db")
	garbage := bytes.Repeat([]byte("this is not an SQLite database\n"), 1000)
	if err := os.WriteFile(path, garbage, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := Open(path)
	checkErr(t, err, path, "not an SQLite database or is corrupt")
	if b, _ := os.ReadFile(path); !bytes.Equal(b, garbage) {
		t.Errorf("Open changed a file that is not a database")
	}
}

func TestTruncated(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arcade.db")
	filled(t, path)
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Truncate(path, fi.Size()/2); err != nil {
		t.Fatal(err)
	}
	_, err = Open(path)
	checkErr(t, err, path, "corrupt")
}

func TestCorruptPage(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arcade.db")
	filled(t, path)
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	// Scribble over every page but the first, whose header is intact.
	for i := 4096; i < len(b); i += 4096 {
		copy(b[i+8:i+64], bytes.Repeat([]byte{0xA5}, 56))
	}
	if err := os.WriteFile(path, b, 0o600); err != nil {
		t.Fatal(err)
	}
	_, err = Open(path)
	checkErr(t, err, path, "corrupt")
}

func TestNewerSchemaRefused(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arcade.db")
	filled(t, path)
	db, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec("PRAGMA user_version = 6"); err != nil {
		t.Fatal(err)
	}
	db.Close()
	if SchemaVersion != 5 {
		t.Fatalf("this test expects schema 5, the code has %d: update it", SchemaVersion)
	}
	_, err = Open(path)
	checkErr(t, err, path, "newer arcade (schema 6, this one knows up to 5): upgrade the arcade")
	_, err = OpenReadOnly(path)
	checkErr(t, err, path, "newer arcade (schema 6, this one knows up to 5): upgrade the arcade")
}

// TestMigrationFromV1 fills a database of schema 1 as the first arcade with
// a store wrote it, opens it with this code and reads everything back.
func TestMigrationFromV1(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arcade.db")
	db, err := sql.Open("sqlite", path+"?_journal_mode=WAL")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	v1 := []string{
		migrations[0],
		"PRAGMA user_version = 1",
		`INSERT INTO tables (id, seq, code, game, status, setup) VALUES ('t7', 7, 'K7MQ2X', 'firetower', 'playing',
			'{"id":"t7","seq":7,"code":"K7MQ2X","game":"firetower","creator":{"id":"key:SHA256:ann","name":"ann"},"host":0,"status":"playing","seed":9,"seats":[{"id":"key:SHA256:ann","name":"ann"},{"bot":"hard"}],"created":"2026-11-26T10:00:00Z"}')`,
		`INSERT INTO moves (table_id, n, seat, action) VALUES ('t7', 0, 0, '{"kind":"place","args":[3,4]}'), ('t7', 1, 1, '{"kind":"pass"}')`,
		`INSERT INTO identities (id, name, chosen, first_seen, last_seen) VALUES ('key:SHA256:ann', 'Ann Lee', 1, 1000, 2000)`,
		`INSERT INTO games (id, table_id, game, started, ended, record) VALUES
			(1, 't1', 'firetower', 1000, 2000, '{"game":"firetower","players":2,"seed":1,"moves":[{"seat":0,"action":{"kind":"place","args":[1]}}]}'),
			(2, 't2', 'labyrinth', NULL, 3000, '{"game":"labyrinth","players":1,"seed":2,"moves":null}'),
			(3, 't12', 'labyrinth', NULL, 4000, '{"game":"labyrinth","players":1,"seed":3,"moves":null}')`,
		`INSERT INTO game_seats (game_id, seat, player_id, name, bot, score, winner) VALUES
			(1, 0, 'key:SHA256:ann', 'ann', '', 5, 1), (1, 1, '', 'bot', 'hard', 2, 0),
			(2, 0, 'key:SHA256:ann', 'ann', '', 0, 0)`,
	}
	for _, q := range v1 {
		if _, err := db.Exec(q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	db.Close()

	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var v int
	if err := s.r.QueryRow("PRAGMA user_version").Scan(&v); err != nil || v != SchemaVersion {
		t.Fatalf("user_version %d (%v) after Open, want %d", v, err, SchemaVersion)
	}
	// Table numbers go on above every one the tables and the history hold.
	if seq, err := s.Setting("table-seq"); err != nil || string(seq) != "12" {
		t.Errorf("table-seq after migration: %q (%v), want 12", seq, err)
	}
	var backfilled int
	if err := s.r.QueryRow("SELECT count(*) FROM game_seats WHERE game <> ''").Scan(&backfilled); err != nil || backfilled != 3 {
		t.Errorf("%d seats carry their game (%v), want 3", backfilled, err)
	}
	ts, err := s.OpenTables()
	if err != nil || len(ts) != 1 {
		t.Fatalf("OpenTables: %d tables, %v", len(ts), err)
	}
	if tb := ts[0]; tb.ID != "t7" || tb.Code != "K7MQ2X" || len(tb.Seats) != 2 || tb.Seats[1].BotLevel != "hard" ||
		len(tb.Moves) != 2 || tb.Moves[0].Action.Args[1] != 4 || tb.Moves[1].Action.Kind != "pass" {
		t.Errorf("table after migration: %+v", tb)
	}
	board, err := s.Leaderboard("firetower", 10)
	if err != nil || len(board) != 1 || board[0] != (store.Standing{PlayerID: "key:SHA256:ann", Name: "Ann Lee", Played: 1, Won: 1}) {
		t.Errorf("Leaderboard after migration: %+v, %v", board, err)
	}
	stats, err := s.Stats("key:SHA256:ann")
	if err != nil || len(stats) != 2 || stats[1] != (store.GameStats{Game: "labyrinth", Played: 1}) {
		t.Errorf("Stats after migration: %+v, %v", stats, err)
	}
	g, err := s.Game(1)
	if err != nil || len(g.Seats) != 2 || g.Seats[1].BotLevel != "hard" || len(g.Record.Moves) != 1 || !g.Ended.Equal(time.Unix(0, 2000)) {
		t.Errorf("Game(1) after migration: %+v, %v", g, err)
	}
	who, err := s.SeePlayer("key:SHA256:ann", "ann", time.Unix(0, 5000))
	if err != nil || who.Name != "Ann Lee" || !who.FirstSeen.Equal(time.Unix(0, 1000)) {
		t.Errorf("SeePlayer after migration: %+v, %v", who, err)
	}
	// The name chosen before folds were kept is kept for its key once
	// folded (rooms.NewHub folds them).
	fold := func(name string) string { return strings.ToLower(strings.ReplaceAll(name, " ", "")) }
	if n, err := s.RefoldNames(fold, "1"); err != nil || n != 1 {
		t.Errorf("RefoldNames after migration: %d, %v", n, err)
	}
	if id, err := s.NameOwner("annlee"); err != nil || id != "key:SHA256:ann" {
		t.Errorf("NameOwner of the name chosen before folds were kept: %q, %v", id, err)
	}
	// And the new code writes to it.
	if _, err := s.SaveGame(&store.Game{Game: "firetower", Seats: []store.GameSeat{{PlayerID: "key:SHA256:ann", Winner: true}}}); err != nil {
		t.Fatal(err)
	}
	if board, _ := s.Leaderboard("firetower", 10); len(board) != 1 || board[0].Won != 2 {
		t.Errorf("Leaderboard after a new game: %+v", board)
	}
}

func TestBackup(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "arcade.db")
	filled(t, path)
	s, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	// Writes that are not checkpointed yet are in the copy too.
	tb := &store.Table{ID: "t2", Seq: 2, Status: "waiting"}
	if err := s.SaveTable(tb, 0); err != nil {
		t.Fatal(err)
	}
	dest := filepath.Join(dir, "backup.db")
	if err := s.Backup(context.Background(), dest); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(dest); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("backup: %v, mode %v", err, fi.Mode().Perm())
	}
	err = s.Backup(context.Background(), dest)
	checkErr(t, err, dest, "exists")
	b, err := Open(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	ts, err := b.OpenTables()
	if err != nil || len(ts) != 2 || len(ts[0].Moves) != 1 {
		t.Errorf("backup's tables: %+v, %v", ts, err)
	}
	if g, err := b.Game(200); err != nil || len(g.Seats[0].Name) != 199 {
		t.Errorf("backup's game 200: %v", err)
	}
	if err := s.Backup(context.Background(), filepath.Join(dir, "no", "such", "dir.db")); err == nil {
		t.Errorf("backup into a missing directory succeeded")
	}
}

func TestCloseTwice(t *testing.T) {
	s := openTemp(t)
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	if _, err := os.Stat(s.Path() + "-wal"); !os.IsNotExist(err) {
		t.Errorf("the WAL is left after Close: %v", err)
	}
}

// TestBatchFailuresIsolated saves from many goroutines at once, so that
// writes share transactions, with every other save refused: the refused
// ones leave nothing, the others are all kept.
func TestBatchFailuresIsolated(t *testing.T) {
	s := openTemp(t)
	defer s.Close()
	const tables, moves = 40, 30
	var wg sync.WaitGroup
	for i := range tables {
		wg.Go(func() {
			tb := &store.Table{ID: fmt.Sprintf("t%d", i), Seq: uint64(i), Status: "playing"}
			for n := range moves {
				tb.Moves = append(tb.Moves, engine.Move{Seat: engine.Seat(i), Action: engine.Action{Kind: "m", Args: []int{n}}})
				bad := *tb
				bad.Status = "bad"
				bad.Moves = append(tb.Moves[:n+1:n+1], engine.Move{Action: engine.Action{Kind: "bad"}})
				if err := s.SaveTable(&bad, n+1); err == nil {
					t.Errorf("table %d: a save with the wrong count succeeded", i)
				}
				if err := s.SaveTable(tb, n); err != nil {
					t.Errorf("table %d: %v", i, err)
				}
			}
		})
	}
	wg.Wait()
	ts, err := s.OpenTables()
	if err != nil || len(ts) != tables {
		t.Fatalf("OpenTables: %d, %v", len(ts), err)
	}
	for _, tb := range ts {
		if tb.Status != "playing" || len(tb.Moves) != moves {
			t.Errorf("table %s: status %s, %d moves", tb.ID, tb.Status, len(tb.Moves))
		}
		for n, mv := range tb.Moves {
			if mv.Action.Kind != "m" || mv.Action.Args[0] != n || int(mv.Seat) != int(tb.Seq) {
				t.Errorf("table %s move %d: %+v", tb.ID, n, mv)
			}
		}
	}
}

func TestWriteAfterClose(t *testing.T) {
	s := openTemp(t)
	s.Close()
	if err := s.SaveTable(&store.Table{ID: "t1"}, 0); !errors.Is(err, ErrClosed) {
		t.Errorf("SaveTable after Close: %v, want ErrClosed", err)
	}
	if _, err := s.SeePlayer("key:a", "a", time.Now()); !errors.Is(err, ErrClosed) {
		t.Errorf("SeePlayer after Close: %v, want ErrClosed", err)
	}
}

// TestSecondOpener opens the file a running store has open, as `arcade
// backup` would from another process, and backs it up while the first
// store goes on writing.
func TestSecondOpener(t *testing.T) {
	path := filepath.Join(t.TempDir(), "arcade.db")
	filled(t, path)
	s1, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer s1.Close()
	tb := &store.Table{ID: "t9", Seq: 9, Status: "playing"}
	if err := s1.SaveTable(tb, 0); err != nil {
		t.Fatal(err)
	}
	s2, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error)
	go func() {
		for n := range 200 {
			tb.Moves = append(tb.Moves, engine.Move{Action: engine.Action{Kind: "m"}})
			if err := s1.SaveTable(tb, n); err != nil {
				done <- err
				return
			}
		}
		done <- nil
	}()
	dest := filepath.Join(t.TempDir(), "copy.db")
	if err := s2.Backup(context.Background(), dest); err != nil {
		t.Fatal(err)
	}
	if err := s2.Close(); err != nil {
		t.Fatal(err)
	}
	if err := <-done; err != nil {
		t.Fatalf("the first store, while the second backed up and closed: %v", err)
	}
	c, err := Open(dest)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	ts, err := c.OpenTables()
	if err != nil || len(ts) != 2 || ts[1].ID != "t9" {
		t.Fatalf("the copy's tables: %+v, %v", ts, err)
	}
	if ts, err := s1.OpenTables(); err != nil || len(ts[1].Moves) != 200 {
		t.Fatalf("the first store's tables after: %v", err)
	}
}

// TestDamagedTable: a table with a move that does not read comes back with
// Damage set, the others whole; set aside, it is listed with its reason and
// moves, never opened again, and its ID stays taken.
func TestDamagedTable(t *testing.T) {
	s := openTemp(t)
	for i, id := range []string{"t1", "t2", "t3"} {
		tb := &store.Table{ID: id, Seq: uint64(i + 1), Game: "firetower", Status: "playing",
			Moves: []engine.Move{{Seat: 0, Action: engine.Action{Kind: "place", Args: []int{1}}}, {Seat: 1, Action: engine.Action{Kind: "pass"}}}}
		if err := s.SaveTable(tb, 0); err != nil {
			t.Fatal(err)
		}
	}
	if err := s.write(func(tx *sql.Tx) error {
		_, err := tx.Exec(`UPDATE moves SET action = '{"kind":' WHERE table_id = 't2' AND n = 1`)
		return err
	}); err != nil {
		t.Fatal(err)
	}
	ts, err := s.OpenTables()
	if err != nil || len(ts) != 3 {
		t.Fatalf("OpenTables: %d tables, %v", len(ts), err)
	}
	for _, tb := range ts {
		damaged := tb.ID == "t2"
		if (tb.Damage != "") != damaged || (!damaged && len(tb.Moves) != 2) {
			t.Errorf("table %s: damage %q, %d moves", tb.ID, tb.Damage, len(tb.Moves))
		}
	}
	if err := s.SetAside("t2", ts[1].Damage, time.Unix(0, 7000)); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAside("t2", "again", time.Unix(0, 8000)); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("setting aside twice: %v", err)
	}
	aside, err := s.SetAsideTables()
	if err != nil || len(aside) != 1 || aside[0].ID != "t2" || aside[0].Moves != 2 || !strings.Contains(aside[0].Reason, "move 2") ||
		!aside[0].At.Equal(time.Unix(0, 7000)) {
		t.Fatalf("SetAsideTables: %+v, %v", aside, err)
	}
	if ts, err := s.OpenTables(); err != nil || len(ts) != 2 || ts[0].ID != "t1" || ts[1].ID != "t3" {
		t.Fatalf("OpenTables after setting t2 aside: %+v, %v", ts, err)
	}
	fresh := &store.Table{ID: "t2", Seq: 9, Status: "waiting", Fresh: true}
	if err := s.SaveTable(fresh, 0); !errors.Is(err, store.ErrTableExists) {
		t.Errorf("a fresh table under the ID set aside: %v", err)
	}
}
