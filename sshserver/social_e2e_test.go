package sshserver_test

import (
	"strings"
	"testing"
	"time"

	"arcade/rooms"
	"arcade/sshserver/sshtest"
)

// The social layer over SSH: chat, the your-turn signals, the
// turn clock, rematch, kick and the way back to a seat, each driven by real
// SSH clients reading their screens.

// lobbyAll waits until every player sees the lobby.
func lobbyAll(t *testing.T, ps ...*sshtest.Term) {
	t.Helper()
	for _, p := range ps {
		if err := p.WaitFor(sshtest.LobbyMarker, waitLong); err != nil {
			t.Fatal(err)
		}
	}
}

// waitFor fails the test unless p shows substr within waitLong.
func waitFor(t *testing.T, p *sshtest.Term, substr string) {
	t.Helper()
	if err := p.WaitFor(substr, waitLong); err != nil {
		t.Fatal(err)
	}
}

// say opens the chat line on p's screen and says line.
func say(t *testing.T, p *sshtest.Term, line string) {
	t.Helper()
	send(t, p, "/")
	waitFor(t, p, "Say:")
	send(t, p, line, "\r")
}

// paste sends text as a terminal pastes it (bracketed paste).
func paste(text string) string { return "\x1b[200~" + text + "\x1b[201~" }

// TestChatOverSSH: the lobby's chat and a table's, an escape sequence
// arriving stripped, the rate limit, mute, and a spectator marked as such.
func TestChatOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{BotDelay: time.Millisecond}, nil)
	anna := sshtest.Dial(t, srv.Addr, "anna", sshtest.Options{Key: sshtest.NewKey(t)})
	bob := sshtest.Dial(t, srv.Addr, "bob", sshtest.Options{Key: sshtest.NewKey(t)})
	cat := sshtest.Dial(t, srv.Addr, "cat", sshtest.Options{Key: sshtest.NewKey(t)})
	lobbyAll(t, anna, bob, cat)

	say(t, anna, "hello lobby")
	waitFor(t, bob, "anna: hello lobby")

	// A pasted line full of escape sequences (colour, a window title, a
	// bell) reaches the others as its text alone.
	send(t, anna, "/")
	waitFor(t, anna, "Say:")
	send(t, anna, paste("hi \x1b[31mRED\x1b[0m \x1b]2;pwned\x07ok\a"), "\r")
	waitFor(t, bob, "anna: hi RED ok")
	if bob.Title() == "pwned" || bob.Bells() != 0 {
		t.Fatalf("a chat line painted on bob's terminal: title %q, %d bells", bob.Title(), bob.Bells())
	}

	// Five lines at once, then the chat asks anna to slow down.
	for _, l := range []string{"three", "four", "five"} {
		say(t, anna, l)
		waitFor(t, bob, "anna: "+l)
	}
	say(t, anna, "six")
	waitFor(t, anna, "typing faster than the chat allows")
	waitFor(t, anna, "Say: > six") // the line kept, to be sent again
	time.Sleep(200 * time.Millisecond)
	if strings.Contains(bob.Screen(), "anna: six") {
		t.Fatal("a line over the rate limit reached bob")
	}
	send(t, anna, "\x1b") // anna lets it go
	for end := time.Now().Add(waitLong); strings.Contains(anna.Screen(), "Say:"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("esc did not close the chat line:\n%s", anna.Screen())
		}
	}

	// bob mutes cat: cat's lines reach anna, not bob.
	say(t, cat, "cat here")
	waitFor(t, bob, "cat: cat here")
	say(t, bob, "/mute cat")
	waitFor(t, bob, "cat is muted")
	if strings.Contains(bob.Screen(), "cat: cat here") {
		t.Fatal("a muted player's old line still shows")
	}
	say(t, cat, "secret plans")
	waitFor(t, anna, "cat: secret plans")
	time.Sleep(200 * time.Millisecond)
	if strings.Contains(bob.Screen(), "secret plans") {
		t.Fatal("a muted player's line reached bob")
	}

	// At a table: cat watches anna's table and is marked as watching.
	send(t, anna, "c")
	waitFor(t, anna, "NEW TABLE")
	send(t, anna, "\r")
	waitFor(t, anna, "Invite code:")
	send(t, cat, "\t", "w")
	waitFor(t, cat, "you watch")
	waitFor(t, anna, "1 watching")
	waitFor(t, anna, "cat is watching.")
	say(t, cat, "good luck")
	waitFor(t, anna, "cat (watching): good luck")
	// The table's chat stays at the table.
	time.Sleep(200 * time.Millisecond)
	if strings.Contains(bob.Screen(), "good luck") {
		t.Fatal("a table's chat line reached the lobby")
	}
}

// fireTowerForTwo has anna open a public two-seat Fire Tower table (the
// form's default clock, relaxed) and bob join it by its invite code.
func fireTowerForTwo(t *testing.T, anna, bob *sshtest.Term) string {
	t.Helper()
	send(t, anna, "c")
	waitFor(t, anna, "NEW TABLE")
	send(t, anna, "l", "j", "h", "h")
	waitFor(t, anna, "‹ 2 ›")
	waitFor(t, anna, "‹ Fire Tower ›")
	send(t, anna, "\r")
	waitFor(t, anna, "Invite code:")
	code := inviteRE.FindStringSubmatch(anna.Screen())[1]
	send(t, bob, "i", code+"\r")
	waitFor(t, anna, "waiting 2/2")
	return code
}

// TestTurnClockSignalsAndRematchOverSSH: the bell and the title tell only
// the player whose decision it is; N silences them; the turn clock plays
// the fallback for an idle player and, after three timeouts, lets a bot
// play; the game ends and one key each takes both players to a rematch in
// their seats; the host removes a player before the start.
func TestTurnClockSignalsAndRematchOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{BotDelay: time.Millisecond, RelaxedTime: 1500 * time.Millisecond}, nil)
	// Wide terminals: the log is a full-height column, so that its lines
	// stay in sight while the bots play on.
	wide := sshtest.Options{Cols: 160, Rows: 40}
	wide.Key = sshtest.NewKey(t)
	anna := sshtest.Dial(t, srv.Addr, "anna", wide)
	wide.Key = sshtest.NewKey(t)
	bob := sshtest.Dial(t, srv.Addr, "bob", wide)
	lobbyAll(t, anna, bob)
	fireTowerForTwo(t, anna, bob)
	waitFor(t, anna, "Turn clock: relaxed")
	send(t, anna, "S")

	// The first decision is one player's: only their terminal rings and
	// says so in its title.
	first, second := anna, bob
	if err := anna.WaitUntil("someone's turn", func(string) bool {
		return anna.Title() == "(!) your turn · The Arcade" || bob.Title() == "(!) your turn · The Arcade"
	}, waitLong); err != nil {
		t.Fatal(err)
	}
	if bob.Title() == "(!) your turn · The Arcade" {
		first, second = bob, anna
	}
	// The bell follows the frame that changed the title.
	if err := first.WaitUntil("the bell", func(string) bool { return first.Bells() >= 1 }, waitLong); err != nil {
		t.Fatal(err)
	}
	if first.Bells() != 1 || second.Bells() != 0 || second.Title() != "The Arcade" {
		t.Fatalf("signals: the player to move has %d bells, the other %d bells and title %q",
			first.Bells(), second.Bells(), second.Title())
	}
	waitFor(t, first, "YOUR MOVE ⏱")

	// Nobody moves: the clock plays for the first player, and the turn
	// comes to the second, whose terminal rings.
	waitFor(t, second, "time ran out: the table plays for them")
	if err := second.WaitUntil("the bell", func(string) bool { return second.Bells() >= 1 }, waitLong); err != nil {
		t.Fatal(err)
	}
	send(t, second, "N")
	waitFor(t, second, "Your-turn bell and title off")
	if err := second.WaitUntil("a plain title", func(string) bool { return second.Title() == "The Arcade" }, waitLong); err != nil {
		t.Fatal(err)
	}
	rang := second.Bells()

	// Three timeouts in a row and a bot plays for each idle player; the
	// bots finish the game.
	waitFor(t, anna, "timed out 3 times in a row: a normal bot plays")
	for _, p := range []*sshtest.Term{anna, bob} {
		if err := p.WaitFor("GAME OVER", 2*waitLong); err != nil {
			t.Fatal(err)
		}
	}
	if second.Bells() != rang {
		t.Errorf("N silenced the bell, yet it rang %d more times", second.Bells()-rang)
	}

	// R opens the rematch for anna; bob is told and takes his seat with R.
	send(t, anna, "R")
	waitFor(t, anna, "waiting")
	waitFor(t, bob, "A rematch is open: R takes your seat there.")
	send(t, bob, "R")
	waitFor(t, anna, "waiting 2/2")
	waitFor(t, bob, "you: bob")

	// The host removes bob before the start.
	send(t, anna, "B")
	waitFor(t, anna, "choose a seat and a bot level")
	send(t, anna, "j", "K")
	waitFor(t, bob, "The host removed you from the table.")
	waitFor(t, bob, sshtest.LobbyMarker)
	waitFor(t, anna, "waiting 1/2")
}

// TestAlwaysAWayBackOverSSH: a player who leaves mid-game finds their
// seat first in the lobby and takes it back with enter, and a plain
// reconnect with the same key seats them again; a guest is warned that
// their seat cannot wait for them.
func TestAlwaysAWayBackOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{BotDelay: time.Millisecond, AwayGrace: time.Hour}, nil)
	bobKey := sshtest.NewKey(t)
	anna := sshtest.Dial(t, srv.Addr, "anna", sshtest.Options{Key: sshtest.NewKey(t)})
	bob := sshtest.Dial(t, srv.Addr, "bob", sshtest.Options{Key: bobKey})
	lobbyAll(t, anna, bob)
	fireTowerForTwo(t, anna, bob)
	send(t, anna, "S")
	waitFor(t, bob, "playing")

	send(t, bob, "Q")
	waitFor(t, bob, "Your seat waits for you")
	send(t, bob, "y")
	waitFor(t, bob, "YOUR TABLES")
	send(t, bob, "\r")
	waitFor(t, bob, "you: bob")
	waitFor(t, anna, "bob is back.")

	// A dropped connection: the same key lands in the seat at once.
	_ = bob.Close()
	waitFor(t, anna, "bob left")
	bob2 := sshtest.Dial(t, srv.Addr, "bob", sshtest.Options{Key: bobKey})
	waitFor(t, bob2, "you: bob")

	// The same key from another terminal, under another name: the older
	// session is told why it closed, and the log says who the new name is.
	bob3 := sshtest.Dial(t, srv.Addr, "robert", sshtest.Options{Key: bobKey})
	waitFor(t, bob2, "You connected from another terminal")
	send(t, bob2, "x") // any key closes the ended session
	if err := bob2.WaitClosed(waitLong); err != nil {
		t.Fatalf("the replaced session stayed open: %v", err)
	}
	if s := bob2.Screen(); !strings.Contains(s, "You connected from another terminal. This session ended.") || strings.Contains(s, "you: bob") {
		t.Errorf("the replaced session's terminal was not given back with its reason:\n%s", s)
	}
	waitFor(t, bob3, "you: robert")
	waitFor(t, anna, "bob (now robert) reconnected.")

	// A guest at a waiting table is warned before the game.
	guest := sshtest.Dial(t, srv.Addr, "gus", sshtest.Options{})
	waitFor(t, guest, sshtest.LobbyMarker)
	send(t, guest, "c")
	waitFor(t, guest, "NEW TABLE")
	send(t, guest, "\r")
	waitFor(t, guest, "You are a guest")
}

// TestAutoPassOverSSH: with auto-pass on, a window where anna can only
// pass asks her nothing (no prompt, no bell, a plain title) and runs out
// by itself, while bob's screen says nothing of her setting.
func TestAutoPassOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{BotDelay: 20 * time.Millisecond, ResponseWindow: 1500 * time.Millisecond}, nil)
	opts := sshtest.Options{Cols: 100, Rows: 30}
	opts.Key = sshtest.NewKey(t)
	anna := sshtest.Dial(t, srv.Addr, "anna", opts)
	opts.Key = sshtest.NewKey(t)
	bob := sshtest.Dial(t, srv.Addr, "bob", opts)
	lobbyAll(t, anna, bob)
	// A four-seat Fire in the Library table: anna, bob and two bots.
	send(t, anna, "c")
	waitFor(t, anna, "NEW TABLE")
	send(t, anna, "\r")
	waitFor(t, anna, "Invite code:")
	code := inviteRE.FindStringSubmatch(anna.Screen())[1]
	send(t, bob, "i", code+"\r")
	waitFor(t, anna, "waiting 2/4")
	send(t, anna, "B")
	waitFor(t, anna, "› 3. empty")
	send(t, anna, "\r")
	waitFor(t, anna, "waiting 3/4")
	send(t, anna, "\r")
	waitFor(t, anna, "waiting 4/4")
	// Before the start, so that the game's first moves do not wipe the
	// status line before the test reads it.
	send(t, anna, "A")
	waitFor(t, anna, "Auto-pass on")
	send(t, anna, "S")
	waitFor(t, anna, "playing")

	players := map[string]*sshtest.Term{"anna": anna, "bob": bob}
	drawn := map[string]int{}
	windows := 0
	for step := 0; step < 3000 && windows < 2; step++ {
		screen := anna.Screen()
		if strings.Contains(screen, "AUTO-PASS") {
			// The window runs out by itself; nothing rings, the title is
			// plain, and bob is not told.
			if title := anna.Title(); title != "The Arcade" {
				t.Fatalf("anna's title during an auto-pass window: %q", title)
			}
			if strings.Contains(strings.ToLower(bob.Screen()), "auto-pass") {
				t.Fatalf("bob's screen tells of anna's auto-pass:\n%s", bob.Screen())
			}
			if err := anna.WaitUntil("the window to run out", func(s string) bool { return !strings.Contains(s, "AUTO-PASS") }, waitLong); err != nil {
				t.Fatal(err)
			}
			windows++
			continue
		}
		if strings.Contains(screen, "GAME OVER") {
			break
		}
		if !playOneMove(t, players, drawn, func(name string, keys, labels []string) string {
			key := keys[0]
			for i, l := range labels {
				switch {
				case strings.HasPrefix(l, "Escape") && drawn[name] >= 2:
					key = keys[i]
				case strings.HasPrefix(l, "Pass"):
					key = keys[i]
				}
			}
			return key
		}) {
			time.Sleep(20 * time.Millisecond)
		}
	}
	t.Logf("%d auto-pass windows ran out for anna", windows)
	if windows == 0 {
		t.Fatal("no window where anna could only pass came up in a whole game")
	}
}
