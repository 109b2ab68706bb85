package enginetest

import (
	"encoding/json"
	"reflect"
	"testing"

	"arcade/engine"
)

// CheckSameWords compares, for every pending seat of st, the words of each
// legal move from the state (its Describe(seat, action)) with those from
// the seat's view (the view's Describe(action)), and with those from the
// view after a trip through JSON, as a view travels to another node.
func CheckSameWords(t testing.TB, st engine.State) {
	old, ok := st.(interface {
		Describe(engine.Seat, engine.Action) string
	})
	if !ok {
		t.Helper()
		t.Fatalf("%T has no words", st)
	}
	for _, s := range st.Pending() {
		view := st.View(s)
		d, ok := view.(interface{ Describe(engine.Action) string })
		if !ok {
			t.Helper()
			t.Fatalf("%T has no words", view)
		}
		back := throughJSON(t, view).(interface{ Describe(engine.Action) string })
		for _, a := range st.Legal(s) {
			want := old.Describe(s, a)
			if got := d.Describe(a); got != want {
				t.Helper()
				t.Fatalf("seat %d's %v: the view says %q, the state %q", s, a, got, want)
			}
			if got := back.Describe(a); got != want {
				t.Helper()
				t.Fatalf("seat %d's %v: the view through JSON says %q, the state %q", s, a, got, want)
			}
		}
	}
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
