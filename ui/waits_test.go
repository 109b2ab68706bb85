package ui

import (
	"strings"
	"testing"
	"time"

	"arcade/rooms"
	"arcade/rooms/store"
)

// TestTickCadence: a countdown of days is drawn again within the hour, of
// hours within the minute, of minutes within ten seconds; a lobby with
// seats of the player's asks whose move it is every lobbyTurnsEvery; an
// idle session does not tick at all.
func TestTickCadence(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	waitText(d, "THE ARCADE")
	a, now := d.app, time.Now()
	if next := a.nextTick(now); next != 0 {
		t.Fatalf("an idle lobby ticks in %v", next)
	}
	a.s.away = []rooms.TableSummary{{ID: "t1"}}
	a.s.turns = []rooms.Turn{{Table: "t1", Clock: rooms.Clock3Days, Deadline: now.Add(50 * time.Hour)}}
	if next := a.nextTick(now); next != lobbyTurnsEvery {
		t.Fatalf("a lobby with a table of three days ticks in %v, want %v", next, lobbyTurnsEvery)
	}
	a.table = &tableScreen{u: &rooms.TableUpdate{}}
	for _, c := range []struct {
		left     time.Duration
		from, to time.Duration
	}{
		{50*time.Hour + 30*time.Minute, 30 * time.Minute, 30 * time.Minute},
		{5*time.Hour + 20*time.Second, 20 * time.Second, 20 * time.Second},
		{90 * time.Second, 0, 10 * time.Second},
	} {
		a.table.u.TurnDeadline = now.Add(c.left)
		if next := a.nextTick(now); next <= c.from-time.Millisecond || next > c.to {
			t.Errorf("%v left: next redraw in %v, want %v to %v", c.left, next, c.from, c.to)
		}
	}
}

// TestYourTablesInTheLobby: a player whose connection dropped at a
// correspondence table finds it under YOUR TABLES, with whose move it is
// and the time left on the clock, the header counts the tables where it
// is their move, and enter takes them there.
func TestYourTablesInTheLobby(t *testing.T) {
	hub := screenHub(t)
	anna, bob := newDriverOf(t, hub, allGames, "anna", 100, 30), newDriverOf(t, hub, allGames, "bob", 100, 30)
	if err := anna.client.Create("firetower", 2, false, nil); err != nil {
		t.Fatal(err)
	}
	if err := anna.client.SetClock(rooms.ClockDay); err != nil {
		t.Fatal(err)
	}
	waitText(anna, "WAITING FOR PLAYERS")
	id := anna.app.table.u.Table.ID
	if err := bob.client.Join(id); err != nil {
		t.Fatal(err)
	}
	if err := anna.client.Start(); err != nil {
		t.Fatal(err)
	}
	ds := []*driver{anna, bob}
	settle(t, ds)
	mover, other := anna, bob
	if len(anna.app.table.u.Legal) == 0 {
		mover, other = bob, anna
	}
	other.client.Close()
	d := newDriverOf(t, hub, allGames, other.client.Player().Name, 100, 30)
	s := plainText(d, "waiting for "+mover.client.Player().Name+" · ⏱ 2")
	if strings.Contains(s, "Your move at") {
		t.Fatalf("the header counts a table where it is not the player's move:\n%s", s)
	}
	// The mover's connection drops too, on their move.
	mover.client.Close()
	m := newDriverOf(t, hub, allGames, mover.client.Player().Name, 100, 30)
	s = plainText(m, "Your move at 1 table")
	if !strings.Contains(s, "YOUR MOVE · ⏱ 2") || !strings.Contains(s, "YOUR TABLES") {
		t.Fatalf("the lobby does not say it is the player's move there, with the clock:\n%s", s)
	}
	m.key("enter")
	waitText(m, "YOUR MOVE")
	if m.app.table == nil || m.app.table.u.Table.ID != id {
		t.Fatal("enter on the table did not take the player there")
	}
}

// overdueHub is a hub of correspondence days of a fifth of a second, and
// no vacation: a player away from a table runs out of time three times in
// a second or so.
func overdueHub(t *testing.T) *rooms.Hub {
	hub := rooms.NewHub(rooms.Config{Games: Engines(allGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond,
		Seed: func() uint64 { return 13 }, Day: 200 * time.Millisecond, VacationDays: -1})
	t.Cleanup(hub.Close)
	return hub
}

// playUntilOverdue has anna, the host, play every decision of hers at a
// correspondence table of Fire Tower while bob, away, runs out of time
// until his seat is overdue.
func playUntilOverdue(t *testing.T, hub *rooms.Hub) *driver {
	t.Helper()
	anna, bob := newDriverOf(t, hub, allGames, "anna", 100, 30), newDriverOf(t, hub, allGames, "bob", 100, 30)
	if err := anna.client.Create("firetower", 2, false, nil); err != nil {
		t.Fatal(err)
	}
	if err := anna.client.SetClock(rooms.ClockDay); err != nil {
		t.Fatal(err)
	}
	waitText(anna, "WAITING FOR PLAYERS")
	if err := bob.client.JoinCode(anna.app.table.u.Code); err != nil {
		t.Fatal(err)
	}
	if err := anna.client.Start(); err != nil {
		t.Fatal(err)
	}
	waitText(bob, "you: bob")
	bob.client.Close()
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		anna.screen()
		if anna.app.table.u.Seats[1].Overdue {
			return anna
		}
		if u := anna.app.table.u; len(u.Legal) > 0 {
			_ = anna.client.Act(u.Legal[0]) // a stale update may be refused: the next one asks again
		}
	}
	t.Fatalf("bob never ran out of time three times:\n%s", anna.screen())
	return nil
}

// TestHostEndsAnOverdueGame: at a correspondence table where bob ran out
// of time three times in a row, the host reads her choice; E asks first,
// n leaves the game as it is, y ends it with no winner.
func TestHostEndsAnOverdueGame(t *testing.T) {
	anna := playUntilOverdue(t, overdueHub(t))
	s := plainText(anna, "E ends the game now")
	if !strings.Contains(s, "K bot for bob") || !strings.Contains(s, "E end the game") {
		t.Fatalf("the key line does not offer the host's choice:\n%s", s)
	}
	anna.key("E")
	waitText(anna, "End the game now?")
	anna.key("n")
	if anna.app.table.ask != nil || anna.app.table.u.Table.Status != rooms.Playing {
		t.Fatal("n did not leave the game as it was")
	}
	anna.key("E", "y")
	waitText(anna, "GAME OVER")
	if o := anna.app.table.u.Outcome; len(o.Winners) != 0 || !strings.Contains(o.Summary, "ended early") {
		t.Fatalf("the game ended with %+v", o)
	}
}

// TestHostHandsAnOverdueSeatToABot: K, then y, hands bob's seat to a bot.
func TestHostHandsAnOverdueSeatToABot(t *testing.T) {
	anna := playUntilOverdue(t, overdueHub(t))
	anna.key("K")
	waitText(anna, "Hand bob's seat to a normal bot")
	anna.key("y")
	for deadline := time.Now().Add(10 * time.Second); !anna.app.table.u.Seats[1].Bot; anna.screen() {
		if time.Now().After(deadline) {
			t.Fatalf("bob's seat after K, y: %+v", anna.app.table.u.Seats[1])
		}
	}
}

// TestOthersReadTheHostsChoice: a player who is not the host reads that
// the host may hand the seat to a bot or end the game, and E is not
// theirs.
func TestOthersReadTheHostsChoice(t *testing.T) {
	ds := playTo(t, screenHub(t), gameScene{"firetower", 2, nil, 2, ""}, 100, 30, true, 0)
	bob := ds[1]
	ts := bob.app.table
	ts.setUpdate(withSeat(ts, 0, rooms.SeatInfo{Name: "anna", Overdue: true}))
	s := plainText(bob, "hand the seat to a bot or end the game.")
	if strings.Contains(s, "E end the game") {
		t.Fatalf("a player who is not the host is offered E:\n%s", s)
	}
	bob.key("E")
	waitText(bob, "Only the host may")
}

// TestFormSetsTheResponseWindowAndCasual: the new-table form offers a
// response window with a correspondence clock only, and the table opens
// with the window and the rating chosen.
func TestFormSetsTheResponseWindowAndCasual(t *testing.T) {
	d := newDriverOf(t, screenHub(t), allGames, "anna", 100, 30)
	waitText(d, "THE ARCADE")
	d.key("c")
	s := plainText(d, "NEW TABLE")
	if strings.Contains(s, "Response window") {
		t.Fatalf("a relaxed clock has a response window:\n%s", s)
	}
	d.key("j", "j", "j", "j", "j", "l", "l")
	waitText(d, "Response window")
	d.key("j", "l", "l", "j", "l")
	waitText(d, "casual")
	d.key("enter")
	s = plainText(d, "WAITING FOR PLAYERS")
	if u := d.app.table.u; !u.Casual || u.ReplyWindow != 4*time.Hour || u.Clock != rooms.ClockDay {
		t.Fatalf("the table opened with casual %v, window %v, clock %s:\n%s", u.Casual, u.ReplyWindow, u.Clock, s)
	}
}

// TestRatingsInTheSeats: a seat shows its player's rating, marked while
// provisional, with what the mark means.
func TestRatingsInTheSeats(t *testing.T) {
	hub := screenHub(t)
	d := newDriverOf(t, hub, allGames, "anna", 100, 30)
	if err := d.client.Create("firetower", 3, false, nil); err != nil {
		t.Fatal(err)
	}
	waitText(d, "WAITING FOR PLAYERS")
	ts := d.app.table
	u := withUpdate(ts, func(u *rooms.TableUpdate) {
		u.Seats = append([]rooms.SeatInfo(nil), u.Seats...)
		u.Seats[0].Rating = rooms.PlayerRating{Games: 8}
		u.Seats[0].Rating.Mu, u.Seats[0].Rating.Sigma = 30, 2
		u.Seats[1] = rooms.SeatInfo{Name: "bob", Connected: true, Rating: rooms.PlayerRating{Games: 2}}
		u.Seats[1].Rating.Mu, u.Seats[1].Rating.Sigma = 25, 25.0/3
	})
	ts.setUpdate(u)
	s := plainText(d, "anna · 24.0")
	if !strings.Contains(s, "bob · 0.0?") || !strings.Contains(s, "provisional") {
		t.Fatalf("the seats do not show the ratings:\n%s", s)
	}
}

// TestTournamentKeys: a player finds an open tournament with t, enter
// shows it, J joins it; its host ends it after a question.
func TestTournamentKeys(t *testing.T) {
	hub := rooms.NewHub(rooms.Config{Games: Engines(allGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond,
		Store: store.NewMemory()})
	t.Cleanup(hub.Close)
	anna, bob := newDriverOf(t, hub, allGames, "anna", 100, 30), newDriverOf(t, hub, allGames, "bob", 100, 30)
	code, err := anna.client.CreateTournament(rooms.TournamentSpec{Game: "firetower", Format: rooms.Swiss, Rounds: 2, TableSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	waitText(bob, "THE ARCADE")
	bob.key("t")
	waitText(bob, code+"  Fire Tower")
	bob.key("enter")
	waitText(bob, "Taking players (1 so far). J joins it.")
	bob.key("J")
	waitText(bob, "You are in")
	if tn, _, _ := hub.TournamentView(code); len(tn.Players) != 2 {
		t.Fatalf("J did not enter bob: %+v", tn.Players)
	}
	bob.key("E")
	waitText(bob, "Only the tournament's host")
	waitText(anna, "THE ARCADE")
	anna.key("t", "enter")
	waitText(anna, "You host it")
	anna.key("E")
	waitText(anna, "End the tournament now?")
	anna.key("y")
	waitText(anna, "the standings are final")
	if tn, _, _ := hub.TournamentView(code); tn.State != rooms.TournamentFinished {
		t.Fatalf("the tournament is %s after E, y", tn.State)
	}
}

// plainText is waitText without the styles.
func plainText(d *driver, want string) string {
	d.t.Helper()
	return stripANSI(waitText(d, want))
}

// TestTournamentTableScreen: a round's table that waits for an absent
// player tells the one who came that it starts by itself, offers no host
// keys, and says why O changes nothing.
func TestTournamentTableScreen(t *testing.T) {
	hub := rooms.NewHub(rooms.Config{Games: Engines(allGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond,
		Store: store.NewMemory(), AwayGrace: time.Hour, TournamentGrace: time.Hour})
	t.Cleanup(hub.Close)
	anna := newDriverOf(t, hub, allGames, "anna", 100, 30)
	code, err := anna.client.CreateTournament(rooms.TournamentSpec{Game: "firetower", Format: rooms.Swiss, Rounds: 1, TableSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	bob := hub.Connect(rooms.Player{ID: "key:bob", Name: "bob"})
	if err := bob.JoinTournament(code); err != nil {
		t.Fatal(err)
	}
	bob.Close()
	if err := anna.client.StartRound(code); err != nil {
		t.Fatal(err)
	}
	s := plainText(anna, "A tournament game: it starts by itself")
	if strings.Contains(s, "You are the host") || strings.Contains(s, "B seat bots") || !strings.Contains(s, "kept seats") {
		t.Fatalf("the round's table offers host keys or asks others in:\n%s", s)
	}
	anna.key("O")
	plainText(anna, "A tournament's table has no host")
}
