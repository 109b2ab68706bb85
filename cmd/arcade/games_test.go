package main

import (
	"strings"
	"testing"

	"arcade/rooms"
	"arcade/ui"
)

// TestGamesAreWired: every line of the list names an engine game and a
// board, no ID twice, in the lobby's order (by name), and the hub takes
// the list.
func TestGamesAreWired(t *testing.T) {
	seen := map[string]bool{}
	prev := ""
	for i, g := range games {
		if g.Engine == nil || g.Board == nil || g.Board() == nil {
			t.Fatalf("line %d of games lacks its engine or its board: %+v", i+1, g)
		}
		in := g.Engine.Info()
		if seen[in.ID] {
			t.Fatalf("game %q is listed twice", in.ID)
		}
		seen[in.ID] = true
		if name := strings.ToLower(in.Name); name < prev {
			t.Errorf("%q comes after %q: keep the list sorted by name", in.Name, prev)
		} else {
			prev = name
		}
	}
	h := rooms.NewHub(rooms.Config{Games: ui.Engines(games)})
	defer h.Close()
	c := h.Connect(rooms.Player{ID: "key:anna", Name: "anna"})
	defer c.Close()
	for _, g := range games {
		in := g.Engine.Info()
		// The default options suit the most players (one player needs a
		// solo mode in Fire in the Library).
		if err := c.Create(in.ID, in.MaxPlayers, true, nil); err != nil {
			t.Errorf("the hub refuses %s: %v", in.ID, err)
		}
	}
}
