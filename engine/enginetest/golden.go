package enginetest

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"arcade/engine"
)

// updateGolden rewrites the golden transcripts instead of comparing them.
var updateGolden = flag.Bool("update-golden", false,
	"rewrite the golden transcripts under testdata/golden (and record anew the moves that no longer play to the end)")

// Script is a golden game: the moves file testdata/golden/NAME.moves. The
// file holds comment lines (#), then "seed N", "players N" and
// "options {JSON}", then one move a line as JSON ({"seat":0,"action":...}).
type Script struct {
	Comments []string
	Seed     uint64
	Players  int
	Options  engine.Options
	Moves    []Move
}

// ParseScript reads a moves file.
func ParseScript(data []byte) (Script, error) {
	var sc Script
	lines := bufio.NewScanner(bytes.NewReader(data))
	lines.Buffer(nil, 1<<20)
	for n := 1; lines.Scan(); n++ {
		line := strings.TrimSpace(lines.Text())
		if err := sc.parseLine(line); err != nil {
			return sc, fmt.Errorf("line %d: %v", n, err)
		}
	}
	if sc.Players == 0 {
		return sc, errors.New(`the moves file has no "players" line`)
	}
	return sc, lines.Err()
}

// parseLine reads one line of a moves file into sc.
func (sc *Script) parseLine(line string) error {
	key, value, _ := strings.Cut(line, " ")
	var err error
	switch {
	case line == "":
	case strings.HasPrefix(line, "#"):
		sc.Comments = append(sc.Comments, line)
	case strings.HasPrefix(line, "{"):
		var m Move
		err = json.Unmarshal([]byte(line), &m)
		sc.Moves = append(sc.Moves, m)
	case key == "seed":
		sc.Seed, err = strconv.ParseUint(value, 10, 64)
	case key == "players":
		sc.Players, err = strconv.Atoi(value)
	case key == "options":
		err = json.Unmarshal([]byte(value), &sc.Options)
	default:
		err = fmt.Errorf("%q is neither a header line (seed, players, options) nor a move", line)
	}
	return err
}

// Bytes writes the script as a moves file.
func (sc Script) Bytes() []byte {
	var b bytes.Buffer
	for _, c := range sc.Comments {
		b.WriteString(c + "\n")
	}
	opts, _ := json.Marshal(sc.Options)
	if sc.Options == nil {
		opts = []byte("{}")
	}
	fmt.Fprintf(&b, "seed %d\nplayers %d\noptions %s\n", sc.Seed, sc.Players, opts)
	for _, m := range sc.Moves {
		line, _ := json.Marshal(m)
		b.Write(line)
		b.WriteByte('\n')
	}
	return b.Bytes()
}

// Title is the first line of the script's transcript: its header.
func (sc Script) Title() string {
	opts := "no options"
	if len(sc.Options) > 0 {
		keys := slices.Sorted(maps.Keys(sc.Options))
		for i, k := range keys {
			keys[i] = k + "=" + sc.Options[k]
		}
		opts = "options " + strings.Join(keys, " ")
	}
	return fmt.Sprintf("seed %d, %d players, %s", sc.Seed, sc.Players, opts)
}

// Transcript writes what happens in a game, move by move, for a golden
// file: the title ("# ..."); each move as "> seat N kind(args): words",
// the words being the acting seat's (engine.Describe, asked before the
// move); under it every event as "  all: text" or "  seat N: text" (the
// seat that alone may read it); a refused move as "> seat N kind(args)
// refused: reason"; under an event or refusal that cites a rule, the rule
// as "    why: rule"; the test's own lines (Note) as "  | text"; and at the
// end (Compare) the outcome and the final state.
type Transcript struct {
	t     testing.TB
	st    engine.State
	check func(engine.State) error
	b     bytes.Buffer
	doc   string        // the rules doc the cited rules must be in (Cite)
	cited []engine.Rule // the rules cited so far
}

// Cite makes Compare check that every rule the transcript's events and
// refusals cite is in doc, the game's rules doc (Info.Rules), and
// returns tr.
func (tr *Transcript) Cite(doc string) *Transcript {
	tr.doc = doc
	return tr
}

// why writes the rule an event or a refusal cites, if any.
func (tr *Transcript) why(r engine.Rule) {
	if r != "" {
		fmt.Fprintf(&tr.b, "    why: %s\n", r)
		tr.cited = append(tr.cited, r)
	}
}

// NewTranscript starts the transcript of a game in st. check, when not
// nil, is the game's invariant check, run after every move.
func NewTranscript(t testing.TB, st engine.State, title string, check func(engine.State) error) *Transcript {
	tr := &Transcript{t: t, st: st, check: check}
	fmt.Fprintf(&tr.b, "# %s\n", title)
	return tr
}

// Play applies a move that must be legal, writes it and its events, and
// returns the events.
func (tr *Transcript) Play(m Move) []engine.Event {
	tr.t.Helper()
	words := engine.Describe(tr.st.View(m.Seat), m.Action)
	ev, err := tr.st.Apply(m.Seat, m.Action)
	if err != nil {
		tr.t.Fatalf("%s%v by seat %d refused: %v", tr.tail(12), m.Action, m.Seat, err)
	}
	if tr.check != nil {
		if err := tr.check(tr.st); err != nil {
			tr.t.Fatalf("after %v by seat %d: %v", m.Action, m.Seat, err)
		}
	}
	fmt.Fprintf(&tr.b, "> seat %d %v", m.Seat, m.Action)
	if words != m.Action.String() {
		fmt.Fprintf(&tr.b, ": %s", words)
	}
	tr.b.WriteByte('\n')
	for _, e := range ev {
		to := "all"
		if e.To != engine.Everyone {
			to = fmt.Sprintf("seat %d", e.To)
		}
		fmt.Fprintf(&tr.b, "  %s: %s\n", to, e.Text())
		tr.why(engine.RuleOf(e.Fact))
	}
	return ev
}

// tail is the last n lines of the transcript so far.
func (tr *Transcript) tail(n int) string {
	lines := strings.SplitAfter(tr.b.String(), "\n")
	return strings.Join(lines[max(0, len(lines)-n):], "")
}

// Refuse checks that a move is not legal and is refused with a readable
// reason, no events and nothing changed (CheckRefused), and writes it
// with the reason.
func (tr *Transcript) Refuse(m Move) {
	tr.t.Helper()
	if _, ok := engine.Find(tr.st.Legal(m.Seat), m.Action); ok {
		tr.t.Fatalf("%v by seat %d is legal", m.Action, m.Seat)
	}
	before := Marshal(tr.t, tr.st)
	re := refusal(tr.t, tr.st, m)
	SameJSON(tr.t, "state after a refused move", before, Marshal(tr.t, tr.st))
	fmt.Fprintf(&tr.b, "> seat %d %v refused: %s\n", m.Seat, m.Action, re.Msg)
	tr.why(re.Rule)
}

// Note writes a line of the test's own: what a move did that its events
// do not say.
func (tr *Transcript) Note(format string, args ...any) {
	fmt.Fprintf(&tr.b, "  | "+format+"\n", args...)
}

// Compare ends the transcript with the outcome and the final state and
// compares it with the golden file at path, or rewrites the file under
// -update-golden.
func (tr *Transcript) Compare(path string) {
	tr.t.Helper()
	if tr.doc != "" {
		for _, r := range tr.cited {
			if _, err := engine.Explain(tr.doc, r); err != nil {
				tr.t.Errorf("the transcript cites %q: %v", r, err)
			}
		}
	}
	if o := tr.st.Outcome(); o.Done {
		fmt.Fprintf(&tr.b, "outcome: winners %v, scores %v: %s\n", o.Winners, o.Scores, o.Summary)
	} else {
		tr.b.WriteString("outcome: not over\n")
	}
	tr.b.WriteString("final state:\n")
	if err := json.Indent(&tr.b, Marshal(tr.t, tr.st), "", "  "); err != nil {
		tr.t.Fatal(err)
	}
	tr.b.WriteByte('\n')
	compareFile(tr.t, path, tr.b.Bytes())
}

// compareFile compares got with the file at path, or rewrites the file
// under -update-golden.
func compareFile(t testing.TB, path string, got []byte) {
	t.Helper()
	if *updateGolden {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test -update-golden writes it)", err)
	}
	if bytes.Equal(got, want) {
		return
	}
	gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := range min(len(gl), len(wl)) {
		if gl[i] != wl[i] {
			t.Fatalf("%s differs at line %d:\ngot  %s\nwant %s\n(go test -update-golden rewrites it)", path, i+1, gl[i], wl[i])
		}
	}
	t.Fatalf("%s differs in length: %d lines, want %d", path, len(gl), len(wl))
}

// GoldenOption tunes Golden.
type GoldenOption func(*golden)

// golden is how Golden plays its scripts.
type golden struct {
	check  func(engine.State) error
	record func(name string, st engine.State, rng *engine.RNG) Move
}

// CheckEach runs the game's invariant check after every move.
func CheckEach(check func(engine.State) error) GoldenOption {
	return func(g *golden) { g.check = check }
}

// RecordWith chooses the moves of a script anew under -update-golden when
// its stored moves no longer play to the end (a new script is just its
// header): choose picks each move of the game NAME.moves, with an RNG
// seeded from the script's seed.
func RecordWith(choose func(name string, st engine.State, rng *engine.RNG) Move) GoldenOption {
	return func(g *golden) { g.record = choose }
}

// RecordWithBots records the moves of a script anew (as RecordWith) with
// a bot in every seat: the bot of bots whose key begins the script's name
// ("normal3" with the key "normal").
func RecordWithBots(bots map[string]engine.Bot) GoldenOption {
	return RecordWith(func(name string, st engine.State, rng *engine.RNG) Move {
		for prefix, bot := range bots {
			if strings.HasPrefix(name, prefix) {
				return BotMove(bot, st, rng)
			}
		}
		panic(fmt.Sprintf("no bot records the golden game %s", name))
	})
}

// BotMove is the move bot chooses for the first pending seat of st, as a
// client would send it (without its label): a step of a recorder for
// RecordWith.
func BotMove(bot engine.Bot, st engine.State, rng *engine.RNG) Move {
	s := st.Pending()[0]
	a := bot.Choose(context.Background(), st.View(s), st.Legal(s), rng)
	return Move{s, engine.Action{Kind: a.Kind, Args: a.Args}}
}

// Golden plays every golden game of g in dir (NAME.moves, see Script) to
// its end and compares its transcript (see Transcript; every rule it cites
// must be in g's rules) with NAME.golden, each in a subtest; go test
// -update-golden rewrites the transcripts.
func Golden(t *testing.T, g engine.Game, dir string, opts ...GoldenOption) {
	t.Helper()
	var c golden
	for _, o := range opts {
		o(&c)
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.moves"))
	if len(paths) == 0 {
		t.Fatalf("no golden games (NAME.moves) in %s", dir)
	}
	for _, path := range paths {
		name := strings.TrimSuffix(filepath.Base(path), ".moves")
		t.Run(name, func(t *testing.T) {
			sc := c.script(t, g, name, path)
			st := newState(t, g, sc)
			tr := NewTranscript(t, st, sc.Title(), c.check).Cite(g.Info().Rules)
			for _, m := range sc.Moves {
				tr.Play(m)
			}
			if !st.Outcome().Done {
				t.Fatalf("the moves of %s do not end the game", path)
			}
			tr.Compare(strings.TrimSuffix(path, ".moves") + ".golden")
		})
	}
}

// script reads the moves file at path; under -update-golden, when its
// moves no longer play to the end and c can record, it records them anew
// and rewrites the file.
func (c golden) script(t *testing.T, g engine.Game, name, path string) Script {
	t.Helper()
	sc := readScript(t, path)
	if !*updateGolden || c.record == nil || playsOut(t, g, sc) {
		return sc
	}
	st := newState(t, g, sc)
	rng := engine.NewRNG(sc.Seed)
	sc.Moves = nil
	for !st.Outcome().Done {
		if len(sc.Moves) == maxRecorded {
			t.Fatalf("%s: the recorded game runs past %d moves", path, maxRecorded)
		}
		m := c.record(name, st, &rng)
		MustApply(t, st, m)
		sc.Moves = append(sc.Moves, m)
	}
	if err := os.WriteFile(path, sc.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return sc
}

// readScript reads the moves file at path or fails the test.
func readScript(t testing.TB, path string) Script {
	data, err := os.ReadFile(path)
	if err == nil {
		var sc Script
		if sc, err = ParseScript(data); err == nil {
			return sc
		}
	}
	t.Helper()
	t.Fatalf("%s: %v", path, err)
	return Script{}
}

// maxRecorded bounds a recorded game.
const maxRecorded = 100_000

// playsOut reports whether the moves of sc are legal and end the game.
func playsOut(t testing.TB, g engine.Game, sc Script) bool {
	st := newState(t, g, sc)
	for _, m := range sc.Moves {
		if _, err := st.Apply(m.Seat, m.Action); err != nil {
			return false
		}
	}
	return st.Outcome().Done
}

// newState sets up the game of a script or fails the test.
func newState(t testing.TB, g engine.Game, sc Script) engine.State {
	st, err := g.New(sc.Players, sc.Options, sc.Seed)
	if err != nil {
		t.Helper()
		t.Fatalf("%s: %v", sc.Title(), err)
	}
	return st
}
