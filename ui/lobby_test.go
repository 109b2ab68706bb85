package ui

import (
	"fmt"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/rooms"
)

func names(people []rooms.Person) []string {
	out := make([]string, len(people))
	for i, p := range people {
		out[i] = p.Name
	}
	return out
}

// The list shows a page at a time; o turns the pages, round to the first.
func TestOnlineListPages(t *testing.T) {
	var people []rooms.Person
	for i := range 25 {
		people = append(people, rooms.Person{Name: fmt.Sprintf("p%02d", i)})
	}
	l := &lobbyScreen{s: &session{lobby: rooms.LobbyUpdate{People: people}}}
	for page, first := range []string{"p00", "p10", "p20", "p00"} {
		l.onlinePage = page
		shown, more := l.onlineShown(10)
		if len(shown) == 0 || shown[0].Name != first || !more {
			t.Fatalf("page %d shows %v (more %v), want it to begin with %s and say there are more", page, names(shown), more, first)
		}
	}
	l.onlinePage = 2
	if shown, _ := l.onlineShown(10); len(shown) != 5 {
		t.Fatalf("the last page shows %d people, want the 5 left", len(shown))
	}
	if shown, more := l.onlineShown(30); len(shown) != 25 || more {
		t.Fatalf("with room for everyone it shows %d (more %v)", len(shown), more)
	}
}

// A wide lobby with more people online than its column holds says how many
// more there are, and o shows them.
func TestOnlineListTurnsPagesWithO(t *testing.T) {
	hub := newHub(t)
	for i := range 40 {
		c := hub.Connect(rooms.Player{Name: fmt.Sprintf("zz%02d", i)})
		t.Cleanup(c.Close)
	}
	d := newDriver(t, hub, "anna", 120, 40)
	s := stripANSI(d.waitFor("ONLINE (41)"))
	if !strings.Contains(s, "anna · in the lobby") || strings.Contains(s, "zz39") || !strings.Contains(s, "more · o: more") {
		t.Fatalf("the first page of who is online:\n%s", s)
	}
	d.key("o")
	s = stripANSI(d.screen())
	if strings.Contains(s, "anna · in the lobby") || !strings.Contains(s, "zz") {
		t.Fatalf("o does not turn the page of who is online:\n%s", s)
	}
}

// TestResultWords: a recent result says who played and who won.
func TestResultWords(t *testing.T) {
	for _, c := range []struct {
		r    rooms.Result
		want string
	}{
		{rooms.Result{Names: []string{"anna", "bob", "cy"}, Winners: []engine.Seat{1}}, "bob beat anna, cy"},
		{rooms.Result{Names: []string{"anna", "bob"}, Winners: []engine.Seat{0, 1}}, "anna, bob won together"},
		{rooms.Result{Names: []string{"anna"}, Winners: []engine.Seat{0}}, "anna won"},
		{rooms.Result{Names: []string{"anna", "bob"}}, "no winner: anna, bob"},
	} {
		if got := resultWords(c.r); got != c.want {
			t.Errorf("%+v: %q, want %q", c.r, got, c.want)
		}
	}
}

// TestLobbyFocusesGamesWhenNoTableIsListed: when the last table listed
// goes (here the one the player just left), the cursor moves from the
// empty tables pane to the games.
func TestLobbyFocusesGamesWhenNoTableIsListed(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("tab")
	if d.app.s.home.pane != 1 {
		t.Fatal("tab did not move to the tables")
	}
	d.key("b", "enter")
	d.waitFor("YOUR MOVE")
	d.key("Q", "y")
	d.waitFor("THE ARCADE")
	if d.app.s.home.pane != 0 || !strings.Contains(stripANSI(d.screen()), "▸ GAMES") {
		t.Fatalf("the cursor is on pane %d:\n%s", d.app.s.home.pane, d.screen())
	}
}
