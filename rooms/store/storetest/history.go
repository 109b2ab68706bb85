package storetest

import (
	"arcade/engine"
	"arcade/rooms/store"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"testing"
	"time"
)

// The conformance checks of the history: finished games, counts,
// leaderboards.

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
