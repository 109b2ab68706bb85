package ui

import (
	"strings"
	"testing"

	"arcade/rooms"
)

// leaveScene sets a table up for anna (and bob, when two play) and
// returns anna's and bob's drivers, bob nil when he is not there.
type leaveScene struct {
	name string
	// setup makes the table; anna is at it (seated, or watching) after.
	setup func(t *testing.T, anna, bob *driver)
	// ask: the words Q shows anna, "" when Q leaves at once.
	ask string
	// after checks what leaving did to the table, as bob or the hub sees it.
	after func(t *testing.T, hub *rooms.Hub, bob *driver)
}

// tableOpen reports whether the hub still lists a table.
func tableOpen(hub *rooms.Hub) bool { return len(hub.Lobby().Tables) > 0 }

// TestLeaveQuestionTellsWhatHappens: Q asks in words that match what rooms
// does when anna leaves: a game with bots only ends, a shared game keeps
// her seat, a spectator leaves without a question, and before the game her
// seat is freed (or the table closes when nobody else is at it).
func TestLeaveQuestionTellsWhatHappens(t *testing.T) {
	create := func(t *testing.T, d *driver, seats int) {
		t.Helper()
		if err := d.client.Create("firelibrary", seats, false, nil); err != nil {
			t.Fatal(err)
		}
		d.waitFor("WAITING FOR PLAYERS")
	}
	join := func(t *testing.T, host, d *driver) {
		t.Helper()
		if err := d.client.JoinCode(host.app.table.u.Code); err != nil {
			t.Fatal(err)
		}
		d.waitFor("Waiting for the host")
	}
	start := func(t *testing.T, d *driver) {
		t.Helper()
		if err := d.client.Start(); err != nil {
			t.Fatal(err)
		}
		d.waitFor("playing")
	}
	scenes := []leaveScene{
		{"bots only", func(t *testing.T, anna, _ *driver) {
			create(t, anna, 2)
			if err := anna.client.AddBot(1, "easy"); err != nil {
				t.Fatal(err)
			}
			start(t, anna)
		}, "Leave? The game ends: nobody else plays here. y/n", func(t *testing.T, hub *rooms.Hub, _ *driver) {
			if tableOpen(hub) {
				t.Error("the game with bots only goes on after its player left")
			}
		}},
		{"shared game", func(t *testing.T, anna, bob *driver) {
			create(t, anna, 2)
			join(t, anna, bob)
			start(t, anna)
		}, "Your seat waits for you", func(t *testing.T, _ *rooms.Hub, bob *driver) {
			bob.waitFor("anna left the game")
			if s := bob.app.table.u.Seats[0]; s.Empty || s.Name != "anna" {
				t.Errorf("anna's seat did not wait for her: %+v", s)
			}
		}},
		{"shared game, a bot stands in", func(t *testing.T, anna, bob *driver) {
			create(t, anna, 2)
			join(t, anna, bob)
			start(t, anna)
			if err := bob.client.Leave(); err != nil {
				t.Fatal(err)
			}
			anna.waitFor("bob left the game")
			// A bot standing in for bob keeps the game a shared one.
			if err := anna.client.AddBot(1, "easy"); err != nil {
				t.Fatal(err)
			}
			for i := 0; i < 100 && !anna.app.table.u.Seats[1].StandIn; i++ {
				anna.screen()
			}
		}, "the table closes if no player returns soon", func(t *testing.T, hub *rooms.Hub, _ *driver) {
			if !tableOpen(hub) {
				t.Error("the table closed at once")
			}
		}},
		{"spectator", func(t *testing.T, anna, bob *driver) {
			create(t, bob, 2)
			if err := anna.client.WatchCode(bob.app.table.u.Code); err != nil {
				t.Fatal(err)
			}
			anna.waitFor("you watch")
		}, "", func(t *testing.T, _ *rooms.Hub, bob *driver) {
			if w := bob.app.table.u.Watchers; len(w) != 0 {
				t.Errorf("anna still watches: %v", w)
			}
		}},
		{"before the game", func(t *testing.T, anna, bob *driver) {
			create(t, bob, 2)
			join(t, bob, anna)
		}, "Leave the table? Your seat is freed. y/n", func(t *testing.T, _ *rooms.Hub, bob *driver) {
			bob.waitFor("anna left.")
			if s := bob.app.table.u.Seats[1]; !s.Empty {
				t.Errorf("anna's seat was not freed: %+v", s)
			}
		}},
		{"before the game, alone", func(t *testing.T, anna, _ *driver) {
			create(t, anna, 2)
			if err := anna.client.AddBot(1, "easy"); err != nil {
				t.Fatal(err)
			}
		}, "The table closes: no other player is here.", func(t *testing.T, hub *rooms.Hub, _ *driver) {
			if tableOpen(hub) {
				t.Error("the table stayed open")
			}
		}},
	}
	for _, sc := range scenes {
		t.Run(sc.name, func(t *testing.T) {
			hub := newHub(t)
			anna, bob := newDriver(t, hub, "anna", 100, 30), newDriver(t, hub, "bob", 100, 30)
			sc.setup(t, anna, bob)
			anna.key("Q")
			if sc.ask == "" {
				anna.waitFor("THE ARCADE")
			} else {
				if s := anna.screen(); !strings.Contains(s, sc.ask) {
					t.Fatalf("Q did not ask %q:\n%s", sc.ask, s)
				}
				anna.key("y")
				anna.waitFor("THE ARCADE")
			}
			bob.screen()
			anna.screen()
			sc.after(t, hub, bob)
		})
	}
}
