package sshserver_test

import (
	"regexp"
	"strings"
	"testing"
	"time"

	"arcade/rooms"
	"arcade/rooms/store"
	"arcade/sshserver/sshtest"
)

// linkCodeRE finds the code `ssh host link` prints.
var linkCodeRE = regexp.MustCompile(`Your link code: ([A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4})`)

// TestLinkedKeysOverSSH: anna asks for a link code from her laptop key and
// types it from her phone key; a game she started on the laptop goes on
// from the phone, in her seat with the same hand, while the laptop is told
// it was replaced; the phone lists both keys; a used code, a wrong one and
// a guest are refused with a sentence; the phone's key can be unlinked.
func TestLinkedKeysOverSSH(t *testing.T) {
	if testing.Short() {
		t.Skip("plays over SSH")
	}
	srv := startHubGames(t, rooms.Config{Store: store.NewMemory(), BotDelay: time.Hour, AwayGrace: time.Hour}, nil)
	laptopKey, phoneKey := sshtest.NewKey(t), sshtest.NewKey(t)
	out, err := sshtest.Exec(srv.Addr, "anna", laptopKey, "link")
	m := linkCodeRE.FindStringSubmatch(out)
	if err != nil || m == nil {
		t.Fatalf("link: %v %q", err, out)
	}
	if out, err := sshtest.Exec(srv.Addr, "anna-phone", phoneKey, "link "+strings.ToLower(m[1])); err != nil || !strings.Contains(out, "This key is now anna's") {
		t.Fatalf("link CODE: %v %q", err, out)
	}
	if out, err := sshtest.Exec(srv.Addr, "x", sshtest.NewKey(t), "link "+m[1]); err == nil || !strings.Contains(out, "wrong, used or older than 10 minutes") {
		t.Fatalf("a used code: %v %q", err, out)
	}
	if out, err := sshtest.Exec(srv.Addr, "guest", nil, "link"); err == nil || !strings.Contains(out, "a guest has nothing to link") {
		t.Fatalf("a guest's link: %v %q", err, out)
	}

	// A Fire Tower game against bob, started from the laptop.
	opts := sshtest.Options{Cols: 120, Rows: 40, Key: laptopKey}
	laptop := sshtest.Dial(t, srv.Addr, "anna", opts)
	opts.Key = sshtest.NewKey(t)
	bob := sshtest.Dial(t, srv.Addr, "bob", opts)
	lobbyAll(t, laptop, bob)
	fireTowerForTwo(t, laptop, bob)
	send(t, laptop, "S")
	waitFor(t, laptop, "HAND ")
	hand := handLine(laptop.Screen())

	opts.Key = phoneKey
	phone := sshtest.Dial(t, srv.Addr, "phone", opts)
	waitFor(t, phone, "HAND ")
	if got := handLine(phone.Screen()); got != hand || hand == "" {
		t.Fatalf("the phone's hand %q, the laptop's %q", got, hand)
	}
	if !strings.Contains(phone.Screen(), "anna") {
		t.Fatalf("the phone is not anna:\n%s", phone.Screen())
	}
	if err := laptop.WaitClosed(waitLong); err != nil {
		t.Fatalf("the laptop's session goes on: %v", err)
	}
	if !strings.Contains(laptop.Screen(), "another terminal") {
		t.Fatalf("the laptop was not told:\n%s", laptop.Screen())
	}

	out, err = sshtest.Exec(srv.Addr, "anna", phoneKey, "link keys")
	if err != nil || strings.Count(out, "SHA256:") != 2 {
		t.Fatalf("link keys: %v %q", err, out)
	}
	if lines := strings.Split(strings.TrimSpace(out), "\n"); strings.Contains(lines[0], "this key") || !strings.HasSuffix(lines[1], "← this key") {
		t.Fatalf("link keys from the phone does not mark the phone's key alone:\n%s", out)
	}
	phoneFP := strings.Fields(strings.Split(strings.TrimSpace(out), "\n")[1])[0]
	if out, err := sshtest.Exec(srv.Addr, "anna", laptopKey, "link remove "+phoneFP); err != nil || !strings.Contains(out, "Unlinked") {
		t.Fatalf("link remove: %v %q", err, out)
	}
	if out, err := sshtest.Exec(srv.Addr, "anna", laptopKey, "link keys"); err != nil || strings.Count(out, "SHA256:") != 1 {
		t.Fatalf("link keys after the unlink: %v %q", err, out)
	}
}

// handLine is the the line of a Fire Tower screen with its hand and the next ("" if none).
func handLine(screen string) string {
	lines := strings.Split(screen, "\n")
	for i, l := range lines {
		if strings.Contains(l, "HAND ") && i+1 < len(lines) {
			return strings.TrimSpace(l + "\n" + lines[i+1])
		}
	}
	return ""
}
