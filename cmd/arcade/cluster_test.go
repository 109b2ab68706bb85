package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"arcade/sshserver/sshtest"
)

var codeRE = regexp.MustCompile(`Invite code: ([A-Z0-9]{6})`)

// press sends keys one at a time, as a player types.
func press(t *testing.T, term *sshtest.Term, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if err := term.Send(k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestClusterKillOwnerOverSSH runs two arcade server processes on one NATS
// server (each with -nats, sharing one host key, as a cluster's front-ends
// do). Ann on the first opens a Fire Tower table, Bea on the second joins
// it by its code, and they play; then the first process, which owns the
// table, is killed with SIGKILL. The second takes the table over, Bea's
// screen goes on there, Ann reconnects to the second and finds her seat
// and her hand as they were, and the game goes on.
func TestClusterKillOwnerOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("runs server processes")
	}
	url := natsURL(t)
	dataA, dataB := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	a := startChild(t, dataA, "-nats", url, "-node-name", "front-a", "-nats-replicas", "1")
	// The second front-end presents the same host key.
	key, err := os.ReadFile(filepath.Join(dataA, "host_ed25519"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dataB, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dataB, "host_ed25519"), key, 0o600); err != nil {
		t.Fatal(err)
	}
	b := startChild(t, dataB, "-nats", url, "-node-name", "front-b", "-nats-replicas", "1")

	annKey, beaKey := sshtest.NewKey(t), sshtest.NewKey(t)
	ann := sshtest.Dial(t, a.addr, "ann", sshtest.Options{Key: annKey})
	bea := sshtest.Dial(t, b.addr, "bea", sshtest.Options{Key: beaKey})
	for _, term := range []*sshtest.Term{ann, bea} {
		if err := term.WaitFor(sshtest.LobbyMarker, 30*time.Second); err != nil {
			t.Fatal(err)
		}
	}
	// Ann opens a two-seat Fire Tower table (the third game).
	press(t, ann, "j", "j", "c")
	if err := ann.WaitFor("‹ Fire Tower ›", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	press(t, ann, "j", "h", "h", "\r")
	var code string
	if err := ann.WaitUntil("the invite code", func(s string) bool {
		m := codeRE.FindStringSubmatch(s)
		if m != nil {
			code = m[1]
		}
		return m != nil
	}, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	// Bea, on the other server, sees the table in her lobby and joins by code.
	if err := bea.WaitFor("Fire Tower 1/2", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	press(t, bea, "i")
	press(t, bea, code, "\r")
	if err := ann.WaitFor("bea joined", 30*time.Second); err != nil {
		t.Fatal(err)
	}
	press(t, ann, "S")
	// Whoever moves first plays the wind's gem (enter: the default move).
	mover := waitMover(t, ann, bea)
	press(t, mover, "\r")
	if err := mover.WaitUntil("the move made", func(s string) bool { return !strings.Contains(s, "Part 1: the wind") }, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	time.Sleep(500 * time.Millisecond) // let both screens settle on what the owner applied
	before := handShot(t, ann)
	t.Logf("before the kill: ann's %s", before)

	a.stop(t, syscall.SIGKILL)
	if err := ann.WaitClosed(30 * time.Second); err != nil {
		t.Fatal(err)
	}
	if err := bea.WaitFor("goes on here", 30*time.Second); err != nil {
		t.Fatalf("bea's screen does not show the takeover: %v\n%s\nfront-b's log:\n%s", err, bea.Screen(), b.stderr.String())
	}
	back := sshtest.Dial(t, b.addr, "ann", sshtest.Options{Key: annKey})
	if err := back.WaitUntil("ann's seat again", func(s string) bool { return handRE.FindString(s) != "" }, 30*time.Second); err != nil {
		t.Fatal(err)
	}
	time.Sleep(300 * time.Millisecond)
	if after := handShot(t, back); after != before {
		t.Fatalf("after the owner's kill -9 ann's table reads\n  %s\nnot\n  %s\n%s", after, before, back.Screen())
	}
	// The game goes on: whoever must move does, and the other sees it.
	mover = waitMover(t, back, bea)
	other := bea
	if mover == bea {
		other = back
	}
	was := turnRE.FindString(other.Screen()) + handRE.FindString(other.Screen())
	if strings.Contains(mover.Screen(), "Part 1: the wind") {
		press(t, mover, "\r") // the wind's gem
	} else {
		press(t, mover, "x", "d") // discard the first card: always legal
	}
	if err := other.WaitUntil("the next move", func(s string) bool {
		return turnRE.FindString(s)+handRE.FindString(s) != was || strings.Contains(s, "YOUR MOVE")
	}, 30*time.Second); err != nil {
		t.Fatalf("%v\nthe mover's screen:\n%s", err, mover.Screen())
	}
	b.stop(t, syscall.SIGTERM)
}

// waitMover returns the terminal whose screen says it must move.
func waitMover(t *testing.T, terms ...*sshtest.Term) *sshtest.Term {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		for _, term := range terms {
			if strings.Contains(term.Screen(), "YOUR MOVE") {
				return term
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("nobody's screen says YOUR MOVE:\n%s\n----\n%s", terms[0].Screen(), terms[1].Screen())
	return nil
}

// handShot is the player's hand and the turn, as the screen shows them.
func handShot(t *testing.T, term *sshtest.Term) string {
	t.Helper()
	s := term.Screen()
	return strings.TrimSpace(handRE.FindString(s)) + " / " + turnRE.FindString(s)
}
