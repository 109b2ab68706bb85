package sshtest

import (
	"fmt"
	"regexp"
	"strings"

	tea "charm.land/bubbletea/v2"

	"arcade/sshserver"
)

// ProbeMarker starts the first line of the Probe screen.
const ProbeMarker = "probe"

// Probe is a model for sshserver.Config.NewModel that shows what the server
// gave the session, one "key=value" per line: id, guest, name, invite, hint
// (the connect hint), env
// (how many env variables the session kept), size (the last window size
// the program saw, WxH), resizes (how many window sizes it was given) and
// paste (the length of the last paste). q quits. Read the fields with Field.
func Probe(s sshserver.Session) tea.Model {
	return &probe{s: s, env: len(s.SSH.Environ())}
}

type probe struct {
	s             sshserver.Session
	env           int
	width, height int
	resizes       int
	paste         int
}

// Init implements tea.Model.
func (p *probe) Init() tea.Cmd { return nil }

// Update records window sizes and quits on q.
func (p *probe) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch m := msg.(type) {
	case tea.WindowSizeMsg:
		p.width, p.height = m.Width, m.Height
		p.resizes++
	case tea.PasteMsg:
		p.paste = len(m.Content)
	case tea.KeyPressMsg:
		if m.String() == "q" {
			return p, tea.Quit
		}
	}
	return p, nil
}

// View shows the fields.
func (p *probe) View() tea.View {
	lines := []string{
		ProbeMarker,
		"id=" + p.s.Player.ID,
		fmt.Sprintf("guest=%v", p.s.Player.Guest),
		"name=" + p.s.Player.Name,
		"invite=" + p.s.Options.InviteCode,
		"hint=" + p.s.Options.ConnectHint,
		fmt.Sprintf("env=%d", p.env),
		fmt.Sprintf("size=%dx%d", p.width, p.height),
		fmt.Sprintf("resizes=%d", p.resizes),
		fmt.Sprintf("paste=%d", p.paste),
	}
	v := tea.NewView(strings.Join(lines, "\n"))
	v.AltScreen = true
	return v
}

// Field returns the value of the line "key=value" on the screen (trailing
// spaces trimmed), or "" when there is none.
func Field(screen, key string) string {
	m := regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(key) + `=(.*?)[ \t]*$`).FindStringSubmatch(screen)
	if m == nil {
		return ""
	}
	return m[1]
}
