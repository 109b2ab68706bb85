package sshserver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"charm.land/log/v2"
	gossh "golang.org/x/crypto/ssh"

	"arcade/rooms"
	"arcade/sshserver"
	"arcade/sshserver/access"
	"arcade/sshserver/sshtest"
)

// refusedWith connects as user with key (nil: a guest) and returns what the
// server told the client as it refused it, failing the test if the client
// got in instead.
func refusedWith(t *testing.T, addr, user string, key gossh.Signer) string {
	t.Helper()
	said, err := sshtest.Refused(addr, user, key)
	if err != nil {
		t.Fatalf("%s was not refused with a sentence: %v", user, err)
	}
	return strings.Join(strings.Fields(said), " ")
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestAllowList: with -authorized-keys only the listed keys get in, each
// under the name its line gives; anyone else is told why in a sentence (and
// logged at WARN); a key added to the file gets in without a restart; a
// listed key is not held to the per-address cap.
func TestAllowList(t *testing.T) {
	dir := t.TempDir()
	list := filepath.Join(dir, "authorized_keys")
	ann, bob := sshtest.NewKey(t), sshtest.NewKey(t)
	writeFile(t, list, "# the team\n"+sshtest.AuthorizedKey(ann, "Ann Lee"))
	keys, err := access.OpenKeyFile(list)
	if err != nil {
		t.Fatal(err)
	}
	var logs sshtest.Buffer
	srv := sshtest.Start(t, func(c *sshserver.Config) {
		c.Gate = &access.Gate{Allowed: keys}
		c.MaxPerIP = 1
		c.Logger = log.NewWithOptions(&logs, log.Options{Level: log.InfoLevel})
	})

	// A listed key is let in twice from one address although the cap is 1.
	first := sshtest.Dial(t, srv.Addr, "ann", sshtest.Options{Key: ann})
	if err := first.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(first.Screen(), "Ann Lee") {
		t.Errorf("the key file's comment is not the player's name:\n%s", first.Screen())
	}
	waitStats(t, srv, "ann's slot freed", func(s sshserver.Stats) bool { return s.Sessions == 1 })

	said := refusedWith(t, srv.Addr, "bob", bob)
	if !strings.Contains(said, "not on its list") || !strings.Contains(said, gossh.FingerprintSHA256(bob.PublicKey())) {
		t.Errorf("an unlisted key was refused without the reason:\n%s", said)
	}
	waitStats(t, srv, "bob's connection gone", func(s sshserver.Stats) bool { return s.Conns == 1 })
	if said := refusedWith(t, srv.Addr, "guest", nil); !strings.Contains(said, "admits only the SSH keys on its list") {
		t.Errorf("a guest was refused without the reason:\n%s", said)
	}
	if !strings.Contains(logs.String(), "WARN") || !strings.Contains(logs.String(), "not admitted: not-listed") {
		t.Errorf("no WARN line for the refused key:\n%s", logs.String())
	}

	// Add bob: once the file changes, he gets in with no restart.
	waitStats(t, srv, "the guest's connection gone", func(s sshserver.Stats) bool { return s.Conns == 1 })
	writeFile(t, list, sshtest.AuthorizedKey(ann, "Ann Lee")+"\n"+sshtest.AuthorizedKey(bob, "Bob"))
	deadline := time.Now().Add(wait)
	for {
		term, err := sshtest.Open(srv.Addr, "bob", sshtest.Options{Key: bob})
		if err == nil {
			if term.WaitFor(sshtest.LobbyMarker, wait) == nil {
				_ = term.Close()
				break
			}
			_ = term.Close()
		}
		if time.Now().After(deadline) {
			t.Fatal("bob, now listed, was still refused")
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestNoGuests: -guests=false sends keyless clients away with a sentence
// that says how to get in, and lets keys in.
func TestNoGuests(t *testing.T) {
	srv := sshtest.Start(t, func(c *sshserver.Config) { c.Gate = &access.Gate{NoGuests: true} })
	if said := refusedWith(t, srv.Addr, "lou", nil); !strings.Contains(said, "does not admit guests") || !strings.Contains(said, "ssh-keygen") {
		t.Errorf("a guest was refused without the reason:\n%s", said)
	}
	term := sshtest.Dial(t, srv.Addr, "kay", sshtest.Options{Key: sshtest.NewKey(t)})
	if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
}

// startAdmin starts a server whose admin list holds admin, with its ban
// list in dir.
func startAdmin(t *testing.T, dir string, admin gossh.Signer) *sshtest.Server {
	t.Helper()
	return startAdminWith(t, dir, admin, nil)
}

// startAdminWith is startAdmin with configure run on the config too.
func startAdminWith(t *testing.T, dir string, admin gossh.Signer, configure func(*sshserver.Config)) *sshtest.Server {
	t.Helper()
	adminFile := filepath.Join(dir, "admins")
	writeFile(t, adminFile, sshtest.AuthorizedKey(admin, "boss"))
	admins, err := access.OpenKeyFile(adminFile)
	if err != nil {
		t.Fatal(err)
	}
	bans, err := access.OpenBans(filepath.Join(dir, "bans.json"))
	if err != nil {
		t.Fatal(err)
	}
	return startGames(t, func(c *sshserver.Config) {
		c.Gate = &access.Gate{Admins: admins, Bans: bans}
		if configure != nil {
			configure(c)
		}
	})
}

// TestBanOutlivesRestart: an admin bans a connected player's key; the
// player is disconnected at once, refused with a sentence, and still
// refused by the next server started on the same data directory. Only
// admins may run admin commands.
func TestBanOutlivesRestart(t *testing.T) {
	dir := t.TempDir()
	boss, troll := sshtest.NewKey(t), sshtest.NewKey(t)
	srv := startAdmin(t, dir, boss)
	term := sshtest.Dial(t, srv.Addr, "troll", sshtest.Options{Key: troll})
	if err := term.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
	if out, err := sshtest.Exec(srv.Addr, "troll", troll, "admin who"); err == nil || !strings.Contains(out, "for this arcade's admins") {
		t.Fatalf("a player ran an admin command: %v\n%s", err, out)
	}
	out, err := sshtest.Exec(srv.Addr, "boss", boss, "admin who")
	if err != nil || !strings.Contains(out, "troll") {
		t.Fatalf("admin who: %v\n%s", err, out)
	}
	out, err = sshtest.Exec(srv.Addr, "boss", boss, "admin ban key troll flooding the chat")
	if err != nil || !strings.Contains(out, "disconnected 1 session") {
		t.Fatalf("admin ban: %v\n%s", err, out)
	}
	if err := term.WaitClosed(wait); err != nil {
		t.Fatalf("the banned player is still connected: %v", err)
	}
	// Their terminal is back on its normal screen and says why.
	if s := term.Screen(); !strings.Contains(s, "Your session was ended: banned by an admin: flooding the chat.") || strings.Contains(s, "GAMES") {
		t.Errorf("the banned player's terminal was left without a reason:\n%s", s)
	}
	if said := refusedWith(t, srv.Addr, "troll", troll); !strings.Contains(said, "banned") || !strings.Contains(said, "flooding the chat") {
		t.Errorf("the banned key was refused without the reason:\n%s", said)
	}
	if out, err := sshtest.Exec(srv.Addr, "boss", boss, "admin ban key boss"); err == nil {
		t.Errorf("an admin banned an admin's key:\n%s", out)
	}

	again := startAdmin(t, dir, boss)
	if said := refusedWith(t, again.Addr, "troll", troll); !strings.Contains(said, "banned") {
		t.Errorf("after a restart the banned key got in:\n%s", said)
	}
	out, err = sshtest.Exec(again.Addr, "boss", boss, "admin bans")
	if err != nil || !strings.Contains(out, gossh.FingerprintSHA256(troll.PublicKey())) || !strings.Contains(out, "troll") {
		t.Fatalf("admin bans after a restart: %v\n%s", err, out)
	}
	if _, err := sshtest.Exec(again.Addr, "boss", boss, "admin unban "+gossh.FingerprintSHA256(troll.PublicKey())); err != nil {
		t.Fatal(err)
	}
	back := sshtest.Dial(t, again.Addr, "troll", sshtest.Options{Key: troll})
	if err := back.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
}

// TestAdminClosesTableAndDrains: an admin sees a private table with its
// code, closes it (its player is back in the lobby and told why), and
// drain mode refuses a new table with a sentence.
func TestAdminClosesTableAndDrains(t *testing.T) {
	boss := sshtest.NewKey(t)
	srv := startAdmin(t, t.TempDir(), boss)
	ann := sshtest.Dial(t, srv.Addr, "ann", sshtest.Options{Key: sshtest.NewKey(t)})
	if err := ann.WaitFor(sshtest.LobbyMarker, wait); err != nil {
		t.Fatal(err)
	}
	send(t, ann, "c")
	if err := ann.WaitFor("NEW TABLE", wait); err != nil {
		t.Fatal(err)
	}
	send(t, ann, "\r")
	if err := ann.WaitFor("Invite code:", wait); err != nil {
		t.Fatal(err)
	}
	code := inviteRE.FindStringSubmatch(ann.Screen())[1]
	out, err := sshtest.Exec(srv.Addr, "boss", boss, "admin tables")
	if err != nil || !strings.Contains(out, code) || !strings.Contains(out, "ann") {
		t.Fatalf("admin tables does not show ann's table %s: %v\n%s", code, err, out)
	}
	if _, err := sshtest.Exec(srv.Addr, "boss", boss, "admin close "+code+" Closing early tonight."); err != nil {
		t.Fatal(err)
	}
	if err := ann.WaitUntil("lobby with the admin's notice", func(s string) bool {
		return strings.Contains(s, sshtest.LobbyMarker) && strings.Contains(s, "An admin closed the table")
	}, wait); err != nil {
		t.Fatal(err)
	}

	if out, err := sshtest.Exec(srv.Addr, "boss", boss, "admin drain on"); err != nil || !strings.Contains(out, "Drain mode is on") {
		t.Fatalf("admin drain on: %v\n%s", err, out)
	}
	send(t, ann, "c")
	if err := ann.WaitFor("NEW TABLE", wait); err != nil {
		t.Fatal(err)
	}
	send(t, ann, "\r")
	if err := ann.WaitFor("about to close for maintenance", wait); err != nil {
		t.Fatal(err)
	}
}

// TestListedNameKeptOverSSH: the name the admins' list gives a key is that
// key's alone: a guest arriving with it is numbered, and is told why in a
// sentence when they try to take it (e); the key arrives under it, marked
// [admin] in the list of who is online and in a table's seats.
func TestListedNameKeptOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	list := filepath.Join(t.TempDir(), "admins")
	ann := sshtest.NewKey(t)
	writeFile(t, list, sshtest.AuthorizedKey(ann, "Ann"))
	admins, err := access.OpenKeyFile(list)
	if err != nil {
		t.Fatal(err)
	}
	gate := &access.Gate{Admins: admins}
	srv := startHubGames(t, rooms.Config{BotDelay: time.Millisecond, KeyNames: sshserver.KeyNames(gate)},
		func(c *sshserver.Config) { c.Gate = gate })

	guest := sshtest.Dial(t, srv.Addr, "ann", sshtest.Options{})
	waitFor(t, guest, "ann 2 (guest)")
	send(t, guest, "e", "\x7f", "\x7f", "\r") // "ann 2" less " 2"
	waitFor(t, guest, "This arcade's list keeps that name for another player's key: choose another.")
	waitFor(t, guest, "Your name: > ann") // the name refused, back to be put right
	send(t, guest, "\x1b")                // esc: the guest keeps "ann 2"
	for end := time.Now().Add(waitLong); strings.Contains(guest.Screen(), "Your name:"); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(end) {
			t.Fatalf("esc did not close the name prompt:\n%s", guest.Screen())
		}
	}

	keyed := sshtest.Dial(t, srv.Addr, "someone", sshtest.Options{Key: ann})
	lobbyAll(t, keyed)
	waitFor(t, guest, "ONLINE (2)")
	waitFor(t, guest, "Ann [admin]")
	fireTowerForTwo(t, keyed, guest)
	waitFor(t, guest, "1. Ann [admin]")
}

// TestAdminKeyCommandsWantAFingerprint: admin keys and admin unlink take a
// key fingerprint and say so when given a name; unlinking a key no other
// key's player holds says there is nothing to unlink rather than speak
// to the admin as that key's player.
func TestAdminKeyCommandsWantAFingerprint(t *testing.T) {
	boss := sshtest.NewKey(t)
	srv := startAdmin(t, t.TempDir(), boss)
	for cmd, want := range map[string]string{
		"admin keys bob":             `keys takes a key fingerprint (SHA256:..., as admin who shows it), not "bob".`,
		"admin unlink bob":           `unlink takes a key fingerprint`,
		"admin unlink SHA256:nobody": "SHA256:nobody is not linked to another key's player: there is nothing to unlink.",
	} {
		out, err := sshtest.Exec(srv.Addr, "boss", boss, cmd)
		if err == nil || !strings.Contains(out, want) {
			t.Errorf("%s: %v\n%s", cmd, err, out)
		}
	}
}
