package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
)

// adminScreen is the server admins' list of every open table, private
// ones with their invite codes included (a in the lobby, admins only);
// enter watches the highlighted table as a spectator, which shows only
// what every spectator may see.
type adminScreen struct {
	s             *session
	keys          *keys.AdminTables
	width, height int
	loaded        bool
	err           error
	tables        []rooms.TableInfo
	sel           int
}

// adminTablesMsg brings the list, read off the event loop.
type adminTablesMsg struct {
	tables []rooms.TableInfo
	err    error
}

func newAdminScreen(s *session) *adminScreen {
	return &adminScreen{s: s, keys: &allTables}
}

// load asks the hub for every table.
func (a *adminScreen) load() tea.Cmd {
	c := a.s.client
	return func() tea.Msg {
		tables, err := c.AdminTables()
		return adminTablesMsg{tables, err}
	}
}

// SetSize implements screen.
func (a *adminScreen) SetSize(w, h int) { a.width, a.height = w, h }

// ShortHelp implements help.KeyMap.
func (a *adminScreen) ShortHelp() []key.Binding { return a.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (a *adminScreen) FullHelp() [][]key.Binding { return a.keys.FullHelp() }

// Update implements screen.
func (a *adminScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch msg := msg.(type) {
	case adminTablesMsg:
		a.loaded, a.tables, a.err = true, msg.tables, msg.err
		a.sel = min(a.sel, max(len(a.tables)-1, 0))
		return a, nil
	case tea.KeyPressMsg:
		km := a.keys
		switch {
		case keyMatches(msg, km.Back):
			a.s.setStatus("", false)
			return a.s.home, nil
		case keyMatches(msg, km.Up):
			a.sel = max(a.sel-1, 0)
		case keyMatches(msg, km.Down):
			a.sel = min(a.sel+1, max(len(a.tables)-1, 0))
		case keyMatches(msg, km.Refresh):
			return a, a.load()
		case keyMatches(msg, km.Watch):
			if a.sel >= len(a.tables) {
				a.s.setStatus("There is no table to watch.", true)
				return a, nil
			}
			code := a.tables[a.sel].Code
			return a, a.s.call(func() error { return a.s.client.WatchCode(code) }, "")
		default:
			a.s.setStatus(fmt.Sprintf("%q does nothing here: ↑/↓ choose a table, enter watches it, r refreshes, esc goes back.", msg.String()), true)
		}
	}
	return a, nil
}

// View implements screen.
func (a *adminScreen) View() string {
	th := a.s.th
	w := a.width
	lines := []string{th.Title.Render("ALL TABLES") + th.Faint.Render(" · admin view, private tables too (r refreshes)"), ""}
	switch {
	case !a.loaded:
		lines = append(lines, th.Faint.Render("Reading the tables…"))
	case a.err != nil:
		lines = append(lines, th.Bad.Render(errorText(a.err)))
	case len(a.tables) == 0:
		lines = append(lines, th.Faint.Render("No table is open."))
	}
	room := max(a.height-len(lines)-3, 2)
	first := max(a.sel-room/2+1, 0)
	for i := first; i < len(a.tables) && len(lines) < a.height-3; i++ {
		t := a.tables[i]
		vis := "public "
		if t.Private {
			vis = "private"
		}
		var seats []string
		for _, n := range t.Seats {
			if n == "" {
				n = "empty"
			}
			seats = append(seats, n)
		}
		row := fmt.Sprintf("%s %s %-8s %d/%d %s · %s", t.Code, vis, t.Status, t.Taken, t.TableSummary.Seats, t.GameName, strings.Join(seats, ", "))
		if t.Spectators > 0 {
			row += fmt.Sprintf(" · %d watching", t.Spectators)
		}
		row = board.Clip(row, max(w-2, 10))
		if i == a.sel {
			lines = append(lines, th.Selected.Render(board.PadRight("›"+row, w)))
		} else {
			lines = append(lines, " "+row)
		}
	}
	body := strings.Join(lines, "\n")
	pad := strings.Repeat("\n", max(a.height-strings.Count(body, "\n")-3, 1))
	return body + pad + a.s.statusLine("", w) + "\n" + a.s.shortHelp(w, "admin-tables", a.keys)
}
