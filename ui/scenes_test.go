package ui

import (
	"slices"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"arcade/engine"
	"arcade/rooms"
	"arcade/rooms/store"
)

// The screens of the games that wait, the settings and the tournaments,
// for TestScreens.

// yourMoveScene is anna's lobby with two correspondence tables of hers,
// which her dropped connections left her seats at: one where it is her
// move (a day's clock), one where it waits for the other player (three
// days), and di's open table under them.
func yourMoveScene(t *testing.T, w, h int, colour bool) string {
	t.Helper()
	hub := screenHub(t)
	for _, c := range []struct {
		with  string
		clock rooms.Clock
		waits int // the seat the table waits for
	}{{"bob", rooms.ClockDay, 0}, {"cy", rooms.Clock3Days, 1}} {
		anna, other := screenDriver(t, hub, "anna", 80, 24, true), screenDriver(t, hub, c.with, 80, 24, true)
		if err := anna.client.Create("firetower", 2, false, nil); err != nil {
			t.Fatal(err)
		}
		if err := anna.client.SetClock(c.clock); err != nil {
			t.Fatal(err)
		}
		waitText(anna, "WAITING FOR PLAYERS")
		if err := other.client.JoinCode(anna.app.table.u.Code); err != nil {
			t.Fatal(err)
		}
		if err := anna.client.Start(); err != nil {
			t.Fatal(err)
		}
		// The first legal move is played until the table waits for the
		// seat it should.
		ds := []*driver{anna, other}
		for settle(t, ds); len(ds[c.waits].app.table.u.Legal) == 0; settle(t, ds) {
			for _, d := range ds {
				if u := d.app.table.u; len(u.Legal) > 0 {
					if err := d.client.Act(u.Legal[0]); err != nil {
						t.Fatal(err)
					}
					break
				}
			}
		}
		anna.client.Close() // her connection drops: the seat and its clock wait
	}
	anna := screenDriver(t, hub, "anna", w, h, colour)
	di := screenDriver(t, hub, "di", 80, 24, true)
	if err := di.client.Create("fireproto", 3, false, nil); err != nil {
		t.Fatal(err)
	}
	waitText(anna, "OPEN TABLES")
	return waitText(anna, "Your move at 1 table")
}

// overdueScene is anna's screen, the host of a correspondence game of
// Fire Tower, once bob, away, has run out of time rooms.MaxTimeouts times
// in a row and the table waits for him. (The update is the hub's, with
// his seat, the clock and the log as the hub then publishes them.)
func overdueScene(t *testing.T, w, h int, colour bool) (string, string) {
	t.Helper()
	ds := playTo(t, screenHub(t), gameScene{"firetower", 2, nil, 6, ""}, w, h, colour, 1)
	ts := ds[0].app.table
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) {
		u.Seats = slices.Clone(u.Seats)
		u.Seats[1].Connected, u.Seats[1].Overdue = false, true
		u.Clock, u.TurnDeadline, u.Rated = rooms.ClockDay, time.Now().Add(rooms.DefaultDay), true
		u.Log = append(slices.Clone(u.Log), logLines("bob's time ran out: the table plays for them.",
			"bob's time ran out 3 times in a row: the host may hand the seat to a bot or end the game.")...)
	}))
	return waitText(ds[0], "end the game"), ts.u.Code
}

// correspondenceFormScene is the new-table form with a day's clock, a
// response window of an hour and a casual game chosen.
func correspondenceFormScene(t *testing.T, w, h int, colour bool) string {
	t.Helper()
	d := screenDriver(t, screenHub(t), "anna", w, h, colour)
	waitText(d, "GAMES")
	d.key("c")
	waitText(d, "NEW TABLE")
	d.key("j", "j", "j", "j", "j", "l", "l") // the clock: relaxed, blitz, a day
	d.key("j", "l")                          // the response window: an hour
	d.key("j", "l")                          // casual
	return waitText(d, "casual")
}

// settingsScene is anna's settings: her notification address, the bell,
// her first key and a key linked to her.
func settingsScene(t *testing.T, w, h int, colour bool) string {
	t.Helper()
	hub := settingsHub(t, &testNotifier{})
	const first = "key:SHA256:q3ZkV0m1uRt8Nw2xYp6aLc9EhJ4sGd7KfB5nWvXyT0o"
	code, err := hub.NewLinkCode(rooms.Player{ID: first, Name: "anna"})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hub.LinkKey(code, rooms.Player{ID: "key:SHA256:Vd9YQ8nX1ZtQe0Vb3pQ7m2cKxLr5yH6uJ4wS8aFfGhE", Name: "anna"}); err != nil {
		t.Fatal(err)
	}
	c := hub.Connect(rooms.Player{ID: first, Name: "anna"})
	t.Cleanup(c.Close)
	d := &driver{t: t, app: New(c, Options{Games: allGames, ConnectHint: "ssh -p 2222 arcade.example"}), client: c}
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	if !colour {
		d.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	}
	if err := c.SetWebhook("https://ntfy.sh/anna-moves?tpl=1&t={{.title}}&m={{.message}}"); err != nil {
		t.Fatal(err)
	}
	waitText(d, "GAMES")
	d.key("s")
	return waitText(d, "linked 2 Mar 2025")
}

// tournamentHub is a hub whose tournament of five has played its first
// round of Fire Tower: two tables, a bye. anna hosts it.
func tournamentHub(t *testing.T) (*rooms.Hub, string) {
	t.Helper()
	hub := rooms.NewHub(rooms.Config{Games: Engines(allGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond,
		Seed: func() uint64 { return 13 }, Store: store.NewMemory()})
	t.Cleanup(hub.Close)
	names := []string{"anna", "bob", "cy", "di", "ed"}
	clients := make([]*rooms.Client, len(names))
	for i, n := range names {
		clients[i] = hub.Connect(rooms.Player{ID: "key:" + n, Name: n})
		t.Cleanup(clients[i].Close)
	}
	code, err := clients[0].CreateTournament(rooms.TournamentSpec{Game: "firetower", Format: rooms.Swiss, Rounds: 3, TableSize: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range clients[1:] {
		if err := c.JoinTournament(code); err != nil {
			t.Fatal(err)
		}
	}
	if err := clients[0].StartRound(code); err != nil {
		t.Fatal(err)
	}
	playOut(t, clients[:4])
	for deadline := time.Now().Add(15 * time.Second); ; {
		tn, _, err := hub.TournamentView(code)
		if err != nil {
			t.Fatal(err)
		}
		if tn.State == rooms.TournamentBetween {
			return hub, code
		}
		if time.Now().After(deadline) {
			t.Fatalf("the round never ended: %+v", tn)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// playOut plays the games the clients are seated at to their end, each
// client making the move a table's own seeded choice picks whenever an
// update gives it one, and has them leave once the games are over.
func playOut(t *testing.T, clients []*rooms.Client) {
	t.Helper()
	rngs := map[string]*engine.RNG{}
	last := make([]*rooms.TableUpdate, len(clients))
	for deadline := time.Now().Add(60 * time.Second); time.Now().Before(deadline); time.Sleep(time.Millisecond) {
		over := true
		for i, c := range clients {
			if _, u := c.Take(); u != nil {
				last[i] = u
			}
			u := last[i]
			over = over && u != nil && u.Table.Status == rooms.Finished
			if u == nil || u.Table.Status != rooms.Playing || len(u.Legal) == 0 {
				continue
			}
			rng := rngs[u.Table.ID]
			if rng == nil {
				r := engine.NewRNG(7)
				rng = &r
				rngs[u.Table.ID] = rng
			}
			if err := c.Act(u.Legal[rng.Intn(len(u.Legal))]); err != nil {
				t.Fatalf("%s: %v", u.Table.ID, err)
			}
			last[i] = nil // the next move waits for the table's next update
		}
		if over {
			for _, c := range clients {
				if err := c.Leave(); err != nil {
					t.Fatal(err)
				}
			}
			return
		}
	}
	t.Fatal("the games never ended")
}

// tournamentScene is the standings of the tournament of tournamentHub as
// its host, anna, sees them between two rounds.
func tournamentScene(t *testing.T, hub *rooms.Hub, w, h int, colour bool) string {
	t.Helper()
	d := screenDriver(t, hub, "anna", w, h, colour)
	d.app.s.opts.ConnectHint = "ssh -p 2222 arcade.example"
	waitText(d, "GAMES")
	d.key("t")
	waitText(d, "round 1 of 3 played")
	d.key("enter")
	return waitText(d, "STANDINGS")
}
