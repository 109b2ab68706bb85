package rooms

import (
	"errors"
	"slices"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// restartHub closes h (as a graceful restart does) and starts a new hub on
// the same store.
func restartHub(t *testing.T, h *Hub, cfg Config) *Hub {
	t.Helper()
	h.Close()
	return testHub(t, cfg)
}

// TestRestartBringsTablesBack: a game under way and a waiting table come
// back after a restart, with their seats, codes, options and moves; a
// player who reconnects is in their seat with their secret, and the game
// goes on to the outcome an uninterrupted run of the same moves reaches.
func TestRestartBringsTablesBack(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db, AwayGrace: time.Hour, Seed: func() uint64 { return 42 }}
	h := testHub(t, cfg)
	a, b, c := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cat")
	id := startToy(t, toyID, engine.Options{"target": "10"}, a, b)
	secret := view(t, a.tu).Secret
	must(t, a.Act(addTwo))
	must(t, b.Act(addOne))
	a.table("count 3", func(u *TableUpdate) bool { return view(t, u).Count == 3 })
	must(t, c.Create(toyID, 3, true, engine.Options{"target": "50"}))
	waiting := c.seated()

	h2 := restartHub(t, h, cfg)
	if n := len(h2.Tables()); n != 2 {
		t.Fatalf("%d tables after the restart, want 2", n)
	}
	a2 := connect(t, h2, "anna")
	u := a2.seated()
	if u.Table.ID != id || u.You != 0 || view(t, u).Secret != secret || view(t, u).Count != 3 || u.Table.Status != Playing {
		t.Fatalf("anna after the restart: %s", show(u))
	}
	if !u.Seats[1].Empty && u.Seats[1].Connected {
		t.Fatalf("bob is not back yet but shows as connected: %+v", u.Seats[1])
	}
	b2 := connect(t, h2, "bob")
	b2.seated()
	if err := b2.Act(addOne); !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("bob moved out of turn after the restart: %v", err)
	}
	must(t, a2.Act(addOne)) // it was anna's turn when the server went down
	c2 := connect(t, h2, "cat")
	if w := c2.seated(); w.Table.ID != waiting.Table.ID || w.Code != waiting.Code || !w.Table.Private || w.Options["target"] != "50" {
		t.Fatalf("the waiting table came back as %s (code %q, options %v)", show(w), w.Code, w.Options)
	}

	// Play on to the end; the result is the one the same moves give
	// without a restart.
	for turn := 0; ; turn++ {
		u := a2.table("next", func(u *TableUpdate) bool { return true })
		if u.Outcome.Done {
			break
		}
		p := map[bool]*probe{true: a2, false: b2}[view(t, u).Turn == 0]
		if err := p.Act(addOne); err != nil && !errors.Is(err, ErrNotYourTurn) {
			t.Fatal(err)
		}
		p.table("moved", func(*TableUpdate) bool { return true })
		if turn > 50 {
			t.Fatal("the game does not end")
		}
	}
	moves := movesOf(t, h2, id)
	want, err := engine.Replay(toyGame{id: toyID}, engine.Record{Game: toyID, Players: 2, Options: engine.Options{"target": "10", "window": "false", "reask": "false"}, Seed: 42, Moves: moves})
	if err != nil {
		t.Fatalf("the moves of the restored game do not replay: %v", err)
	}
	var games []store.Game
	for deadline := time.Now().Add(patience); len(games) == 0 && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		games, _ = db.Games("key:anna", 10) // saved off the table's goroutine
	}
	if len(games) != 1 || games[0].TableID != id || !slices.ContainsFunc(games[0].Seats, func(s store.GameSeat) bool { return s.Winner }) {
		t.Fatalf("history: %+v", games)
	}
	if got, _ := db.Game(games[0].ID); !slices.Equal(got.Record.Names, []string{"anna", "bob"}) || len(got.Record.Moves) != len(moves) ||
		got.Record.Outcome == nil || !slices.Equal(got.Record.Outcome.Scores, want.Outcome().Scores) {
		t.Fatalf("the history's record: %+v", got.Record)
	}
}

// TestClosedTablesLeaveTheStore: a table that closes for good is no longer
// restored, and a name chosen once is kept on the next visit.
func TestClosedTablesLeaveTheStore(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db}
	h := testHub(t, cfg)
	a := connect(t, h, "anna")
	must(t, a.Create(toyID, 2, false, nil))
	a.seated()
	if n, _ := db.OpenTables(); len(n) != 1 {
		t.Fatalf("%d stored tables", len(n))
	}
	must(t, a.Leave())
	a.closedWith(NoticeLeft)
	if n, _ := db.OpenTables(); len(n) != 0 {
		t.Fatalf("a closed table is still stored: %+v", n)
	}
	if _, err := a.Rename("Anna Lee"); err != nil {
		t.Fatal(err)
	}
	a.Close()
	h2 := restartHub(t, h, cfg)
	if p := connect(t, h2, "anna").Player(); p.Name != "Anna Lee" {
		t.Fatalf("the chosen name was not kept: %q", p.Name)
	}
}

// TestHistoryLookups: a keyed player sees their finished games and counts;
// guests and a server without a store have none; leaderboards can be
// switched off; a finished game's record can be fetched for a replay.
func TestHistoryLookups(t *testing.T) {
	db := store.NewMemory()
	h := testHub(t, Config{Store: db})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "3"}, a, b)
	must(t, a.Act(addTwo))
	must(t, b.Act(addOne))
	a.table("over", func(u *TableUpdate) bool { return u.Outcome.Done })
	var games []GameRecord
	for deadline := time.Now().Add(patience); len(games) == 0 && time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		games, _ = a.Games(10)
	}
	if len(games) != 1 || games[0].TableID != id || games[0].Ended.IsZero() {
		t.Fatalf("anna's games: %+v", games)
	}
	if seats := games[0].Seats; len(seats) != 2 || seats[0].Name != "anna" || seats[0].Winner || !seats[1].Winner {
		t.Fatalf("the seats of anna's game: %+v", seats)
	}
	if st, err := b.Stats(); err != nil || len(st) != 1 || st[0].Played != 1 || st[0].Won != 1 {
		t.Fatalf("bob's stats: %+v %v", st, err)
	}
	if board, err := h.Leaderboard(toyID, 10); err != nil || len(board) != 2 || board[0].Name != "bob" {
		t.Fatalf("leaderboard: %+v %v", board, err)
	}
	rec, err := h.Replay(games[0].ID)
	if err != nil || len(rec.Moves) != 2 || rec.Names[1] != "bob" {
		t.Fatalf("replay record: %+v %v", rec, err)
	}
	if _, err := h.Replay(999); !errors.Is(err, ErrNoGame) {
		t.Fatalf("an unknown game: %v", err)
	}
	guest := &probe{Client: h.Connect(Player{Name: "lou"}), t: t}
	if _, err := guest.Games(10); !errors.Is(err, ErrNoHistory) {
		t.Fatalf("a guest's history: %v", err)
	}
	quiet := testHub(t, Config{Store: store.NewMemory(), NoLeaderboard: true})
	if _, err := quiet.Leaderboard(toyID, 10); !errors.Is(err, ErrNoLeaderboard) {
		t.Fatalf("a switched-off leaderboard: %v", err)
	}
}

// crashCopy is what a crashed server leaves: the store as it was at that
// moment (the old hub is simply abandoned, not closed).
func crashCopy(t *testing.T, db *store.Memory) *store.Memory {
	t.Helper()
	tables, err := db.OpenTables()
	if err != nil {
		t.Fatal(err)
	}
	cp := store.NewMemory()
	for i := range tables {
		must(t, cp.SaveTable(&tables[i], 0))
	}
	return cp
}

// TestCrashDuringAResponseWindow: a crash while a seat must answer out of
// turn brings the window back with a fresh countdown for that seat; the
// answer is taken, and the game goes on.
func TestCrashDuringAResponseWindow(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db, ResponseWindow: time.Hour, AwayGrace: time.Hour, Seed: func() uint64 { return 9 }}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startToy(t, toyID, engine.Options{"target": "1000000", "window": "true"}, a, b)
	must(t, a.Act(addOne))
	b.table("bob must answer", func(u *TableUpdate) bool { return slices.Contains(u.Pending, 1) && !u.Deadline.IsZero() })

	cfg.Store = crashCopy(t, db)
	h2 := testHub(t, cfg)
	b2 := connect(t, h2, "bob")
	u := b2.seated()
	if !slices.Contains(u.Pending, 1) || u.Deadline.IsZero() || time.Until(u.Deadline) < 30*time.Minute || view(t, u).Count != 1 {
		t.Fatalf("after the crash bob's window is %s, deadline in %v", show(u), time.Until(u.Deadline))
	}
	must(t, b2.Act(okAct))
	a2 := connect(t, h2, "anna")
	a2.table("bob's turn, window over", func(u *TableUpdate) bool { return slices.Contains(u.Pending, 1) && u.Deadline.IsZero() })
	must(t, b2.Act(addTwo))
	a2.table("count 3", func(u *TableUpdate) bool { return view(t, u).Count == 3 })
}

// TestGracefulRestartKeepsWaitingTables: when the server stops, its
// sessions end before the hub does; that must not free the seats of a
// waiting table in the store.
func TestGracefulRestartKeepsWaitingTables(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyID, 3, false, nil))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	a.table("bob in", func(u *TableUpdate) bool { return !u.Seats[1].Empty })
	h.PrepareRestart()
	b.Close()
	a.Close()
	h2 := restartHub(t, h, cfg)
	b2 := connect(t, h2, "bob")
	if u := b2.seated(); u.Table.ID != id || u.You != 1 || u.Seats[0].Name != "anna" {
		t.Fatalf("after a graceful restart bob finds %s", show(u))
	}
}

// TestGameOverComesBack: a game that ended just before a restart comes back
// on its game-over screen for a player who reconnects, its result is in the
// lobby's recent results again, and the history holds it once, even when
// its first save to the history failed.
func TestGameOverComesBack(t *testing.T) {
	db := &failingStore{Memory: store.NewMemory()}
	cfg := Config{Store: db}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "3"}, a, b)
	must(t, a.Act(addTwo))
	db.saveGameFails.Store(true) // the process dies before the history has it
	must(t, b.Act(addOne))
	over := a.table("game over", func(u *TableUpdate) bool { return u.Outcome.Done })
	h.PrepareRestart()
	if games, _ := db.Memory.Games("key:anna", 10); len(games) != 0 {
		t.Fatalf("the history has %d games, want none yet", len(games))
	}
	db.saveGameFails.Store(false)

	h2 := restartHub(t, h, cfg)
	a2 := connect(t, h2, "anna")
	u := a2.table("the game-over screen", func(u *TableUpdate) bool { return !u.Closed && u.Outcome.Done })
	if u.Table.ID != id || !slices.Equal(u.Outcome.Winners, over.Outcome.Winners) {
		t.Fatalf("anna came back to %s, winners %v; want table %s won by %v", show(u), u.Outcome.Winners, id, over.Outcome.Winners)
	}
	until(t, "the game in the history", func() bool {
		games, _ := db.Memory.Games("key:anna", 10)
		return len(games) == 1
	})
	l := connect(t, h2, "cat").lobbyWhere("the recent result", func(l *LobbyUpdate) bool { return len(l.Recent) == 1 })
	if !slices.Contains(l.Recent[0].Names, "anna") {
		t.Fatalf("recent result %+v", l.Recent[0])
	}

	// Once more: the history keeps the game once.
	h3 := restartHub(t, h2, cfg)
	connect(t, h3, "anna").table("the game-over screen", func(u *TableUpdate) bool { return u.Outcome.Done })
	h3.Close()
	if games, _ := db.Memory.Games("key:anna", 10); len(games) != 1 {
		t.Fatalf("the history has %d games after two restarts, want 1", len(games))
	}
}

// TestDamagedTableSetAside: a stored table that does not replay is set
// aside (kept, listed) and every other table comes back.
func TestDamagedTableSetAside(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	good := startToy(t, toyID, engine.Options{"target": "50"}, a, b)
	must(t, a.Act(addOne))
	c, d := connect(t, h, "cat"), connect(t, h, "dan")
	bad := startToy(t, toyID, engine.Options{"target": "50"}, c, d)
	must(t, c.Act(addOne))
	d.table("cat's move", func(u *TableUpdate) bool { return slices.Contains(u.Pending, 1) })
	h.Close()
	// The damage: a move no game takes.
	recs, _ := db.OpenTables()
	for _, rec := range recs {
		if rec.ID == bad {
			must(t, db.DeleteTable(bad))
			rec.Moves = append(rec.Moves, engine.Move{Seat: 1, Action: engine.Action{Kind: "no such move"}})
			must(t, db.SaveTable(&rec, 0))
		}
	}

	h2 := testHub(t, cfg)
	if ids := tableIDs(h2); !slices.Equal(ids, []string{good}) {
		t.Fatalf("tables after the restart: %v, want only %s", ids, good)
	}
	aside, err := db.SetAsideTables()
	if err != nil || len(aside) != 1 || aside[0].ID != bad || aside[0].Moves != 2 || aside[0].Reason == "" {
		t.Fatalf("set aside: %+v (%v)", aside, err)
	}
	// A new table never takes the ID of the one set aside.
	e := connect(t, h2, "eve")
	must(t, e.Create(toyID, 2, false, nil))
	if id := e.seated().Table.ID; id == bad || id == good {
		t.Fatalf("new table %s reuses an ID", id)
	}
}

// tableIDs lists the hub's tables' IDs, sorted.
func tableIDs(h *Hub) []string {
	var ids []string
	for _, t := range h.openTables() {
		ids = append(ids, t.id)
	}
	slices.Sort(ids)
	return ids
}

// TestRecentResultsKept: the lobby's recent results come back after a
// restart, once each, though their tables closed before it.
func TestRecentResultsKept(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "3"}, a, b)
	must(t, a.Act(addTwo))
	must(t, b.Act(addOne))
	a.table("game over", func(u *TableUpdate) bool { return u.Outcome.Done })
	must(t, a.Leave())
	must(t, b.Leave())
	until(t, "the table closed", func() bool { return h.tableByID(id) == nil })
	cat := connect(t, h, "cat")
	cat.lobbyWhere("the result", func(l *LobbyUpdate) bool { return len(l.Recent) == 1 })

	h2 := restartHub(t, h, cfg)
	l := connect(t, h2, "cat").lobbyWhere("the result after the restart", func(l *LobbyUpdate) bool { return len(l.Recent) > 0 })
	if len(l.Recent) != 1 || l.Recent[0].Table != id {
		t.Fatalf("recent results after the restart: %+v", l.Recent)
	}
}

// TestNothingShownDuringAStop: once the hub prepares a restart, a bot's
// move is neither made visible nor lost (the screen and the store agree),
// and a player's move is refused with ErrRestarting.
func TestNothingShownDuringAStop(t *testing.T) {
	db := store.NewMemory()
	h := testHub(t, Config{Store: db})
	ann := connect(t, h, "ann")
	id := startAgainstBot(t, ann)
	for i := range 5 {
		ann.table("ann to move", func(u *TableUpdate) bool { return slices.Contains(u.Pending, 0) && view(t, u).Count >= 2*i })
		must(t, ann.Act(addOne))
	}
	h.PrepareRestart()
	if err := ann.Act(addOne); err != nil && !errors.Is(err, ErrRestarting) && !errors.Is(err, ErrNotYourTurn) {
		t.Fatalf("a move while the hub stops: %v", err)
	}
	time.Sleep(100 * time.Millisecond) // many bot delays
	ann.drain()
	shown := view(t, ann.tu).Count
	recs, err := db.OpenTables()
	if err != nil || len(recs) != 1 || recs[0].ID != id {
		t.Fatalf("stored: %+v, %v", recs, err)
	}
	kept := 0
	for _, m := range recs[0].Moves {
		kept += m.Action.Args[0]
	}
	if shown != kept {
		t.Fatalf("the screen shows the count at %d, the store keeps %d", shown, kept)
	}
}

// TestRestoreAfterCloseStartsNothing: a table that comes back (another
// node's, taken over) while the hub closes is not started: Close stops
// the tables it found, and would wait for this one for ever.
func TestRestoreAfterCloseStartsNothing(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db}
	h := testHub(t, cfg)
	startToy(t, toyID, engine.Options{"target": "50"}, connect(t, h, "anna"), connect(t, h, "bob"))
	h.Close()
	recs, err := db.OpenTables()
	if err != nil || len(recs) != 1 {
		t.Fatalf("the store holds %d tables (%v), want 1", len(recs), err)
	}
	h2 := testHub(t, cfg)
	h2.Close()
	if _, err := h2.restoreTable(recs[0], "taken over"); !errors.Is(err, ErrClosed) {
		t.Fatalf("a table restored into a closed hub: %v, want ErrClosed", err)
	}
	if n := len(h2.Tables()); n != 0 {
		t.Fatalf("a closed hub holds %d tables", n)
	}
}

// TestAutoPassOutlivesARestart: a player's auto-pass is kept with their
// seat, so that it is still on when the table comes back.
func TestAutoPassOutlivesARestart(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db, AwayGrace: time.Hour}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startToy(t, toyID, engine.Options{"target": "50"}, a, b)
	must(t, b.SetAutoPass(true))
	b.table("auto-pass on", func(u *TableUpdate) bool { return u.AutoPass })

	h2 := restartHub(t, h, cfg)
	if u := connect(t, h2, "bob").seated(); !u.AutoPass {
		t.Fatalf("bob's auto-pass was lost in the restart: %s", show(u))
	}
}

// TestSeatLeftOnPurposeWaitsThroughARestart: a player who left a game
// under way (Q in the ui: "your seat waits for you") still has that seat
// after a restart: their reconnect takes it back, as it would have before
// the restart, rather than leaving them in a lobby that no longer lists it.
func TestSeatLeftOnPurposeWaitsThroughARestart(t *testing.T) {
	cfg := Config{Store: store.NewMemory(), AwayGrace: time.Hour}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "1000000"}))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	must(t, a.Start())
	a.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	must(t, a.Leave())
	a.lobbyWhere("the lobby", func(*LobbyUpdate) bool { return true })
	a.Close()
	h2 := restartHub(t, h, cfg)
	back := connect(t, h2, "anna")
	u := back.table("back in the seat", func(u *TableUpdate) bool { return !u.Closed })
	if u.Table.ID != id || u.You != 0 {
		t.Fatalf("anna came back to %s as seat %d, want %s seat 0", u.Table.ID, u.You, id)
	}
}

// TestLeavingABotGameAfterARestartEndsIt: a game only its creator played,
// with a bot, comes back after a restart; when the creator returns and
// leaves it, it ends at once, as the leave question says, rather than
// waiting out the restore's grace for players who will not come.
func TestLeavingABotGameAfterARestartEndsIt(t *testing.T) {
	cfg := Config{Store: store.NewMemory(), AwayGrace: time.Hour, RestoreGrace: time.Hour}
	h := testHub(t, cfg)
	a := connect(t, h, "anna")
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "1000000"}))
	must(t, a.AddBot(1, "easy"))
	must(t, a.Start())
	id := a.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing }).Table.ID
	a.Close()
	h2 := restartHub(t, h, cfg)
	back := connect(t, h2, "anna")
	if u := back.seated(); u.Table.ID != id {
		t.Fatalf("anna came back to %s, want %s", u.Table.ID, id)
	}
	must(t, back.Leave())
	for deadline := time.Now().Add(patience); h2.tableByID(id) != nil; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatal("the game its only player left is still open, waiting for players after the restart")
		}
	}
}
