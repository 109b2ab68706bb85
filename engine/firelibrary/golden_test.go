package firelibrary

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arcade/engine"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// goldenGame is one scripted playthrough kept in testdata: NAME.moves.jsonl
// holds the moves, NAME.golden.txt the full event log, the outcome and
// the final state.
type goldenGame struct {
	name    string
	players int
	opts    engine.Options
	seed    uint64
}

// goldenGames cover every mode and variant; together they play every
// tool (TestGoldenCoverage checks it).
var goldenGames = []goldenGame{
	{"base3", 3, engine.Options{}, 2026},
	{"base4", 4, engine.Options{}, 41},
	{"base6", 6, engine.Options{}, 61},
	{"robot2", 2, engine.Options{OptMode: ModeRobot}, 7},
	{"robot4-inferno-tech", 4, engine.Options{OptMode: ModeRobot, OptFire: FireInferno, OptTech: "true"}, 8},
	{"solo-robot", 1, engine.Options{OptMode: ModeSoloRobot}, 9},
	{"solo-robot-wild", 1, engine.Options{OptMode: ModeSoloRobot, OptFire: FireWild}, 10},
	{"lone-librarian", 1, engine.Options{OptMode: ModeLone}, 11},
	{"lone-librarian-inferno-tech", 1, engine.Options{OptMode: ModeLone, OptFire: FireInferno, OptTech: "true"}, 12},
	{"no-tools3", 3, engine.Options{OptNoTools: "true"}, 13},
	{"no-tools-robot", 2, engine.Options{OptNoTools: "true", OptMode: ModeRobot}, 14},
	{"wild5", 5, engine.Options{OptFire: FireWild}, 15},
	{"inferno4", 4, engine.Options{OptFire: FireInferno}, 16},
	{"tech5", 5, engine.Options{OptTech: "true"}, 17},
}

// scriptGame plays a game for the golden files: the easy bot in every
// seat, but eager to play tools (two times in three it plays a random tool
// move when it has one), with random tool picks and swaps, and the seats
// of a window answering in random order.
func scriptGame(t *testing.T, gg goldenGame) []byte {
	g := newGameOpts(t, gg.players, gg.opts, gg.seed)
	rng := engine.NewRNG(gg.seed ^ 99)
	bot := Game{}.Bot("easy")
	var buf bytes.Buffer
	for !g.Outcome().Done {
		p := g.Pending()
		s := p[rng.Intn(len(p))]
		legal := g.Legal(s)
		a := bot.Choose(g.View(s), legal, &rng)
		var plays []engine.Action
		for _, l := range legal {
			if l.Kind == KindPlay || l.Kind == KindDig {
				plays = append(plays, l)
			}
		}
		switch {
		case len(plays) > 0 && rng.Intn(3) > 0:
			a = plays[rng.Intn(len(plays))]
		case g.Phase == PhaseTool || g.Phase == PhaseSwap:
			a = engine.RandomBot{}.Choose(nil, legal, &rng)
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

// replayGolden replays a stored script and returns the log and final
// state text.
func replayGolden(t *testing.T, gg goldenGame) string {
	if *update {
		golden(t, gg.name+".moves.jsonl", scriptGame(t, gg))
	}
	script, err := os.ReadFile(filepath.Join("testdata", gg.name+".moves.jsonl"))
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	g := newGameOpts(t, gg.players, gg.opts, gg.seed)
	var log bytes.Buffer
	for n, line := range strings.Split(strings.TrimSpace(string(script)), "\n") {
		var m move
		if err := json.Unmarshal([]byte(line), &m); err != nil {
			t.Fatal(err)
		}
		ev, err := g.Apply(m.Seat, m.Action)
		if err != nil {
			t.Fatalf("%s move %d %v: %v", gg.name, n+1, m, err)
		}
		if err := g.validate(); err != nil {
			t.Fatalf("%s move %d: %v", gg.name, n+1, err)
		}
		fmt.Fprintf(&log, "> seat %d: %v\n", m.Seat, m.Action)
		for _, e := range ev {
			fmt.Fprintf(&log, "%d\t%s\n", e.To, e.Text)
		}
	}
	out := g.Outcome()
	if !out.Done {
		t.Fatalf("the scripted game %s did not end", gg.name)
	}
	fmt.Fprintf(&log, "outcome: %+v\n", out)
	if err := json.Indent(&log, marshal(t, g), "", "  "); err != nil {
		t.Fatal(err)
	}
	log.WriteByte('\n')
	golden(t, gg.name+".golden.txt", log.Bytes())
	return log.String()
}

// TestGolden replays every scripted game in testdata and compares the
// full event log, the outcome and the final state with the golden files.
func TestGolden(t *testing.T) {
	for _, gg := range goldenGames {
		t.Run(gg.name, func(t *testing.T) { replayGolden(t, gg) })
	}
}

// toolUsed matches the log line of each tool taking effect.
var toolUsed = map[string]*regexp.Regexp{}

func init() {
	for _, tl := range tools {
		verb := `plays (a |an )?`
		if tl.Name == "Lockbox" {
			verb = `locks .* in (a |an )?`
		}
		toolUsed[tl.Name] = regexp.MustCompile(`(?m)^-?\d+\t\{seat\d\} ` + verb + regexp.QuoteMeta(tl.Name))
	}
}

// TestGoldenCoverage checks that the golden games together use every
// tool, resolve a simultaneous play, let the Robot flip, call Burn! and
// end a Lone Librarian game.
func TestGoldenCoverage(t *testing.T) {
	var all strings.Builder
	for _, gg := range goldenGames {
		data, err := os.ReadFile(filepath.Join("testdata", gg.name+".golden.txt"))
		if err != nil {
			t.Fatalf("%v (run go test -update)", err)
		}
		all.Write(data)
	}
	text := all.String()
	for name, re := range toolUsed {
		if !re.MatchString(text) {
			t.Errorf("no golden game uses the %s", name)
		}
	}
	for _, want := range []string{"comes first on the score track", "The Robot's turn", "it flips",
		"calls Burn! first", "All 12 turns taken", "Wild Fire, the Library burns twice",
		"Inferno, Turn Order cards are dealt at random", "a Technology book (teal)"} {
		if !strings.Contains(text, want) {
			t.Errorf("no golden game logs %q", want)
		}
	}
}
