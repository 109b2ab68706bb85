package firelibrary

import (
	"strings"
	"testing"

	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// TestMarksDescribeThePresent: "answering" shows only while a window is
// open, and no mark ("done", "deciding", "answering") outlives the game.
func TestMarksDescribeThePresent(t *testing.T) {
	players := []fl.PlayerView{{Seat: 0, Played: true, Deciding: true}, {Seat: 1, Played: true}}
	ctx := board.Context{Width: 80, Height: 14, Theme: theme.For(true, false), Names: []string{"ann", "bob"}}
	render := func(v fl.View) string { return (Renderer{}).Render(v, ctx) }
	v := fl.View{Phase: fl.PhaseSpread, Players: players, Active: 1}
	if s := render(v); !strings.Contains(s, "answering") {
		t.Fatalf("no answering mark in an open window:\n%s", s)
	}
	v.Phase = fl.PhaseTool
	if s := render(v); strings.Contains(s, "answering") {
		t.Fatalf("answering outlived its window:\n%s", s)
	}
	v.Phase, v.Over = fl.PhaseOver, true
	v.Robot = &fl.RobotView{Played: true}
	s := render(v)
	for _, mark := range []string{"done", "answering", "deciding"} {
		if strings.Contains(s, mark) {
			t.Errorf("%q shows on the game-over board:\n%s", mark, s)
		}
	}
}
