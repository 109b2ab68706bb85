package firelibrary

import (
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
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
	var moves []enginetest.Move
	for !g.Outcome().Done {
		p := g.Pending()
		s := p[rng.Intn(len(p))]
		legal := g.Legal(s)
		a := bot.Choose(context.Background(), g.View(s), legal, &rng)
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
			a = engine.RandomBot{}.Choose(context.Background(), nil, legal, &rng)
		}
		m := mv(s, engine.Action{Kind: a.Kind, Args: a.Args})
		enginetest.MustApply(t, g, m)
		moves = append(moves, m)
	}
	return enginetest.Script(moves)
}

// validated is a game that checks its invariants after every move.
type validated struct {
	*state
	t testing.TB
}

// Apply implements engine.State.
func (v validated) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	ev, err := v.state.Apply(s, a)
	if err == nil {
		if err := v.validate(); err != nil {
			v.t.Helper()
			v.t.Fatalf("after %v by seat %d: %v", a, s, err)
		}
	}
	return ev, err
}

// replayGolden replays a stored script, checking the game's invariants
// after every move, and returns the log and final state text.
func replayGolden(t *testing.T, gg goldenGame) string {
	path := filepath.Join("testdata", gg.name)
	if *update {
		enginetest.Golden(t, path+".moves.jsonl", scriptGame(t, gg), true)
	}
	script, err := os.ReadFile(path + ".moves.jsonl")
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	g := newGameOpts(t, gg.players, gg.opts, gg.seed)
	log := enginetest.Replay(t, validated{g, t}, script)
	if !g.Outcome().Done {
		t.Fatalf("the scripted game %s did not end", gg.name)
	}
	log = append(log, enginetest.Indented(t, g)...)
	enginetest.Golden(t, path+".golden.txt", log, *update)
	return string(log)
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
