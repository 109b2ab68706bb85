package natsbus

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats-server/v2/server"

	"arcade/engine"
	"arcade/rooms/natsbus/natsd"
	"arcade/rooms/store"
	"arcade/rooms/store/storetest"
)

// embedded starts a server with no port in a temporary directory.
func embedded(t testing.TB) *server.Server {
	t.Helper()
	s, err := natsd.Embedded(t.TempDir(), "")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		s.Shutdown()
		s.WaitForShutdown()
	})
	return s
}

// conn connects node to s with short leases.
func conn(t testing.TB, s *server.Server, node string) *Conn {
	t.Helper()
	c, err := ConnectEmbedded(node, s, Options{LeaseEvery: 100 * time.Millisecond, LeaseTTL: 800 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// newStore opens a Store on a new connection to s.
func newStore(t testing.TB, s *server.Server, node string) *Store {
	t.Helper()
	st, err := NewStore(conn(t, s, node).JetStream(), 1)
	if err != nil {
		t.Fatal(err)
	}
	return st
}

func TestConformance(t *testing.T) {
	storetest.Run(t, func(t *testing.T) store.Store { return newStore(t, embedded(t), "n1") })
}

// testTable is a started table with n moves.
func testTable(id string, n int) *store.Table {
	tb := &store.Table{ID: id, Seq: 1, Code: "K7MQ2X", Game: "firelibrary", Status: "playing",
		Seats: []store.Seat{{ID: "key:SHA256:ann", Name: "ann"}, {BotLevel: "hard"}}, Created: time.Now()}
	for range n {
		addMove(tb)
	}
	return tb
}

// addMove appends the table's next move.
func addMove(tb *store.Table) {
	n := len(tb.Moves)
	tb.Moves = append(tb.Moves, engine.Move{Seat: engine.Seat(n % 2), Action: engine.Action{Kind: "draw", Args: []int{n}}})
}

func sameMoves(t *testing.T, got, want []engine.Move) {
	t.Helper()
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("moves %v, want %v", got, want)
	}
}

func TestFencing(t *testing.T) {
	srv := embedded(t)
	a, b := newStore(t, srv, "a"), newStore(t, srv, "b")
	tb := testTable("t1-a", 3)
	if err := a.SaveTable(tb, 0); err != nil {
		t.Fatal(err)
	}
	addMove(tb)
	if err := a.SaveTable(tb, 3); err != nil {
		t.Fatal(err)
	}
	// A second store creating the same table is fenced out too.
	if err := b.SaveTable(testTable("t1-a", 1), 0); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("B creates A's table: %v, want ErrFenced", err)
	}

	got, err := b.TakeTable("t1-a")
	if err != nil {
		t.Fatal(err)
	}
	sameMoves(t, got.Moves, tb.Moves)
	if got.Status != "playing" || len(got.Seats) != 2 {
		t.Fatalf("taken table %+v", got)
	}

	stale := *tb
	addMove(&stale)
	if err := a.SaveTable(&stale, 4); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("A writes after B took the table: %v, want ErrFenced", err)
	}
	// Nor does a batch of moves and a new setup get in, even in part.
	a2 := newStore(t, srv, "a2")
	if _, err := a2.TakeTable("t1-a"); err != nil {
		t.Fatal(err)
	}
	addMove(&stale)
	stale.Status = "finished"
	if err := b.SaveTable(&stale, 4); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("B writes a batch after A2 took the table: %v, want ErrFenced", err)
	}
	if got, err = b.TakeTable("t1-a"); err != nil {
		t.Fatal(err)
	}
	sameMoves(t, got.Moves, tb.Moves)
	if got.Status != "playing" {
		t.Fatalf("a refused batch wrote status %q", got.Status)
	}
	addMove(&got)
	addMove(&got)
	if err := b.SaveTable(&got, 4); err != nil {
		t.Fatalf("B writes: %v", err)
	}
	c := newStore(t, srv, "c")
	open, err := c.OpenTables()
	if err != nil || len(open) != 1 {
		t.Fatalf("OpenTables: %v, %d tables", err, len(open))
	}
	sameMoves(t, open[0].Moves, got.Moves)

	if _, err := c.TakeTable("t404"); !errors.Is(err, store.ErrNotFound) {
		t.Fatalf("TakeTable of no table: %v, want ErrNotFound", err)
	}
}

func TestTakeTableRace(t *testing.T) {
	srv := embedded(t)
	owner := newStore(t, srv, "owner")
	tb := testTable("t7-owner", 2)
	if err := owner.SaveTable(tb, 0); err != nil {
		t.Fatal(err)
	}
	for round := range 5 {
		x, y := newStore(t, srv, fmt.Sprintf("x%d", round)), newStore(t, srv, fmt.Sprintf("y%d", round))
		var took [2]store.Table
		var errs [2]error
		var wg sync.WaitGroup
		for i, s := range []*Store{x, y} {
			wg.Go(func() { took[i], errs[i] = s.TakeTable(tb.ID) })
		}
		wg.Wait()
		var wins int
		for i, s := range []*Store{x, y} {
			if errs[i] != nil {
				t.Fatalf("TakeTable: %v", errs[i])
			}
			next := took[i]
			addMove(&next)
			switch err := s.SaveTable(&next, len(took[i].Moves)); {
			case err == nil:
				wins++
				tb = &next
			case !errors.Is(err, store.ErrFenced):
				t.Fatalf("SaveTable: %v", err)
			}
		}
		if wins != 1 {
			t.Fatalf("round %d: %d writers won, want 1", round, wins)
		}
	}
	got, err := newStore(t, srv, "reader").TakeTable(tb.ID)
	if err != nil {
		t.Fatal(err)
	}
	sameMoves(t, got.Moves, tb.Moves)
}

// TestExpectNoMessage checks what the store relies on: an expected last
// sequence per subject of 0 means "no message on the subject yet".
func TestExpectNoMessage(t *testing.T) {
	srv := embedded(t)
	a, b := newStore(t, srv, "a"), newStore(t, srv, "b")
	if err := a.SaveTable(testTable("t1", 0), 0); err != nil {
		t.Fatalf("first write with expected sequence 0: %v", err)
	}
	if err := b.SaveTable(testTable("t1", 0), 0); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("second first write: %v, want ErrFenced", err)
	}
	if err := a.DeleteTable("t1"); err != nil {
		t.Fatal(err)
	}
	if err := b.SaveTable(testTable("t1", 0), 0); err != nil {
		t.Fatalf("first write after a purge: %v", err)
	}
}

func TestGamesConverge(t *testing.T) {
	srv := embedded(t)
	a, b := newStore(t, srv, "a"), newStore(t, srv, "b")
	g := &store.Game{TableID: "t1", Game: "firetower", Seats: []store.GameSeat{{PlayerID: "key:SHA256:ann", Name: "ann", Winner: true}}}
	id, err := a.SaveGame(g)
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(10 * time.Second)
	for {
		games, err := b.Games("key:SHA256:ann", 10)
		if err != nil {
			t.Fatal(err)
		}
		if len(games) == 1 && games[0].ID == id {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("B's index has %+v, want game %d", games, id)
		}
		time.Sleep(10 * time.Millisecond)
	}
	// A store opened later loads the games before NewStore returns.
	if games, _ := newStore(t, srv, "c").Games("key:SHA256:ann", 10); len(games) != 1 {
		t.Fatalf("a new store has %d games", len(games))
	}
}

// forgetAnswer makes the store's last write of table id one whose answer
// never came (as when JetStream loses its quorum while the write is
// kept): the store knows the table as it was before, with the write
// unsure.
func forgetAnswer(t *testing.T, s *Store, id string, before func()) {
	t.Helper()
	ts := s.state(id)
	ts.mu.Lock()
	seq, moves, setup := ts.seq, ts.moves, ts.setup
	ts.mu.Unlock()
	before()
	var write [][]byte
	err := s.scan(context.Background(), tablesPrefix+id, seq+1, func(_ uint64, _ string, data []byte) bool {
		write = append(write, data)
		return true
	})
	if err != nil {
		t.Fatal(err)
	}
	ts.mu.Lock()
	ts.seq, ts.moves, ts.setup, ts.unsure = seq, moves, setup, [][][]byte{write}
	ts.mu.Unlock()
}

// TestUnsureWriteKept: a write whose answer never came but that JetStream
// kept makes the table's next write fail its expected sequence. The store
// tells its own write from another store's: the table goes on with each
// move stored once, where another store's fence after it still fences.
func TestUnsureWriteKept(t *testing.T) {
	srv := embedded(t)
	a := newStore(t, srv, "a")
	tb := testTable("t1-a", 2)
	tb.Fresh = true
	forgetAnswer(t, a, tb.ID, func() {
		if err := a.SaveTable(tb, 0); err != nil {
			t.Fatal(err)
		}
	})
	// Tried again, the first save is not taken for another table's.
	if err := a.SaveTable(tb, 0); err != nil {
		t.Fatalf("the first save again: %v", err)
	}
	tb.Fresh = false
	addMove(tb)
	forgetAnswer(t, a, tb.ID, func() {
		if err := a.SaveTable(tb, 2); err != nil {
			t.Fatal(err)
		}
	})
	// The table waited, and something changed meanwhile.
	tb.Seats[1].Left = true
	if err := a.SaveTable(tb, 2); err != nil {
		t.Fatalf("the save again: %v", err)
	}
	addMove(tb)
	if err := a.SaveTable(tb, 3); err != nil {
		t.Fatal(err)
	}
	open, err := newStore(t, srv, "reader").OpenTables()
	if err != nil || len(open) != 1 {
		t.Fatalf("OpenTables: %v, %d tables", err, len(open))
	}
	sameMoves(t, open[0].Moves, tb.Moves)
	if !open[0].Seats[1].Left {
		t.Fatal("the change made while the table waited is not stored")
	}

	// Another store takes the table after the unsure write: fenced.
	addMove(tb)
	forgetAnswer(t, a, tb.ID, func() {
		if err := a.SaveTable(tb, 4); err != nil {
			t.Fatal(err)
		}
	})
	if _, err := newStore(t, srv, "b").TakeTable(tb.ID); err != nil {
		t.Fatal(err)
	}
	if err := a.SaveTable(tb, 4); !errors.Is(err, store.ErrFenced) {
		t.Fatalf("a writes after b took the table: %v, want ErrFenced", err)
	}
}
