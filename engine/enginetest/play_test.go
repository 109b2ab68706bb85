package enginetest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"arcade/engine"
)

func TestPlayRandomAndFuzzApply(t *testing.T) {
	st, _ := toy{}.New(2, nil, 0)
	rng := engine.NewRNG(1)
	if n := PlayRandom(t, st, &rng, 2, nil); n != 2 {
		t.Fatalf("played %d moves, want 2", n)
	}
	moves := 0
	PlayRandom(t, st, &rng, -1, func(Move, []engine.Event) { moves++ })
	if !st.Outcome().Done || moves == 0 {
		t.Fatalf("PlayRandom(-1) stopped after %d moves before the end", moves)
	}
	st, _ = toy{}.New(2, nil, 0)
	FuzzApply(t, st, &rng, 1, 1, "step", 0, 0, nil)
	if st.(*race).Pos[1] != 1 {
		t.Fatalf("the legal arbitrary move was not applied: %+v", st)
	}
	wrong := errors.New("wrong")
	if msg := fails(func(f testing.TB) {
		st, _ := toy{}.New(2, nil, 0)
		FuzzApply(f, st, &rng, 0, 0, "jump", 7, 0, func(engine.State) error { return wrong })
	}); !strings.Contains(msg, "wrong") {
		t.Fatalf("a broken invariant after an accepted move not reported: %q", msg)
	}
	if msg := fails(func(f testing.TB) {
		FuzzApply(f, &race{Dirty: true}, &rng, 0, 1, "fly", 0, 2, nil)
	}); !strings.Contains(msg, "differs") {
		t.Fatalf("a refusal that changes the state not found: %q", msg)
	}
}

func TestPlayChecked(t *testing.T) {
	fly := func(*engine.RNG) engine.Action { return engine.Action{Kind: "fly", Args: []int{1}} }
	for fork := -1; fork < 4; fork++ {
		st, _ := toy{}.New(2, nil, 0)
		rng := engine.NewRNG(uint64(fork) + 5)
		n := PlayChecked(t, st, &rng, Playthrough{Game: toy{}, Players: 2, Probe: fly, AllLegalEvery: 1, Fork: fork})
		if n == 0 || !st.Outcome().Done {
			t.Fatalf("PlayChecked: %d moves", n)
		}
	}
	for _, c := range []struct {
		want string
		p    Playthrough
		st   *race
	}{
		{"no end after", Playthrough{Game: toy{}, Players: 2, MaxMoves: 1}, &race{}},
		{"invalid state", Playthrough{Game: toy{}, Players: 2, Valid: func(engine.State) error { return errors.New("bad") }}, &race{}},
		{"an event to seat 1", Playthrough{Game: toy{}, Players: 1}, &race{Leak: true}},
		{"differs", Playthrough{Game: toy{}, Players: 2, Probe: fly}, &race{Dirty: true}},
	} {
		rng := engine.NewRNG(1)
		if msg := fails(func(f testing.TB) { PlayChecked(f, c.st, &rng, c.p) }); !strings.Contains(msg, c.want) {
			t.Errorf("want %q, got %q", c.want, msg)
		}
	}
}

// hidden is the toy race where each seat holds a secret number that only
// its own view shows; with Peek, seat 0 sees seat 1's too (a leak); with
// Whisper, the words of seat 0's moves name seat 1's secret, which its
// view holds out of sight of its JSON (a leak in words only).
type hidden struct {
	R       race   `json:"r"`
	Secret  [2]int `json:"secret"`
	Peek    bool   `json:"peek"`
	Whisper bool   `json:"whisper"`
}

// whisperView is the view of seat 0 of a hidden race with Whisper.
type whisperView struct {
	You  engine.Seat `json:"you"`
	Pos  [2]int      `json:"pos"`
	Mine int         `json:"secret"`
	// Whisper tells the view from a raceView in JSON (hiddenGame.DecodeView).
	Whisper bool `json:"whisper"`
	other   int
}

func (v whisperView) Viewer() engine.Seat { return v.You }

func (v whisperView) Describe(a engine.Action) string {
	return fmt.Sprintf("%s (seat 1 holds %d)", a.Kind, v.other)
}

type hiddenGame struct{ toy }

// DecodeView reads a whisperView or a raceView.
func (hiddenGame) DecodeView(data []byte) (engine.View, error) {
	var w whisperView
	if err := json.Unmarshal(data, &w); err != nil || !w.Whisper {
		return toy{}.DecodeView(data)
	}
	return w, nil
}

func (hiddenGame) New(int, engine.Options, uint64) (engine.State, error) {
	return &hidden{Secret: [2]int{10, 20}}, nil
}

func (hiddenGame) Restore(data []byte) (engine.State, error) {
	var h hidden
	if err := engine.DecodeStrict(data, &h); err != nil {
		return nil, err
	}
	return &h, nil
}

func (h *hidden) MarshalJSON() ([]byte, error) { type plain hidden; return json.Marshal((*plain)(h)) }
func (h *hidden) Pending() []engine.Seat       { return h.R.Pending() }
func (h *hidden) Legal(s engine.Seat) []engine.Action {
	return h.R.Legal(s)
}
func (h *hidden) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	return h.R.Apply(s, a)
}
func (h *hidden) Outcome() engine.Outcome             { return h.R.Outcome() }
func (h *hidden) Timeout(s engine.Seat) engine.Action { return h.R.Timeout(s) }
func (h *hidden) View(s engine.Seat) engine.View {
	if h.Whisper && s == 0 {
		return whisperView{You: s, Pos: h.R.Pos, Mine: h.Secret[0], Whisper: true, other: h.Secret[1]}
	}
	v := raceView{"you": s, "pos": h.R.Pos}
	if s >= 0 {
		v["secret"] = h.Secret[s]
	}
	if h.Peek && s == 0 {
		v["other"] = h.Secret[1]
	}
	return v
}

func TestCheckSecrets(t *testing.T) {
	twin := func(st engine.State, o engine.Seat) (engine.State, bool) {
		c := *st.(*hidden)
		c.Secret[o] += 100
		return &c, true
	}
	st, _ := hiddenGame{}.New(2, nil, 0)
	rng := engine.NewRNG(3)
	if n := CheckSecrets(t, st, &rng, Secrets{Game: hiddenGame{}, Players: 2, Twin: twin}); n < 4 || !st.Outcome().Done {
		t.Fatalf("%d comparisons", n)
	}
	if msg := fails(func(f testing.TB) {
		rng := engine.NewRNG(3)
		CheckSecrets(f, &hidden{Peek: true}, &rng, Secrets{Game: hiddenGame{}, Players: 2, Twin: twin})
	}); !strings.Contains(msg, "seat 0 sees seat 1's secret") {
		t.Fatalf("a leak not found: %q", msg)
	}
	if msg := fails(func(f testing.TB) {
		rng := engine.NewRNG(3)
		same := func(st engine.State, _ engine.Seat) (engine.State, bool) { c := *st.(*hidden); return &c, true }
		CheckSecrets(f, &hidden{}, &rng, Secrets{Game: hiddenGame{}, Players: 2, Twin: same})
	}); !strings.Contains(msg, "does not see their own secret") {
		t.Fatalf("a twin without a difference passed: %q", msg)
	}
	if msg := fails(func(f testing.TB) {
		rng := engine.NewRNG(3)
		CheckSecrets(f, &hidden{Whisper: true}, &rng, Secrets{Game: hiddenGame{}, Players: 2, Twin: twin})
	}); !strings.Contains(msg, "the words of seat 0's moves depend on seat 1's secret") {
		t.Fatalf("a leak in the words of moves not found: %q", msg)
	}
	if msg := fails(func(f testing.TB) { CheckWords(f, &hidden{Whisper: true, Secret: [2]int{10, 20}}, 0) }); !strings.Contains(msg, "once read back from JSON") {
		t.Fatalf("words that do not come from the view's JSON not found: %q", msg)
	}
}
