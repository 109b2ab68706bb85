package sshserver_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"arcade/sshserver/sshtest"
)

const waitLong = 30 * time.Second

var (
	inviteRE = regexp.MustCompile(`Invite code: ([A-Z2-9]{6})`)
	// moveRE finds a move in the YOUR MOVE pane: "[d] Draw a token".
	moveRE  = regexp.MustCompile(`^[ ›]\[(\S)\] ([^│]*)`)
	toolsRE = regexp.MustCompile(`YOUR TOOLS (.+)`)
)

// moves lists the keys and labels offered under YOUR MOVE on a screen.
func moves(screen string) (keys, labels []string) {
	in := false
	for _, line := range strings.Split(screen, "\n") {
		if strings.HasPrefix(line, "YOUR MOVE") {
			in = true
			continue
		}
		if !in {
			continue
		}
		m := moveRE.FindStringSubmatch(line)
		if m == nil {
			break
		}
		keys = append(keys, m[1])
		labels = append(labels, strings.TrimSpace(m[2]))
	}
	return keys, labels
}

// TestFireInTheLibraryOverSSH plays a whole three-player game through the
// real server: a private table, one player joining by typing the code in the
// lobby, one by `ssh -t host CODE`, each seeing only their own tools.
func TestFireInTheLibraryOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a whole game over SSH")
	}
	srv := startGames(t, nil)
	anna := sshtest.Dial(t, srv.Addr, "anna", sshtest.Options{Key: sshtest.NewKey(t)})
	// Tall enough that his two tools' texts fit whichever tools he is dealt.
	bob := sshtest.Dial(t, srv.Addr, "bob", sshtest.Options{Key: sshtest.NewKey(t), Cols: 100, Rows: 40})
	for _, p := range []*sshtest.Term{anna, bob} {
		if err := p.WaitFor(sshtest.LobbyMarker, waitLong); err != nil {
			t.Fatal(err)
		}
	}

	// anna opens a private three-seat table: c, Seats 4 -> 3, Table -> private.
	send(t, anna, "c")
	if err := anna.WaitFor("NEW TABLE", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "j", "h", "j", "l", "\r")
	if err := anna.WaitFor("Invite code:", waitLong); err != nil {
		t.Fatal(err)
	}
	code := inviteRE.FindStringSubmatch(anna.Screen())[1]

	// bob types the code in the lobby, lower case and with a dash.
	send(t, bob, "i")
	send(t, bob, strings.ToLower(code[:3])+"-"+strings.ToLower(code[3:])+"\r")
	if err := bob.WaitFor("you: bob", waitLong); err != nil {
		t.Fatal(err)
	}
	// cleo, a keyless guest, joins from her shell: ssh -t host CODE.
	cleo := sshtest.Dial(t, srv.Addr, "cleo", sshtest.Options{Command: code})
	if err := cleo.WaitFor("you: cleo", waitLong); err != nil {
		t.Fatal(err)
	}
	// A bad code is refused with a clear message and changes nothing.
	dora := sshtest.Dial(t, srv.Addr, "dora", sshtest.Options{})
	if err := dora.WaitFor(sshtest.LobbyMarker, waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, dora, "i", "ZZZZZZ\r")
	if err := dora.WaitFor("ZZZZZZ", waitLong); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(dora.Screen(), "you: dora") {
		t.Fatal("a bad invite code seated dora")
	}
	dora.Close()

	if err := anna.WaitFor("waiting 3/3", waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, anna, "S")
	players := map[string]*sshtest.Term{"anna": anna, "bob": bob, "cleo": cleo}
	hands := map[string]string{}
	for name, p := range players {
		if err := p.WaitFor("YOUR TOOLS", waitLong); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(p.Screen(), name+" (you)") {
			t.Fatalf("%s's screen does not mark their own row:\n%s", name, p.Screen())
		}
		if m := toolsRE.FindStringSubmatch(p.Screen()); m != nil {
			hands[name] = m[1]
		}
	}
	// Each screen shows one hand: its own. bob's wide screen prints his
	// tools' texts; nobody else's screen may show a text of a tool that is
	// not in their own hand.
	bobTools := map[string]string{}
	inTools := false
	for _, l := range strings.Split(bob.Screen(), "\n") {
		switch {
		case strings.HasPrefix(l, "YOUR TOOLS"):
			inTools = true
		case inTools && strings.HasPrefix(l, " "):
			name, text, ok := strings.Cut(strings.TrimSpace(l), ") ")
			if ok {
				bobTools[strings.TrimSpace(strings.Split(name, "(")[0])] = text[:min(len(text), 30)]
			}
		default:
			inTools = false
		}
	}
	if len(bobTools) == 0 {
		t.Fatalf("bob's wide screen shows no tool texts:\n%s", bob.Screen())
	}
	for _, name := range []string{"anna", "cleo"} {
		if hands[name] == "" {
			t.Fatalf("%s's screen lists no tools:\n%s", name, players[name].Screen())
		}
		for tool, text := range bobTools {
			if !strings.Contains(hands[name], tool) && strings.Contains(players[name].Screen(), text) {
				t.Errorf("%s's screen shows the text of bob's %s:\n%s", name, tool, players[name].Screen())
			}
		}
	}

	// Play the game to its end: whoever has YOUR MOVE draws twice, then
	// escapes; other choices take the first move offered.
	drawn := map[string]int{}
	for step := 0; step < 2000; step++ {
		if strings.Contains(anna.Screen(), "GAME OVER") {
			break
		}
		if !playOneMove(t, players, drawn, func(name string, keys, labels []string) string {
			for i, l := range labels {
				if strings.HasPrefix(l, "Escape") && drawn[name] >= 2 {
					return keys[i]
				}
			}
			return keys[0]
		}) {
			time.Sleep(20 * time.Millisecond)
		}
	}
	for name, p := range players {
		if err := p.WaitFor("GAME OVER", waitLong); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	}
	// Everyone sees the same final ranking.
	rank := func(s string) string {
		var out []string
		for _, l := range strings.Split(s, "\n") {
			// "★ 1st  bob  83 points", "  3rd  anna (you)  73 points"
			if m := regexp.MustCompile(`^[ ★]+\d+(?:st|nd|rd|th)\s+(\S+)(?: \(you\))?\s+(\d+) point`).FindStringSubmatch(l); m != nil {
				out = append(out, m[1]+"="+m[2])
			}
		}
		return strings.Join(out, ",")
	}
	want := rank(anna.Screen())
	if strings.Count(want, "=") != 3 {
		t.Fatalf("no three-line ranking on anna's screen:\n%s", anna.Screen())
	}
	for name, p := range players {
		if got := rank(p.Screen()); got != want {
			t.Errorf("%s sees ranking %q, anna sees %q", name, got, want)
		}
	}
}

// playOneMove has the first player (of players) whose screen lists moves
// press the key choose picks from its menu, counts the draws ("d") each
// player made in a row in drawn, and waits for that player's screen to
// change. It reports whether anyone had a move.
func playOneMove(t *testing.T, players map[string]*sshtest.Term, drawn map[string]int,
	choose func(name string, keys, labels []string) string) bool {
	t.Helper()
	for name, p := range players {
		screen := p.Screen()
		keys, labels := moves(screen)
		if len(keys) == 0 {
			continue
		}
		key := choose(name, keys, labels)
		if key == "d" {
			drawn[name]++
		} else {
			drawn[name] = 0
		}
		send(t, p, key)
		if err := p.WaitUntil("the screen to change", func(s string) bool { return s != screen }, waitLong); err != nil {
			t.Fatal(err)
		}
		return true
	}
	return false
}

// send types each key in turn.
func send(t *testing.T, p *sshtest.Term, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if err := p.Send(k); err != nil {
			t.Fatal(err)
		}
		time.Sleep(30 * time.Millisecond)
	}
}
