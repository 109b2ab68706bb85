package ui

import (
	"errors"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine/firelibrary"
	"arcade/rooms"
	"arcade/rooms/store"
	"arcade/ui/screentest"
)

// TestFormRefusesForbiddenSetupWhenChosen: a combination the rules forbid
// (Fire in the Library's standard mode at one seat, which the form's keys
// no longer reach: one seat takes a solo mode) is said in the form, and
// enter does not open the table.
func TestFormRefusesForbiddenSetupWhenChosen(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("c")
	d.waitFor("NEW TABLE")
	f := d.app.cur.(*createScreen)
	f.seats, f.opts[firelibrary.OptMode] = 1, firelibrary.ModeStandard // no key leads here now
	f.check()
	s := d.waitFor("Not allowed:")
	if !strings.Contains(s, "solo mode") {
		t.Fatalf("the refusal does not say what one player needs:\n%s", s)
	}
	d.key("enter")
	s = d.waitFor("change the seats or the options")
	if d.app.table != nil || !strings.Contains(s, "NEW TABLE") {
		t.Fatalf("a forbidden setup opened a table:\n%s", s)
	}
	formTo(t, d, "Mode", "l") // solo-robot: allowed
	if s := d.screen(); strings.Contains(s, "Not allowed:") {
		t.Fatalf("the refusal outlived the setup:\n%s", s)
	}
}

// TestHostChangesOptionsBeforeTheStart: O opens the table's options for
// the host; enter changes them for everyone at the table.
func TestHostChangesOptionsBeforeTheStart(t *testing.T) {
	hub := newHub(t)
	anna := newDriver(t, hub, "anna", 80, 24)
	anna.waitFor("THE ARCADE")
	anna.key("c")
	anna.waitFor("NEW TABLE")
	anna.key("enter")
	anna.waitFor("Turn clock relaxed")
	anna.key("O")
	anna.waitFor("TABLE OPTIONS")
	anna.key("l", "enter") // the clock: relaxed → blitz
	anna.waitFor("Options changed")
	anna.waitFor("Turn clock blitz")
	if anna.app.cur != screen(anna.app.table) {
		t.Fatal("the options form did not go back to the table")
	}
}

// TestChatMute: /mute hides a speaker's lines from this session only;
// /unmute shows them again.
func TestChatMute(t *testing.T) {
	hub := newHub(t)
	anna, bob := newDriver(t, hub, "anna", 80, 24), newDriver(t, hub, "bob", 80, 24)
	anna.waitFor("THE ARCADE")
	bob.waitFor("THE ARCADE")
	if err := bob.client.Say("hello from bob"); err != nil {
		t.Fatal(err)
	}
	anna.waitFor("hello from bob")
	anna.key("/")
	for _, r := range "/mute bob" {
		anna.key(string(r))
	}
	anna.key("enter")
	s := anna.waitFor("bob is muted")
	if strings.Contains(s, "hello from bob") {
		t.Fatalf("a muted line still shows:\n%s", s)
	}
	if s := bob.screen(); !strings.Contains(s, "hello from bob") {
		t.Fatalf("muting changed another session's screen:\n%s", s)
	}
	anna.key("/")
	for _, r := range "/unmute bob" {
		anna.key(string(r))
	}
	anna.key("enter")
	anna.waitFor("hello from bob")
}

func TestClockLeft(t *testing.T) {
	now := time.Now()
	for _, c := range []struct {
		left time.Duration
		want string
		next time.Duration
	}{
		{2 * time.Minute, "2:00", 10 * time.Second},
		{115 * time.Second, "2:00", 5 * time.Second},
		{61 * time.Second, "1:10", time.Second},
		{60 * time.Second, "60s", time.Second},
		{1500 * time.Millisecond, "2s", 500 * time.Millisecond},
		{time.Hour, "60:00", 10 * time.Second},
		{time.Hour + 30*time.Second, "1h 01m", 30 * time.Second},
		{24 * time.Hour, "24h 00m", time.Minute},
		{23*time.Hour + 59*time.Minute, "23h 59m", time.Minute},
		{2*24*time.Hour + 3*time.Hour + 20*time.Minute, "2d 4h", 20 * time.Minute},
		{7 * 24 * time.Hour, "7d 0h", time.Hour},
		{0, "", 0},
	} {
		got, next := clockLeft(now.Add(c.left), now)
		if got != c.want || next != c.next {
			t.Errorf("%v left: %q, next in %v; want %q, %v", c.left, got, next, c.want, c.next)
		}
	}
}

// newHubOf is newHub for a hub offering games.
func newHubOf(t *testing.T, games []Game) *rooms.Hub {
	hub := rooms.NewHub(rooms.Config{Games: Engines(games), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond})
	t.Cleanup(hub.Close)
	return hub
}

// TestAdminSeesEveryTable: an admin's lobby has a, listing private tables
// with their codes, and enter watches one; nobody else has the key.
func TestAdminSeesEveryTable(t *testing.T) {
	hub := newHub(t)
	bob := newDriver(t, hub, "bob", 80, 24)
	bob.waitFor("THE ARCADE")
	if err := bob.client.Create("firelibrary", 2, true, nil); err != nil {
		t.Fatal(err)
	}
	code := stripANSI(bob.waitFor("Invite code:"))
	code = strings.Fields(code[strings.Index(code, "Invite code:")+len("Invite code:"):])[0]

	c := hub.Connect(rooms.Player{ID: "key:root", Name: "root", Admin: true})
	t.Cleanup(c.Close)
	admin := &driver{t: t, app: New(c, Options{Games: testGames}), client: c}
	admin.send(tea.WindowSizeMsg{Width: 100, Height: 24})
	admin.run(admin.app.Init())
	waitText(admin, "all tables (admin)")
	admin.key("a")
	s := waitText(admin, "ALL TABLES")
	if !strings.Contains(stripANSI(s), code+" private") {
		t.Fatalf("the private table is not listed with its code %s:\n%s", code, stripANSI(s))
	}
	admin.key("enter")
	waitText(admin, "you watch")

	anna := newDriver(t, hub, "anna", 100, 24)
	if s := stripANSI(anna.waitFor("THE ARCADE")); strings.Contains(s, "all tables") {
		t.Fatalf("a player who is not an admin is offered the admin key:\n%s", s)
	}
	anna.key("a")
	if s := stripANSI(anna.screen()); strings.Contains(s, "ALL TABLES") {
		t.Fatal("a player who is not an admin opened the list")
	}
}

// TestFullTablesCodeWatches: the code of a full private table lets a third
// player watch it instead of refusing them.
func TestFullTablesCodeWatches(t *testing.T) {
	hub := newHub(t)
	anna, bob, cat := newDriver(t, hub, "anna", 80, 24), newDriver(t, hub, "bob", 80, 24), newDriver(t, hub, "cat", 80, 24)
	for _, d := range []*driver{anna, bob, cat} {
		d.waitFor("THE ARCADE")
	}
	if err := anna.client.Create("firelibrary", 2, true, nil); err != nil {
		t.Fatal(err)
	}
	anna.waitFor("Invite code:")
	code := anna.app.table.u.Code
	if err := bob.client.JoinCode(code); err != nil {
		t.Fatal(err)
	}
	anna.waitFor("waiting 2/2")
	cat.key("i")
	for _, r := range code {
		cat.key(string(r))
	}
	cat.key("enter")
	s := stripANSI(cat.waitFor("you watch"))
	if !strings.Contains(s, "Every seat there is taken: you are watching the table.") {
		t.Fatalf("cat is not told why she watches:\n%s", s)
	}
}

// TestAdminMarked: an admin's name carries "[admin]" in the chat and the
// lobby's list of who is online; another player's does not.
func TestAdminMarked(t *testing.T) {
	hub := newHub(t)
	anna := newDriver(t, hub, "anna", 120, 30)
	anna.waitFor("THE ARCADE")
	root := hub.Connect(rooms.Player{ID: "key:root", Name: "root", Admin: true})
	t.Cleanup(root.Close)
	if err := root.Say("welcome"); err != nil {
		t.Fatal(err)
	}
	if err := anna.client.Say("thanks"); err != nil {
		t.Fatal(err)
	}
	s := stripANSI(anna.waitFor("thanks"))
	if !strings.Contains(s, "root [admin]: welcome") || !strings.Contains(s, "root [admin] · in the lobby") {
		t.Fatalf("the admin is not marked:\n%s", s)
	}
	if strings.Contains(s, "anna [admin]") || !strings.Contains(s, "anna: thanks") {
		t.Fatalf("a player who is no admin is marked:\n%s", s)
	}
}

// TestNamesMarkedInSeats: a name kept for its player's key carries
// "[key]", and an admin's "[admin]", in the chat, the list of who is
// online and a table's seats, at 80x24; a guest's carries neither.
func TestNamesMarkedInSeats(t *testing.T) {
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond, Store: store.NewMemory()})
	t.Cleanup(hub.Close)
	anna := newDriver(t, hub, "anna", 80, 24)
	anna.waitFor("THE ARCADE")
	if _, err := anna.client.Rename("Anna"); err != nil {
		t.Fatal(err)
	}
	gus := hub.Connect(rooms.Player{Name: "gus"})
	root := hub.Connect(rooms.Player{ID: "key:root", Name: "root", Admin: true})
	t.Cleanup(gus.Close)
	t.Cleanup(root.Close)
	if err := anna.client.Say("hi"); err != nil {
		t.Fatal(err)
	}
	s := stripANSI(anna.waitFor("ONLINE (3)"))
	if !strings.Contains(s, "Anna [key]: hi") || !strings.Contains(s, "Anna [key], gus, root [admin]") {
		t.Fatalf("the chat and the list of who is online do not mark names:\n%s", s)
	}
	if err := anna.client.Create("firelibrary", 3, true, nil); err != nil {
		t.Fatal(err)
	}
	s = stripANSI(anna.waitFor("Invite code:"))
	code := strings.Fields(s[strings.Index(s, "Invite code:")+len("Invite code:"):])[0]
	for _, c := range []*rooms.Client{gus, root} {
		if err := c.JoinCode(code); err != nil {
			t.Fatal(err)
		}
	}
	s = screentest.OnTerminal(anna.waitFor("3. root"), 80, 24)
	for _, seat := range []string{"1. Anna [key]\n", "2. gus\n", "3. root [admin]\n"} {
		if !strings.Contains(s, seat) {
			t.Fatalf("the waiting room does not show %q:\n%s", seat, s)
		}
	}
}

// refusingSettings is a store that refuses settings while refuse is set.
type refusingSettings struct {
	*store.Memory
	refuse atomic.Bool
}

func (r *refusingSettings) UpdateSetting(key string, change func(old []byte) ([]byte, error)) error {
	if r.refuse.Load() {
		return errors.New("disk full")
	}
	return r.Memory.UpdateSetting(key, change)
}

// TestSignalsChangeOnlyOnceKept: N turns the your-turn signals off only
// once the store keeps it; a refusal is said and changes nothing.
func TestSignalsChangeOnlyOnceKept(t *testing.T) {
	db := &refusingSettings{Memory: store.NewMemory()}
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond, Store: db})
	t.Cleanup(hub.Close)
	d := newDriver(t, hub, "anna", 100, 30)
	if err := d.client.Create(testGames[0].Engine.Info().ID, 2, false, nil); err != nil {
		t.Fatal(err)
	}
	d.waitFor("WAITING FOR PLAYERS")
	db.refuse.Store(true)
	d.key("N")
	d.waitFor("cannot be saved right now")
	if d.app.s.quiet || d.client.Quiet() {
		t.Fatal("the signals went off although the store refused the setting")
	}
	db.refuse.Store(false)
	d.key("N")
	d.waitFor("Your-turn bell and title off")
	if !d.app.s.quiet || !d.client.Quiet() {
		t.Fatal("the signals stayed on once the store kept the setting")
	}
}

// TestSeveralAwaySeats: a player away from two running games finds both
// under YOUR TABLES, saying it is their move there, the latest first, and
// enter on the older one puts them back in that seat.
func TestSeveralAwaySeats(t *testing.T) {
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames), BotDelay: time.Hour, LobbyEvery: time.Millisecond, AwayGrace: time.Hour,
		Seed: func() uint64 { return 1 }})
	t.Cleanup(hub.Close)
	game := testGames[0].Engine.Info().ID
	bob := newDriver(t, hub, "bob", 100, 30)
	var ids []string
	for _, host := range []string{"anna", "cy"} {
		h := newDriver(t, hub, host, 100, 30)
		if err := h.client.Create(game, 2, false, nil); err != nil {
			t.Fatal(err)
		}
		h.waitFor("WAITING FOR PLAYERS")
		id := h.app.table.u.Table.ID
		if err := bob.client.Join(id); err != nil {
			t.Fatal(err)
		}
		if err := h.client.Start(); err != nil {
			t.Fatal(err)
		}
		bob.waitFor("you: bob")
		if err := bob.client.Leave(); err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	raw := bob.waitFor("ONLINE (3)")
	s := ansi.Strip(raw)
	latest, older := strings.Index(s, "YOUR MOVE · cy's table"), strings.Index(s, "YOUR MOVE · anna's table")
	if latest < 0 || older < latest || !strings.Contains(s, "Your move at 2 tables") {
		t.Fatalf("the lobby does not list both tables where it is bob's move, the latest (cy's) first:\n%s", s)
	}
	checkScreen(t, "away-100x30.txt", raw, "", 100, 30)
	bob.key("j", "enter")
	if s := bob.waitFor("you: bob"); bob.app.table.u.Table.ID != ids[0] {
		t.Fatalf("enter on the older away seat did not seat bob at %s:\n%s", ids[0], s)
	}
}

// TestLongChatLineKeepsItsSpeaker: when only the end of a long chat line
// fits the pane, its speaker still shows, before its last words, which
// wrap whole (no word is cut to make room for the speaker).
func TestLongChatLineKeepsItsSpeaker(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	long := strings.Repeat("the library is on fire again ", 6) + "now"
	out := ansi.Strip(d.app.s.chatPane([]rooms.ChatLine{{From: "bob", Text: long}}, 30, 3))
	lines := strings.Split(out, "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[1], "bob: …") {
		t.Fatalf("the speaker of a cut chat line is lost:\n%s", out)
	}
	for _, l := range lines[1:] {
		if cut := cutWord(l); cut != "" {
			t.Errorf("the chat cuts %q:\n%s", cut, out)
		}
	}
	if !strings.HasSuffix(lines[2], "again now") {
		t.Errorf("the chat line's last words are not shown:\n%s", out)
	}
}
