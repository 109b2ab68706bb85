package main

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"arcade/engine"
	"arcade/rooms/store"
)

// TestRatingsRebuild: arcade ratings -rebuild computes the ratings of the
// rated games in the history and keeps them; arcade ratings then lists the
// same board; a bad game is refused with a sentence.
func TestRatingsRebuild(t *testing.T) {
	data := t.TempDir()
	db, err := openStore(data)
	if err != nil {
		t.Fatal(err)
	}
	for i, winner := range []bool{true, true, false} {
		g := store.Game{TableID: "t" + string(rune('1'+i)), Game: "firetower", Ended: time.Now(),
			Record: engine.Record{Game: "firetower", Players: 2, Rated: true},
			Seats:  []store.GameSeat{{PlayerID: "key:anna", Name: "anna", Winner: winner}, {PlayerID: "key:bob", Name: "bob", Winner: !winner}}}
		if _, err := db.SaveGame(&g); err != nil {
			t.Fatal(err)
		}
	}
	unrated := store.Game{TableID: "t9", Game: "firetower", Record: engine.Record{Game: "firetower", Players: 2},
		Seats: []store.GameSeat{{PlayerID: "key:bob", Name: "bob", Winner: true}, {PlayerID: "key:anna", Name: "anna"}}}
	if _, err := db.SaveGame(&unrated); err != nil {
		t.Fatal(err)
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runOut(t, "ratings", "-data", data, "-game", "firetower"); code != 0 || !strings.Contains(out, "firetower: 0 rated players") {
		t.Fatalf("before the rebuild: exit %d\n%s%s", code, out, errs)
	}
	code, rebuilt, errs := runOut(t, "ratings", "-rebuild", "-data", data, "-game", "firetower")
	lines := strings.Split(rebuilt, "\n")
	if code != 0 || len(lines) < 4 || !strings.Contains(lines[0], "2 rated players") ||
		!strings.Contains(lines[2], "anna") || !strings.Contains(lines[2], "(provisional)") || !strings.Contains(lines[2], "3") {
		t.Fatalf("ratings -rebuild: exit %d\n%s%s", code, rebuilt, errs)
	}
	if code, out, _ := runOut(t, "ratings", "-data", data, "-game", "firetower"); code != 0 || out != rebuilt {
		t.Fatalf("the kept board differs from the rebuilt one:\n%s\n%s", out, rebuilt)
	}
	if code, _, errs := runOut(t, "ratings", "-data", filepath.Join(data), "-game", "chess"); code != 2 || !strings.Contains(errs, "no game \"chess\"") {
		t.Fatalf("ratings -game chess: exit %d %q", code, errs)
	}
}
