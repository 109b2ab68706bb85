package enginetest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"arcade/engine"
)

// race is a toy game: two seats take turns to "step" (+1) or "jump" (+2);
// the first to 5 wins. Leak, when set, gives seat 1 a private event and a
// secret in its view.
type race struct {
	Turn  engine.Seat `json:"turn"`
	Pos   [2]int      `json:"pos"`
	Leak  bool        `json:"leak"`
	Dirty bool        `json:"dirty"` // a refusal changes the state
	Mute  bool        `json:"mute"`  // the views have no words for a jump
}

type toy struct{}

func (toy) Info() engine.Info {
	return engine.Info{ID: "toy", Name: "Toy", Summary: "A race to 5.", MinPlayers: 2, MaxPlayers: 2,
		Rules: "TOY\n\nRULINGS\n1. None.\n"}
}

func (g toy) New(players int, opts engine.Options, _ uint64) (engine.State, error) {
	if _, err := g.Info().Check(players, opts); err != nil {
		return nil, err
	}
	return &race{}, nil
}

func (toy) Restore(data []byte) (engine.State, error) {
	var r race
	if err := engine.DecodeStrict(data, &r); err != nil {
		return nil, err
	}
	return &r, nil
}

func (toy) DecodeView(data []byte) (engine.View, error) { return engine.DecodeViewAs[raceView](data) }

func (r *race) MarshalJSON() ([]byte, error) { type plain race; return json.Marshal((*plain)(r)) }
func (r *race) done() bool                   { return r.Pos[0] >= 5 || r.Pos[1] >= 5 }
func (r *race) Pending() []engine.Seat {
	if r.done() {
		return nil
	}
	return []engine.Seat{r.Turn}
}
func (r *race) Legal(s engine.Seat) []engine.Action {
	if r.done() || s != r.Turn {
		return nil
	}
	return []engine.Action{{Kind: "step"}, {Kind: "jump"}}
}
func (r *race) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	act, ok := engine.Find(r.Legal(s), a)
	if !ok {
		if r.Dirty {
			r.Pos[0]++
		}
		return nil, engine.Illegal("not now")
	}
	r.Pos[s] += map[string]int{"step": 1, "jump": 2}[act.Kind]
	ev := []engine.Event{engine.Public(note(fmt.Sprintf("%s moved to %d", engine.SeatRef(s), r.Pos[s])))}
	if r.Leak {
		ev = append(ev, engine.Private(1, note("psst")))
	}
	r.Turn = 1 - r.Turn
	return ev, nil
}

// raceView is a view that is not a struct.
type raceView map[string]any

// Viewer implements engine.View, also for a view read back from JSON,
// whose seat is a number.
func (v raceView) Viewer() engine.Seat {
	if f, ok := v["you"].(float64); ok {
		return engine.Seat(f)
	}
	return v["you"].(engine.Seat)
}

// Describe puts the moves in words, but for a jump when the view is mute.
func (v raceView) Describe(a engine.Action) string {
	if a.Kind == "jump" && v["mute"] == true {
		return ""
	}
	return map[string]string{"step": "Step", "jump": "Jump"}[a.Kind]
}

func (r *race) View(s engine.Seat) engine.View {
	v := raceView{"you": s, "pos": r.Pos}
	if r.Mute {
		v["mute"] = true
	}
	if r.Leak && s == 1 {
		v["secret"] = true
	}
	return v
}
func (r *race) Outcome() engine.Outcome {
	if !r.done() {
		return engine.Outcome{}
	}
	w := engine.Seat(0)
	if r.Pos[1] >= 5 {
		w = 1
	}
	return engine.Outcome{Done: true, Scores: r.Pos[:], Winners: []engine.Seat{w}, Summary: "won"}
}
func (r *race) Timeout(s engine.Seat) engine.Action {
	if l := r.Legal(s); len(l) > 0 {
		return l[0]
	}
	return engine.Action{}
}

// fakeT records the first failure and stops the helper, like t.Fatal.
type fakeT struct {
	testing.TB
	failed string
}

type stop struct{}

func (f *fakeT) Helper()                        {}
func (f *fakeT) Fatal(args ...any)              { f.failed = fmt.Sprint(args...); panic(stop{}) }
func (f *fakeT) Fatalf(format string, a ...any) { f.failed = fmt.Sprintf(format, a...); panic(stop{}) }

// fails runs check with a fakeT and returns its failure message.
func fails(check func(t testing.TB)) (msg string) {
	f := &fakeT{}
	defer func() {
		if r := recover(); r != nil {
			if _, ok := r.(stop); !ok {
				panic(r)
			}
			msg = f.failed
		}
	}()
	check(f)
	return ""
}

func TestPlaythroughHelpers(t *testing.T) {
	st, _ := toy{}.New(2, nil, 0)
	rng := engine.NewRNG(1)
	for !st.Outcome().Done {
		CheckSeats(t, st, 2)
		CheckRefused(t, st, Move{1 - st.Pending()[0], engine.Action{Kind: "step"}}, Move{0, engine.Action{Kind: "fly"}})
		CheckPublic(t, st, 2, nil)
		Restored(t, toy{}, st)
		m := RandomMove(st, &rng)
		ev := MustApply(t, st, m)
		CheckPublic(t, st, 2, ev)
	}
	CheckSeats(t, st, 2)
	if !HasText([]engine.Event{engine.Public(note("a")), engine.Private(1, note("b"))}, 1, "b") ||
		HasText([]engine.Event{engine.Private(1, note("b"))}, 0, "b") {
		t.Fatal("HasText ignores audiences")
	}
}

func TestHelpersCatchBugs(t *testing.T) {
	leaky := &race{Leak: true}
	if msg := fails(func(f testing.TB) { CheckPublic(f, leaky, 2, nil) }); !strings.Contains(msg, "seat 1 sees") {
		t.Fatalf("leaky view not found: %q", msg)
	}
	ev, _ := leaky.Apply(0, engine.Action{Kind: "step"})
	if msg := fails(func(f testing.TB) { CheckPublic(f, &race{}, 2, ev) }); !strings.Contains(msg, "private event") {
		t.Fatalf("private event not found: %q", msg)
	}
	dirty := &race{Dirty: true}
	if msg := fails(func(f testing.TB) { CheckRefused(f, dirty, Move{1, engine.Action{Kind: "step"}}) }); !strings.Contains(msg, "differs") {
		t.Fatalf("a refusal that changes the state not found: %q", msg)
	}
	if msg := fails(func(f testing.TB) { MustApply(f, &race{}, Move{1, engine.Action{Kind: "step"}}) }); msg == "" {
		t.Fatal("an illegal move was applied")
	}
	if msg := fails(func(f testing.TB) { CheckSeats(f, &race{Mute: true}, 2) }); !strings.Contains(msg, "jump has no words") {
		t.Fatalf("a move without words not found: %q", msg)
	}
}

// structView is a view as most games define it.
type structView struct {
	You    engine.Seat `json:"you"`
	Pos    int         `json:"pos"`
	Secret bool        `json:"secret,omitempty"`
}

func (v structView) Viewer() engine.Seat { return v.You }

type structGame struct {
	race
	leak bool
}

func (g *structGame) View(s engine.Seat) engine.View {
	v := structView{You: s, Pos: g.Pos[0], Secret: g.leak && s == 1}
	if s == 0 {
		return &v // pointers work too
	}
	return v
}

func TestCheckPublicStructViews(t *testing.T) {
	CheckPublic(t, &structGame{}, 2, nil)
	if msg := fails(func(f testing.TB) { CheckPublic(f, &structGame{leak: true}, 2, nil) }); !strings.Contains(msg, "seat 1 sees") {
		t.Fatalf("leaky struct view not found: %q", msg)
	}
}

func TestGameHelpers(t *testing.T) {
	CheckGame(t, toy{})
	st, _ := toy{}.New(2, nil, 0)
	CheckAllLegal(t, toy{}, st, nil)
	wrong := errors.New("wrong")
	if msg := fails(func(f testing.TB) {
		CheckAllLegal(f, toy{}, st, func(engine.State) error { return wrong })
	}); !strings.Contains(msg, "wrong") {
		t.Fatalf("a failing check not reported: %q", msg)
	}
	if !CheckArbitrary(t, st, Move{0, engine.Action{Kind: "jump"}}) || CheckArbitrary(t, st, Move{0, engine.Action{Kind: "jump"}}) {
		t.Fatal("CheckArbitrary must apply a legal move and refuse an illegal one")
	}
	n, err := PlayOut(st, func(_ engine.Seat, legal []engine.Action) engine.Action { return legal[0] })
	if err != nil || n == 0 || !st.Outcome().Done {
		t.Fatalf("PlayOut: %d moves, %v", n, err)
	}
	st, _ = toy{}.New(2, nil, 0)
	if _, err := PlayOut(st, func(engine.Seat, []engine.Action) engine.Action { return engine.Action{Kind: "fly"} }); err == nil {
		t.Fatal("PlayOut accepted an illegal move")
	}
}

// sliceBot cannot be compared: tables compare bots, so CheckGame must
// refuse it.
type sliceBot struct {
	//lint:ignore U1000 the slice is what makes the type not comparable
	moves []int
}

func (sliceBot) Choose(_ context.Context, _ engine.View, legal []engine.Action, _ *engine.RNG) engine.Action {
	return legal[0]
}

type botToy struct{ toy }

func (botToy) Bot(string) engine.Bot { return sliceBot{} }

func TestCheckGameFindsUncomparableBots(t *testing.T) {
	if msg := fails(func(f testing.TB) { CheckGame(f, botToy{}) }); !strings.Contains(msg, "not comparable") {
		t.Fatalf("an uncomparable bot passed: %q", msg)
	}
}

// note is a test fact: its words as they are.
type note string

func (n note) Words() string { return string(n) }
