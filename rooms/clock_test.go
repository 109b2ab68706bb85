package rooms

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"arcade/engine"
)

// TestTurnClock: a present player who lets the clock run out has the
// fallback played for them; after MaxTimeouts in a row a bot plays for them
// until they act again, which gives the seat back.
func TestTurnClock(t *testing.T) {
	h := testHub(t, Config{BlitzTime: 30 * time.Millisecond, AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "1000000"}))
	id := a.seated().Table.ID
	must(t, b.Join(id))
	if err := b.SetClock(ClockBlitz); !errors.Is(err, ErrNotHost) {
		t.Fatalf("a guest set the clock: %v", err)
	}
	must(t, a.SetClock(ClockBlitz))
	a.table("clock set", func(u *TableUpdate) bool { return u.Clock == ClockBlitz })
	must(t, a.Start())
	if err := a.SetClock(ClockOff); !errors.Is(err, ErrClockStarted) {
		t.Fatalf("the clock changed mid-game: %v", err)
	}
	u := a.table("anna's clock runs", func(u *TableUpdate) bool { return !u.TurnDeadline.IsZero() })
	if time.Until(u.TurnDeadline) > time.Second {
		t.Fatalf("deadline %v away", time.Until(u.TurnDeadline))
	}
	// bob plays each of his turns at once; anna never does.
	for {
		u := b.table("a turn", func(u *TableUpdate) bool { return true })
		if hasLine(u.Log, "a normal bot plays for them until they act again") {
			break
		}
		if len(u.Legal) > 0 {
			_ = b.Act(addOne)
		}
		if view(t, u).Count > 50 {
			t.Fatal("anna was never handed to a bot")
		}
	}
	u = a.table("the bot plays for anna", func(u *TableUpdate) bool { return u.Seats[0].StandIn && u.Seats[0].Connected })
	if n := strings.Count(joinLog(u.Log), "anna's time ran out"); n != MaxTimeouts {
		t.Fatalf("%d timeouts logged before the bot, want %d:\n%s", n, MaxTimeouts, joinLog(u.Log))
	}
	// The bot moves for anna now: bob gets his turns back without waiting.
	before := view(t, u).Count
	for i := 0; i < 3; i++ {
		b.table("bob's turn", func(u *TableUpdate) bool { return len(u.Legal) > 0 })
		must(t, b.Act(addOne))
	}
	if after := view(t, b.table("moves", func(*TableUpdate) bool { return true })).Count; after < before+4 {
		t.Fatalf("the count went from %d to %d: the bot does not play for anna", before, after)
	}
	// anna acts (out of turn is enough): she has her seat back.
	_ = a.Act(addOne)
	a.table("anna is back", func(u *TableUpdate) bool {
		return !u.Seats[0].StandIn && hasLine(u.Log, "anna is back; the bot stops playing for them.")
	})
}

// TestHostHandsIdleSeatToBotAndKicksAbsent: the host may let a bot play for
// a present player whose time ran out, and remove an absent player mid-game
// (a bot takes the seat; the player is not put back on reconnecting).
func TestHostHandsIdleSeatToBotAndKicksAbsent(t *testing.T) {
	h := testHub(t, Config{RelaxedTime: 30 * time.Millisecond, AwayGrace: time.Hour, DefaultClock: ClockRelaxed})
	a, b, c := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cat")
	id := startToy(t, toyID, engine.Options{"target": "1000000"}, a, b, c)
	if err := a.AddBot(1, "easy"); err == nil {
		t.Fatal("the host handed a present player who never timed out to a bot")
	}
	// anna plays; bob's time runs out once.
	must(t, a.Act(addOne))
	a.table("bob timed out", func(u *TableUpdate) bool { return hasLine(u.Log, "bob's time ran out: the table plays for them.") })
	must(t, a.AddBot(1, "easy"))
	a.table("a bot for bob", func(u *TableUpdate) bool { return u.Seats[1].StandIn })

	c.Close()
	a.table("cat away", func(u *TableUpdate) bool { return !u.Seats[2].Connected && !u.Seats[2].StandIn })
	must(t, a.Kick(2))
	u := a.table("cat removed", func(u *TableUpdate) bool { return u.Seats[2].Bot && !u.Seats[2].StandIn })
	if !hasLine(u.Log, "The host removed cat, who was away; a normal bot takes the seat.") {
		t.Fatalf("log: %q", u.Log)
	}
	c2 := connect(t, h, "cat")
	if l, tu := c2.Take(); l == nil || tu != nil {
		t.Fatalf("a removed player was put back at %s: %v", id, show(tu))
	}
	if seats := c2.AwaySeats(); len(seats) > 0 {
		t.Fatal("the removed player's lobby still offers their seat")
	}

	// bob leaves while his bot stands in: the host may remove him too,
	// and the bot that played for him keeps the seat.
	b.Close()
	a.table("bob away", func(u *TableUpdate) bool { return !u.Seats[1].Connected && u.Seats[1].StandIn })
	must(t, a.Kick(1))
	u = a.table("bob removed", func(u *TableUpdate) bool { return u.Seats[1].Bot && !u.Seats[1].StandIn })
	if !hasLine(u.Log, "The host removed bob, who was away; an easy bot takes the seat.") {
		t.Fatalf("log: %q", u.Log)
	}
}

// TestAutoPass: auto-pass never shortens a window on its own (what the
// others see does not change); when every human asked has it on, the
// window is the short one, and it runs out for them.
func TestAutoPass(t *testing.T) {
	h := testHub(t, Config{ResponseWindow: time.Hour, AutoPassWindow: 50 * time.Millisecond, DefaultClock: ClockOff})
	a, b, c := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cat")
	startToy(t, toyID, engine.Options{"target": "1000000", "window": "true"}, a, b, c)
	must(t, b.SetAutoPass(true))
	if u := b.table("auto-pass on", func(u *TableUpdate) bool { return u.AutoPass }); u.AutoPass != true {
		t.Fatal("the setting does not show")
	}
	if u := a.table("anna's update", func(*TableUpdate) bool { return true }); u.AutoPass {
		t.Fatal("bob's setting shows on anna's screen")
	}
	must(t, a.Act(addOne))
	u := a.table("the window", func(u *TableUpdate) bool { return !u.Deadline.IsZero() })
	if time.Until(u.Deadline) < 30*time.Minute {
		t.Fatalf("one player's auto-pass shortened the window to %v", time.Until(u.Deadline))
	}
	must(t, c.SetAutoPass(true))
	must(t, c.Act(okAct)) // cat answers; bob is asked again in a new window later
	must(t, b.Act(okAct))
	must(t, a.SetAutoPass(true))
	must(t, b.Act(addOne)) // bob's turn; anna and cat are asked
	// Now both asked humans (anna, cat) have auto-pass on: a short window,
	// which runs out for them.
	b.table("the short window ran out", func(u *TableUpdate) bool {
		return u.Deadline.IsZero() && slices.Contains(u.Pending, 2) && view(t, u).Count == 2
	})
}

// TestAutoPassComesBackWithTheSeat: a player who leaves a game with
// auto-pass on, and comes back, has it on still.
func TestAutoPassComesBackWithTheSeat(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour, DefaultClock: ClockOff})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	id := startToy(t, toyID, engine.Options{"target": "1000000"}, a, b)
	must(t, b.SetAutoPass(true))
	b.table("auto-pass on", func(u *TableUpdate) bool { return u.AutoPass })
	must(t, b.Leave())
	b.closedWith(NoticeLeft)
	must(t, b.Join(id))
	if u := b.seated(); !u.AutoPass {
		t.Fatal("auto-pass went off when bob came back")
	}
}

// TestTurnIsBounded: a player who keeps the turn with legal moves (here a
// move that never ends it) has it ended by the table after MaxTurnMoves,
// when another person waits; alone with bots, nobody waits on them.
func TestTurnIsBounded(t *testing.T) {
	h := testHub(t, Config{AwayGrace: time.Hour})
	a, b := connect(t, h, "anna"), connect(t, h, "bob")
	must(t, a.Create(toyID, 2, false, engine.Options{"target": "1000000", "stay": "true"}))
	must(t, b.Join(a.seated().Table.ID))
	must(t, a.Start())
	first, second := a, b
	if u := a.table("started", func(u *TableUpdate) bool { return u.Table.Status == Playing }); len(u.Legal) == 0 {
		first, second = b, a
	}
	for i := 0; i < MaxTurnMoves; i++ {
		must(t, first.Act(stay))
	}
	if u := second.table("still the first player's turn", func(u *TableUpdate) bool { return true }); len(u.Legal) > 0 {
		t.Fatalf("the turn ended after %d moves, before the bound", MaxTurnMoves)
	}
	must(t, first.Act(stay))
	u := second.table("the turn ended", func(u *TableUpdate) bool { return len(u.Legal) > 0 })
	if !hasLine(u.Log, fmt.Sprintf("made %d moves in a row: the table ends their turn.", MaxTurnMoves)) {
		t.Fatalf("nobody was told why the turn ended:\n%s", joinLog(u.Log))
	}

	// Alone with a bot, the same player may go on.
	solo := connect(t, h, "cy")
	must(t, solo.Create(toyID, 2, false, engine.Options{"target": "1000000", "stay": "true"}))
	must(t, solo.AddBot(1, "easy"))
	must(t, solo.Start())
	solo.table("cy's turn", func(u *TableUpdate) bool { return len(u.Legal) > 0 })
	for i := 0; i <= MaxTurnMoves; i++ {
		must(t, solo.Act(stay))
	}
	if u := solo.table("after the moves", func(*TableUpdate) bool { return true }); hasLine(u.Log, "the table ends their turn") {
		t.Fatal("the table ended the turn of a player alone with a bot")
	}
}

// TestClockWords: a clock's name in a sentence is words, not the token
// players type ("3 days", not "3days").
func TestClockWords(t *testing.T) {
	for k, want := range map[Clock]string{ClockRelaxed: "relaxed", ClockBlitz: "blitz", ClockOff: "off",
		ClockDay: "1 day", Clock3Days: "3 days", ClockWeek: "7 days"} {
		if got := k.Words(); got != want {
			t.Errorf("%s.Words() = %q, want %q", k, got, want)
		}
	}
}
