package ui

import (
	"testing"

	"arcade/rooms"
)

// TestIsEntrant: a player is an entrant by their ID, whatever their name.
func TestIsEntrant(t *testing.T) {
	players := []rooms.Entrant{{ID: "key:a", Name: "anna"}, {ID: "key:b", Name: "bob", Dropped: true}}
	for _, c := range []struct {
		id   string
		want bool
	}{{"key:a", true}, {"key:b", true}, {"anna", false}, {"key:c", false}, {"", false}} {
		if got := isEntrant(players, c.id); got != c.want {
			t.Errorf("isEntrant(%q) = %v, want %v", c.id, got, c.want)
		}
	}
}
