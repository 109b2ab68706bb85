package sshserver_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"arcade/sshserver/sshtest"
)

var (
	// flareRE finds the Flare Up's number in the hand line.
	flareRE = regexp.MustCompile(`(\d) Flare Up`)
	// flarePlayedRE is the log line of a Flare Up: "plays Flare Up on E7-G7".
	flarePlayedRE = regexp.MustCompile(`plays Flare Up on ([A-P])(\d+)-([A-P])(\d+)`)
)

// TestFireTowerOverSSH plays Fire Tower through the real server and lobby:
// ann opens a private two-player table, ben joins with the invite code,
// and they take turns (the wind's gem with enter, discards with d) until
// one of them holds a Flare Up and places it with the cursor, the preview
// on screen before enter. Both then see the new gems.
func TestFireTowerOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a game over SSH")
	}
	srv := startGames(t, nil)
	ann := sshtest.Dial(t, srv.Addr, "ann", sshtest.Options{Key: sshtest.NewKey(t)})
	ben := sshtest.Dial(t, srv.Addr, "ben", sshtest.Options{Key: sshtest.NewKey(t), Cols: 100, Rows: 30})
	for _, p := range []*sshtest.Term{ann, ben} {
		if err := p.WaitFor(sshtest.LobbyMarker, waitLong); err != nil {
			t.Fatal(err)
		}
	}

	// ann: c, the game field to Fire Tower, Seats 4 -> 2, Table -> private.
	send(t, ann, "c")
	if err := ann.WaitFor("NEW TABLE", waitLong); err != nil {
		t.Fatal(err)
	}
	for i := 0; !strings.Contains(ann.Screen(), "‹ Fire Tower ›"); i++ {
		if i == 10 {
			t.Fatalf("no Fire Tower in the form:\n%s", ann.Screen())
		}
		act(t, ann, "l") // wait for the form to change: never press ahead of the screen
	}
	send(t, ann, "j", "h", "h", "j", "l", "\r")
	if err := ann.WaitFor("Invite code:", waitLong); err != nil {
		t.Fatal(err)
	}
	code := inviteRE.FindStringSubmatch(ann.Screen())[1]
	send(t, ben, "i", code+"\r")
	if err := ben.WaitFor("you: ben", waitLong); err != nil {
		t.Fatal(err)
	}
	if err := ann.WaitFor("waiting 2/2", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, ann, "S")
	players := map[string]*sshtest.Term{"ann": ann, "ben": ben}
	for name, p := range players {
		if err := p.WaitFor("wind", waitLong); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Screen(), name+" (you)") || !strings.Contains(p.Screen(), "HAND") {
			t.Fatalf("%s's screen shows no own row or hand:\n%s", name, p.Screen())
		}
	}

	for turn := 0; turn < 60; turn++ {
		name, p := actor(players)
		if p == nil {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		screen := p.Screen()
		switch {
		case strings.Contains(screen, name+": Part 1"):
			// The cursor starts on a square the wind reaches.
			expect(t, p, "enter: spread the fire to")
			act(t, p, "\r")
		case strings.Contains(screen, name+": Part 2") && flareRE.MatchString(screen):
			if placeFlareUp(t, name, p, players) {
				return
			}
		case strings.Contains(screen, name+": Part 2"):
			act(t, p, "d")
		default:
			act(t, p, "p") // the Bucket's window, or a Firestorm's redraw
		}
	}
	t.Fatal("nobody drew a Flare Up")
}

// actor finds the player whose turn it is (the board marks it ▸ name (you)).
func actor(players map[string]*sshtest.Term) (string, *sshtest.Term) {
	for name, p := range players {
		if strings.Contains(p.Screen(), "▸ ") && regexp.MustCompile(`▸ \S+ `+name+` \(you\)`).MatchString(p.Screen()) {
			return name, p
		}
	}
	return "", nil
}

// act sends a key and waits for the screen to change.
func act(t *testing.T, p *sshtest.Term, key string) {
	t.Helper()
	before := p.Screen()
	send(t, p, key)
	if err := p.WaitUntil("the screen to change", func(s string) bool { return s != before }, waitLong); err != nil {
		t.Fatal(err)
	}
}

func expect(t *testing.T, p *sshtest.Term, text string) {
	t.Helper()
	if err := p.WaitFor(text, waitLong); err != nil {
		t.Fatal(err)
	}
}

// placeFlareUp selects the Flare Up, finds a place the preview accepts
// (turning it or moving the cursor when it shows a refusal), plays it with
// enter and checks both screens.
// It reports false, having done nothing, when the screen it acted on turns
// out to have been stale (the turn had already passed).
func placeFlareUp(t *testing.T, name string, p *sshtest.Term, players map[string]*sshtest.Term) bool {
	t.Helper()
	n := flareRE.FindStringSubmatch(p.Screen())[1]
	send(t, p, n) // the Flare Up may be selected already: no change then
	expect(t, p, "Flare Up: Up to 3 gems")
	tries := []string{"r", "r", "h", "r", "l", "l", "r", "k", "r", "j", "j", "r"}
	for _, k := range tries {
		if strings.Contains(p.Screen(), "enter: play Flare Up on") {
			break
		}
		if !strings.Contains(p.Screen(), name+": Part 2") {
			return false // the screen was stale: it is no longer our turn
		}
		if !strings.Contains(p.Screen(), "✗ ") {
			t.Fatalf("neither a preview nor a reason:\n%s", p.Screen())
		}
		act(t, p, k)
	}
	expect(t, p, "enter: play Flare Up on")
	send(t, p, "\r")
	// ben's 100x30 screen has room for the log line; at 80x24 ann's short
	// log may have scrolled it away, so both are checked on the board.
	if err := players["ben"].WaitUntil("the Flare Up in the log", flarePlayedRE.MatchString, waitLong); err != nil {
		t.Fatal(err)
	}
	m := flarePlayedRE.FindStringSubmatch(players["ben"].Screen())
	for other, q := range players {
		err := q.WaitUntil("the Flare Up's ends burning", func(s string) bool {
			return burning(s, m[1], m[2]) && burning(s, m[3], m[4])
		}, waitLong)
		if err != nil {
			t.Fatalf("%s: %v", other, err)
		}
	}
	t.Logf("%s placed a Flare Up on %s%s-%s%s", name, m[1], m[2], m[3], m[4])
	return true
}

// burning reports whether square col+row shows fire (a gem or the eternal
// flame) on a full-size board.
func burning(screen, col, row string) bool {
	for _, line := range strings.Split(screen, "\n") {
		if len(line) < 3 || strings.TrimSpace(line[:2]) != row || line[2] != ' ' {
			continue
		}
		cells := []rune(line[3:])
		x := 2 * int(col[0]-'A')
		return x+1 < len(cells) && (string(cells[x:x+2]) == "▓▓" || string(cells[x:x+2]) == "██")
	}
	return false
}
