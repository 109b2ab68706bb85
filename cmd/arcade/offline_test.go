package main

import (
	"arcade/engine"
	"arcade/rooms/store"
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// runOut runs arcade with args and returns its exit code, stdout and stderr.
func runOut(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	old := stdout
	stdout = &out
	defer func() { stdout = old }()
	code := run(context.Background(), args, func(string) string { return "" }, &errb)
	return code, out.String(), errb.String()
}

func TestGamesJSON(t *testing.T) {
	code, out, errs := runOut(t, "games", "--json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var games []map[string]any
	if err := json.Unmarshal([]byte(out), &games); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	found := false
	for _, g := range games {
		for _, k := range []string{"id", "name", "min_players", "max_players", "options"} {
			if _, ok := g[k]; !ok {
				t.Errorf("game %v lacks %q", g["id"], k)
			}
		}
		found = found || g["id"] == "firelibrary"
	}
	if !found {
		t.Fatal("firelibrary is not listed")
	}
}

func TestSimJSONAndReplay(t *testing.T) {
	dir := t.TempDir()
	code, out, errs := runOut(t, "sim", "--game", "firelibrary", "--players", "3", "--bots", "easy", "--games", "6",
		"--seed", "40", "--json", "--record", dir)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	var res struct {
		Game           string `json:"game"`
		Games          int    `json:"games"`
		IllegalActions *int   `json:"illegal_actions"`
		Seats          []map[string]any
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	if res.Game != "firelibrary" || res.Games != 6 || res.IllegalActions == nil || *res.IllegalActions != 0 || len(res.Seats) != 3 {
		t.Fatalf("sim result %s", out)
	}
	for _, k := range []string{"bot", "wins", "win_rate", "mean_score", "decision_p50_ms", "decision_p99_ms"} {
		if _, ok := res.Seats[0][k]; !ok {
			t.Errorf("seat lacks %q", k)
		}
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	if len(files) != 6 {
		t.Fatalf("%d records written", len(files))
	}
	code, out, errs = runOut(t, "replay", files[0])
	if code != 0 || !strings.Contains(out, "moves replayed") {
		t.Fatalf("replay: exit %d\n%s%s", code, out, errs)
	}
	// A broken record is refused with a reason.
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"game":"firelibrary","players":3,"seed":1,"moves":[{"seat":2,"action":{"kind":"draw"}}]}`), 0o644)
	code, _, errs = runOut(t, "replay", bad)
	if code != 1 || !strings.Contains(errs, "move 1") {
		t.Fatalf("bad record: exit %d, %q", code, errs)
	}
}

func TestSimRefusesBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"sim", "--game", "nope"},
		{"sim", "--game", "firelibrary", "--bots", "genius"},
		{"sim", "--game", "firelibrary", "--option", "novalue"},
		{"sim", "--game", "firelibrary", "--players", "9"},
	} {
		if code, _, errs := runOut(t, args...); code == 0 || errs == "" {
			t.Errorf("%v: exit %d, no message", args, code)
		}
	}
}

// TestSimPlayoutsReproducible: with a playout budget, the searching bots
// never read the clock: the same sim run twice (with different numbers of
// workers) prints exactly the same JSON.
func TestSimPlayoutsReproducible(t *testing.T) {
	for _, game := range []string{"firelibrary", "firetower"} {
		var outs []string
		for _, workers := range []string{"1", "2"} {
			code, out, errs := runOut(t, "sim", "--game", game, "--players", "2", "--bots", "hard,normal",
				"--games", "2", "--seed", "7", "--playouts", "40", "--workers", workers, "--json")
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", game, code, errs)
			}
			outs = append(outs, out)
		}
		if outs[0] != outs[1] {
			t.Fatalf("%s: two runs with --playouts differ:\n%s\n%s", game, outs[0], outs[1])
		}
		if !strings.Contains(outs[0], `"playouts": 40`) {
			t.Fatalf("%s: the JSON does not say its playout budget:\n%s", game, outs[0])
		}
	}
}

// TestHistoryExportReplayBackup: a finished game in the database is listed
// by arcade history, replays by its number, exports as a record file that
// replays the same (with names and bot levels), and the database backs up
// into a copy that holds it too.
func TestHistoryExportReplayBackup(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	num := dataWithGame(t, data)

	code, out, errs := runOut(t, "history", "-data", data, "key:anna")
	if code != 0 || !strings.Contains(out, "fireproto") || !strings.Contains(out, "Easy bot (easy bot)") {
		t.Fatalf("history: exit %d\n%s%s", code, out, errs)
	}
	// Every game, or those a name, a game or a date picks.
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "Easy bot (easy bot)"},
		{[]string{"ANN"}, "fireproto"},
		{[]string{"-game", "fireproto", "-since", time.Now().Add(-24 * time.Hour).Format(time.DateOnly)}, "fireproto"},
		{[]string{"-game", "firetower"}, "No finished games match."},
		{[]string{"-since", time.Now().Add(48 * time.Hour).Format(time.DateOnly)}, "No finished games match."},
		{[]string{"nobody"}, "No finished games match."},
	} {
		code, out, errs := runOut(t, append([]string{"history", "-data", data}, c.args...)...)
		if code != 0 || !strings.Contains(out+errs, c.want) {
			t.Fatalf("history %q: exit %d, want %q\n%s%s", c.args, code, c.want, out, errs)
		}
	}
	if code, _, errs := runOut(t, "history", "-data", data, "-since", "yesterday"); code != 2 || !strings.Contains(errs, "not a date") {
		t.Fatalf("history -since yesterday: exit %d %q", code, errs)
	}
	code, out, errs = runOut(t, "replay", "-data", data, num)
	if code != 0 || !strings.Contains(out, "seat 1 anna") || !strings.Contains(out, "seat 2 Easy bot (easy bot)") {
		t.Fatalf("replay %s: exit %d\n%s%s", num, code, out, errs)
	}
	exported := filepath.Join(dir, "game.json")
	if code, _, errs := runOut(t, "export", "-data", data, num, exported); code != 0 {
		t.Fatalf("export: %s", errs)
	}
	var rec engine.Record
	if b, err := os.ReadFile(exported); err != nil || json.Unmarshal(b, &rec) != nil || strings.Contains(rec.Result, "{seat") ||
		!strings.Contains(rec.Result, "anna") && !strings.Contains(rec.Result, "Easy bot") {
		t.Fatalf("the exported record's result is not in words with names: %v %q", err, rec.Result)
	}
	code, again, errs := runOut(t, "replay", exported)
	if code != 0 || again != out {
		t.Fatalf("the exported record replays differently:\n%s\nvs\n%s%s", again, out, errs)
	}
	backup := filepath.Join(dir, "copy.db")
	if code, _, errs := runOut(t, "backup", "-data", data, backup); code != 0 {
		t.Fatalf("backup: %s", errs)
	}
	if code, _, _ := runOut(t, "backup", "-data", data, backup); code != 1 {
		t.Fatal("a backup overwrote a file")
	}
	copyDir := filepath.Join(dir, "copydir")
	mkdir(t, copyDir)
	if err := os.Rename(backup, filepath.Join(copyDir, dbName)); err != nil {
		t.Fatal(err)
	}
	if code, out, errs := runOut(t, "replay", "-data", copyDir, num); code != 0 || !strings.Contains(out, "moves replayed") {
		t.Fatalf("the backup lacks the game: %s%s", out, errs)
	}
	if code, _, errs := runOut(t, "replay", "-data", data, "999"); code != 1 || !strings.Contains(errs, "no game 999") {
		t.Fatalf("an unknown game: exit %d %q", code, errs)
	}
}

// dataWithGame makes the data directory data with a database that holds
// one finished game, anna's against an easy bot, and returns its number.
func dataWithGame(t *testing.T, data string) string {
	t.Helper()
	dir := t.TempDir()
	code, _, errs := runOut(t, "sim", "--game", "fireproto", "--players", "2", "--bots", "easy", "--games", "1", "--seed", "5", "--record", dir)
	if code != 0 {
		t.Fatalf("sim: %s", errs)
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.json"))
	f, _ := os.Open(files[0])
	rec, err := engine.ReadRecord(f, 1<<24)
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	rec.Names, rec.Bots = []string{"anna", "Easy bot"}, []string{"", "easy"}
	db, err := openStore(mkdir(t, data))
	if err != nil {
		t.Fatal(err)
	}
	seats := []store.GameSeat{{PlayerID: "key:anna", Name: "anna", Score: rec.Outcome.Scores[0]}, {Name: "Easy bot", BotLevel: "easy", Score: rec.Outcome.Scores[1]}}
	id, err := db.SaveGame(&store.Game{Game: rec.Game, Seats: seats, Started: time.Now(), Ended: time.Now(), Record: rec})
	if cerr := db.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}
	return strconv.FormatInt(id, 10)
}

func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	return dir
}
