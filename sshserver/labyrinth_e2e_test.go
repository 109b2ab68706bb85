package sshserver_test

import (
	"strings"
	"testing"

	"arcade/sshserver/sshtest"
)

// TestLibraryLabyrinthOverSSH plays the start of a cooperative game through
// the real server: ann opens a private two-player table, ben joins with
// the invite code, both choose their starting Books with the digit keys,
// ann flips the tile north of the centre with the board's cursor and
// takes a Book with its hot key, both screens follow, and on ben's turn
// the discard key asks before it discards anything.
func TestLibraryLabyrinthOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game over SSH")
	}
	srv := startGames(t, nil)
	ann := sshtest.Dial(t, srv.Addr, "ann", sshtest.Options{Key: sshtest.NewKey(t)})
	ben := sshtest.Dial(t, srv.Addr, "ben", sshtest.Options{Key: sshtest.NewKey(t), Cols: 120, Rows: 40})
	for _, p := range []*sshtest.Term{ann, ben} {
		expect(t, p, sshtest.LobbyMarker)
	}

	// ann: c, the game field to Library Labyrinth, Seats 4 -> 2, private.
	send(t, ann, "c")
	expect(t, ann, "NEW TABLE")
	for i := 0; !strings.Contains(ann.Screen(), "‹ Library Labyrinth ›"); i++ {
		if i == 10 {
			t.Fatalf("no Library Labyrinth in the form:\n%s", ann.Screen())
		}
		act(t, ann, "l")
	}
	send(t, ann, "j", "h", "h", "j", "l", "\r")
	expect(t, ann, "Invite code:")
	code := inviteRE.FindStringSubmatch(ann.Screen())[1]
	send(t, ben, "i", code+"\r")
	expect(t, ben, "you: ben")
	expect(t, ann, "waiting 2/2")
	send(t, ann, "S")

	// Starting Books: three each, chosen by both at once (one after the other here).
	expect(t, ann, "Setup: you pick")
	for _, k := range []string{"1", "3", "5"} {
		act(t, ann, k)
	}
	expect(t, ben, "Setup: you pick")
	for _, k := range []string{"2", "4", "6"} {
		act(t, ben, k)
	}
	expect(t, ann, "Turn 1, you: 3 actions")
	if s := ben.Screen(); !strings.Contains(s, "ann (you)") && !strings.Contains(s, "ben (you)") {
		t.Fatalf("ben's screen shows no own hand:\n%s", s)
	}

	// ann flips C2 (the cursor starts on her tile, the centre C3).
	send(t, ann, "k")
	act(t, ann, "f")
	for _, p := range []*sshtest.Term{ann, ben} {
		expect(t, p, "ann flips C2")
	}
	expect(t, ann, "you: 2 actions")
	act(t, ann, "2") // a Classic Fiction Book by its hot key
	expect(t, ben, "ann takes")

	// ann ends her actions; the Disturbance and the Bookwyrm follow, then
	// it is ben's turn.
	send(t, ann, "e")
	expect(t, ben, "Turn 2, you: 3 actions")
	act(t, ben, "x")
	expect(t, ben, "tab·enter·esc")
	if strings.Contains(ben.Screen(), "ben discards") {
		t.Fatalf("x discarded without asking:\n%s", ben.Screen())
	}
	act(t, ben, "\x1b") // esc drops the choice
	if strings.Contains(ben.Screen(), "ben discards") {
		t.Fatalf("esc discarded a card:\n%s", ben.Screen())
	}
}
