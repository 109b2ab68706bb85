package rooms

import (
	"reflect"
	"slices"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// playOut has whoever may move add one until the game is over, and returns
// the last update.
func playOut(t *testing.T, ps ...*probe) *TableUpdate {
	t.Helper()
	for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(2 * time.Millisecond) {
		for _, p := range ps {
			p.drain()
			if u := p.tu; u != nil && u.Table.Status == Finished {
				return u
			}
			if u := p.tu; u != nil && len(u.Legal) > 0 {
				_ = p.Act(addOne)
			}
		}
	}
	t.Fatalf("the game never ended: %s", show(ps[0].tu))
	return nil
}

// waitRatings waits until game's kept ratings have n players.
func waitRatings(t *testing.T, h *Hub, game string, n int) Ratings {
	t.Helper()
	for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		h.loadRatings(game)
		if r := h.ratings.get(game); len(r) == n {
			return r
		}
	}
	t.Fatalf("%s's ratings never had %d players: %v", game, n, h.ratings.get(game))
	return nil
}

// TestRatedGamesMoveRatings: a game of two keyed players is rated: the
// winner's rating rises and the loser's falls, both provisional; the
// leaderboard orders by the conservative estimate; a casual game and a
// game with a bot move nothing; rebuilding from the history gives the
// same numbers.
func TestRatedGamesMoveRatings(t *testing.T) {
	db := store.NewMemory()
	h := testHub(t, Config{Store: db, AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startToy(t, toyID, engine.Options{"target": "3"}, a, b)
	if u := a.table("rated", func(u *TableUpdate) bool { return u.Rated }); !hasLine(u.Log, "The game is rated.") {
		t.Fatalf("no word of a rated game: %s", show(u))
	}
	u := playOut(t, a, b)
	winner := map[engine.Seat]string{0: "key:anna", 1: "key:bob"}[u.Outcome.Winners[0]]
	loser := map[string]string{"key:anna": "key:bob", "key:bob": "key:anna"}[winner]
	r := waitRatings(t, h, toyID, 2)
	if !(r[winner].Mu > 25 && r[loser].Mu < 25 && r[winner].Games == 1 && r[winner].Provisional()) ||
		len(r[winner].Trail) != 1 || r[winner].Trail[0] != r[winner].Ordinal() {
		t.Fatalf("ratings after one game: %+v", r)
	}
	// Who is online shows a player's rating in the game at their table
	// (the next time the list is built: someone arrives).
	connect(t, h, "cy")
	for end := time.Now().Add(patience); ; time.Sleep(5 * time.Millisecond) {
		l := h.Lobby()
		i := slices.IndexFunc(l.People, func(p Person) bool { return p.Name == "anna" })
		if i >= 0 && l.People[i].Rating.Games == 1 {
			break
		}
		if time.Now().After(end) {
			t.Fatalf("anna's rating is not in who is online: %+v", l.People)
		}
	}
	board, err := h.Leaderboard(toyID, 10)
	must(t, err)
	if len(board) != 2 || board[0].Rating.Ordinal() < board[1].Rating.Ordinal() || board[0].Rating.Games != 1 {
		t.Fatalf("leaderboard %+v", board)
	}

	// A casual game and a game against a bot move nothing.
	must(t, a.Leave())
	must(t, b.Leave())
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "3"}))
	must(t, a.SetRated(false))
	must(t, b.Join(a.seated().Table.ID))
	must(t, a.Start())
	if u := a.table("casual", func(u *TableUpdate) bool { return u.Table.Status == Playing }); u.Rated || !u.Casual {
		t.Fatalf("a casual game says rated %v, casual %v", u.Rated, u.Casual)
	}
	playOut(t, a, b)
	must(t, a.Leave())
	startAgainstBot(t, a)
	must(t, a.Leave())
	time.Sleep(50 * time.Millisecond)
	if r2 := waitRatings(t, h, toyID, 2); !reflect.DeepEqual(r2, r) {
		t.Fatalf("a casual or bot game moved ratings: %+v, was %+v", r2, r)
	}

	// Rebuilding from the history alone gives the same numbers.
	games, err := db.Games(winner, 10)
	must(t, err)
	slices.Reverse(games)
	rebuilt, err := RebuildRatings(db, []string{toyID}, func(yield func(store.Game) bool) error {
		for _, g := range games {
			full, err := db.Game(g.ID)
			if err != nil {
				return err
			}
			if !yield(full) {
				break
			}
		}
		return nil
	})
	must(t, err)
	if got := rebuilt[toyID]; !reflect.DeepEqual(got, r) {
		t.Fatalf("rebuilt %+v, live %+v", got, r)
	}
}

// TestRatingCountsAGameOnce: a game saved again (after a crash, the table
// finishing a second time) does not move the ratings twice.
func TestRatingCountsAGameOnce(t *testing.T) {
	g := store.Game{TableID: "t1", Game: toyID, Record: engine.Record{Rated: true},
		Seats: []store.GameSeat{{PlayerID: "key:a", Name: "a", Winner: true}, {PlayerID: "key:b", Name: "b"}}}
	var s ratingSheet
	if !s.rate(&g) || s.rate(&g) {
		t.Fatal("the same table's game counted twice, or not once")
	}
	if s.Players["key:a"].Games != 1 {
		t.Fatalf("%+v", s.Players)
	}
	coop := g
	coop.TableID = "t2"
	coop.Seats = []store.GameSeat{{PlayerID: "key:a", Winner: true}, {PlayerID: "key:b", Winner: true}}
	if s.rate(&coop) {
		t.Fatal("a game everyone won moved ratings")
	}
}

// coopToy is the toy game played as a cooperative one.
type coopToy struct{ toyGame }

func (g coopToy) Info() engine.Info {
	in := g.toyGame.Info()
	in.Cooperative = true
	return in
}

// TestCooperativeGamesAreNotRated: a table of a cooperative game, where
// everyone wins or loses together, is never rated, waiting or playing,
// even with two keyed players and the host leaving it rated.
func TestCooperativeGamesAreNotRated(t *testing.T) {
	h := testHub(t, Config{Store: store.NewMemory(), Games: []engine.Game{coopToy{toyGame{id: "coop"}}}})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create("coop", 2, false, engine.Options{"target": "3"}))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	if u := a.table("bob seated", func(u *TableUpdate) bool { return !u.Seats[1].Empty }); u.Rated {
		t.Fatal("a waiting cooperative table says it is rated")
	}
	must(t, a.Start())
	u := a.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	if u.Rated || hasLine(u.Log, "The game is rated.") {
		t.Fatalf("a cooperative game is rated: %q", u.Log)
	}
}
