package sshserver_test

import (
	"encoding/json"
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/rooms/store"
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

// checkingNotifier is a rooms.Notifier that takes https addresses and
// counts its tests.
type checkingNotifier struct{ tests atomic.Int32 }

func (*checkingNotifier) Notify(string, string, rooms.Notice) {}

func (*checkingNotifier) CheckURL(url string) error {
	if !strings.HasPrefix(url, "https://") {
		return errors.New("The address must start with https:// or http://.")
	}
	return nil
}

func (n *checkingNotifier) Test(string, string, rooms.Notice) error {
	n.tests.Add(1)
	return nil
}

// TestNotifyOverSSH: a keyed player sets, reads, tests and clears their
// notification address with ssh host notify; a bad address and a guest
// are refused with a sentence; a server without notifications says so.
func TestNotifyOverSSH(t *testing.T) {
	n := &checkingNotifier{}
	srv := startHubGames(t, rooms.Config{Store: store.NewMemory(), Notifier: n}, nil)
	key := sshtest.NewKey(t)
	for _, c := range []struct{ cmd, want string }{
		{"notify", "You are notified nowhere."},
		{"notify ftp://x", "must start with https://"},
		{"notify https://push.example/anna", "You will be notified at https://push.example/anna"},
		{"notify", "You are notified at https://push.example/anna"},
		{"notify test", "The test notice arrived."},
		{"notify off", "No more notices."},
		{"notify", "You are notified nowhere."},
	} {
		if out, _ := sshtest.Exec(srv.Addr, "anna", key, c.cmd); !strings.Contains(out, c.want) {
			t.Fatalf("%s: %q, want %q", c.cmd, out, c.want)
		}
	}
	if n.tests.Load() != 1 {
		t.Fatalf("%d tests sent", n.tests.Load())
	}
	if out, err := sshtest.Exec(srv.Addr, "gus", nil, "notify https://push.example/gus"); err == nil || !strings.Contains(out, "need your SSH key") {
		t.Fatalf("a guest: %v %q", err, out)
	}
	plain := startHubGames(t, rooms.Config{Store: store.NewMemory()}, nil)
	if out, err := sshtest.Exec(plain.Addr, "anna", key, "notify"); err == nil || !strings.Contains(out, "does not send notifications") {
		t.Fatalf("no notifier: %v %q", err, out)
	}
}
