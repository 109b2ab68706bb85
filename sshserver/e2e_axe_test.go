package sshserver_test

import (
	"slices"
	"strings"
	"testing"
	"time"

	"arcade/engine"
	"arcade/engine/firelibrary"
	"arcade/rooms"
	"arcade/sshserver/sshtest"
)

// axeSeed finds a seed that deals seat 1 an Axe in a four-player game, so
// the test does not depend on luck (or on the engine's dealing code).
func axeSeed(t *testing.T) uint64 {
	t.Helper()
	var g engine.Game = firelibrary.Game{}
	opts, _ := g.Info().Resolve(nil)
	for seed := uint64(1); seed < 10000; seed++ {
		st, err := g.New(4, opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		hand := st.View(1).(firelibrary.View).Hand
		if slices.ContainsFunc(hand, func(tv firelibrary.ToolView) bool { return tv.Name == "Axe" }) {
			return seed
		}
	}
	t.Fatal("no seed deals seat 2 an Axe")
	return 0
}

// TestAxeOutOfTurnOverSSH: a player who is not active plays the Axe from
// their own terminal while someone else's fire spreads, within the
// response window the table shows them.
func TestAxeOutOfTurnOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	seed := axeSeed(t)
	srv := startHubGames(t, rooms.Config{
		// Bots slow enough that the Axe's log line is still on screen when
		// the test looks for it.
		BotDelay: 300 * time.Millisecond, ResponseWindow: time.Minute,
		Seed: func() uint64 { return seed },
	}, nil)
	anna := sshtest.Dial(t, srv.Addr, "anna", sshtest.Options{Key: sshtest.NewKey(t)})
	bob := sshtest.Dial(t, srv.Addr, "bob", sshtest.Options{Key: sshtest.NewKey(t), Cols: 100, Rows: 30})
	for _, p := range []*sshtest.Term{anna, bob} {
		if err := p.WaitFor(sshtest.LobbyMarker, waitLong); err != nil {
			t.Fatal(err)
		}
	}
	// anna opens a private four-seat table; bob joins; two bots fill it.
	send(t, anna, "c")
	if err := anna.WaitFor("NEW TABLE", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "j", "j", "l", "\r")
	if err := anna.WaitFor("Invite code:", waitLong); err != nil {
		t.Fatal(err)
	}
	code := inviteRE.FindStringSubmatch(anna.Screen())[1]
	send(t, bob, "i", code+"\r")
	if err := anna.WaitFor("waiting 2/4", waitLong); err != nil {
		t.Fatal(err)
	}
	// The seats panel opens on seat 3; enter seats a normal bot there and
	// moves on to seat 4, then closes once the table is full.
	send(t, anna, "B")
	if err := anna.WaitFor("› 3. empty", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "\r")
	if err := anna.WaitFor("waiting 3/4", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "\r")
	if err := anna.WaitFor("waiting 4/4", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "S")
	if err := bob.WaitFor("Axe", waitLong); err != nil {
		t.Fatal(err)
	}

	players := map[string]*sshtest.Term{"anna": anna, "bob": bob}
	drawn := map[string]int{}
	axed := false // bob has played his Axe; the others still answer the window
	seen := func(s string) bool { return strings.Contains(logText(s), "bob plays an Axe") }
	for step := 0; step < 3000; step++ {
		if axed && seen(anna.Screen()) && seen(bob.Screen()) {
			return
		}
		if strings.Contains(anna.Screen(), "GAME OVER") {
			t.Fatalf("the game ended before bob could play his Axe:\n%s\n%s", anna.Screen(), bob.Screen())
		}
		if !playOneMove(t, players, drawn, func(name string, keys, labels []string) string {
			screen := players[name].Screen()
			key := keys[0]
			for i, l := range labels {
				switch {
				case name == "bob" && strings.HasPrefix(l, "Axe:") && !strings.Contains(screen, "▸ bob"):
					key = keys[i]
					axed = true
				case strings.HasPrefix(l, "Escape") && drawn[name] >= 2:
					key = keys[i]
				case strings.HasPrefix(l, "Pass") && !(name == "bob" && axed):
					key = keys[i]
				}
			}
			return key
		}) {
			time.Sleep(20 * time.Millisecond)
		}
	}
	if axed {
		t.Fatalf("bob played the Axe but the log never said so:\n%s\n%s", anna.Screen(), bob.Screen())
	}
	t.Fatal("bob was never offered the Axe")
}

// logText joins the log column of a table screen (the text right of the
// last "│" on each line), undoing its word wrap.
func logText(screen string) string {
	var parts []string
	for _, line := range strings.Split(screen, "\n") {
		if i := strings.LastIndex(line, "│"); i >= 0 {
			parts = append(parts, strings.TrimSpace(line[i+len("│"):]))
		}
	}
	return strings.Join(parts, " ")
}
