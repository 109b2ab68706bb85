// Package storetest is the conformance suite of store.Store: every
// implementation's tests call Run, so that they all keep the contract that
// store.go documents in the same way.
package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// Run runs the suite. open returns a new, empty store for one subtest (Run
// closes it); a store that reopens itself between calls proves durability.
func Run(t *testing.T, open func(t *testing.T) store.Store) {
	for _, c := range []struct {
		name string
		test func(t *testing.T, s store.Store)
	}{
		{"TableRoundTrip", tableRoundTrip},
		{"MovesAppendedAcrossSaves", movesAppended},
		{"WrongStoredRefused", wrongStored},
		{"FreshIDTaken", freshIDTaken},
		{"CallerSlicesNotShared", callerSlices},
		{"SeqOrder", seqOrder},
		{"DeleteTable", deleteTable},
		{"Identities", identities},
		{"SetNameUnknown", setNameUnknown},
		{"RefoldNames", refoldNames},
		{"ForgetIdle", forgetIdle},
		{"SaveGameAndGame", saveGame},
		{"OneGamePerTable", oneGamePerTable},
		{"Games", games},
		{"Stats", stats},
		{"Leaderboard", leaderboard},
		{"Concurrent", concurrent},
		{"Settings", settings},
	} {
		t.Run(c.name, func(t *testing.T) {
			s := open(t)
			defer func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			}()
			c.test(t, s)
		})
	}
}

// at is a test time, in UTC with nanoseconds.
func at(min int) time.Time {
	return time.Date(2026, 11, 26, 10, min, 7, 123456789, time.UTC)
}

// table is a waiting table with seq and three seats.
func table(seq uint64) *store.Table {
	return &store.Table{
		ID: fmt.Sprintf("t%d", seq), Seq: seq, Code: fmt.Sprintf("K7MQ%02d", seq%100), Game: "firelibrary",
		Options: engine.Options{"mode": "standard", "fire": "wild"},
		Creator: store.Player{ID: "key:SHA256:ann", Name: "ann", Addr: "127.0.0.1:5000"},
		Status:  "waiting", Seed: 42 + seq,
		Seats: []store.Seat{
			{ID: "key:SHA256:ann", Name: "ann"},
			{ID: "guest:7", Name: "bob", Guest: true},
			{},
		},
		Created: at(0),
	}
}

// move is the i-th test move.
func move(i int) engine.Move {
	return engine.Move{Seat: engine.Seat(i % 3), Action: engine.Action{Kind: fmt.Sprintf("act%d", i%4), Args: []int{i, i * 2}}}
}

// start makes t a started game with a bot in its last seat.
func start(t *store.Table) {
	t.Status = "playing"
	t.Started = at(1)
	t.Shared = true
	t.Seats[2] = store.Seat{BotLevel: "hard"}
	t.Host = 1
}

// sameTable fails unless got is want with its moves (times compared as
// instants, nil and empty alike).
func sameTable(t *testing.T, got, want store.Table) {
	t.Helper()
	if g, w := tableJSON(got), tableJSON(want); g != w {
		t.Errorf("table %s:\n got %s\nwant %s", want.ID, g, w)
	}
	if g, w := movesJSON(got.Moves), movesJSON(want.Moves); g != w {
		t.Errorf("table %s moves:\n got %s\nwant %s", want.ID, g, w)
	}
}

func tableJSON(t store.Table) string {
	t.Created, t.Started = t.Created.UTC(), t.Started.UTC()
	b, err := json.Marshal(t)
	if err != nil {
		panic(err)
	}
	return string(b)
}

func movesJSON(m []engine.Move) string {
	if len(m) == 0 {
		return "[]"
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return string(b)
}

// openTables returns the open tables, failing on an error.
func openTables(t *testing.T, s store.Store) []store.Table {
	t.Helper()
	ts, err := s.OpenTables()
	if err != nil {
		t.Fatalf("OpenTables: %v", err)
	}
	return ts
}

// only returns the one open table.
func only(t *testing.T, s store.Store) store.Table {
	t.Helper()
	ts := openTables(t, s)
	if len(ts) != 1 {
		t.Fatalf("OpenTables: %d tables, want 1", len(ts))
	}
	return ts[0]
}

func save(t *testing.T, s store.Store, tb *store.Table, stored int) {
	t.Helper()
	if err := s.SaveTable(tb, stored); err != nil {
		t.Fatalf("SaveTable(%s, %d): %v", tb.ID, stored, err)
	}
}

func tableRoundTrip(t *testing.T, s store.Store) {
	if ts := openTables(t, s); len(ts) != 0 {
		t.Fatalf("a new store has %d open tables", len(ts))
	}
	tb := table(1)
	save(t, s, tb, 0)
	sameTable(t, only(t, s), *tb)

	// The setup changes with no new move: saved again with everything.
	tb.Private = true
	tb.Seats[2] = store.Seat{ID: "key:SHA256:cy", Name: "cy", Left: true, TimedOut: true}
	tb.Host = 2
	save(t, s, tb, 0)
	sameTable(t, only(t, s), *tb)
}

func movesAppended(t *testing.T, s store.Store) {
	tb := table(1)
	start(tb)
	tb.Moves = []engine.Move{move(0), move(1), move(2)}
	save(t, s, tb, 0)
	sameTable(t, only(t, s), *tb)
	for i := 3; i < 10; i++ {
		tb.Moves = append(tb.Moves, move(i))
		save(t, s, tb, i)
	}
	tb.Moves = append(tb.Moves, move(10), move(11))
	tb.Seats[0].TimedOut = true
	save(t, s, tb, 10)
	sameTable(t, only(t, s), *tb)
	// A move without arguments, and a save with nothing new.
	tb.Moves = append(tb.Moves, engine.Move{Seat: 1, Action: engine.Action{Kind: "pass"}})
	save(t, s, tb, 12)
	tb.Status = "finished"
	save(t, s, tb, 13)
	got := only(t, s)
	sameTable(t, got, *tb)
	if len(got.Moves) != 13 {
		t.Fatalf("%d moves, want 13", len(got.Moves))
	}
}

func wrongStored(t *testing.T, s store.Store) {
	tb := table(1)
	start(tb)
	tb.Moves = []engine.Move{move(0), move(1), move(2), move(3)}
	save(t, s, tb, 0)
	before := only(t, s)

	// The table changes, but every save below says the wrong count.
	changed := *tb
	changed.Status = "finished"
	changed.Seats = []store.Seat{{Name: "nobody"}}
	changed.Moves = append(append([]engine.Move(nil), tb.Moves...), move(4), move(5))
	for _, stored := range []int{0, 3, 5, 6} {
		if err := s.SaveTable(&changed, stored); err == nil {
			t.Errorf("SaveTable with stored %d (4 are) succeeded", stored)
		}
		sameTable(t, only(t, s), before)
	}
	// stored beyond the table's own moves: refused, no panic.
	short := *tb
	short.Moves = tb.Moves[:2]
	if err := s.SaveTable(&short, 4); err == nil {
		t.Errorf("SaveTable with stored 4 of 2 moves succeeded")
	}
	sameTable(t, only(t, s), before)

	// A table never saved has 0 moves stored.
	nt := table(2)
	nt.Moves = []engine.Move{move(0), move(1)}
	if err := s.SaveTable(nt, 1); err == nil {
		t.Errorf("SaveTable of a new table with stored 1 succeeded")
	}
	sameTable(t, only(t, s), before)

	// The right count still works after the refusals.
	save(t, s, &changed, 4)
	sameTable(t, only(t, s), changed)
}

// freshIDTaken: a table's first save (Fresh) fails with ErrTableExists when
// another table is stored under its ID, and writes nothing.
func freshIDTaken(t *testing.T, s store.Store) {
	tb := table(1)
	tb.Fresh = true
	save(t, s, tb, 0)
	tb.Fresh = false
	start(tb)
	tb.Moves = []engine.Move{move(0)}
	save(t, s, tb, 0)
	before := only(t, s)

	other := table(1)
	other.Code = "ZZZZZZ"
	other.Fresh = true
	if err := s.SaveTable(other, 0); !errors.Is(err, store.ErrTableExists) {
		t.Errorf("a fresh table saved under a taken ID: %v, want ErrTableExists", err)
	}
	sameTable(t, only(t, s), before)
}

func callerSlices(t *testing.T, s store.Store) {
	tb := table(1)
	tb.Moves = []engine.Move{move(0)}
	save(t, s, tb, 0)
	want := only(t, s)
	tb.Seats[0].Name = "changed"
	tb.Options["mode"] = "changed"
	tb.Moves[0].Action.Args[0] = 99
	got := only(t, s)
	if got.Seats[0].Name != "ann" || got.Options["mode"] != "standard" || got.Moves[0].Action.Args[0] != 0 {
		t.Errorf("the store shares the caller's slices: %+v", got)
	}
	sameTable(t, got, want)
}

func seqOrder(t *testing.T, s store.Store) {
	var all []*store.Table
	for _, seq := range []uint64{3, 1, 12, 2} {
		tb := table(seq)
		for i := range int(seq) {
			tb.Moves = append(tb.Moves, move(i+int(seq)))
		}
		save(t, s, tb, 0)
		all = append(all, tb)
	}
	// More moves for one of them, later.
	all[0].Moves = append(all[0].Moves, move(50))
	save(t, s, all[0], 3)
	ts := openTables(t, s)
	if len(ts) != 4 {
		t.Fatalf("%d open tables, want 4", len(ts))
	}
	for i, seq := range []uint64{1, 2, 3, 12} {
		if ts[i].Seq != seq {
			t.Fatalf("table %d has seq %d, want %d (Seq order)", i, ts[i].Seq, seq)
		}
		for _, tb := range all {
			if tb.Seq == seq {
				sameTable(t, ts[i], *tb)
			}
		}
	}
}

func deleteTable(t *testing.T, s store.Store) {
	a, b := table(1), table(2)
	a.Moves = []engine.Move{move(0), move(1)}
	save(t, s, a, 0)
	save(t, s, b, 0)
	if err := s.DeleteTable(a.ID); err != nil {
		t.Fatalf("DeleteTable: %v", err)
	}
	sameTable(t, only(t, s), *b)
	if err := s.DeleteTable("t404"); err != nil {
		t.Errorf("DeleteTable of an unknown table: %v", err)
	}
	// The ID can be used again, from no moves.
	if err := s.SaveTable(a, 2); err == nil {
		t.Errorf("SaveTable after DeleteTable with the old count succeeded")
	}
	a.Moves = a.Moves[:1]
	save(t, s, a, 0)
	ts := openTables(t, s)
	if len(ts) != 2 {
		t.Fatalf("%d open tables, want 2", len(ts))
	}
	sameTable(t, ts[0], *a)
	for _, id := range []string{a.ID, b.ID} {
		if err := s.DeleteTable(id); err != nil {
			t.Fatalf("DeleteTable: %v", err)
		}
	}
	if ts := openTables(t, s); len(ts) != 0 {
		t.Fatalf("%d open tables after deleting all", len(ts))
	}
}

func concurrent(t *testing.T, s store.Store) {
	const tables, moves = 8, 25
	var wg sync.WaitGroup
	errs := make(chan error, tables*moves*2)
	for i := range tables {
		wg.Go(func() {
			tb := table(uint64(i + 1))
			start(tb)
			for n := range moves {
				tb.Moves = append(tb.Moves, move(n))
				if err := s.SaveTable(tb, n); err != nil {
					errs <- err
					return
				}
			}
		})
		wg.Go(func() {
			for n := range moves {
				if _, err := s.OpenTables(); err != nil {
					errs <- err
					return
				}
				if _, err := s.SeePlayer(fmt.Sprintf("key:SHA256:p%d", i), "p", at(n)); err != nil {
					errs <- err
					return
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	ts := openTables(t, s)
	if len(ts) != tables {
		t.Fatalf("%d open tables, want %d", len(ts), tables)
	}
	for _, tb := range ts {
		if len(tb.Moves) != moves {
			t.Errorf("table %s: %d moves, want %d", tb.ID, len(tb.Moves), moves)
		}
		for n, mv := range tb.Moves {
			if movesJSON([]engine.Move{mv}) != movesJSON([]engine.Move{move(n)}) {
				t.Errorf("table %s move %d is %+v", tb.ID, n, mv)
			}
		}
	}
}

// settings checks store.Settings, which every store implements: values by
// key, an update that sees the current value, a failed change that keeps
// it, and concurrent updates that all count.
func settings(t *testing.T, s store.Store) {
	kv, ok := s.(store.Settings)
	if !ok {
		t.Fatalf("%T does not implement store.Settings", s)
	}
	if v, err := kv.Setting("bans"); err != nil || v != nil {
		t.Fatalf("an unset setting: %q, %v", v, err)
	}
	put := func(v string) {
		t.Helper()
		if err := kv.UpdateSetting("bans", func([]byte) ([]byte, error) { return []byte(v), nil }); err != nil {
			t.Fatal(err)
		}
	}
	put("[1]")
	var seen string
	if err := kv.UpdateSetting("bans", func(old []byte) ([]byte, error) { seen = string(old); return []byte("[1,2]"), nil }); err != nil {
		t.Fatal(err)
	}
	if seen != "[1]" {
		t.Fatalf("the update saw %q, want [1]", seen)
	}
	refuse := errors.New("no")
	if err := kv.UpdateSetting("bans", func([]byte) ([]byte, error) { return []byte("x"), refuse }); !errors.Is(err, refuse) {
		t.Fatalf("a refused change: %v", err)
	}
	if v, err := kv.Setting("bans"); err != nil || string(v) != "[1,2]" {
		t.Fatalf("after a refused change: %q, %v", v, err)
	}
	put("0")
	var wg sync.WaitGroup
	for range 8 {
		wg.Go(func() {
			err := kv.UpdateSetting("bans", func(old []byte) ([]byte, error) {
				var n int
				if _, err := fmt.Sscan(string(old), &n); err != nil {
					return nil, err
				}
				return []byte(fmt.Sprint(n + 1)), nil
			})
			if err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	if v, _ := kv.Setting("bans"); string(v) != "8" {
		t.Fatalf("8 concurrent increments made %q", v)
	}
	// Keys hold any characters: a player's key ID has colons, a plus and
	// a slash.
	odd := "link:key:SHA256:ab+c/d=="
	if err := kv.UpdateSetting(odd, func([]byte) ([]byte, error) { return []byte("x"), nil }); err != nil {
		t.Fatalf("a key with odd characters: %v", err)
	}
	if v, err := kv.Setting(odd); err != nil || string(v) != "x" {
		t.Fatalf("a key with odd characters reads %q, %v", v, err)
	}
	if v, err := kv.Setting("link:key:SHA256:ab+c/d="); err != nil || v != nil {
		t.Fatalf("another key reads %q, %v", v, err)
	}
	if v, _ := kv.Setting("other"); v != nil {
		t.Fatalf("another key: %q", v)
	}
}
