package sshserver_test

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/sshserver/sshtest"
)

// TestTurnsOverSSH: two keyed players start a Fire in the Library game
// with a day's clock from the form; `ssh host turns` prints the game for
// the one whose move it is and nothing for the other, `turns --json` lists
// the table with its code and deadline, a guest is told turns needs a key,
// and the players' open sessions go on undisturbed.
func TestTurnsOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{Day: time.Hour}, nil)
	opts := sshtest.Options{Cols: 120, Rows: 40}
	annaKey, bobKey := sshtest.NewKey(t), sshtest.NewKey(t)
	opts.Key = annaKey
	anna := sshtest.Dial(t, srv.Addr, "anna", opts)
	opts.Key = bobKey
	bob := sshtest.Dial(t, srv.Addr, "bob", opts)
	lobbyAll(t, anna, bob)
	send(t, anna, "c")
	waitFor(t, anna, "NEW TABLE")
	send(t, anna, "j", "h", "h") // two seats
	waitFor(t, anna, "‹ 2 ›")
	send(t, anna, "j", "j", "j", "j", "l", "l") // the turn clock: relaxed, blitz, a day
	waitFor(t, anna, "1 day a decision")
	send(t, anna, "\r")
	waitFor(t, anna, "Invite code:")
	code := inviteRE.FindStringSubmatch(anna.Screen())[1]
	send(t, bob, "i", code+"\r")
	waitFor(t, anna, "waiting 2/2")
	send(t, anna, "S")
	waitFor(t, anna, "YOUR")

	lines := map[string]string{}
	for name, key := range map[string]gossh.Signer{"anna": annaKey, "bob": bobKey} {
		out, err := sshtest.Exec(srv.Addr, name, key, "turns")
		if err != nil {
			t.Fatalf("%s: turns: %v: %q", name, err, out)
		}
		lines[name] = out
	}
	if (lines["anna"] == "firelibrary 1\n") == (lines["bob"] == "firelibrary 1\n") || lines["anna"]+lines["bob"] != "firelibrary 1\n" {
		t.Fatalf("turns printed %q for anna and %q for bob", lines["anna"], lines["bob"])
	}

	out, err := sshtest.Exec(srv.Addr, "anna", annaKey, "turns --json")
	if err != nil {
		t.Fatalf("turns --json: %v: %q", err, out)
	}
	var doc struct {
		Version int
		Tables  []rooms.Turn
	}
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("turns --json is not JSON: %v: %q", err, out)
	}
	if doc.Version != 1 || len(doc.Tables) != 1 || doc.Tables[0].Code != code || doc.Tables[0].Clock != rooms.ClockDay ||
		time.Until(doc.Tables[0].Deadline) < 50*time.Minute || !doc.Tables[0].Here {
		t.Fatalf("turns --json: %s", out)
	}

	if out, err := sshtest.Exec(srv.Addr, "guest", nil, "turns"); err == nil || !strings.Contains(out, "needs your SSH key") {
		t.Fatalf("a guest's turns: %v %q", err, out)
	}
	if out, err := sshtest.Exec(srv.Addr, "anna", annaKey, "turns --bogus"); err == nil || !strings.Contains(out, "not \"--bogus\"") {
		t.Fatalf("turns --bogus: %v %q", err, out)
	}
	// The open sessions were not touched: both still play.
	for _, p := range []*sshtest.Term{anna, bob} {
		select {
		case <-p.Done():
			t.Fatalf("a session ended:\n%s", p.Screen())
		default:
		}
	}
	send(t, anna, "?")
	waitFor(t, anna, "Help")
}
