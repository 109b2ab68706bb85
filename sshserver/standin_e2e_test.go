package sshserver_test

import (
	"strings"
	"testing"
	"time"

	"arcade/rooms"
	"arcade/sshserver/sshtest"
)

// TestStandInOverSSH: a player whose turn clock runs out three times has a
// bot play for them; their own screen says so over their moves, the other
// player's says the seat is idle with a bot playing it, and one move of
// theirs takes the seat back, which everyone is told.
func TestStandInOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{BotDelay: 2 * time.Second, RelaxedTime: 300 * time.Millisecond}, nil)
	opts := sshtest.Options{Cols: 120, Rows: 40}
	opts.Key = sshtest.NewKey(t)
	anna := sshtest.Dial(t, srv.Addr, "anna", opts)
	opts.Key = sshtest.NewKey(t)
	bob := sshtest.Dial(t, srv.Addr, "bob", opts)
	lobbyAll(t, anna, bob)
	// A two-seat Fire in the Library table with the form's relaxed clock.
	send(t, anna, "c")
	waitFor(t, anna, "NEW TABLE")
	send(t, anna, "j", "h", "h")
	waitFor(t, anna, "‹ 2 ›")
	send(t, anna, "\r")
	waitFor(t, anna, "Invite code:")
	code := inviteRE.FindStringSubmatch(anna.Screen())[1]
	send(t, bob, "i", code+"\r")
	waitFor(t, anna, "waiting 2/2")
	send(t, anna, "S")

	// Nobody moves: the first idle player gets a bot, whose next turn shows
	// on their own screen over their moves.
	players := map[string]*sshtest.Term{"anna": anna, "bob": bob}
	var idle, other string
	if err := anna.WaitUntil("a bot playing for someone", func(string) bool {
		for name, p := range players {
			if strings.Contains(p.Screen(), "A BOT PLAYS FOR YOU") {
				idle = name
				return true
			}
		}
		return false
	}, 4*waitLong); err != nil {
		t.Fatalf("%v:\n%s\n%s", err, anna.Screen(), bob.Screen())
	}
	other = map[string]string{"anna": "bob", "bob": "anna"}[idle]
	waitFor(t, players[other], idle+" (idle; a normal bot plays for them)")

	// A move of theirs takes the seat back.
	key := ""
	seen := false
	for _, line := range strings.Split(players[idle].Screen(), "\n") {
		seen = seen || strings.HasPrefix(line, "A BOT PLAYS FOR YOU")
		if m := moveRE.FindStringSubmatch(line); seen && m != nil {
			key = m[1]
			break
		}
	}
	if key == "" {
		t.Fatalf("%s's screen lists no move under the stand-in's heading:\n%s", idle, players[idle].Screen())
	}
	send(t, players[idle], key)
	waitFor(t, players[other], idle+" is back; the bot stops playing for them.")
	if err := players[idle].WaitUntil("the seat back", func(s string) bool { return !strings.Contains(s, "A BOT PLAYS FOR YOU") }, waitLong); err != nil {
		t.Errorf("%s took the seat back, yet their screen still says a bot plays for them:\n%s", idle, players[idle].Screen())
	}
}
