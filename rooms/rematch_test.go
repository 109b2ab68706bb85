package rooms

import (
	"errors"
	"slices"
	"testing"
	"time"

	"arcade/engine"
)

// finishToy plays a toy game with target 3 to its end: anna adds 2, bob 1.
func finishToy(t *testing.T, a, b *probe) {
	t.Helper()
	must(t, a.Act(addTwo))
	must(t, b.Act(addOne))
	a.table("over", func(u *TableUpdate) bool { return u.Outcome.Done })
}

// TestRematch: after a game, one key opens the rematch with the same game,
// options, clock, bots and seats; the others are told its code and get
// their own seats back, by code or by reconnecting; the finished table
// leaves the lobby's open tables for its recent results.
func TestRematch(t *testing.T) {
	h := testHub(t, Config{})
	a, b, c, spec := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cat"), connect(t, h, "dan")
	if err := a.Rematch(); !errors.Is(err, ErrNoRematch) {
		t.Fatalf("a rematch from the lobby: %v", err)
	}
	must(t, a.Create(toyID, 4, false, engine.Options{"target": "3"}))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	must(t, c.Join(id))
	must(t, a.AddBot(3, "easy"))
	must(t, a.SetClock(ClockBlitz))
	must(t, spec.Watch(id))
	if err := a.Rematch(); !errors.Is(err, ErrNoRematch) {
		t.Fatalf("a rematch before the game: %v", err)
	}
	must(t, a.Start())
	a.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing })
	must(t, a.Act(addTwo))
	must(t, b.Act(addOne))
	a.table("over", func(u *TableUpdate) bool { return u.Outcome.Done })
	if err := spec.Rematch(); !errors.Is(err, ErrNoRematch) {
		t.Fatalf("a spectator opened a rematch: %v", err)
	}
	eve := connect(t, h, "eve") // in the lobby
	eve.lobbyWhere("the finished game is a result, not an open table", func(l *LobbyUpdate) bool {
		return len(l.Recent) == 1 && slices.Equal(l.Recent[0].Names, []string{"anna", "bob", "cat", "Easy bot"}) &&
			!slices.ContainsFunc(l.Tables, func(s TableSummary) bool { return s.ID == id })
	})

	// bob asks for the rematch: he is its host, in his own seat.
	must(t, b.Rematch())
	nu := b.seated()
	if nu.Table.ID == id || nu.You != 1 || !nu.Host || nu.Options["target"] != "3" || nu.Clock != ClockBlitz ||
		!nu.Seats[3].Bot || nu.Seats[3].BotLevel != "easy" || nu.Seats[0].Name != "anna" || nu.Seats[0].Connected {
		t.Fatalf("the rematch: %s seats %+v clock %s", show(nu), nu.Seats, nu.Clock)
	}
	// anna is told the code; her key takes her to her seat.
	u := a.table("rematch code", func(u *TableUpdate) bool { return u.Rematch != "" })
	if u.Rematch != nu.Code {
		t.Fatalf("told code %q, the rematch's is %q", u.Rematch, nu.Code)
	}
	must(t, a.Rematch()) // the same key again joins bob's rematch
	if got := a.seated(); got.Table.ID != nu.Table.ID || got.You != 0 {
		t.Fatalf("anna in the rematch: %s", show(got))
	}
	// cat drops and reconnects: she is put in her kept seat.
	c.Close()
	c2 := connect(t, h, "cat")
	if got := c2.seated(); got.Table.ID != nu.Table.ID || got.You != 2 {
		t.Fatalf("cat reconnecting: %s", show(got))
	}
	must(t, b.Start())
	b.table("the rematch starts", func(u *TableUpdate) bool { return u.Table.Status == Playing })
}

// TestHostFreesAKeptSeat: a seat kept for a player who does not come can
// be freed by the host, so the game can start without them.
func TestHostFreesAKeptSeat(t *testing.T) {
	h := testHub(t, Config{})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "3"}, a, b)
	finishToy(t, a, b)
	b.Close()
	must(t, a.Rematch())
	nu := a.seated()
	if nu.Table.ID == id || nu.Seats[1].Name != "bob" {
		t.Fatalf("rematch: %s", show(nu))
	}
	if err := a.Start(); err == nil {
		t.Fatal("started with bob's kept seat empty")
	}
	must(t, a.Kick(1))
	a.table("seat freed", func(u *TableUpdate) bool {
		return u.Seats[1].Empty && hasLine(u.Log, "The host freed the seat kept for bob.")
	})
	must(t, a.AddBot(1, "easy"))
	must(t, a.Start())
}

// TestAlwaysAWayBack: a keyed player who leaves a game on purpose, or
// drops, has the seat waiting: the lobby can offer it (AwaySeats), Join
// gives it back, and so does a plain reconnect.
func TestAlwaysAWayBack(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "1000000"}, a, b)
	must(t, b.Leave())
	b.closedWith(NoticeLeft)
	if seats := b.AwaySeats(); len(seats) != 1 || seats[0].ID != id {
		t.Fatalf("bob's away seats after leaving: %+v", seats)
	}
	must(t, b.Join(id))
	if u := b.seated(); u.You != 1 {
		t.Fatalf("Join gave bob %s", show(u))
	}
	if seats := b.AwaySeats(); len(seats) > 0 {
		t.Fatal("an away seat while seated")
	}
	must(t, b.Leave())
	b.closedWith(NoticeLeft)
	b.Close()
	b2 := connect(t, h, "bob")
	if u := b2.seated(); u.Table.ID != id || u.You != 1 {
		t.Fatalf("a reconnect after leaving: %s", show(u))
	}
	guest := &probe{Client: h.Connect(Player{Name: "lou"}), t: t}
	if seats := guest.AwaySeats(); len(seats) > 0 {
		t.Fatal("a guest has an away seat")
	}
}

// TestAwayFromSeveralTables: a player away from two games has both seats
// waiting, the latest first; a reconnect takes the latest back, the other
// stays offered, and Join gives it back too.
func TestAwayFromSeveralTables(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour})
	a, b, c := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cy")
	first := startToy(t, toyID, engine.Options{"target": "1000000"}, a, b)
	must(t, b.Leave())
	b.closedWith(NoticeLeft)
	second := startToy(t, toyID, engine.Options{"target": "1000000"}, c, b)
	must(t, b.Leave())
	b.closedWith(NoticeLeft)
	if seats := b.AwaySeats(); len(seats) != 2 || seats[0].ID != second || seats[1].ID != first {
		t.Fatalf("bob's away seats: %+v, want %s then %s", seats, second, first)
	}
	b.Close()
	b2 := connect(t, h, "bob")
	if u := b2.seated(); u.Table.ID != second || u.You != 1 {
		t.Fatalf("a reconnect went to %s", show(u))
	}
	if seats := b2.AwaySeats(); len(seats) != 1 || seats[0].ID != first {
		t.Fatalf("the other seat is not offered any more: %+v", seats)
	}
	must(t, b2.Join(first))
	if u := b2.seated(); u.Table.ID != first || u.You != 1 {
		t.Fatalf("Join on the older away seat gave %s", show(u))
	}
	if seats := b2.AwaySeats(); len(seats) != 1 || seats[0].ID != second {
		t.Fatalf("after moving to the older table, the latest should wait: %+v", seats)
	}
}

// TestRematchAgainstBotsStartsAtOnce: a player's rematch of a game against
// bots only starts at once, as a new table whose other seats are bots does.
func TestRematchAgainstBotsStartsAtOnce(t *testing.T) {
	h := testHub(t, Config{})
	a := connect(t, h, "anna")
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "3"}))
	id := a.seated().Table.ID
	must(t, a.AddBot(1, "easy"))
	must(t, a.Start())
	a.until("the game against the bot over", func() bool {
		if a.tu != nil && len(a.tu.Legal) > 0 {
			_ = a.Act(addTwo)
		}
		return a.tu != nil && a.tu.Table.ID == id && a.tu.Outcome.Done
	})
	must(t, a.Rematch())
	nu := a.table("the rematch under way", func(u *TableUpdate) bool { return u.Table.ID != id && u.Table.Status == Playing })
	if !nu.Seats[1].Bot || nu.You != 0 {
		t.Fatalf("the rematch: %s seats %+v", show(nu), nu.Seats)
	}
}
