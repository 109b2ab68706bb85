package rooms

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// startCorrespondence opens a toy table with clock k for the probes (the
// first hosts), starts it and returns its ID.
func startCorrespondence(t *testing.T, k Clock, ps ...*probe) string {
	t.Helper()
	must(t, ps[0].Create(toyID, len(ps), false, engine.Options{"target": "1000000"}))
	id := ps[0].seated().Table.ID
	for _, p := range ps[1:] {
		must(t, p.Join(id))
	}
	must(t, ps[0].SetClock(k))
	must(t, ps[0].Start())
	ps[0].table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	return id
}

// turnAt is the player's Turn at table id, or fails.
func turnAt(t *testing.T, h *Hub, player, id string) Turn {
	t.Helper()
	for _, turn := range h.Turns("key:" + player) {
		if turn.Table == id {
			return turn
		}
	}
	t.Fatalf("%s holds no seat at %s: %+v", player, id, h.Turns("key:"+player))
	return Turn{}
}

// TestCorrespondenceTableWaitsThroughARestart: a table with a day's clock
// stays open with nobody connected (no away grace, no empty grace), keeps
// its deadline through a restart, lists itself in the players' turns, and
// does not pull a reconnecting player in: they choose it from the lobby.
func TestCorrespondenceTableWaitsThroughARestart(t *testing.T) {
	db := store.NewMemory()
	cfg := Config{Store: db, Day: time.Hour, AwayGrace: 5 * time.Millisecond, EmptyGrace: 5 * time.Millisecond,
		RestoreGrace: 5 * time.Millisecond}
	h := testHub(t, cfg)
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startCorrespondence(t, ClockDay, a, b)
	u := a.table("the clock runs", func(u *TableUpdate) bool { return !u.TurnDeadline.IsZero() })
	deadline, moves := u.TurnDeadline, view(t, u).Count
	if left := time.Until(deadline); left < 59*time.Minute {
		t.Fatalf("a day's clock gives %v", left)
	}
	mover := "anna"
	if len(u.Legal) == 0 {
		mover = "bob"
	}
	a.Close()
	b.Close()
	time.Sleep(50 * time.Millisecond) // far past the away and empty graces
	if turn := turnAt(t, h, mover, id); !turn.YourMove || !turn.Deadline.Equal(deadline) {
		t.Fatalf("%s's turn before the restart: %+v (deadline %v)", mover, turn, deadline)
	}

	h2 := restartHub(t, h, cfg)
	time.Sleep(50 * time.Millisecond) // past the restore grace
	turn := turnAt(t, h2, mover, id)
	if !turn.YourMove || turn.Deadline.Sub(deadline).Abs() > time.Millisecond || turn.Code == "" || turn.Clock != ClockDay {
		t.Fatalf("%s's turn after the restart: %+v, deadline was %v", mover, turn, deadline)
	}
	back := connect(t, h2, mover)
	back.lobbyWhere("the lobby", func(*LobbyUpdate) bool { return true })
	if back.tu != nil {
		t.Fatalf("%s was pulled into the correspondence table: %s", mover, show(back.tu))
	}
	must(t, back.Join(id))
	u = back.table("back in the seat", func(u *TableUpdate) bool { return len(u.Legal) > 0 })
	if view(t, u).Count != moves || u.TurnDeadline.Sub(deadline).Abs() > time.Millisecond {
		t.Fatalf("the table moved on while everybody was away: count %d (was %d), deadline %v (was %v)",
			view(t, u).Count, moves, u.TurnDeadline, deadline)
	}
}

// TestCorrespondenceClockRunsOutForAnAwayPlayer: the clock plays the
// fallback for a player who is away, whose seat the host cannot give a
// bot before; after MaxTimeouts the host is offered to end the game, which
// is recorded with no winner.
func TestCorrespondenceClockRunsOutForAnAwayPlayer(t *testing.T) {
	db := store.NewMemory()
	h := testHub(t, Config{Store: db, Day: 30 * time.Millisecond, VacationDays: -1, AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startCorrespondence(t, ClockDay, a, b)
	if err := a.EndEarly(); !errors.Is(err, ErrNotOverdue) {
		t.Fatalf("ended a game nobody is late in: %v", err)
	}
	b.Close()
	a.table("bob away", func(u *TableUpdate) bool { return !u.Seats[1].Connected })
	// Away between moves is how a correspondence game goes: no bot for him.
	if err := a.AddBot(1, "normal"); !errors.Is(err, ErrAwayBetweenMoves) {
		t.Fatalf("a bot for bob, away between moves: %v", err)
	}
	if err := a.Kick(1); !errors.Is(err, ErrAwayBetweenMoves) {
		t.Fatalf("bob put out, away between moves: %v", err)
	}
	for {
		u := a.table("a turn", func(*TableUpdate) bool { return true })
		if u.Seats[1].Overdue {
			break
		}
		if len(u.Legal) > 0 {
			_ = a.Act(addOne)
		}
		if view(t, u).Count > 50 {
			t.Fatalf("bob's seat was never overdue:\n%s", joinLog(u.Log))
		}
	}
	u := a.table("the offer", func(u *TableUpdate) bool {
		return hasLine(u.Log, "bob's time ran out 3 times in a row: the host may hand the seat to a bot or end the game.")
	})
	if n := strings.Count(joinLog(u.Log), "bob's time ran out: the table plays for them."); n != MaxTimeouts {
		t.Fatalf("%d fallbacks for bob, want %d:\n%s", n, MaxTimeouts, joinLog(u.Log))
	}
	must(t, a.EndEarly())
	u = a.table("ended", func(u *TableUpdate) bool { return u.Table.Status == Finished })
	if len(u.Outcome.Winners) != 0 || !strings.Contains(u.Outcome.Summary, "ended early") {
		t.Fatalf("outcome %+v", u.Outcome)
	}
	var games []store.Game
	for end := time.Now().Add(patience); len(games) == 0 && time.Now().Before(end); time.Sleep(5 * time.Millisecond) {
		games, _ = db.Games("key:anna", 5)
	}
	if len(games) != 1 {
		t.Fatalf("%d games kept", len(games))
	}
	g, err := db.Game(games[0].ID)
	must(t, err)
	if g.TableID != id || !g.Record.EndedEarly || g.Seats[0].Winner || g.Seats[1].Winner {
		t.Fatalf("kept %+v", g)
	}
	if _, err := engine.Replay(toyGame{id: toyID}, g.Record); err != nil {
		t.Fatalf("the record does not replay: %v", err)
	}
}

// TestVacationComesBeforeTheFallback: a player whose clock runs out spends
// a day of their allowance first, then the clock plays for them.
func TestVacationComesBeforeTheFallback(t *testing.T) {
	db := store.NewMemory()
	h := testHub(t, Config{Store: db, Day: 30 * time.Millisecond, VacationDays: 1, AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startCorrespondence(t, ClockDay, a, b)
	b.Close()
	u := a.table("bob times out", func(u *TableUpdate) bool {
		if len(u.Legal) > 0 {
			_ = a.Act(addOne)
		}
		return hasLine(u.Log, "bob's time ran out: the table plays for them.")
	})
	log := joinLog(u.Log)
	vac := strings.Index(log, "bob's time ran out: they spend a vacation day (none left this year).")
	if vac < 0 || vac > strings.Index(log, "bob's time ran out: the table plays for them.") ||
		strings.Count(log, "vacation day") != 1 {
		t.Fatalf("no vacation before the fallback:\n%s", log)
	}
}

// TestCorrespondenceSeatsAreCapped: a player holds seats at no more than
// Config.MaxCorrespondence correspondence tables.
func TestCorrespondenceSeatsAreCapped(t *testing.T) {
	h := testHub(t, Config{MaxCorrespondence: 1, Day: time.Hour, AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startCorrespondence(t, ClockWeek, a, b)
	a.Close()
	a = connect(t, h, "anna")
	must(t, a.Create(toyID, 2, false, nil))
	var capped ErrCorrespondenceCap
	if err := a.SetClock(Clock3Days); !errors.As(err, &capped) {
		t.Fatalf("a second correspondence table: %v", err)
	}
	must(t, a.SetClock(ClockRelaxed)) // live clocks are not capped
}

// TestClusterTurnsOnEveryNode: in a cluster, either node answers Turns for
// a correspondence table the other owns, with whose move it is.
func TestClusterTurnsOnEveryNode(t *testing.T) {
	nodes := testCluster(t, 2)
	alice, bob := connect(t, nodes[0].hub, "alice"), connect(t, nodes[1].hub, "bob")
	must(t, alice.Create(toyID, 2, false, engine.Options{"target": "1000000"}))
	id := alice.seated().Table.ID
	bob.lobbyWhere("the table", func(l *LobbyUpdate) bool { return slices.Contains(lobbyIDs(l), id) })
	must(t, bob.Join(id))
	bob.table("seated", func(u *TableUpdate) bool { return u.Table.ID == id && u.You == 1 })
	must(t, alice.SetClock(Clock3Days))
	must(t, alice.Start())
	u := alice.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing && len(u.Pending) == 1 })
	mover := map[engine.Seat]string{0: "key:alice", 1: "key:bob"}[u.Pending[0]]
	alice.Close()
	bob.Close()
	for _, n := range nodes {
		var turns []Turn
		for end := time.Now().Add(patience); time.Now().Before(end); time.Sleep(10 * time.Millisecond) {
			if turns = n.hub.Turns(mover); len(turns) == 1 && turns[0].YourMove {
				break
			}
		}
		if len(turns) != 1 || turns[0].Table != id || !turns[0].YourMove || turns[0].Clock != Clock3Days || turns[0].Code == "" ||
			time.Until(turns[0].Deadline) < 71*time.Hour {
			t.Fatalf("%s's turns on a node: %+v", mover, turns)
		}
	}
}

// TestReplyWindowChoice: a correspondence table's host may shorten its
// response window to one of ReplyWindows before the start; other tables
// and other lengths are refused.
func TestReplyWindowChoice(t *testing.T) {
	h := testHub(t, Config{})
	a := connect(t, h, "anna")
	must(t, a.Create(toyID, 2, false, nil))
	if err := a.SetReplyWindow(time.Hour); !errors.Is(err, ErrReplyWindow) {
		t.Fatalf("a window at a table without a correspondence clock: %v", err)
	}
	must(t, a.SetClock(ClockDay))
	if err := a.SetReplyWindow(90 * time.Minute); !errors.Is(err, ErrReplyWindow) {
		t.Fatalf("a window of 90 minutes: %v", err)
	}
	must(t, a.SetReplyWindow(4*time.Hour))
	a.table("the window", func(u *TableUpdate) bool {
		return u.ReplyWindow == 4*time.Hour && hasLine(u.Log, "Answers out of turn may take 4 hours.")
	})
}

// TestLeavingACorrespondenceGameKeepsTheClock: a player who goes back to
// the lobby (not only one who drops) keeps a day to move; the table does
// not play for them after the away grace.
func TestLeavingACorrespondenceGameKeepsTheClock(t *testing.T) {
	h := testHub(t, Config{Day: time.Hour, AwayGrace: 5 * time.Millisecond})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	startCorrespondence(t, ClockDay, a, b)
	u := a.table("the clock runs", func(u *TableUpdate) bool { return !u.TurnDeadline.IsZero() })
	mover, other := a, b
	if len(u.Legal) == 0 {
		mover, other = b, a
	}
	moves := view(t, u).Count
	must(t, mover.Leave())
	time.Sleep(60 * time.Millisecond) // far past the away grace
	u = other.table("still waiting", func(*TableUpdate) bool { return true })
	if view(t, u).Count != moves || hasLine(u.Log, "the table plays for them") {
		t.Fatalf("the table played for the player who left:\n%s", joinLog(u.Log))
	}
	if turn := turnAt(t, h, mover.Player().Name, u.Table.ID); !turn.YourMove || time.Until(turn.Deadline) < 50*time.Minute {
		t.Fatalf("the leaver's turn: %+v", turn)
	}
}

// TestLobbyHearsAtOnceWhenItIsYourMove: a player in the lobby with a seat
// away gets the lobby again as soon as a move makes it theirs at that
// table (the lobby then asks Turns), not at the next broadcast, which here
// is an hour off.
func TestLobbyHearsAtOnceWhenItIsYourMove(t *testing.T) {
	h := testHub(t, Config{Store: store.NewMemory(), Day: time.Hour, LobbyEvery: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startCorrespondence(t, ClockDay, a, b)
	u := a.table("the clock runs", func(u *TableUpdate) bool { return !u.TurnDeadline.IsZero() })
	mover, waiter := a, b
	if len(u.Legal) == 0 {
		mover, waiter = b, a
	}
	must(t, waiter.Leave())
	waiter.lobbyWhere("the lobby", func(*LobbyUpdate) bool { return true })
	name := waiter.Player().Name
	if turnAt(t, h, name, id).YourMove {
		t.Fatalf("%s's move before the other moved", name)
	}
	time.Sleep(20 * lobbySettle) // the broadcast the leaving brought has gone out
	waiter.drain()
	waiter.lobby = nil
	must(t, mover.Act(addOne))
	waiter.lobbyWhere("the lobby again", func(*LobbyUpdate) bool { return true })
	if !turnAt(t, h, name, id).YourMove {
		t.Fatalf("the lobby came again but it is not %s's move: %+v", name, h.Turns("key:"+name))
	}
}
