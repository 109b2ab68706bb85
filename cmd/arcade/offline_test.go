package main

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
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
