package ui

import (
	"strings"
	"testing"

	"arcade/engine"
	"arcade/ui/board"
	uifiretower "arcade/ui/firetower"
	uilabyrinth "arcade/ui/labyrinth"
	"arcade/ui/theme"
)

// TestEndScreensSayWhatHappened: a cooperative game is won or lost
// together, with nobody ranked; Fire Tower says what its numbers count.
func TestEndScreensSayWhatHappened(t *testing.T) {
	ctx := board.Context{Width: 44, Height: 7, Theme: theme.For(true, false), Names: []string{"anna", "bob"}}
	lab := uilabyrinth.NewBoard().(board.Ranker)
	lost := strings.Join(lab.Ranking(engine.Outcome{Done: true, Scores: []int{3, 3}}, ctx), "\n")
	won := strings.Join(lab.Ranking(engine.Outcome{Done: true, Scores: []int{6, 6}, Winners: []engine.Seat{0, 1}}, ctx), "\n")
	if !strings.Contains(lost, "Lost together") || !strings.Contains(lost, "3 shelves filled") || strings.Contains(lost, "1.") {
		t.Errorf("Library Labyrinth, lost:\n%s", lost)
	}
	if !strings.Contains(won, "Won together") {
		t.Errorf("Library Labyrinth, won:\n%s", won)
	}
	ft := uifiretower.NewBoard().(board.Ranker)
	end := strings.Join(ft.Ranking(engine.Outcome{Done: true, Scores: []int{0, 1}, Winners: []engine.Seat{1}}, ctx), "\n")
	if !strings.Contains(end, "1. bob") || !strings.Contains(end, "tower standing") || !strings.Contains(end, "first tower to burn") {
		t.Errorf("Fire Tower:\n%s", end)
	}
}

// TestKeyLineNeverEndsCut: a key line too long for the terminal leaves
// keys out whole, and always shows the last two (help, quit or close).
func TestKeyLineNeverEndsCut(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	s := d.app.s
	for _, w := range []int{40, 60, 80, 120} {
		line := stripANSI(s.shortHelp(w, "pager", &pagerKeys))
		if board.Width(line) > w || strings.Contains(line, "…") || !strings.Contains(line, "esc/q close") {
			t.Errorf("pager key line at %d: %q", w, line)
		}
		line = stripANSI(s.shortHelp(w, "lobby", &lobbyKeys))
		if board.Width(line) > w || strings.Contains(line, "…") || !strings.HasSuffix(line, "q quit") {
			t.Errorf("lobby key line at %d: %q", w, line)
		}
	}
}
