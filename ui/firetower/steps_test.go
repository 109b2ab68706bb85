package firetower

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
)

// flareStart is a board on flareView's position with a card other than
// Flare Up selected, and Flare Up's hand index.
func flareStart(t *testing.T) (*Board, ft.View, []engine.Action, int) {
	t.Helper()
	v, legal := flareView(t)
	b := New()
	b.sync(v)
	flare := slices.Index(v.Hand, ft.FlareUp)
	b.sel = (flare + 1) % len(v.Hand)
	return b, v, legal, flare
}

// keysOn presses keys that must all be used and make no move.
func keysOn(t *testing.T, b *Board, v ft.View, legal []engine.Action, keys ...string) {
	t.Helper()
	for _, k := range keys {
		if r := b.HandleKey(k, v, legal); !r.Used || r.Action != nil || r.Warning {
			t.Fatalf("key %s: %+v", k, r)
		}
	}
}

// walk is the cursor keys from one square to another.
func walk(from, to ft.Point) []string {
	var keys []string
	for ; from.X < to.X; from.X++ {
		keys = append(keys, "right")
	}
	for ; from.X > to.X; from.X-- {
		keys = append(keys, "left")
	}
	for ; from.Y < to.Y; from.Y++ {
		keys = append(keys, "down")
	}
	for ; from.Y > to.Y; from.Y-- {
		keys = append(keys, "up")
	}
	return keys
}

// TestStepsTakenBack builds a move in steps (a card, a turn, a place, the
// Bucket, a mark) and takes them back one by one, newest first: each Back
// puts back what its step changed, and only that.
func TestStepsTakenBack(t *testing.T) {
	b, v, legal, flare := flareStart(t)
	first, start := b.sel, b.cursor
	if got := b.Building(v); got != "" {
		t.Fatalf("building %q before any step", got)
	}
	if r := b.Back(v); r != (board.Reply{}) {
		t.Fatalf("Back with nothing built: %+v", r)
	}
	keysOn(t, b, v, legal, "l") // looking around is free
	if got := b.Building(v); got != "" || len(b.steps) != 0 {
		t.Fatalf("a cursor move alone is a step: %q", got)
	}
	look := b.cursor
	keysOn(t, b, v, legal, fmt.Sprint(flare+1), "r", "l", "l", "down", "u", "x")
	placed := b.cursor
	steps := []struct {
		building, took string
		check          func() bool
	}{
		{"Bucket turned on " + span(ft.Line3.Cells(ft.Line3.AnchorAt(placed, 1), 1)) + ", 1 card marked",
			"Took back marking Flare Up.", func() bool { return len(b.marked(v)) == 0 && b.bucket }},
		{"Bucket turned on " + span(ft.Line3.Cells(ft.Line3.AnchorAt(placed, 1), 1)),
			"Took back picking up the Bucket.", func() bool { return !b.bucket && b.sel == flare }},
		{"Flare Up turned on " + span(ft.FlareUp.Shape().Cells(ft.FlareUp.Shape().AnchorAt(placed, 1), 1)),
			"Took back placing Flare Up: the cursor is back on " + look.String() + ".", func() bool { return b.cursor == look && b.rot == 1 }},
		{"Flare Up turned", "Took back turning Flare Up.", func() bool { return b.rot == 0 && b.sel == flare }},
		{"Flare Up", "Took back choosing Flare Up.", func() bool { return b.sel == first && b.cursor == look }},
		{"", "", nil},
	}
	for i, s := range steps {
		if got := b.Building(v); got != s.building {
			t.Fatalf("step %d: building %q, want %q", i, got, s.building)
		}
		r := b.Back(v)
		if s.check == nil {
			if r != (board.Reply{}) || b.cursor != look {
				t.Fatalf("Back after every step: %+v, cursor %v", r, b.cursor)
			}
			break
		}
		if !r.Used || r.Message != s.took || r.Warning || r.Action != nil {
			t.Fatalf("step %d: Back %+v, want %q", i, r, s.took)
		}
		if !s.check() {
			t.Fatalf("step %d (%s) not put back: sel %d rot %d bucket %v cursor %v marks %v", i, s.took, b.sel, b.rot, b.bucket, b.cursor, b.marks)
		}
	}
	if start == look {
		t.Fatal("the cursor did not move")
	}
}

// TestStepsForgotten checks that the steps end with the move made, with
// esc and with a new decision.
func TestStepsForgotten(t *testing.T) {
	b, v, legal, flare := flareStart(t)
	keysOn(t, b, v, legal, fmt.Sprint(flare+1), "r", "r")
	keysOn(t, b, v, legal, walk(b.cursor, ft.Point{X: 5, Y: 6})...)
	if got := b.Building(v); !strings.HasPrefix(got, "Flare Up on ") {
		t.Fatalf("building %q", got)
	}
	r := b.HandleKey("enter", v, legal)
	if r.Action == nil {
		t.Fatalf("no move: %+v", r)
	}
	if got, back := b.Building(v), b.Back(v); got != "" || back != (board.Reply{}) {
		t.Fatalf("after the move: building %q, Back %+v", got, back)
	}

	keysOn(t, b, v, legal, "tab", fmt.Sprint(flare+1), "r")
	if got := b.Building(v); got != "Flare Up turned" {
		t.Fatalf("building %q", got)
	}
	keysOn(t, b, v, legal, "esc")
	if got := b.Building(v); got != "" {
		t.Fatalf("after esc: %q", got)
	}

	keysOn(t, b, v, legal, "tab", "u")
	next := v
	next.TurnNo++
	if got := b.Building(next); got != "" || b.bucket {
		t.Fatalf("a new decision keeps %q", got)
	}
}

// TestStepsOnlyOnYourTurn: a waiting player's keys build nothing.
func TestStepsOnlyOnYourTurn(t *testing.T) {
	st := play(t, 2, nil, 1, 3)
	other := 1 - st.Pending()[0]
	v := st.View(other).(ft.View)
	b := New()
	keysOn(t, b, v, nil, "tab", "x", "l")
	if got, r := b.Building(v), b.Back(v); got != "" || r != (board.Reply{}) {
		t.Fatalf("building %q, Back %+v", got, r)
	}
}

// TestBucketUsedCitesRule: picking up a used Bucket is refused with the
// rule that allows it once per game.
func TestBucketUsedCitesRule(t *testing.T) {
	v, legal := flareView(t)
	v.Seats = slices.Clone(v.Seats)
	v.Seats[v.You].Bucket = false
	r := New().HandleKey("u", v, legal)
	if !r.Warning || r.Rule == "" || !strings.Contains(r.Message, "once per game") {
		t.Fatalf("got %+v", r)
	}
}
