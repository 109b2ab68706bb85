package ui

import (
	"fmt"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"arcade/rooms"
	"arcade/ui/theme"
)

// TestLogScrollsOverEveryLine: in a log pane two lines high, whose
// entries wrap to three lines each, pressing [ from the newest line to the
// oldest shows every line of every entry on the way, and ] comes back.
func TestLogScrollsOverEveryLine(t *testing.T) {
	u := &rooms.TableUpdate{Seats: []rooms.SeatInfo{{Name: "anna"}, {Name: "bob"}}}
	for i := range 6 {
		u.Log = append(u.Log, rooms.LogLine{Text: fmt.Sprintf(
			"{seat1} chooses entry %d: Scarab Lantern (red), Lotus (green) and Lapis Scarab (blue)", i)})
	}
	ts := &tableScreen{s: &session{th: theme.For(true, false)}, keys: &tableKeys, u: u}
	const w, h = 36, 3
	var want []string
	for _, l := range u.Log {
		want = append(want, wrap(strings.ReplaceAll(l.Text, "{seat1}", "bob"), w)...)
	}
	seen := map[string]bool{}
	look := func() {
		for _, l := range strings.Split(stripANSI(ts.eventPane(w, h)), "\n")[1:] {
			seen[strings.TrimSpace(l)] = true
		}
	}
	look()
	for range len(want) {
		ts.logScrollKey(tea.KeyPressMsg{Code: '[', Text: "["})
		look()
	}
	for _, l := range want {
		if !seen[strings.TrimSpace(l)] {
			t.Errorf("scrolling back never showed %q", l)
		}
	}
	for range len(want) {
		ts.logScrollKey(tea.KeyPressMsg{Code: ']', Text: "]"})
	}
	if ts.logOffset != 0 {
		t.Fatalf("] back to the newest left the log scrolled by %d lines", ts.logOffset)
	}
}
