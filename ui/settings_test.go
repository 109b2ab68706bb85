package ui

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"arcade/rooms"
	"arcade/rooms/store"
)

// testNotifier takes any https address and remembers the notices it was
// asked to test.
type testNotifier struct {
	mu    sync.Mutex
	tests []string
}

func (n *testNotifier) Notify(string, string, rooms.Notice) {}

func (n *testNotifier) CheckURL(url string) error {
	if !strings.HasPrefix(url, "https://") {
		return errors.New("A notification address starts with https://.")
	}
	return nil
}

func (n *testNotifier) Test(_, url string, _ rooms.Notice) error {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.tests = append(n.tests, url)
	return nil
}

// settingsNow is the settings hub's clock: the date keys are linked on.
var settingsNow = time.Date(2025, 3, 2, 12, 0, 0, 0, time.UTC)

// settingsHub is a hub with a store that keeps settings, sending
// notifications through n (none when nil).
func settingsHub(t *testing.T, n rooms.Notifier) *rooms.Hub {
	cfg := rooms.Config{Games: Engines(allGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond,
		Seed: func() uint64 { return 13 }, Store: store.NewMemory(), Now: func() time.Time { return settingsNow }}
	if n != nil {
		cfg.Notifier = n
	}
	hub := rooms.NewHub(cfg)
	t.Cleanup(hub.Close)
	return hub
}

// linkKey links the key named key to player (as ssh host link CODE does
// from that key).
func linkKey(t *testing.T, hub *rooms.Hub, player, key string) {
	t.Helper()
	code, err := hub.NewLinkCode(rooms.Player{ID: "key:" + player, Name: player})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := hub.LinkKey(code, rooms.Player{ID: "key:" + key, Name: player}); err != nil {
		t.Fatal(err)
	}
}

// typeText types s, one key a character.
func (d *driver) typeText(s string) {
	for _, r := range s {
		d.key(string(r))
	}
}

// TestSettingsNotificationAddress: s opens the settings; enter edits the
// address, which the server checks and keeps; t sends a test notice and
// says how it went; x clears the address.
func TestSettingsNotificationAddress(t *testing.T) {
	n := &testNotifier{}
	hub := settingsHub(t, n)
	d := newDriverOf(t, hub, allGames, "anna", 100, 30)
	d.waitFor("THE ARCADE")
	d.key("s")
	d.waitFor("none set")
	d.key("enter")
	d.typeText("http://example.com/hook")
	d.key("enter")
	d.waitFor("starts with https://")
	// The address refused is in the editor again, to be put right.
	if p := d.app.s.prompt; p == nil || p.label != promptWebhook || p.input.Value() != "http://example.com/hook" {
		t.Fatalf("the editor after the refusal: %+v", p)
	}
	for range len("http://example.com/hook") {
		d.key("backspace")
	}
	d.typeText("https://ntfy.sh/anna")
	d.key("enter")
	d.waitFor("Notifications go to that address")
	if url, err := d.client.Webhook(); err != nil || url != "https://ntfy.sh/anna" {
		t.Fatalf("the address kept is %q, %v", url, err)
	}
	d.key("t")
	d.waitFor("The test notice arrived.")
	if len(n.tests) != 1 || n.tests[0] != "https://ntfy.sh/anna" {
		t.Fatalf("test notices sent: %v", n.tests)
	}
	d.key("x")
	d.waitFor("Notifications are off")
	if url, _ := d.client.Webhook(); url != "" {
		t.Fatalf("the address outlived x: %q", url)
	}
}

// TestSettingsWithoutNotifications: a server that sends none says so,
// and t and enter say so too.
func TestSettingsWithoutNotifications(t *testing.T) {
	d := newDriverOf(t, settingsHub(t, nil), allGames, "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("s")
	d.waitFor("this server does not send notifications")
	d.key("t")
	d.waitFor(rooms.ErrNoNotifications.Error())
}

// TestSettingsUnlinksAKey: the linked keys are listed under the first;
// x on one asks, and y unlinks it.
func TestSettingsUnlinksAKey(t *testing.T) {
	hub := settingsHub(t, &testNotifier{})
	linkKey(t, hub, "anna", "anna-laptop")
	linkKey(t, hub, "anna", "anna-phone")
	d := newDriverOf(t, hub, allGames, "anna", 100, 30)
	d.waitFor("THE ARCADE")
	d.key("s")
	d.waitFor("anna-phone")
	d.key("j", "j", "x")
	d.waitFor("Unlink anna-laptop?")
	d.key("n")
	if keys, _ := d.client.LinkedKeys(); len(keys) != 2 {
		t.Fatalf("n unlinked a key: %v", keys)
	}
	d.key("x", "y")
	s := d.waitFor("The key is unlinked")
	if strings.Contains(s, "anna-laptop") {
		t.Fatalf("the unlinked key is still listed:\n%s", s)
	}
	if keys, _ := d.client.LinkedKeys(); len(keys) != 1 || keys[0].ID != "key:anna-phone" {
		t.Fatalf("linked keys after unlinking anna-laptop: %v", keys)
	}
}

// TestSettingsForGuests: a guest reads why settings need a key.
func TestSettingsForGuests(t *testing.T) {
	hub := settingsHub(t, &testNotifier{})
	c := hub.Connect(rooms.Player{ID: "guest:1", Name: "zed", Guest: true})
	t.Cleanup(c.Close)
	d := &driver{t: t, app: New(c, Options{Games: allGames}), client: c}
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.waitFor("THE ARCADE")
	d.key("s")
	d.waitFor("settings belong to your SSH key")
}

// TestSettingsMarksThisKey: of the player's keys, the one this session
// connected with is marked.
func TestSettingsMarksThisKey(t *testing.T) {
	hub := settingsHub(t, &testNotifier{})
	linkKey(t, hub, "anna", "anna-laptop")
	linkKey(t, hub, "anna", "anna-phone")
	c := hub.Connect(rooms.Player{ID: "key:anna", Key: "key:anna-phone", Name: "anna"})
	t.Cleanup(c.Close)
	d := &driver{t: t, app: New(c, Options{Games: allGames}), client: c}
	d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.waitFor("THE ARCADE")
	d.key("s")
	s := stripANSI(d.waitFor("anna-phone"))
	var marked []string
	for l := range strings.SplitSeq(s, "\n") {
		if strings.Contains(l, "this key") {
			marked = append(marked, strings.TrimSpace(l))
		}
	}
	if len(marked) != 1 || !strings.Contains(marked[0], "anna-phone") {
		t.Fatalf("marked as this key: %q\n%s", marked, s)
	}
}
