package enginetest

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"arcade/engine"
)

// updating runs f as if under -update-golden.
func updating(f func()) {
	*updateGolden = true
	defer func() { *updateGolden = false }()
	f()
}

// randomChoice records a golden game with random moves.
func randomChoice(_ string, st engine.State, rng *engine.RNG) Move { return RandomMove(st, rng) }

func TestGoldenRecordsAndCompares(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "race.moves")
	head := "# a race to 5\nseed 3\nplayers 2\noptions {}\n"
	if err := os.WriteFile(path, []byte(head), 0o644); err != nil {
		t.Fatal(err)
	}
	checked := 0
	check := CheckEach(func(engine.State) error { checked++; return nil })
	updating(func() { Golden(t, toy{}, dir, RecordWith(randomChoice), check) })
	data, _ := os.ReadFile(path)
	if !strings.HasPrefix(string(data), head+`{"seat":0,"action":{"kind":`) {
		t.Fatalf("recorded moves:\n%s", data)
	}
	Golden(t, toy{}, dir, check)
	data, _ = os.ReadFile(filepath.Join(dir, "race.golden"))
	got := string(data)
	for _, want := range []string{"# seed 3, 2 players, no options\n> seat 0 ", "\n  all: {seat0} moved to ",
		"\noutcome: winners [", "\nfinal state:\n{\n  \"turn\": "} {
		if !strings.Contains(got, want) {
			t.Fatalf("no %q in the transcript:\n%s", want, got)
		}
	}
	if checked == 0 {
		t.Fatal("the invariant check never ran")
	}
	golden := filepath.Join(dir, "race.golden")
	saved, _ := os.ReadFile(golden)
	if err := os.WriteFile(golden, []byte(strings.Replace(string(saved), "moved to 2", "moved to 3", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	st, _ := toy{}.New(2, nil, 3)
	if msg := fails(func(f testing.TB) { NewTranscript(f, st, "x", nil).Compare(golden) }); !strings.Contains(msg, "differs at line 1") {
		t.Fatalf("a changed transcript passed: %q", msg)
	}
}

func TestGoldenRecordsMovesThatNoLongerPlay(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "random-stale.moves")
	stale := "seed 1\nplayers 2\noptions {}\n" + `{"seat":1,"action":{"kind":"step"}}` + "\n"
	if err := os.WriteFile(path, []byte(stale), 0o644); err != nil {
		t.Fatal(err)
	}
	updating(func() { Golden(t, toy{}, dir, RecordWithBots(map[string]engine.Bot{"random": engine.RandomBot{}})) })
	sc := readScript(t, path)
	if len(sc.Moves) < 3 || sc.Moves[0].Seat != 0 {
		t.Fatalf("moves not recorded anew: %+v", sc.Moves)
	}
	Golden(t, toy{}, dir)
}

func TestScriptRoundTrip(t *testing.T) {
	sc := Script{Comments: []string{"# why"}, Seed: 7, Players: 3, Options: engine.Options{"b": "2", "a": "x"},
		Moves: []Move{{1, engine.Action{Kind: "go", Args: []int{2, -1}}}, {0, engine.Action{Kind: "end"}}}}
	back, err := ParseScript(sc.Bytes())
	if err != nil || !reflect.DeepEqual(back, sc) {
		t.Fatalf("read back %+v, %v", back, err)
	}
	if got := sc.Title(); got != "seed 7, 3 players, options a=x b=2" {
		t.Fatalf("title %q", got)
	}
	for text, want := range map[string]string{
		"seed 1\noptions {}\n":          `no "players" line`,
		"seed 1\nplayers 2\nrounds 3\n": `line 3: "rounds 3" is neither`,
		"players x\n":                   "line 1: strconv.Atoi",
		"players 1\n{\"seat\":\n":       "line 2: unexpected end",
	} {
		if _, err := ParseScript([]byte(text)); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: error %v, want %q", text, err, want)
		}
	}
}

func TestTranscriptLines(t *testing.T) {
	st := &race{Leak: true}
	tr := NewTranscript(t, st, "a leaky race", nil)
	tr.Refuse(Move{1, engine.Action{Kind: "step"}})
	tr.Play(Move{0, engine.Action{Kind: "jump"}})
	tr.Note("pos %v", st.Pos)
	want := "# a leaky race\n> seat 1 step refused: not now\n> seat 0 jump: Jump\n  all: {seat0} moved to 2\n  seat 1: psst\n  | pos [2 0]\n"
	if got := tr.b.String(); got != want {
		t.Fatalf("transcript\n%s\nwant\n%s", got, want)
	}
	if msg := fails(func(f testing.TB) { NewTranscript(f, st, "", nil).Refuse(Move{1, engine.Action{Kind: "step"}}) }); !strings.Contains(msg, "is legal") {
		t.Fatalf("a legal move refused: %q", msg)
	}
	if msg := fails(func(f testing.TB) {
		NewTranscript(f, &race{Dirty: true}, "", nil).Refuse(Move{1, engine.Action{Kind: "step"}})
	}); !strings.Contains(msg, "differs") {
		t.Fatalf("a refusal that changes the state passed: %q", msg)
	}
	bad := func(engine.State) error { return os.ErrInvalid }
	if msg := fails(func(f testing.TB) { NewTranscript(f, &race{}, "", bad).Play(Move{0, engine.Action{Kind: "step"}}) }); !strings.Contains(msg, "invalid") {
		t.Fatalf("a broken invariant passed: %q", msg)
	}
}
