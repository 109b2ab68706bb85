package enginetest

import (
	"encoding/json"
	"reflect"
	"slices"
	"testing"

	"arcade/engine"
)

// Words lists the words of each of legal from view (engine.Describe).
func Words(view engine.View, legal []engine.Action) []string {
	out := make([]string, len(legal))
	for i, a := range legal {
		out[i] = engine.Describe(view, a)
	}
	return out
}

// CheckWords checks the words of seat s's legal moves in st, from its
// view: when the view is an engine.Describer, every move has words of its
// own (checkWords), and the view read back from its JSON (as it reaches
// another node) says the same words. The leak tests call it.
func CheckWords(t testing.TB, st engine.State, s engine.Seat) {
	legal := st.Legal(s)
	if len(legal) == 0 {
		return
	}
	view := st.View(s)
	if !checkWords(t, view, s, legal) {
		return
	}
	if got, want := Words(throughJSON(t, view), legal), Words(view, legal); !slices.Equal(got, want) {
		t.Helper()
		t.Fatalf("seat %d's view says other words once read back from JSON:\n%q\n%q", s, got, want)
	}
}

// checkWords fails unless view, seat s's, has words of its own for every
// move of legal when it is an engine.Describer; it reports whether it is
// one.
func checkWords(t testing.TB, view engine.View, s engine.Seat, legal []engine.Action) bool {
	d, ok := view.(engine.Describer)
	if !ok {
		return false
	}
	for _, a := range legal {
		if d.Describe(a) == "" {
			t.Helper()
			t.Fatalf("seat %d: action %v has no words", s, a)
		}
	}
	return true
}

// throughJSON is view serialized and read back into a value of its type.
func throughJSON(t testing.TB, view engine.View) engine.View {
	data, err := json.Marshal(view)
	if err != nil {
		t.Helper()
		t.Fatal(err)
	}
	p := reflect.New(reflect.TypeOf(view))
	if err := json.Unmarshal(data, p.Interface()); err != nil {
		t.Helper()
		t.Fatal(err)
	}
	return p.Elem().Interface().(engine.View)
}
