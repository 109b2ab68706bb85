package sshserver_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/rooms/store"
	"arcade/sshserver/sshtest"
)

// tournamentCodeRE finds the code `tournament new` prints.
var tournamentCodeRE = regexp.MustCompile(`Tournament ([A-Z2-9]{6}) is open`)

// TestTournamentOverSSH: a host opens a Fire Tower tournament from the
// shell, three players join, and starting the first round seats all four,
// who wait in the lobby, at two running tables; the standings list them;
// a guest and a player who is not the host are refused with a sentence.
func TestTournamentOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{Store: store.NewMemory(), BotDelay: time.Hour, AwayGrace: time.Hour}, nil)
	names := []string{"anna", "bob", "cy", "di"}
	keys := map[string]gossh.Signer{}
	terms := map[string]*sshtest.Term{}
	for _, n := range names {
		keys[n] = sshtest.NewKey(t)
		terms[n] = sshtest.Dial(t, srv.Addr, n, sshtest.Options{Cols: 120, Rows: 40, Key: keys[n]})
	}
	for _, n := range names {
		waitFor(t, terms[n], sshtest.LobbyMarker)
	}
	exec := func(who, cmd string) (string, error) { return sshtest.Exec(srv.Addr, who, keys[who], cmd) }
	out, err := exec("anna", "tournament new firetower rounds=2 size=2")
	m := tournamentCodeRE.FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("tournament new: %v %q", err, out)
	}
	code := m[1]
	for _, n := range names[1:] {
		if out, err := exec(n, "tournament join "+code); err != nil || !strings.Contains(out, n) {
			t.Fatalf("%s joins: %v %q", n, err, out)
		}
	}
	if out, err := exec("bob", "tournament start "+code); err == nil || !strings.Contains(out, "Only the tournament's host") {
		t.Fatalf("bob starts the round: %v %q", err, out)
	}
	if out, err := sshtest.Exec(srv.Addr, "guest", nil, "tournament new firetower"); err == nil || !strings.Contains(out, "need your SSH key") {
		t.Fatalf("a guest's tournament: %v %q", err, out)
	}
	out, err = exec("anna", "tournament start "+code)
	if err != nil || strings.Count(out, "playing") < 2 {
		t.Fatalf("tournament start: %v %q", err, out)
	}
	for _, n := range names {
		waitFor(t, terms[n], "Fire Tower")
		waitFor(t, terms[n], "HAND ")
	}
	out, err = exec("di", "tournament "+code)
	if err != nil || !strings.Contains(out, "Round 1, playing.") || strings.Count(out, "Table t") != 2 {
		t.Fatalf("the standings: %v %q", err, out)
	}
	if out, err := exec("anna", "tournament end "+code); err != nil || !strings.Contains(out, "finished") {
		t.Fatalf("tournament end: %v %q", err, out)
	}
}
