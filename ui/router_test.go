package ui

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
)

// TestRouterKeepsTheScreenOnResize: a terminal made too small shows the
// too-small notice in place of the screen, and growing it again shows the
// same screen as it was (the form on the line the player had chosen), not
// the lobby.
func TestRouterKeepsTheScreenOnResize(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("c", "j", "j")
	form := d.app.cur
	if _, ok := form.(*createScreen); !ok {
		t.Fatalf("c opened %T, want the form", form)
	}
	d.send(tea.WindowSizeMsg{Width: 30, Height: 10})
	if s := d.screen(); !strings.Contains(s, "Please enlarge") {
		t.Fatalf("too small, but:\n%s", s)
	}
	d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	s := stripANSI(d.screen())
	if d.app.cur != form || !strings.Contains(s, "NEW TABLE") {
		t.Fatalf("after the resize the router shows %T:\n%s", d.app.cur, s)
	}
	if f := form.(*createScreen); f.row != 2 || f.width != 100 || f.height != 30 {
		t.Fatalf("the form lost its line (%d, want 2) or its size (%dx%d)", f.row, f.width, f.height)
	}
}

// TestHelpGoesBackToWhereItWasOpened: help over the form closes back to
// the form; help open while the table closes goes back to the lobby.
func TestHelpGoesBackToWhereItWasOpened(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("c", "?")
	d.waitFor("Help: Fire in the Library")
	d.key("esc")
	d.waitFor("NEW TABLE")
	d.key("enter")
	d.waitFor("WAITING FOR PLAYERS")
	d.key("?")
	d.waitFor("At a table the moves you can make")
	if err := d.client.Leave(); err != nil {
		t.Fatal(err)
	}
	for i := 0; d.app.table != nil; i++ {
		if i == 100 {
			t.Fatal("the table never closed")
		}
		d.screen()
	}
	if !strings.Contains(d.screen(), "Help: Fire in the Library") {
		t.Fatal("help closed when the table did")
	}
	d.key("esc")
	d.waitFor("THE ARCADE")
}

// TestTableKeyLineFollowsTheBindings: the table's key line shows the keys
// of the bindings that handle them, so a binding changed in one place
// changes what the line says.
func TestTableKeyLineFollowsTheBindings(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("c", "enter")
	s := stripANSI(d.waitFor("WAITING FOR PLAYERS"))
	if !strings.Contains(s, "B seat bots  S start") || !strings.Contains(s, "[ ] log  ? help & rules  Q leave") {
		t.Fatalf("the host's key line:\n%s", s)
	}
	km := *d.app.table.keys // a copy: the shared map stays as it is
	km.Start = key.NewBinding(key.WithKeys("ctrl+s"))
	d.app.table.keys = &km
	if s := stripANSI(d.screen()); !strings.Contains(s, "ctrl+s start") {
		t.Fatalf("the key line does not follow the Start binding:\n%s", s)
	}
}
