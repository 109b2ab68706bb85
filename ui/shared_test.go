package ui

import (
	"strings"
	"testing"
)

// TestSharedScreensStayPerSession: lobby panes and spectators' table
// screens are drawn once for all sessions with the same inputs, but what
// differs per session (a name, a cursor, a status line) never shows on
// another session's screen.
func TestSharedScreensStayPerSession(t *testing.T) {
	hub := newHub(t)
	anna, bob, cy := newDriver(t, hub, "anna", 100, 30), newDriver(t, hub, "bob", 100, 30), newDriver(t, hub, "cy", 100, 30)
	anna.openTable()
	for _, d := range []*driver{bob, cy} {
		d.waitFor("anna")
	}
	// bob moves his cursor to the tables pane: his screen differs from cy's
	// in the panes, and each header names its own session.
	bob.key("tab")
	b, c := bob.screen(), cy.screen()
	if !strings.Contains(b, "▸ OPEN TABLES") || strings.Contains(c, "▸ OPEN TABLES") {
		t.Errorf("the tables pane's focus leaked between sessions:\nbob:\n%s\ncy:\n%s", b, c)
	}
	if !strings.Contains(firstLine(b), "bob") || !strings.Contains(firstLine(c), "cy") {
		t.Errorf("headers: %q / %q", firstLine(b), firstLine(c))
	}
	// Both watch anna's table; bob gets a status line of his own.
	cy.key("tab")
	for _, d := range []*driver{bob, cy} {
		d.key("w")
		d.waitFor("watching")
	}
	if b, c := stripANSI(bob.screen()), stripANSI(cy.screen()); b != c {
		t.Errorf("two spectators of one table see different screens:\nbob:\n%s\ncy:\n%s", b, c)
	}
	bob.key("z") // a key that means nothing here: a message for bob only
	b, c = stripANSI(bob.screen()), stripANSI(cy.screen())
	if b == c {
		t.Fatalf("bob's message did not show:\n%s", b)
	}
	if strings.Contains(c, lastNonBlank(statusOf(b, c))) {
		t.Errorf("bob's message shows on cy's screen:\n%s", c)
	}
}

func firstLine(s string) string { return stripANSI(strings.SplitN(s, "\n", 2)[0]) }

// statusOf returns the lines of a that b does not have.
func statusOf(a, b string) []string {
	have := map[string]bool{}
	for _, l := range strings.Split(b, "\n") {
		have[l] = true
	}
	var out []string
	for _, l := range strings.Split(a, "\n") {
		if !have[l] {
			out = append(out, l)
		}
	}
	return out
}

func lastNonBlank(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if s := strings.TrimSpace(lines[i]); s != "" {
			return s
		}
	}
	return "\x00"
}

// TestSpectatorsShareAClockedTable: spectators of a game under a turn
// clock share one drawing of the table (the countdown as it shows is part
// of what they share), and each sees the countdown.
func TestSpectatorsShareAClockedTable(t *testing.T) {
	hub := newHub(t)
	anna := newDriver(t, hub, "anna", 100, 30)
	anna.key("c")
	anna.waitFor("NEW TABLE")
	// Two seats, one a bot (the game starts at once), and the relaxed turn
	// clock (bots in every other seat turn it off).
	anna.key("j", "h", "h", "j", "j", "l", "j", "j", "h", "h", "h", "h", "h")
	if s := anna.screen(); !strings.Contains(s, "‹ 2 ›") || !strings.Contains(s, "‹ 1 ›") || !strings.Contains(s, "relaxed") {
		t.Fatalf("not a table of two with a bot and a turn clock:\n%s", s)
	}
	anna.key("enter")
	anna.waitFor("YOUR MOVE")
	id := anna.app.table.u.Table.ID
	for _, name := range []string{"bob", "cy"} {
		d := newDriver(t, hub, name, 100, 30)
		d.watchTable("anna")
		d.waitFor("⏱")
	}
	spectatorScreens.mu.Lock()
	defer spectatorScreens.mu.Unlock()
	for k := range spectatorScreens.m {
		if k.table == id && k.clock != "" {
			return
		}
	}
	t.Errorf("no shared drawing of table %s with its countdown", id)
}
