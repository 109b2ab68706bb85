package ui

import (
	"strings"
	"testing"

	"arcade/rooms"
)

// TestNameEditorRefusesRatherThanCuts: the editor takes no more than a
// name may hold and says so; a name too wide is refused with the reason
// and stays to edit; an emoji sequence keeps its joiner.
func TestNameEditorRefusesRatherThanCuts(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 100, 24)
	d.waitFor("THE ARCADE")
	d.key("e")
	for range 20 {
		d.key("x") // 4 + 20 characters typed: the editor keeps 16
	}
	s := stripANSI(d.screen())
	if got := d.app.s.prompt.input.Value(); len([]rune(got)) != rooms.MaxNameRunes {
		t.Fatalf("the editor holds %q", got)
	}
	if !strings.Contains(s, "16 characters at most") {
		t.Fatalf("the editor does not say it is full:\n%s", s)
	}
	d.key("esc", "e")
	d.app.s.prompt.input.SetValue(strings.Repeat("漢", 13)) // 26 columns
	d.key("enter")
	if d.app.s.prompt == nil || !d.app.s.bad || !strings.Contains(d.app.s.status, "26 columns wide") {
		t.Fatalf("a name too wide was not refused: status %q", d.app.s.status)
	}
	d.app.s.prompt.input.SetValue("ann \U0001F469\u200d\U0001F4BB")
	d.key("enter")
	d.waitFor("You are now ann \U0001F469\u200d\U0001F4BB.")
}

// TestPromptLineFits: the prompt line, its hints included, fits the
// terminal, and its placeholder shows whole.
func TestPromptLineFits(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("i")
	line := stripANSI(d.app.s.promptLine(80))
	if len([]rune(line)) > 80 || !strings.Contains(line, "esc cancel") || !strings.Contains(line, "e.g. K7MQ2X") {
		t.Fatalf("prompt line %q", line)
	}
}

// TestWaitingRoomNamesOptionsInTheFormsWords: the options of a waiting
// table read as the new-table form wrote them, not as raw keys.
func TestWaitingRoomNamesOptionsInTheFormsWords(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("c", "enter")
	s := stripANSI(d.waitFor("WAITING FOR PLAYERS"))
	if !strings.Contains(s, "Mode standard") || !strings.Contains(s, "No tools no") || strings.Contains(s, "no_tools") {
		t.Fatalf("options in the waiting room:\n%s", s)
	}
}
