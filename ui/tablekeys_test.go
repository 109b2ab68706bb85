package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/ui/board"
	uifirelibrary "arcade/ui/firelibrary"
)

// greedyBoard is the Fire in the Library board (with its moves' hot keys)
// taking every key it is offered, and noting it.
type greedyBoard struct {
	uifirelibrary.Renderer
	got *[]string
}

func (b greedyBoard) HandleKey(key string, _ engine.View, _ []engine.Action) board.Reply {
	*b.got = append(*b.got, key)
	return board.Took()
}

// TestTableKeyRoute: the table's own keys come before the board, and the
// board before the menu (enter would play the highlighted move).
func TestTableKeyRoute(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	ts := atTable(t, d)
	var got []string
	ts.board = greedyBoard{got: &got}
	if len(ts.menu()) == 0 {
		t.Fatal("the test needs a move in the menu")
	}
	if cmd := ts.key(tea.KeyPressMsg{Code: tea.KeyEnter}); cmd != nil {
		t.Fatal("the menu took enter before the board that takes every key")
	}
	ts.key(tea.KeyPressMsg{Code: '[', Text: "["})
	ts.key(tea.KeyPressMsg{Code: '/', Text: "/"})
	if !slices.Equal(got, []string{"enter"}) {
		t.Fatalf("the board was offered %q: the table's own keys must come first", got)
	}
	if !d.app.s.chatOpen() {
		t.Fatal("/ did not open the chat line")
	}
}

// TestBackSaysAMoveIsFinal: backspace with no move being built says that a
// move made cannot be taken back, and changes nothing.
func TestBackSaysAMoveIsFinal(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 100, 40)
	ts := atTable(t, d)
	before := ts.u
	d.key("backspace")
	if s := stripANSI(d.screen()); !strings.Contains(s, "Nothing to take back: a move made is final") {
		t.Fatalf("backspace with nothing to take back:\n%s", s)
	}
	if ts.u != before {
		t.Fatal("backspace changed the table")
	}
}
