package rooms

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// failingStore is a store whose writes fail while fail is set, as a full
// or failing disk's would.
type failingStore struct {
	*store.Memory
	fail    atomic.Bool
	refused atomic.Int64
	// saveGameFails refuses only SaveGame (a crash before the history has
	// the game).
	saveGameFails atomic.Bool
}

var errDiskFull = errors.New("database or disk is full")

func (f *failingStore) refuse() error {
	if f.fail.Load() {
		f.refused.Add(1)
		return errDiskFull
	}
	return nil
}

func (f *failingStore) SaveTable(t *store.Table, stored int) error {
	if err := f.refuse(); err != nil {
		return err
	}
	return f.Memory.SaveTable(t, stored)
}

func (f *failingStore) DeleteTable(id string) error {
	if err := f.refuse(); err != nil {
		return err
	}
	return f.Memory.DeleteTable(id)
}

func (f *failingStore) SaveGame(g *store.Game) (int64, error) {
	if err := f.refuse(); err != nil {
		return 0, err
	}
	if f.saveGameFails.Load() {
		return 0, errDiskFull
	}
	return f.Memory.SaveGame(g)
}

func (f *failingStore) SeePlayer(id, name string, now time.Time) (store.Identity, error) {
	if err := f.refuse(); err != nil {
		return store.Identity{}, err
	}
	return f.Memory.SeePlayer(id, name, now)
}

func (f *failingStore) UpdateSetting(key string, change func(old []byte) ([]byte, error)) error {
	if err := f.refuse(); err != nil {
		return err
	}
	return f.Memory.UpdateSetting(key, change)
}

// countingObserver counts the refused writes the hub reports.
type countingObserver struct {
	nopObserver
	failed atomic.Int64
}

func (o *countingObserver) StoreFailed(string) { o.failed.Add(1) }

// TestRefusedSaveWaits: while the store refuses writes, a move is neither
// shown nor followed by anything (players keep their screen, marked
// Unsaved, and every command that changes the table is refused with
// ErrUnsaved); the hub is not ready and counts the refusals. Once the store
// takes writes again the move is shown once and kept once.
func TestRefusedSaveWaits(t *testing.T) {
	db := &failingStore{Memory: store.NewMemory()}
	obs := &countingObserver{}
	h := testHub(t, Config{Store: db, Observe: obs})
	ann, bob, cat := connect(t, h, "ann"), connect(t, h, "bob"), connect(t, h, "cat")
	id := startToy(t, toyID, engine.Options{"target": "50"}, ann, bob)
	must(t, cat.Watch(id))
	cat.seated()
	if !h.StoreOK() {
		t.Fatal("the hub reports the store failing before any failure")
	}

	db.fail.Store(true)
	must(t, ann.Act(addOne)) // taken, in flight: shown once kept
	for _, p := range []*probe{ann, bob, cat} {
		u := p.table("the table waits", func(u *TableUpdate) bool { return u.Unsaved })
		if view(t, u).Count != 0 || len(u.Legal) != 0 {
			t.Fatalf("%s sees an unsaved move or moves to make: %s legal=%v", p.Player().Name, show(u), u.Legal)
		}
	}
	if err := bob.Act(addOne); !errors.Is(err, ErrUnsaved) {
		t.Fatalf("bob moving at a waiting table: %v", err)
	}
	if err := ann.Say("hello"); !errors.Is(err, ErrUnsaved) {
		t.Fatalf("chat at a waiting table: %v", err)
	}
	if h.StoreOK() || h.TablesWaiting() != 1 {
		t.Fatalf("StoreOK %v, %d tables waiting, want false and 1", h.StoreOK(), h.TablesWaiting())
	}
	// A new table is never shown when it cannot be kept.
	dan := connect(t, h, "dan")
	if err := dan.Create(toyID, 2, false, nil); !errors.Is(err, errNoSeq) {
		t.Fatalf("creating a table while the store fails: %v", err)
	}
	if _, tb, _ := dan.where(); tb != nil {
		t.Fatal("dan sits at a table the store never kept")
	}
	time.Sleep(2 * saveRetry) // the table tries again, and is refused again
	if got := movesOf(t, h, id); len(got) != 1 {
		t.Fatalf("the table made %d moves while it waited, want the 1 in flight", len(got))
	}

	db.fail.Store(false)
	for _, p := range []*probe{ann, bob, cat} {
		u := p.table("the move, once kept", func(u *TableUpdate) bool { return !u.Unsaved && view(t, u).Count == 1 })
		if p == bob && len(u.Legal) == 0 {
			t.Fatalf("bob may not move after the table was saved: %s", show(u))
		}
	}
	if rec, err := db.Memory.OpenTables(); err != nil || len(rec) != 1 || len(rec[0].Moves) != 1 {
		t.Fatalf("the store holds %v (%v), want one table with one move", rec, err)
	}
	if h.TablesWaiting() != 0 || obs.failed.Load() == 0 {
		t.Fatalf("%d tables wait, %d refusals counted", h.TablesWaiting(), obs.failed.Load())
	}
	must(t, bob.Act(addOne))
	ann.table("bob's move", func(u *TableUpdate) bool { return view(t, u).Count == 2 })
}

// TestRefusedSaveStopsBots: a bot does not play on at a table that waits
// for the store; it plays once the table is saved.
func TestRefusedSaveStopsBots(t *testing.T) {
	db := &failingStore{Memory: store.NewMemory()}
	h := testHub(t, Config{Store: db})
	ann := connect(t, h, "ann")
	id := startAgainstBot(t, ann)
	ann.table("ann to move", func(u *TableUpdate) bool { return slices.Contains(u.Pending, 0) })
	db.fail.Store(true)
	must(t, ann.Act(addOne))
	ann.table("the table waits", func(u *TableUpdate) bool { return u.Unsaved })
	time.Sleep(200 * time.Millisecond) // many bot delays
	if got := movesOf(t, h, id); len(got) != 1 {
		t.Fatalf("%d moves while the table waited, want 1", len(got))
	}
	db.fail.Store(false)
	ann.table("the bot's move", func(u *TableUpdate) bool { return !u.Unsaved && view(t, u).Count >= 2 })
}

// TestTableIDsNeverRepeat: a table opened after a restart never takes the
// ID of one opened before it, even when the earlier one is gone from the
// store; and a first save that finds another table under its ID fails
// with store.ErrTableExists.
func TestTableIDsNeverRepeat(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db}
	h := testHub(t, cfg)
	ann := connect(t, h, "ann")
	seen := map[string]bool{}
	for range 3 {
		must(t, ann.Create(toyID, 2, false, nil))
		seen[ann.seated().Table.ID] = true
		must(t, ann.Leave())
		ann.lobbyWhere("lobby", func(*LobbyUpdate) bool { return true })
	}
	h2 := restartHub(t, h, cfg)
	ann2 := connect(t, h2, "ann")
	must(t, ann2.Create(toyID, 2, false, nil))
	if id := ann2.seated().Table.ID; seen[id] {
		t.Fatalf("table ID %s given again after a restart (before: %v)", id, seen)
	}

	rec := store.Table{ID: "t999", Seq: 999, Code: "ABCDEF", Game: toyID, Status: "waiting", Seats: make([]store.Seat, 2)}
	must(t, db.SaveTable(&rec, 0))
	rec.Fresh = true
	if err := db.SaveTable(&rec, 0); !errors.Is(err, store.ErrTableExists) {
		t.Fatalf("a fresh table saved over another: %v", err)
	}
}

// TestNewKeysPerAddress: an address that brings more new keys than
// NewKeysPerAddr allows is not recorded for the next ones, though they
// play; a key seen before is recorded as ever, and one that chooses a name
// is kept with it.
func TestNewKeysPerAddress(t *testing.T) {
	db := store.NewMemory()
	h := testHub(t, Config{Store: db, NewKeysPerAddr: 2})
	key := func(i int) Player {
		return Player{ID: fmt.Sprintf("key:SHA256:k%d", i), Name: fmt.Sprintf("k%d", i), Addr: "192.0.2.1"}
	}
	for i := range 4 {
		h.Connect(key(i)).Close()
	}
	for i := range 4 {
		if known, _ := db.KnowsPlayer(key(i).ID); known != (i < 2) {
			t.Errorf("key %d recorded: %v, want %v", i, known, i < 2)
		}
	}
	h.Connect(key(0)).Close() // seen before: recorded as ever
	other := key(9)
	other.Addr = "192.0.2.2"
	h.Connect(other).Close()
	if known, _ := db.KnowsPlayer(other.ID); !known {
		t.Error("a key from another address was not recorded")
	}
	c := h.Connect(key(3))
	if _, err := c.Rename("Dora"); err != nil {
		t.Fatal(err)
	}
	if who, err := db.SeePlayer(key(3).ID, "x", time.Now()); err != nil || who.Name != "Dora" {
		t.Errorf("a named key: %+v, %v", who, err)
	}
}

// TestIdleKeysForgotten: at its start the hub forgets the keys idle for
// longer than ForgetKeysAfter that never chose a name nor sat at a table.
func TestIdleKeysForgotten(t *testing.T) {
	db := store.NewMemory()
	long := time.Now().Add(-48 * time.Hour)
	for _, id := range []string{"key:SHA256:idle", "key:SHA256:named"} {
		if _, err := db.SeePlayer(id, "x", long); err != nil {
			t.Fatal(err)
		}
	}
	must(t, db.SetName("key:SHA256:named", "Named", "named"))
	testHub(t, Config{Store: db, ForgetKeysAfter: 24 * time.Hour})
	until(t, "the idle key forgotten", func() bool { known, _ := db.KnowsPlayer("key:SHA256:idle"); return !known })
	if known, _ := db.KnowsPlayer("key:SHA256:named"); !known {
		t.Error("a key that chose a name was forgotten")
	}
}

// TestRefusedSaveRestartsWindow: a response window that opened with a
// change the store refused runs, whole, once the table is saved, and
// closes by itself.
func TestRefusedSaveRestartsWindow(t *testing.T) {
	db := &failingStore{Memory: store.NewMemory()}
	h := testHub(t, Config{Store: db, ResponseWindow: 50 * time.Millisecond})
	ann, bob := connect(t, h, "ann"), connect(t, h, "bob")
	startToy(t, toyID, engine.Options{"target": "50", "window": "true"}, ann, bob)
	db.fail.Store(true)
	must(t, ann.Act(addOne))
	bob.table("the table waits", func(u *TableUpdate) bool { return u.Unsaved })
	time.Sleep(3 * saveRetry / 2)
	db.fail.Store(false)
	bob.table("the window, once saved", func(u *TableUpdate) bool { return !u.Unsaved && slices.Contains(u.Pending, 1) })
	ann.table("the window closed by itself", func(u *TableUpdate) bool { return view(t, u).Turn == 1 && !slices.Contains(view(t, u).Answering, 1) })
}
