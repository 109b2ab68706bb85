package ui

import (
	"strings"
	"testing"

	"arcade/ui/board"

	tea "charm.land/bubbletea/v2"
)

// TestViewRowsAreTheScreen: the rows the terminal bridge draws (ViewRows)
// are the screen View draws, exactly the window's height and none wider
// than it, in the lobby, at a table and watching one (drawn as rows), and
// on a screen drawn as one string (the help), at every size, a window too
// small included.
func TestViewRowsAreTheScreen(t *testing.T) {
	hub := newHub(t)
	anna := newDriver(t, hub, "anna", 100, 30)
	anna.openTable()
	long := newDriver(t, hub, "a-rather-long-name-for-a-narrow-window", 100, 30)
	long.waitFor("anna")
	watcher := newDriver(t, hub, "cy", 100, 30)
	watcher.watchTable("anna")
	helped := newDriver(t, hub, "dee", 100, 30)
	helped.key("?")
	for _, size := range [][2]int{{80, 24}, {100, 30}, {120, 40}, {200, 60}, {64, 20}, {30, 8}} {
		for _, d := range []*driver{anna, long, watcher, helped} {
			d.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
			screen := d.screen()
			v, rows := d.app.ViewRows([]string{"kept"})
			if rows[0] != "kept" {
				t.Fatalf("%dx%d: ViewRows did not append to what it was given", size[0], size[1])
			}
			rows = rows[1:]
			if got := strings.Join(rows, "\n"); got != screen || v.Content != "" || !v.AltScreen {
				t.Errorf("%dx%d: ViewRows differs from the screen:\n%s\nwant:\n%s", size[0], size[1], got, screen)
			}
			if len(rows) != size[1] {
				t.Errorf("%dx%d: %d rows", size[0], size[1], len(rows))
			}
			for i, r := range rows {
				if board.Width(r) > size[0] {
					t.Errorf("%dx%d: row %d is %d columns wide", size[0], size[1], i, board.Width(r))
				}
			}
		}
	}
	for _, d := range []*driver{anna, long, watcher} {
		if _, ok := d.app.cur.(rowScreen); !ok {
			t.Errorf("%T does not draw rows", d.app.cur)
		}
	}
	if _, ok := helped.app.cur.(rowScreen); ok {
		t.Errorf("the help draws rows: the test covers no screen drawn as one string")
	}
}
