package rooms

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"arcade/rooms/store"
)

// TestChat: lines reach the lobby or the table, stripped of anything that
// could paint on a terminal, marked when a spectator says them, and told
// apart by speaker without showing who; a flood is refused with when to go
// on; the kept lines are bounded.
func TestChat(t *testing.T) {
	clock := newClock()
	h := testHub(t, Config{Now: clock.Now})
	anna, bob, cat := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cat")
	must(t, anna.Say("hello \x1b]0;pwned\x07every\x1b[2Jone\r\n"))
	l := bob.lobbyWhere("anna's line", func(l *LobbyUpdate) bool { return len(l.Chat) == 1 })
	if got := l.Chat[0]; got.Text != "hello everyone" || got.From != "anna" || got.Spectator || got.Who == "" || strings.Contains(got.Who, "anna") {
		t.Fatalf("lobby line: %+v", got)
	}
	if err := bob.Say(" \x07\x1b[31m "); !errors.Is(err, ErrChatEmpty) {
		t.Fatalf("an empty line: %v", err)
	}

	must(t, anna.Create(toyID, 2, false, nil))
	id := anna.seated().Table.ID
	must(t, bob.Join(id))
	must(t, cat.Watch(id))
	must(t, bob.Say("gl hf"))
	must(t, cat.Say("watching you"))
	u := anna.table("two lines", func(u *TableUpdate) bool { return len(u.Chat) == 2 })
	if u.Chat[0].From != "bob" || u.Chat[0].Spectator || u.Chat[1].From != "cat" || !u.Chat[1].Spectator {
		t.Fatalf("table chat: %+v", u.Chat)
	}
	if u.Chat[0].Who == u.Chat[1].Who || u.Chat[0].Who != h.chatWho("key:bob") {
		t.Fatalf("speakers are not told apart: %+v", u.Chat)
	}
	if l := cat.lobby; l != nil && len(l.Chat) > 0 && l.Chat[len(l.Chat)-1].Text == "watching you" {
		t.Fatal("a table's chat reached the lobby")
	}

	// bob said one line; ChatBurst-1 more go at once, the next is refused.
	for i := 1; i < ChatBurst; i++ {
		must(t, bob.Say(fmt.Sprint("line ", i)))
	}
	err := bob.Say("one too many")
	if !errors.Is(err, ErrChatTooFast) || !strings.Contains(err.Error(), "wait 2 s") {
		t.Fatalf("a flood: %v", err)
	}
	clock.advance(ChatEvery)
	must(t, bob.Say("later"))
	for i := range chatKept + 10 {
		clock.advance(ChatEvery)
		must(t, anna.Say(fmt.Sprint(i)))
	}
	u = bob.table("bounded", func(u *TableUpdate) bool {
		return len(u.Chat) > 0 && u.Chat[len(u.Chat)-1].Text == fmt.Sprint(chatKept+9)
	})
	if len(u.Chat) != chatKept {
		t.Fatalf("%d lines kept, want %d", len(u.Chat), chatKept)
	}
}

// TestWhoIsHere: the lobby lists who is online and where (a private
// table's ID is not shown), a table lists its watchers, and its players are
// told when someone starts watching.
func TestWhoIsHere(t *testing.T) {
	h := testHub(t, Config{})
	anna, bob, cat, dan := connect(t, h, "anna"), connect(t, h, "bob"), connect(t, h, "cat"), connect(t, h, "dan")
	must(t, anna.Create(toyID, 2, false, nil))
	id := anna.seated().Table.ID
	must(t, cat.Watch(id))
	must(t, bob.Create(toyID, 2, true, nil))
	bob.seated()
	want := []Person{
		{Name: "anna", Game: "Toy " + toyID, Table: id, Status: Waiting},
		{Name: "bob", Game: "Toy " + toyID, Status: Waiting},
		{Name: "cat", Game: "Toy " + toyID, Table: id, Watching: true, Status: Waiting},
		{Name: "dan"},
	}
	dan.lobbyWhere("everyone placed", func(l *LobbyUpdate) bool { return reflect.DeepEqual(l.People, want) })
	u := anna.table("cat watches", func(u *TableUpdate) bool { return slices.Equal(u.Watchers, []string{"cat"}) })
	if !hasLine(u.Log, "cat is watching.") {
		t.Fatalf("the players were not told: %q", u.Log)
	}
	must(t, cat.Leave())
	want[2] = Person{Name: "cat"}
	dan.lobbyWhere("cat back in the lobby", func(l *LobbyUpdate) bool { return reflect.DeepEqual(l.People, want) })
	// Once bob's game starts, the list says he plays (not that he waits).
	must(t, dan.JoinCode(bob.seated().Code))
	want[3] = Person{Name: "dan", Game: "Toy " + toyID, Status: Waiting}
	cat.lobbyWhere("dan at bob's table", func(l *LobbyUpdate) bool { return reflect.DeepEqual(l.People, want) })
	must(t, bob.Start())
	want[1].Status, want[3].Status = Playing, Playing
	cat.lobbyWhere("bob's game started", func(l *LobbyUpdate) bool { return reflect.DeepEqual(l.People, want) })
}

// TestQuietIsKeptAcrossReconnects: a keyed player's silenced signals
// outlive their session; a guest's go with it.
func TestQuietIsKeptAcrossReconnects(t *testing.T) {
	h := testHub(t, Config{})
	a := connect(t, h, "anna")
	a.SetQuiet(true)
	a.Close()
	if a2 := connect(t, h, "anna"); !a2.Quiet() {
		t.Fatal("anna's setting was lost on reconnect")
	}
	g := h.Connect(Player{ID: "guest:1", Name: "gus", Guest: true})
	g.SetQuiet(true)
	g.Close()
	h.quiet.mu.Lock()
	left := len(h.quiet.ids)
	h.quiet.mu.Unlock()
	if left != 1 {
		t.Fatalf("%d quiet entries after the guest left, want anna's alone", left)
	}
}

// TestQuietIsKeptAcrossRestarts: with a store, a keyed player's silenced
// signals come back on the next server too, and turning them on again
// sticks as well.
func TestQuietIsKeptAcrossRestarts(t *testing.T) {
	db := store.NewMemory()
	h := testHub(t, Config{Store: db})
	a := connect(t, h, "anna")
	a.SetQuiet(true)
	connect(t, h, "bob").SetQuiet(false)
	h.Close()
	h2 := testHub(t, Config{Store: db})
	a2 := connect(t, h2, "anna")
	if !a2.Quiet() {
		t.Fatal("anna's setting was lost in the restart")
	}
	if connect(t, h2, "bob").Quiet() {
		t.Fatal("bob is quiet")
	}
	a2.SetQuiet(false)
	h2.Close()
	if connect(t, testHub(t, Config{Store: db}), "anna").Quiet() {
		t.Fatal("anna's signals stayed off")
	}
}

// TestChatMarksAdmins: an admin's lines and place in the people list say
// so; another player's do not.
func TestChatMarksAdmins(t *testing.T) {
	h := testHub(t, Config{})
	anna := connect(t, h, "anna")
	root := h.Connect(Player{ID: "key:root", Name: "root", Admin: true})
	t.Cleanup(root.Close)
	must(t, root.Say("welcome"))
	must(t, anna.Say("thanks"))
	l := anna.lobbyWhere("both lines", func(l *LobbyUpdate) bool { return len(l.Chat) == 2 })
	if !l.Chat[0].Admin || l.Chat[1].Admin {
		t.Fatalf("chat lines: %+v", l.Chat)
	}
	for _, p := range l.People {
		if p.Admin != (p.Name == "root") {
			t.Errorf("person %+v", p)
		}
	}
}

// TestQuietUnsavedChangesNothing: when the store refuses the setting, the
// player hears so and their signals stay as they were.
func TestQuietUnsavedChangesNothing(t *testing.T) {
	db := &failingStore{Memory: store.NewMemory()}
	h := testHub(t, Config{Store: db})
	a := connect(t, h, "anna")
	db.fail.Store(true)
	if err := a.SetQuiet(true); !errors.Is(err, ErrSettingUnsaved) {
		t.Fatalf("SetQuiet on a failing store: %v, want ErrSettingUnsaved", err)
	}
	if a.Quiet() {
		t.Fatal("anna is quiet although the store refused it")
	}
	db.fail.Store(false)
	if err := a.SetQuiet(true); err != nil || !a.Quiet() {
		t.Fatalf("SetQuiet once the store works again: %v, quiet %v", err, a.Quiet())
	}
}

// TestFirstSummaryRefreshesWhoIsOnline: when who is online was listed
// before a new table had a summary (its player shown at a table of no
// known status), the table's first summary refreshes the list, so that
// it says the player waits rather than plays.
func TestFirstSummaryRefreshesWhoIsOnline(t *testing.T) {
	h := testHub(t, Config{})
	anna, dan := connect(t, h, "anna"), connect(t, h, "dan")
	must(t, anna.Create(toyID, 2, true, nil))
	u := anna.seated()
	tb := h.tableByID(u.Table.ID)
	sum := *tb.summary.Load()
	tb.summary.Store(nil) // as when the list was built before the first summary
	h.peopleChanged()
	annaIs := func(status Status) func(l *LobbyUpdate) bool {
		return func(l *LobbyUpdate) bool {
			return slices.ContainsFunc(l.People, func(p Person) bool { return p.Name == "anna" && p.Game != "" && p.Status == status })
		}
	}
	dan.lobbyWhere("anna at a table of no known status", annaIs(""))
	tb.storeSummary(sum)
	dan.lobbyWhere("anna waiting", annaIs(Waiting))
}
