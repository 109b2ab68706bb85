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
	waitFor(t, p, "YOUR TABLES")
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
	// awayLines are the hosts of the away seats the lobby lists, in order:
	// "YOUR MOVE · cy's table", or "waiting for anna" when the host's name
	// does not fit (at a table of two the other player is its host).
	awayLines := func(screen string) (hosts []string) {
		for _, line := range strings.Split(screen, "\n") {
			if before, _, ok := strings.Cut(line, "'s table"); ok {
				hosts = append(hosts, before[strings.LastIndex(before, " ")+1:])
			} else if _, after, ok := strings.Cut(line, "waiting for "); ok && strings.Contains(screen, "YOUR TABLES") {
				hosts = append(hosts, strings.Fields(after)[0])
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
	// The seats where it is his move come first, then the later seat
	// (cy's); the first is selected, and j selects the other.
	screen := bob.Screen()
	hosts := awayLines(screen)
	yours := func(host string) bool {
		for _, line := range strings.Split(screen, "\n") {
			if strings.Contains(line, host+"'s table") || strings.Contains(line, "waiting for "+host) {
				return strings.Contains(line, "YOUR MOVE")
			}
		}
		return false
	}
	first := "cy"
	if yours("anna") && !yours("cy") {
		first = "anna"
	}
	if hosts[0] != first {
		t.Fatalf("away seats listed as %v, want %s's first (your move first, then the latest):\n%s", hosts, first, screen)
	}
	if first != "anna" {
		send(t, bob, "j")
	}
	send(t, bob, "\r")
	waitFor(t, anna, "bob is back")
	waitFor(t, bob, "you: bob")

	// cy removes bob's seat at her table: it leaves bob's lobby, and he is told.
	send(t, bob, "Q")
	waitFor(t, bob, "Your seat waits for you")
	send(t, bob, "y")
	waitFor(t, bob, "YOUR TABLES")
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
