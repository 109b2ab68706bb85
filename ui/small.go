package ui

import (
	"fmt"
	"strings"

	"arcade/ui/board"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// tooSmall is the screen shown instead of the current one while the
// terminal is smaller than that screen needs (minSizer). The router draws
// it in place of the current screen without replacing it, so growing the
// terminal again shows that screen as it was. Keys do not go to the hidden
// screen (a blind enter must not play a move): see App.hiddenKey.
type tooSmall struct {
	needW, needH  int    // what the current screen needs
	width, height int    // what the terminal has
	note          string // what the keys still do
}

// SetSize implements screen.
func (t *tooSmall) SetSize(w, h int) { t.width, t.height = w, h }

// ShortHelp implements help.KeyMap: it has no keys of its own.
func (t *tooSmall) ShortHelp() []key.Binding { return nil }

// FullHelp implements help.KeyMap.
func (t *tooSmall) FullHelp() [][]key.Binding { return nil }

// Update implements screen: it never changes.
func (t *tooSmall) Update(tea.Msg) (screen, tea.Cmd) { return t, nil }

// View implements screen: the request to enlarge the terminal, centred and
// wrapped to fit however small the terminal is (the shortest form first
// goes when it does not fit).
func (t *tooSmall) View() string {
	w, h := max(t.width, 1), max(t.height, 1)
	long := []string{
		fmt.Sprintf("Please enlarge your terminal to at least %dx%d.", t.needW, t.needH),
		fmt.Sprintf("It is %dx%d now.", t.width, t.height),
		"",
		t.note,
	}
	var lines []string
	for _, l := range long {
		if l == "" {
			lines = append(lines, "")
			continue
		}
		lines = append(lines, board.Wrap(l, w)...)
	}
	if len(lines) > h {
		lines = board.Wrap(fmt.Sprintf("Enlarge to %dx%d (now %dx%d).", t.needW, t.needH, t.width, t.height), w)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, strings.Join(lines, "\n"))
}
