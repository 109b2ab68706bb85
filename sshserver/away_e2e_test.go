package sshserver_test

import (
	"strings"
	"testing"
	"time"

	"arcade/rooms"
	"arcade/sshserver/sshtest"
)

// startAndLeave has the host start the two-seat table p sits at, and p
// leave it mid-game (their seat waits).
func startAndLeave(t *testing.T, host, p *sshtest.Term) {
	t.Helper()
	send(t, host, "S")
	waitFor(t, p, "playing")
	send(t, p, "Q")
	waitFor(t, p, "Your seat waits for you")
	send(t, p, "y")
	waitFor(t, p, "your seat (away)")
}

// TestSeveralAwaySeatsOverSSH: bob leaves two running games; the lobby
// lists both of his seats first, each with its host; a reconnect with his
// key seats him at the later one and tells him the other waits too; enter
// on the other in the lobby seats him there; a seat the host takes away
// vanishes from his lobby with a word.
func TestSeveralAwaySeatsOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{BotDelay: time.Hour, AwayGrace: time.Hour}, nil)
	wide := sshtest.Options{Cols: 120, Rows: 40}
	bobKey := sshtest.NewKey(t)
	wide.Key = sshtest.NewKey(t)
	anna := sshtest.Dial(t, srv.Addr, "anna", wide)
	wide.Key = sshtest.NewKey(t)
	cy := sshtest.Dial(t, srv.Addr, "cy", wide)
	wide.Key = bobKey
	bob := sshtest.Dial(t, srv.Addr, "bob", wide)
	lobbyAll(t, anna, cy, bob)

	fireTowerForTwo(t, anna, bob)
	startAndLeave(t, anna, bob)
	fireTowerForTwo(t, cy, bob)
	startAndLeave(t, cy, bob)
	// awayLines are the hosts of the away seats the lobby lists, in order.
	awayLines := func(screen string) (hosts []string) {
		for _, line := range strings.Split(screen, "\n") {
			if _, after, ok := strings.Cut(line, "your seat (away) · "); ok {
				host, _, _ := strings.Cut(after, " ")
				hosts = append(hosts, host)
			}
		}
		return hosts
	}
	if err := bob.WaitUntil("both away seats", func(s string) bool { return len(awayLines(s)) == 2 }, waitLong); err != nil {
		t.Fatalf("%v:\n%s", err, bob.Screen())
	}

	// A reconnect with the key: the later seat, and a word on the other.
	_ = bob.Close()
	bob = sshtest.Dial(t, srv.Addr, "bob", wide)
	waitFor(t, bob, "you: bob")
	waitFor(t, cy, "bob is back")
	waitFor(t, bob, "anna's Fire Tower table waits for you too")

	// Back in the lobby, enter on anna's table seats him there.
	send(t, bob, "Q")
	waitFor(t, bob, "Your seat waits for you")
	send(t, bob, "y")
	if err := bob.WaitUntil("both away seats", func(s string) bool { return len(awayLines(s)) == 2 }, waitLong); err != nil {
		t.Fatalf("%v:\n%s", err, bob.Screen())
	}
	// The later seat (cy's) is listed first and selected: j selects anna's.
	if hosts := awayLines(bob.Screen()); hosts[0] != "cy" || hosts[1] != "anna" {
		t.Fatalf("away seats listed as %v, want cy's (the latest) first", hosts)
	}
	send(t, bob, "j")
	send(t, bob, "\r")
	waitFor(t, anna, "bob is back")
	waitFor(t, bob, "you: bob")

	// cy removes bob's seat at her table: it leaves bob's lobby, and he is told.
	send(t, bob, "Q")
	waitFor(t, bob, "Your seat waits for you")
	send(t, bob, "y")
	waitFor(t, bob, "your seat (away)")
	send(t, cy, "B")
	waitFor(t, cy, "choose a seat and a bot level")
	for i := 0; i < 3 && !strings.Contains(cy.Screen(), "› 2."); i++ {
		send(t, cy, "j")
	}
	send(t, cy, "K")
	waitFor(t, bob, "Your seat at cy's Fire Tower table is no longer kept for you")
	if err := bob.WaitUntil("one away seat", func(s string) bool { return len(awayLines(s)) == 1 }, waitLong); err != nil {
		t.Fatalf("%v:\n%s", err, bob.Screen())
	}
	if hosts := awayLines(bob.Screen()); hosts[0] != "anna" {
		t.Fatalf("the seat left in bob's lobby is %v, want anna's", hosts)
	}
}
