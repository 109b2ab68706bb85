package ui

import (
	"fmt"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
)

// tooSmall is the screen shown instead of the current one while the
// terminal is smaller than that screen needs (minSizer). The router draws
// it in place of the current screen without replacing it, so growing the
// terminal again shows that screen as it was; keys still go to it.
type tooSmall struct {
	needW, needH  int // what the current screen needs
	width, height int // what the terminal has
}

// SetSize implements screen.
func (t *tooSmall) SetSize(w, h int) { t.width, t.height = w, h }

// ShortHelp implements help.KeyMap: it has no keys of its own.
func (t *tooSmall) ShortHelp() []key.Binding { return nil }

// FullHelp implements help.KeyMap.
func (t *tooSmall) FullHelp() [][]key.Binding { return nil }

// Update implements screen: it never changes.
func (t *tooSmall) Update(tea.Msg) (screen, tea.Cmd) { return t, nil }

// View implements screen: the request to enlarge the terminal, centred.
func (t *tooSmall) View() string {
	msg := fmt.Sprintf("Please enlarge your terminal to at least %dx%d.\nIt is %dx%d now.\n\nctrl+c quits.", t.needW, t.needH, t.width, t.height)
	return lipgloss.Place(max(t.width, 1), max(t.height, 1), lipgloss.Center, lipgloss.Center, msg)
}
