package ui

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"arcade/rooms"
)

func names(people []rooms.Person) []string {
	out := make([]string, len(people))
	for i, p := range people {
		out[i] = p.Name
	}
	return out
}

// The list of who is online puts the people at the tables the lobby lists
// first: the others (in the lobby, at a private or unlisted table) follow.
func TestOnlineListPutsPeopleAtListedTablesFirst(t *testing.T) {
	people := []rooms.Person{
		{Name: "ann"},
		{Name: "bob", Game: "Toy", Table: "t1"},
		{Name: "cat"},
		{Name: "dan", Game: "Toy"}, // a private table
		{Name: "eve", Game: "Toy", Table: "t9"},
		{Name: "fay", Game: "Toy", Table: "t2", Watching: true},
	}
	tables := []rooms.TableSummary{{ID: "t1"}, {ID: "t2"}}
	got := names(onlineOrder(people, tables))
	want := []string{"bob", "fay", "ann", "cat", "dan", "eve"}
	if !slices.Equal(got, want) {
		t.Fatalf("online order %v, want %v", got, want)
	}
	if got := onlineOrder(people, nil); &got[0] != &people[0] {
		t.Fatal("with nobody at a listed table the list is copied; it should be the snapshot's own")
	}
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
