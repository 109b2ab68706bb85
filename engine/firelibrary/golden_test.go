package firelibrary

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"arcade/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const (
	goldenSeed    = 2026
	goldenPlayers = 3
)

// botScript plays a game with the easy bot in every seat (tool picks and
// swaps are random, for variety) and returns the moves, one per line as
// JSON.
func botScript(t *testing.T) []byte {
	g := newGame(t, goldenPlayers, goldenSeed)
	rng := engine.NewRNG(99)
	bot := Game{}.Bot("easy")
	var buf bytes.Buffer
	for !g.Outcome().Done {
		s := g.Pending()[0]
		a := bot.Choose(g.View(s), g.Legal(s), &rng)
		if g.Phase == PhaseTool || g.Phase == PhaseSwap {
			a = engine.RandomBot{}.Choose(nil, g.Legal(s), &rng)
		}
		m := move{s, engine.Action{Kind: a.Kind, Args: a.Args}}
		mustApply(t, g, m)
		line, _ := json.Marshal(m)
		buf.Write(line)
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

func golden(t *testing.T, name string, got []byte) {
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("%s differs at line %d:\ngot  %s\nwant %s", name, i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("%s differs in length: %d lines, want %d", name, len(gl), len(wl))
	}
}

// TestGolden replays the scripted 3-player game in testdata and compares
// the full event log and the final state with the golden files.
func TestGolden(t *testing.T) {
	if *update {
		golden(t, "golden_moves.jsonl", botScript(t))
	}
	script, err := os.ReadFile(filepath.Join("testdata", "golden_moves.jsonl"))
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	g := newGame(t, goldenPlayers, goldenSeed)
	var log bytes.Buffer
	for n, line := range strings.Split(strings.TrimSpace(string(script)), "\n") {
		var m move
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		ev, err := g.Apply(m.Seat, m.Action)
		if err != nil {
			t.Fatalf("move %d %v: %v", n+1, m, err)
		}
		fmt.Fprintf(&log, "> seat %d: %v\n", m.Seat, m.Action)
		for _, e := range ev {
			fmt.Fprintf(&log, "%d\t%s\n", e.To, e.Text)
		}
	}
	out := g.Outcome()
	if !out.Done {
		t.Fatal("the scripted game did not end")
	}
	fmt.Fprintf(&log, "outcome: %+v\n", out)
	var final bytes.Buffer
	if err := json.Indent(&final, marshal(t, g), "", "  "); err != nil {
		t.Fatal(err)
	}
	final.WriteByte('\n')
	golden(t, "golden_events.txt", log.Bytes())
	golden(t, "golden_state.json", final.Bytes())
}
