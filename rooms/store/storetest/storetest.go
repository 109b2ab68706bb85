// Package storetest is the conformance suite of store.Store: every
// implementation's tests call Run, so that they all keep the contract that
// store.go documents in the same way.
package storetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strings"
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

func see(t *testing.T, s store.Store, id, name string, now time.Time) store.Identity {
	t.Helper()
	who, err := s.SeePlayer(id, name, now)
	if err != nil {
		t.Fatalf("SeePlayer: %v", err)
	}
	return who
}

func sameIdentity(t *testing.T, got, want store.Identity) {
	t.Helper()
	if got.ID != want.ID || got.Name != want.Name || !got.FirstSeen.Equal(want.FirstSeen) || !got.LastSeen.Equal(want.LastSeen) {
		t.Errorf("identity %+v, want %+v", got, want)
	}
}

func identities(t *testing.T, s store.Store) {
	const ann, bob = "key:SHA256:ann", "guest:1"
	sameIdentity(t, see(t, s, ann, "ann", at(1)), store.Identity{ID: ann, Name: "ann", FirstSeen: at(1), LastSeen: at(1)})
	sameIdentity(t, see(t, s, bob, "bob", at(2)), store.Identity{ID: bob, Name: "bob", FirstSeen: at(2), LastSeen: at(2)})
	// Never chose a name: the name they come with.
	sameIdentity(t, see(t, s, ann, "anna", at(3)), store.Identity{ID: ann, Name: "anna", FirstSeen: at(1), LastSeen: at(3)})
	// Chose one: kept across visits, whatever name they come with.
	if err := s.SetName(ann, "Ann Lee", "annlee"); err != nil {
		t.Fatalf("SetName: %v", err)
	}
	sameIdentity(t, see(t, s, ann, "ann", at(4)), store.Identity{ID: ann, Name: "Ann Lee", FirstSeen: at(1), LastSeen: at(4)})
	sameIdentity(t, see(t, s, ann, "x", at(5)), store.Identity{ID: ann, Name: "Ann Lee", FirstSeen: at(1), LastSeen: at(5)})
	if err := s.SetName(ann, "Ann", "ann"); err != nil {
		t.Fatalf("SetName: %v", err)
	}
	sameIdentity(t, see(t, s, ann, "x", at(6)), store.Identity{ID: ann, Name: "Ann", FirstSeen: at(1), LastSeen: at(6)})
	// The chosen name's fold finds its owner; the name left behind is free.
	for fold, want := range map[string]string{"ann": ann, "annlee": "", "bob": "", "": ""} {
		if id, err := s.NameOwner(fold); err != nil || id != want {
			t.Errorf("NameOwner(%q) = %q (%v), want %q", fold, id, err, want)
		}
	}
	// Another player is not touched.
	sameIdentity(t, see(t, s, bob, "bob", at(7)), store.Identity{ID: bob, Name: "bob", FirstSeen: at(2), LastSeen: at(7)})
}

// refoldNames: the chosen names are folded again, once per version of
// the fold; of names that fold alike, the one of the player seen last
// keeps the fold (stores that fold again).
func refoldNames(t *testing.T, s store.Store) {
	r, ok := s.(store.Refolder)
	if !ok {
		t.Skip("this store does not fold names again")
	}
	const ann, anne, bob, cat = "key:SHA256:ann", "key:SHA256:anne", "key:SHA256:bob", "key:SHA256:cat"
	see(t, s, ann, "x", at(1))
	see(t, s, bob, "x", at(2))
	see(t, s, anne, "x", at(3))
	see(t, s, cat, "Cat", at(4)) // never chose a name
	for id, name := range map[string]string{ann: "Ann", anne: "ANN", bob: "Bob"} {
		fold := map[string]string{ann: "", anne: "old", bob: "bob"}[id]
		if err := s.SetName(id, name, fold); err != nil {
			t.Fatalf("SetName: %v", err)
		}
	}
	owners := func(when string, want map[string]string) {
		t.Helper()
		for fold, id := range want {
			if got, err := s.NameOwner(fold); err != nil || got != id {
				t.Errorf("%s: NameOwner(%q) = %q (%v), want %q", when, fold, got, err, id)
			}
		}
	}
	refold := func(fold func(string) string, version string, want int) {
		t.Helper()
		if n, err := r.RefoldNames(fold, version); err != nil || n != want {
			t.Errorf("RefoldNames(version %s) = %d, %v; want %d changed", version, n, err, want)
		}
	}
	refold(strings.ToLower, "1", 1) // anne's fold; ann's stays none, bob's bob
	owners("folded", map[string]string{"ann": anne, "old": "", "bob": bob, "cat": ""})
	refold(strings.ToUpper, "1", 0) // folded by version 1 already
	owners("folded by the same version", map[string]string{"ann": anne, "ANN": ""})
	refold(strings.ToUpper, "2", 2)
	owners("folded by version 2", map[string]string{"ANN": anne, "BOB": bob, "ann": "", "bob": ""})
}

// forgetIdle: only keys that never chose a name, never sat anywhere and
// were last seen before the cut are forgotten (stores that forget).
func forgetIdle(t *testing.T, s store.Store) {
	f, ok := s.(store.Forgetter)
	if !ok {
		t.Skip("this store keeps every key")
	}
	const idle, named, played, seated, recent = "key:SHA256:idle", "key:SHA256:named", "key:SHA256:played", "key:SHA256:seated", "key:SHA256:recent"
	for _, id := range []string{idle, named, played, seated} {
		see(t, s, id, "x", at(1))
	}
	see(t, s, recent, "x", at(9))
	if err := s.SetName(named, "Named", "named"); err != nil {
		t.Fatal(err)
	}
	saveG(t, s, game("firetower", 2, played, 1, "", 0))
	tb := table(1)
	tb.Seats = []store.Seat{{ID: seated, Name: "x"}, {BotLevel: "easy"}}
	save(t, s, tb, 0)
	n, err := f.ForgetIdle(at(5))
	if err != nil || n != 1 {
		t.Fatalf("ForgetIdle: %d forgotten (%v), want 1", n, err)
	}
	for _, id := range []string{idle, named, played, seated, recent} {
		known, err := f.KnowsPlayer(id)
		if err != nil || known != (id != idle) {
			t.Errorf("KnowsPlayer(%s) = %v (%v) after ForgetIdle", id, known, err)
		}
	}
}

func setNameUnknown(t *testing.T, s store.Store) {
	if err := s.SetName("key:SHA256:nobody", "x", "x"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("SetName of an unknown player: %v, want ErrNotFound", err)
	}
	// Nor does it create the player.
	who := see(t, s, "key:SHA256:nobody", "came", at(1))
	if who.Name != "came" {
		t.Errorf("name %q after SetName of an unknown player, want %q", who.Name, "came")
	}
}

// game is a finished test game of the given game ID: seats are (player,
// score) pairs, the highest score wins; "" is a bot's own seat.
func game(kind string, minute int, seats ...any) *store.Game {
	g := &store.Game{TableID: fmt.Sprintf("t%d", minute), Game: kind, Started: at(minute), Ended: at(minute + 1)}
	best := -1 << 31
	for i := 0; i < len(seats); i += 2 {
		best = max(best, seats[i+1].(int))
	}
	rec := engine.Record{Game: kind, Players: len(seats) / 2, Options: engine.Options{"x": "y"}, Seed: uint64(minute),
		Moves: []engine.Move{move(0), move(1), move(2)}, Outcome: &engine.Outcome{Done: true, Summary: "over"}}
	for i := 0; i < len(seats); i += 2 {
		id, score := seats[i].(string), seats[i+1].(int)
		name, bot := id, ""
		if id == "" {
			name, bot = "bot", "normal"
		}
		if len(id) > 4 {
			name = id[4:] // what they were called then
		}
		g.Seats = append(g.Seats, store.GameSeat{PlayerID: id, Name: name, BotLevel: bot, Score: score, Winner: score == best})
		rec.Names = append(rec.Names, name)
		rec.Bots = append(rec.Bots, bot)
		rec.Outcome.Scores = append(rec.Outcome.Scores, score)
		if score == best {
			rec.Outcome.Winners = append(rec.Outcome.Winners, engine.Seat(i/2))
		}
	}
	g.Record = rec
	return g
}

func saveG(t *testing.T, s store.Store, g *store.Game) int64 {
	t.Helper()
	id, err := s.SaveGame(g)
	if err != nil {
		t.Fatalf("SaveGame: %v", err)
	}
	return id
}

// sameGame fails unless got is want (with want's ID; times as instants).
func sameGame(t *testing.T, got, want store.Game) {
	t.Helper()
	if !got.Started.Equal(want.Started) || !got.Ended.Equal(want.Ended) {
		t.Errorf("game %d times %v-%v, want %v-%v", want.ID, got.Started, got.Ended, want.Started, want.Ended)
	}
	got.Started, got.Ended, want.Started, want.Ended = time.Time{}, time.Time{}, time.Time{}, time.Time{}
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	if string(g) != string(w) {
		t.Errorf("game:\n got %s\nwant %s", g, w)
	}
}

// oneGamePerTable: saving a table's game again (after a crash) returns the
// first save's ID and adds nothing.
func oneGamePerTable(t *testing.T, s store.Store) {
	g := game("firetower", 3, "key:SHA256:ann", 2, "", 1)
	id := saveG(t, s, g)
	again := game("firetower", 3, "key:SHA256:ann", 0, "", 5)
	if id2 := saveG(t, s, again); id2 != id {
		t.Errorf("the table's game saved again got ID %d, want %d", id2, id)
	}
	games, err := s.Games("key:SHA256:ann", 10)
	if err != nil || len(games) != 1 || games[0].Seats[0].Score != 2 {
		t.Errorf("Games after saving a table's game twice: %+v, %v", games, err)
	}
}

func saveGame(t *testing.T, s store.Store) {
	g1 := game("firelibrary", 1, "key:SHA256:ann", 10, "", 7, "guest:9", 3)
	g2 := game("firetower", 2, "key:SHA256:bob", 1, "key:SHA256:ann", 1)
	g2.Started = time.Time{} // a game with no start time
	id1, id2 := saveG(t, s, g1), saveG(t, s, g2)
	if id1 <= 0 || id2 <= id1 {
		t.Fatalf("SaveGame IDs %d, %d: want positive and increasing", id1, id2)
	}
	for _, c := range []struct {
		id   int64
		want *store.Game
	}{{id1, g1}, {id2, g2}} {
		got, err := s.Game(c.id)
		if err != nil {
			t.Fatalf("Game(%d): %v", c.id, err)
		}
		want := *c.want
		want.ID = c.id
		sameGame(t, got, want)
		if !reflect.DeepEqual(got.Record.Outcome, want.Record.Outcome) {
			t.Errorf("record outcome %+v, want %+v", got.Record.Outcome, want.Record.Outcome)
		}
	}
	for _, id := range []int64{0, -1, id2 + 1, 1 << 40} {
		if _, err := s.Game(id); !errors.Is(err, store.ErrNotFound) {
			t.Errorf("Game(%d): %v, want ErrNotFound", id, err)
		}
	}
}

func games(t *testing.T, s store.Store) {
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	var ids []int64
	var all []*store.Game
	for i := range 7 {
		g := game("firelibrary", i, ann, i, "", 3)
		if i%2 == 1 {
			g = game("firetower", i, bob, 5, ann, i, "guest:3", 0)
		}
		ids = append(ids, saveG(t, s, g))
		all = append(all, g)
	}
	check := func(player string, limit int, want ...int) {
		t.Helper()
		got, err := s.Games(player, limit)
		if err != nil {
			t.Fatalf("Games: %v", err)
		}
		if len(got) != len(want) {
			t.Fatalf("Games(%s, %d): %d games, want %d", player, limit, len(got), len(want))
		}
		for i, w := range want {
			exp := *all[w]
			exp.ID = ids[w]
			exp.Record = engine.Record{}
			if !reflect.DeepEqual(got[i].Record, engine.Record{}) {
				t.Errorf("Games(%s): game %d comes with its record", player, got[i].ID)
			}
			sameGame(t, got[i], exp)
		}
	}
	check(ann, 100, 6, 5, 4, 3, 2, 1, 0) // newest first
	check(ann, 3, 6, 5, 4)               // at most limit
	check(bob, 100, 5, 3, 1)             // only their games
	check(bob, 1, 5)
	check("guest:3", 2, 5, 3)
	check(ann, 0)
	check("key:SHA256:nobody", 10)
}

func stats(t *testing.T, s store.Store) {
	const ann, bob = "key:SHA256:ann", "key:SHA256:bob"
	saveG(t, s, game("labyrinth", 1, ann, 1, bob, 1)) // a tie: both win
	saveG(t, s, game("firetower", 2, ann, 0, bob, 1))
	saveG(t, s, game("firetower", 3, ann, 2, bob, 1))
	saveG(t, s, game("firetower", 4, ann, 3, "", 1))
	saveG(t, s, game("firelibrary", 5, bob, 3, "guest:1", 4))
	check := func(player string, want ...store.GameStats) {
		t.Helper()
		got, err := s.Stats(player)
		if err != nil {
			t.Fatalf("Stats: %v", err)
		}
		if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Errorf("Stats(%s) = %+v, want %+v", player, got, want)
		}
	}
	check(ann, store.GameStats{Game: "firetower", Played: 3, Won: 2}, store.GameStats{Game: "labyrinth", Played: 1, Won: 1})
	check(bob, store.GameStats{Game: "firelibrary", Played: 1, Won: 0}, store.GameStats{Game: "firetower", Played: 2, Won: 1},
		store.GameStats{Game: "labyrinth", Played: 1, Won: 1})
	check("guest:1", store.GameStats{Game: "firelibrary", Played: 1, Won: 1})
	check("key:SHA256:nobody")
}

func leaderboard(t *testing.T, s store.Store) {
	const ann, bob, cy, dee, eve = "key:SHA256:ann", "key:SHA256:bob", "key:SHA256:cy", "key:SHA256:dee", "key:SHA256:eve"
	see(t, s, ann, "ann", at(0))
	if err := s.SetName(ann, "Ann Lee", "annlee"); err != nil {
		t.Fatal(err)
	}
	see(t, s, cy, "cy", at(0))
	// bob: 2 won of 3; ann: 2 won of 4; cy: 1 of 1; dee: 1 of 3; eve: 0 of
	// 1. A guest wins most, and so does "key:" (no key after it), but
	// neither ranks, nor does a bot.
	saveG(t, s, game("firetower", 1, ann, 5, bob, 1, "guest:1", 9))
	saveG(t, s, game("firetower", 2, ann, 5, dee, 1))
	saveG(t, s, game("firetower", 3, ann, 5, dee, 5, "guest:1", 1))
	saveG(t, s, game("firetower", 4, bob, 5, dee, 1, "key:", 1))
	saveG(t, s, game("firetower", 5, bob, 5, ann, 4, "", 1))
	saveG(t, s, game("firetower", 6, cy, 5, eve, 1, "guest:1", 2))
	saveG(t, s, game("firetower", 10, "guest:1", 9, "", 1))
	saveG(t, s, game("firetower", 11, "key:", 9, "", 1))
	saveG(t, s, game("firetower", 12, "", 9, "guest:2", 1))
	saveG(t, s, game("firelibrary", 7, eve, 5, dee, 1)) // another game: not counted
	saveG(t, s, game("firelibrary", 8, ann, 5))
	// A new name after the games: the leaderboard shows it.
	if err := s.SetName(cy, "Cy Twombly", "cytwombly"); err != nil {
		t.Fatal(err)
	}
	want := []store.Standing{
		{PlayerID: bob, Name: "SHA256:bob", Played: 3, Won: 2},
		{PlayerID: ann, Name: "Ann Lee", Played: 4, Won: 2},
		{PlayerID: cy, Name: "Cy Twombly", Played: 1, Won: 1},
		{PlayerID: dee, Name: "SHA256:dee", Played: 3, Won: 1},
		{PlayerID: eve, Name: "SHA256:eve", Played: 1, Won: 0},
	}
	// bob and ann: 2 wins each, bob fewer played.
	check := func(game string, limit int, want []store.Standing) {
		t.Helper()
		got, err := s.Leaderboard(game, limit)
		if err != nil {
			t.Fatalf("Leaderboard: %v", err)
		}
		if len(got) != len(want) || (len(want) > 0 && !reflect.DeepEqual(got, want)) {
			t.Errorf("Leaderboard(%s, %d):\n got %+v\nwant %+v", game, limit, got, want)
		}
	}
	check("firetower", 10, want)
	check("firetower", 5, want)
	check("firetower", 2, want[:2])
	check("firetower", 0, nil)
	check("firetower", -1, nil)
	check("labyrinth", 10, nil)
	check("firelibrary", 10, []store.Standing{
		{PlayerID: ann, Name: "Ann Lee", Played: 1, Won: 1},
		{PlayerID: eve, Name: "SHA256:eve", Played: 1, Won: 1},
		{PlayerID: dee, Name: "SHA256:dee", Played: 1, Won: 0},
	})
	// A tie in wins and games is broken by name.
	saveG(t, s, game("fireproto", 9, dee, 1, cy, 1))
	check("fireproto", 10, []store.Standing{
		{PlayerID: cy, Name: "Cy Twombly", Played: 1, Won: 1},
		{PlayerID: dee, Name: "SHA256:dee", Played: 1, Won: 1},
	})
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
	if v, _ := kv.Setting("other"); v != nil {
		t.Fatalf("another key: %q", v)
	}
}
