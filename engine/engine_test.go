package engine

import (
	"errors"
	"strings"
	"testing"
)

func TestRNGDeterministicAndInRange(t *testing.T) {
	a, b := NewRNG(42), NewRNG(42)
	for i := 0; i < 1000; i++ {
		x, y := a.Intn(7), b.Intn(7)
		if x != y {
			t.Fatalf("step %d: same seed gave %d and %d", i, x, y)
		}
		if x < 0 || x >= 7 {
			t.Fatalf("Intn(7) = %d", x)
		}
	}
	c := NewRNG(43)
	same := 0
	a = NewRNG(42)
	for i := 0; i < 100; i++ {
		if a.Uint64() == c.Uint64() {
			same++
		}
	}
	if same > 0 {
		t.Fatalf("different seeds agreed %d times", same)
	}
}

func TestShuffleIsPermutationAndCoversAll(t *testing.T) {
	r := NewRNG(1)
	firsts := map[int]int{}
	for trial := 0; trial < 2000; trial++ {
		xs := []int{0, 1, 2, 3, 4}
		r.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
		seen := map[int]bool{}
		for _, x := range xs {
			seen[x] = true
		}
		if len(seen) != 5 {
			t.Fatalf("not a permutation: %v", xs)
		}
		firsts[xs[0]]++
	}
	for v := 0; v < 5; v++ {
		if firsts[v] < 300 { // expected 400 each
			t.Fatalf("value %d first only %d/2000 times: biased shuffle %v", v, firsts[v], firsts)
		}
	}
}

func TestResolveOptions(t *testing.T) {
	in := Info{Name: "Test", Options: []OptionSpec{
		{Key: "wild", Kind: Bool, Default: "false"},
		{Key: "deck", Kind: Choice, Choices: []string{"a", "b"}, Default: "a"},
	}}
	got, err := in.Resolve(Options{"deck": "b"})
	if err != nil || got["wild"] != "false" || got["deck"] != "b" {
		t.Fatalf("Resolve = %v, %v", got, err)
	}
	for _, bad := range []Options{{"deck": "c"}, {"wild": "maybe"}, {"nope": "true"}} {
		_, err := in.Resolve(bad)
		var re *RuleError
		if !errors.As(err, &re) {
			t.Errorf("Resolve(%v) = %v, want a RuleError", bad, err)
		}
	}
}

func TestFind(t *testing.T) {
	legal := []Action{{Kind: "draw"}, {Kind: "pick", Args: []int{2}}}
	got, ok := Find(legal, Action{Kind: "pick", Args: []int{2}})
	if !ok || !got.Same(legal[1]) {
		t.Fatalf("Find = %v, %v", got, ok)
	}
	if _, ok := Find(legal, Action{Kind: "pick", Args: []int{3}}); ok {
		t.Fatal("found an action that is not legal")
	}
}

// TestOldRecordKeys: a record saved when actions carried hot keys still
// reads (the key is dropped); any other unknown field is still refused.
func TestOldRecordKeys(t *testing.T) {
	old := `{"game":"g","players":2,"seed":1,"moves":[{"seat":0,"action":{"kind":"pick","args":[2],"key":"2"}}]}`
	rec, err := ReadRecord(strings.NewReader(old), 1<<10)
	if err != nil || len(rec.Moves) != 1 || !rec.Moves[0].Action.Same(Action{Kind: "pick", Args: []int{2}}) {
		t.Fatalf("ReadRecord = %+v, %v", rec, err)
	}
	bad := strings.Replace(old, `"key"`, `"label"`, 1)
	if _, err := ReadRecord(strings.NewReader(bad), 1<<10); err == nil {
		t.Fatal("an unknown field in an action was accepted")
	}
}

// testView and otherView are two games' views.
type testView struct {
	You Seat
	N   int
}

type otherView struct{ You Seat }

func (v testView) Viewer() Seat  { return v.You }
func (v otherView) Viewer() Seat { return v.You }

// TestViewAs reads views by value and by pointer, and refuses the rest.
func TestViewAs(t *testing.T) {
	if v, ok := ViewAs[testView](testView{N: 3}); !ok || v.N != 3 {
		t.Errorf("by value: %v %v", v, ok)
	}
	p := &testView{N: 4}
	if v, ok := ViewAs[testView](p); !ok || v != p {
		t.Errorf("by pointer: %v %v", v, ok)
	}
	for _, bad := range []View{nil, (*testView)(nil), otherView{}, &otherView{}} {
		if v, ok := ViewAs[testView](bad); ok || v != nil {
			t.Errorf("%#v: %v %v", bad, v, ok)
		}
	}
}

// TestSeatView accepts only the seat's own view.
func TestSeatView(t *testing.T) {
	if v, err := SeatView[testView]("g", testView{You: 2}, 2); err != nil || v.You != 2 {
		t.Errorf("own view: %v %v", v, err)
	}
	if _, err := SeatView[testView]("g", testView{You: 1}, 2); err == nil {
		t.Error("another seat's view accepted")
	}
	if _, err := SeatView[testView]("g", otherView{You: 2}, 2); err == nil {
		t.Error("another game's view accepted")
	}
	if _, err := SeatView[testView]("g", nil, 2); err == nil {
		t.Error("no view accepted")
	}
}

// TestCount counts equal elements.
func TestCount(t *testing.T) {
	if n := Count([]int{3, 1, 3, 3}, 3); n != 3 {
		t.Errorf("Count = %d, want 3", n)
	}
	if n := Count([]string{}, "x"); n != 0 {
		t.Errorf("Count of empty = %d", n)
	}
}

func TestArg(t *testing.T) {
	a := Action{Kind: "pick", Args: []int{4, 0}}
	if a.Arg(0) != 4 || a.Arg(1) != 0 || a.Arg(2) != -1 || a.Arg(-1) != -1 {
		t.Fatalf("Arg of %v: %d %d %d %d", a, a.Arg(0), a.Arg(1), a.Arg(2), a.Arg(-1))
	}
}

// wordsView is a view with words for "go" only; "boom" panics.
type wordsView struct{}

func (wordsView) Viewer() Seat { return 0 }
func (wordsView) Describe(a Action) string {
	switch a.Kind {
	case "go":
		return "Go now"
	case "boom":
		panic("no words")
	}
	return ""
}

// plainView is a view without words.
type plainView struct{}

func (plainView) Viewer() Seat { return 0 }

func TestDescribe(t *testing.T) {
	step := Action{Kind: "step", Args: []int{2}}
	for _, c := range []struct {
		view View
		a    Action
		want string
	}{
		{wordsView{}, Action{Kind: "go"}, "Go now"},
		{wordsView{}, step, "step(2)"},              // no words for it
		{wordsView{}, Action{Kind: "boom"}, "boom"}, // the game's words panic
		{plainView{}, step, "step(2)"},              // a view without words
		{nil, step, "step(2)"},                      // no view
	} {
		if got := Describe(c.view, c.a); got != c.want {
			t.Errorf("Describe(%T, %v) = %q, want %q", c.view, c.a, got, c.want)
		}
	}
}
