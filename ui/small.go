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

// The router's side of the notice: whether it hides the current screen,
// and what the keys still do while it does.

// needs is the terminal size the current screen needs.
func (a *App) needs() (int, int) {
	if m, ok := a.cur.(minSizer); ok {
		return m.MinSize()
	}
	return minWidth, minHeight
}

// hidden reports whether the terminal is too small for the current screen,
// which the "please enlarge" notice then hides.
func (a *App) hidden() bool {
	w, h := a.needs()
	return a.width < w || a.height < h
}

// hiddenTable is the table screen while it is current (not under help).
func (a *App) hiddenTable() *tableScreen {
	if ts, ok := a.cur.(*tableScreen); ok {
		return ts
	}
	return nil
}

// hiddenKey takes a key press while the screen is hidden: nothing the
// player cannot see happens. ctrl+c still quits the lobby or asks to leave
// a table (y/n answer that question), ctrl+o and ctrl+r still work.
func (a *App) hiddenKey(k tea.KeyPressMsg) tea.Cmd {
	s, g := a.s, &globalKeys
	switch {
	case keyMatches(k, g.Colour):
		s.colour = !s.colour
		s.restyle()
		return nil
	case keyMatches(k, g.Refresh):
		return tea.ClearScreen
	}
	if ts := a.hiddenTable(); ts != nil {
		km := ts.keys
		if ts.confirmLeave && keyMatches(k, km.Yes, km.No) || keyMatches(k, g.Quit) {
			return ts.key(k)
		}
		return nil
	}
	if keyMatches(k, g.Quit) {
		switch cur := a.cur.(type) {
		case *lobbyScreen:
			return tea.Quit
		case *helpScreen:
			a.show(cur.back) // close help first
		default:
			a.show(s.home) // a form, your games: back to the lobby
		}
	}
	return nil
}

// hiddenNote is what the notice says the keys still do.
func (a *App) hiddenNote() string {
	if ts := a.hiddenTable(); ts != nil {
		if ts.confirmLeave {
			return ts.leaveQuestion()
		}
		return "ctrl+c leaves the table."
	}
	switch a.cur.(type) {
	case *lobbyScreen:
		return "ctrl+c quits."
	case *helpScreen:
		return "ctrl+c closes this help."
	}
	return "ctrl+c goes back to the lobby."
}
