package main

import (
	"testing"
	"time"

	"arcade/rooms"
	"arcade/rooms/store"
	"arcade/ui"
)

// TestFireTowerTournamentThroughARestart: a four-player Swiss tournament of
// three rounds of Fire Tower runs from creation to its final standings,
// the server restarting between two rounds. Nobody comes to the tables,
// so after the short grace the bots the host allowed play every seat: the
// real game, played to its end each time.
func TestFireTowerTournamentThroughARestart(t *testing.T) {
	if testing.Short() {
		t.Skip("plays nine games of Fire Tower")
	}
	db := store.NewMemory()
	cfg := rooms.Config{Games: ui.Engines(games), Store: db, BotDelay: time.Millisecond, TournamentGrace: 10 * time.Millisecond}
	hub := rooms.NewHub(cfg)
	players := []rooms.Player{{ID: "key:anna", Name: "anna"}, {ID: "key:bob", Name: "bob"}, {ID: "key:cy", Name: "cy"}, {ID: "key:di", Name: "di"}}
	code, err := hub.CreateTournament(players[0], rooms.TournamentSpec{Game: "firetower", Format: rooms.Swiss, Rounds: 3, TableSize: 2, Bots: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range players[1:] {
		if err := hub.JoinTournament(p, code); err != nil {
			t.Fatal(err)
		}
	}
	wait := func(h *rooms.Hub, what string, ok func(rooms.Tournament) bool) rooms.Tournament {
		t.Helper()
		for end := time.Now().Add(2 * time.Minute); time.Now().Before(end); time.Sleep(20 * time.Millisecond) {
			if tn, err := h.TournamentByCode(code); err == nil && ok(tn) {
				return tn
			}
		}
		t.Fatalf("waited for %s", what)
		return rooms.Tournament{}
	}
	for round := 1; round <= 3; round++ {
		if err := hub.StartRound(players[0], code); err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		tn := wait(hub, "the round's end", func(tn rooms.Tournament) bool { return tn.Round == round && tn.State != rooms.TournamentPlaying })
		if round == 3 && tn.State != rooms.TournamentFinished {
			t.Fatalf("after the last round: %s", tn.State)
		}
		if round == 1 {
			hub.PrepareRestart()
			hub.Close()
			hub = rooms.NewHub(cfg)
		}
	}
	defer hub.Close()
	tn, standings, err := hub.TournamentView(code)
	if err != nil {
		t.Fatal(err)
	}
	total := 0.0
	for _, s := range standings {
		total += s.Points
		if len(s.Met) != 3 {
			t.Fatalf("%s played %d games", s.Name, len(s.Met))
		}
	}
	if total != 6 || len(tn.Tables) != 6 {
		t.Fatalf("%v points over %d tables: %+v", total, len(tn.Tables), standings)
	}
}
