package horror

import (
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// TestTakeBackTicks: backspace takes back the colour choice's ticks and
// unticks one by one, newest first, restoring the tick each changed; with
// nothing to take back it leaves the key to the table; sending the choice
// and a new decision leave nothing to take back.
func TestTakeBackTicks(t *testing.T) {
	st, err := hr.Game{}.New(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := st.Pending()[0]
	v := st.View(s)
	legal := st.Legal(s)
	b := NewBoard().(*Board)
	b.Render(v, ctx(80, 18, false, s))
	if r := b.Back(v); r != (board.Reply{}) || b.Building(v) != "" {
		t.Fatalf("nothing ticked: Back %+v, Building %q", r, b.Building(v))
	}
	for _, k := range []string{"1", "left", "4", "4", "6"} {
		b.HandleKey(k, v, legal)
	}
	if got := b.Building(v); got != "red and white ticked" {
		t.Fatalf("Building %q", got)
	}
	me := view(st, s).Me
	// Each step back: the ticked colours after it, Building, and what the
	// message names.
	steps := []struct {
		ticked   []int
		building string
		says     string
	}{
		{[]int{0}, "red ticked", "the tick on " + hr.ItemName(me.Horror, 5) + " (white)"},
		{[]int{0, 3}, "red and black ticked", "unticking " + hr.ItemName(me.Horror, 3) + " (black)"},
		{[]int{0}, "red ticked", "the tick on " + hr.ItemName(me.Horror, 3) + " (black)"},
		{nil, "", "the tick on " + hr.ItemName(me.Horror, 0) + " (red)"},
	}
	for i, want := range steps {
		r := b.Back(v)
		if !r.Used || r.Warning || !strings.Contains(r.Message, want.says) {
			t.Fatalf("step %d back: %+v, want it to name %q", i, r, want.says)
		}
		var ticked []int
		for c, on := range b.ticked {
			if on {
				ticked = append(ticked, c)
			}
		}
		if !slices.Equal(ticked, want.ticked) || b.Building(v) != want.building {
			t.Fatalf("step %d back: ticked %v, Building %q; want %v, %q", i, ticked, b.Building(v), want.ticked, want.building)
		}
		out := ansi.Strip(b.Render(v, ctx(80, 18, false, s)))
		if n := strings.Count(out, "[x]"); n != len(want.ticked) {
			t.Fatalf("step %d back: %d ticks drawn, want %d:\n%s", i, n, len(want.ticked), out)
		}
	}
	if r := b.Back(v); r != (board.Reply{}) {
		t.Fatalf("Back with every step taken back: %+v", r)
	}

	// An untick alone is a step too.
	b.HandleKey("2", v, legal)
	b.HandleKey("2", v, legal)
	if got := b.Building(v); got != "yellow unticked" {
		t.Fatalf("Building after a tick and an untick: %q", got)
	}
	b.Back(v)
	if !b.ticked[1] || b.Building(v) != "yellow ticked" {
		t.Fatalf("the untick not taken back: %v, %q", b.ticked, b.Building(v))
	}

	// Sending the choice makes it final.
	for _, k := range []string{"3", "6"} {
		b.HandleKey(k, v, legal)
	}
	r := b.HandleKey("enter", v, legal)
	if r.Action == nil {
		t.Fatalf("enter with three ticked: %+v", r)
	}
	if got, back := b.Building(v), b.Back(v); got != "" || back != (board.Reply{}) {
		t.Fatalf("after sending: Building %q, Back %+v", got, back)
	}

	// A new decision forgets the steps of the last one.
	b.HandleKey("1", v, legal)
	if _, err := st.Apply(s, *r.Action); err != nil {
		t.Fatal(err)
	}
	if got, back := b.Building(st.View(s)), b.Back(st.View(s)); got != "" || back != (board.Reply{}) {
		t.Fatalf("another's decision: Building %q, Back %+v", got, back)
	}
}
