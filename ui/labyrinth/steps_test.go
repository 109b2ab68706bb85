package labyrinth

import (
	"strings"
	"testing"

	"arcade/engine"
	fp "arcade/engine/fireproto"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// passLegal is a legal list for handMade with three ways to pass cards
// with bo on the compass: Jo March given (for nothing, or for Alice),
// Nzinga for Alice, or Alice taken for nothing.
func passLegal(t *testing.T) []engine.Action {
	jo, nz, al := bookID(t, "Jo March"), bookID(t, "Nzinga"), bookID(t, "Alice")
	pass := func(give, receive int) engine.Action {
		return engine.Action{Kind: lab.KindPass, Args: lab.PassSpec{Tile: lab.Centre, Partner: 1, Give: give, Receive: receive, Service: -1}.Args()}
	}
	return append(handLegal(t)[:6], pass(jo, -1), pass(jo, al), pass(nz, al), pass(-1, al), engine.Action{Kind: lab.KindEnd})
}

// checkBuilding fails unless the board describes the move being built as
// want ("" for none).
func checkBuilding(t *testing.T, b *Board, v engine.View, want, after string) {
	t.Helper()
	if got := b.Building(v); got != want {
		t.Errorf("after %s: building %q, want %q", after, got, want)
	}
}

// TestPassTakenBackStepByStep builds a pass in steps (the choice, the
// mark, the card passed on, the mark of what comes back), takes them back
// one by one, newest first, and then plays the move the restored choice
// marks.
func TestPassTakenBackStepByStep(t *testing.T) {
	v, legal := handMade(t), passLegal(t)
	b := New()
	b.Render(v, ctx(80, 16, false, 0))
	checkBuilding(t, b, v, "", "nothing")
	built := []struct{ key, want string }{
		{"g", "passing cards on C3, 1 of 3 marked"},
		{"tab", "passing cards on C3, 2 of 3 marked"},
		{"shift+tab", "passing cards on C3, 1 of 3 marked"},
		{"f", "passing cards on C3, 1 of 3 marked"}, // a refusal, not a step
		{"enter", "passing Jo March, 1 of 2 marked"},
		{"tab", "passing Jo March, 2 of 2 marked"},
	}
	for _, s := range built {
		if a, _, _ := press(b, v, legal, s.key); a != nil {
			t.Fatalf("%s played %v", s.key, a)
		}
		checkBuilding(t, b, v, s.want, s.key)
	}
	// The refused f was no step: five steps come back, newest first.
	back := []struct{ took, want string }{
		{"Took back the mark: 1/2", "passing Jo March, 1 of 2 marked"},
		{"Took back passing Jo March: 1/3", "passing cards on C3, 1 of 3 marked"},
		{"Took back the mark: 2/3", "passing cards on C3, 2 of 3 marked"},
		{"Took back the mark: 1/3", "passing cards on C3, 1 of 3 marked"},
		{"Took back passing cards on C3: no choice is open.", ""},
	}
	for i, s := range back {
		r := b.Back(v)
		if !r.Used || r.Action != nil || r.Warning || !strings.HasPrefix(r.Message, s.took) {
			t.Errorf("back %d: %+v, want a message starting %q", i+1, r, s.took)
		}
		checkBuilding(t, b, v, s.want, "back")
	}
	if b.pick != nil {
		t.Errorf("the choice is still open after every step was taken back")
	}
	if r := b.Back(v); r.Used || r.Action != nil || r.Message != "" {
		t.Errorf("back with nothing built: %+v, want the zero Reply", r)
	}
	// The restored mark is what enter plays: back to the cards after
	// choosing Jo March, tab to Nzinga (one way only) and enter.
	press(b, v, legal, "g", "enter")
	b.Back(v)
	a, _, _ := press(b, v, legal, "tab", "enter")
	if want := legal[8]; a == nil || !a.Same(want) {
		t.Fatalf("tab enter after taking the card back played %v, want %v", a, want)
	}
	checkBuilding(t, b, v, "", "the move was sent")
	if r := b.Back(v); r.Used {
		t.Errorf("back after the move was sent: %+v", r)
	}
}

// TestStepsCleared: a move sent, esc, the cursor leaving the choice's
// tile and a new decision each end the steps; a choice replaced by
// another key is a step of its own.
func TestStepsCleared(t *testing.T) {
	v, legal := handMade(t), handLegal(t)
	b := New()
	b.Render(v, ctx(80, 16, false, 0))
	press(b, v, legal, "h", "m", "tab")
	checkBuilding(t, b, v, "moving to B3, 2 of 2 marked", "m tab")
	if a, _, _ := press(b, v, legal, "enter"); a == nil {
		t.Fatal("enter played nothing")
	}
	checkBuilding(t, b, v, "", "the move was sent")
	if len(b.steps) != 0 {
		t.Errorf("%d steps left after the move was sent", len(b.steps))
	}

	press(b, v, legal, "m", "esc")
	checkBuilding(t, b, v, "", "esc")
	if r := b.Back(v); r.Used {
		t.Errorf("back after esc: %+v", r)
	}

	press(b, v, legal, "m", "l")
	checkBuilding(t, b, v, "", "the cursor left the tile")
	if r := b.Back(v); r.Used {
		t.Errorf("back after the cursor left the tile: %+v", r)
	}

	press(b, v, legal, "j", "f", "tab")
	checkBuilding(t, b, v, "flipping C4, 2 of 2 marked", "f tab")
	next := v
	next.ActionsLeft--
	checkBuilding(t, b, next, "", "a new decision")
	if r := b.Back(next); r.Used {
		t.Errorf("back in a new decision: %+v", r)
	}

	// f again opens the flip anew: the choice it replaced comes back
	// with its mark.
	press(b, v, legal, "f", "tab", "f")
	checkBuilding(t, b, v, "flipping C4, 1 of 2 marked", "f tab f")
	b.Back(v)
	checkBuilding(t, b, v, "flipping C4, 2 of 2 marked", "back")

	if r := b.Back(fp.View{}); r != (board.Reply{}) || b.Building(fp.View{}) != "" {
		t.Errorf("a foreign view: %+v", r)
	}
}

// TestChoiceSaysBackAndFinal: the choice's keys in the panel mention
// backspace and that the move is final at 80 columns, and the help text
// explains both.
func TestChoiceSaysBackAndFinal(t *testing.T) {
	v, legal := handMade(t), handLegal(t)
	b := New()
	for _, w := range []int{80, 120} {
		b.Render(v, ctx(w, 16, false, 0))
		press(b, v, legal, "o", "h", "m")
		out := stripANSI(b.Render(v, ctx(w, 16, false, 0)))
		checkFits(t, out, w, 16, "a choice")
		if !strings.Contains(out, "(final)") || !strings.Contains(out, "bksp") && !strings.Contains(out, "backspace") {
			t.Errorf("at %d columns the choice does not offer backspace or say the move is final:\n%s", w, out)
		}
	}
	d := b.Details(v)
	if !strings.Contains(d, "backspace") || !strings.Contains(d, "final:") {
		t.Errorf("the help does not explain backspace:\n%s", d)
	}
}
