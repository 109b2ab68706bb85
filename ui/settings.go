package ui

import (
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/keys"
	"arcade/rooms"
)

// The settings screen: its state, what it reads and changes, and its keys;
// settingsview.go draws it.

// settingsScreen is a keyed player's settings (s in the lobby): the web
// address their notifications go to (set, cleared and tested here), the
// your-turn bell, and the SSH keys linked to them (unlinked here; linking
// is done from a shell). A guest reads why settings need a key. Every
// store read and write runs in a command.
type settingsScreen struct {
	s             *session
	keys          *keys.Settings
	width, height int
	loaded        bool
	// hook is the notification address ("" for none); hookErr says why
	// there is none to set (the server sends none, the store failed).
	hook    string
	hookErr error
	// said is the outcome of the last change or test of the address, in
	// a sentence (bad: it failed); testing: a test notice is on its way.
	said    string
	bad     bool
	testing bool
	// linked are the keys linked to the player besides the first;
	// linkErr says why they cannot be listed.
	linked  []rooms.LinkedKey
	linkErr error
	// row is the line under the cursor: settingsAddress, settingsBell,
	// then the linked keys.
	row int
	ask *ask
}

// The settings screen's first lines; the linked keys follow.
const (
	settingsAddress = iota
	settingsBell
	settingsKeysFrom
)

// promptWebhook labels the address's editor; webhookMaxRunes is the
// longest address a server takes.
const (
	promptWebhook   = "Notification address"
	webhookMaxRunes = 512
)

// settingsMsg brings the settings, read off the event loop, and what
// changed them (ok, for the status line; "" when nothing did).
type settingsMsg struct {
	hook    string
	hookErr error
	linked  []rooms.LinkedKey
	linkErr error
	ok      string
}

func (settingsMsg) screenData() {}

// webhookMsg is the outcome of setting, clearing or testing the address:
// said (a sentence) or err, and whether the address changed; on err,
// again (when set) opens the address typed in its editor again.
type webhookMsg struct {
	said    string
	err     error
	changed bool
	again   func() tea.Cmd
}

func (webhookMsg) screenData() {}

func newSettingsScreen(s *session) *settingsScreen {
	return &settingsScreen{s: s, keys: &settingsKeys}
}

// load reads the address and the linked keys.
func (st *settingsScreen) load() tea.Cmd {
	c := st.s.client
	if c.Player().Guest {
		return nil
	}
	return func() tea.Msg { return readSettings(c, "") }
}

// readSettings reads the client's settings (a store read: only in a
// command), with ok to say.
func readSettings(c *rooms.Client, ok string) settingsMsg {
	m := settingsMsg{ok: ok}
	m.hook, m.hookErr = c.Webhook()
	m.linked, m.linkErr = c.LinkedKeys()
	return m
}

// SetSize implements screen.
func (st *settingsScreen) SetSize(w, h int) { st.width, st.height = w, h }

// ShortHelp implements help.KeyMap.
func (st *settingsScreen) ShortHelp() []key.Binding { return st.keys.ShortHelp() }

// FullHelp implements help.KeyMap.
func (st *settingsScreen) FullHelp() [][]key.Binding { return st.keys.FullHelp() }

// helpTopic implements helpTopic: what the settings are.
func (st *settingsScreen) helpTopic() topic {
	return topic{intro: settingsGuide(st.s.opts.ConnectHint) + "\n\n"}
}

// Update implements screen.
func (st *settingsScreen) Update(msg tea.Msg) (screen, tea.Cmd) {
	switch m := msg.(type) {
	case settingsMsg:
		st.loaded = true
		st.hook, st.hookErr, st.linked, st.linkErr = m.hook, m.hookErr, m.linked, m.linkErr
		st.row = min(st.row, st.rows()-1)
		if m.ok != "" {
			st.s.setStatus(m.ok, false)
		}
	case webhookMsg:
		st.testing = false
		st.said, st.bad = m.said, m.err != nil
		if m.err != nil {
			st.said = errorText(m.err)
			if m.again != nil && st.s.prompt == nil {
				return st, m.again()
			}
		}
		if m.changed {
			return st, st.load()
		}
	case tea.KeyPressMsg:
		return st.key(m)
	}
	return st, nil
}

// rows counts the lines the cursor moves over.
func (st *settingsScreen) rows() int { return settingsKeysFrom + len(st.linked) }

// key handles a key press.
func (st *settingsScreen) key(k tea.KeyPressMsg) (screen, tea.Cmd) {
	km, s := st.keys, st.s
	if st.ask != nil {
		cmd, over := st.ask.answer(s, k, km.Yes, km.No)
		if over {
			st.ask = nil
		}
		return st, cmd
	}
	switch {
	case keyMatches(k, km.Back):
		s.setStatus("", false)
		return s.home, nil
	case s.client.Player().Guest:
		s.setStatus("Settings need your SSH key: esc goes back.", true)
	case keyMatches(k, km.Up):
		st.row = max(st.row-1, 0)
	case keyMatches(k, km.Down):
		st.row = min(st.row+1, st.rows()-1)
	case keyMatches(k, km.Signal):
		return st, st.toggleSignal()
	case keyMatches(k, km.Test):
		return st, st.test()
	case keyMatches(k, km.Edit):
		return st, st.edit()
	case keyMatches(k, km.Remove):
		return st, st.remove()
	default:
		s.setStatus(fmt.Sprintf("%q does nothing here: ↑/↓ choose a line, enter changes it, x clears or unlinks, esc goes back.", k.String()), true)
	}
	return st, nil
}

// toggleSignal turns the your-turn bell and title off or on (App takes
// the quietMsg it brings).
func (st *settingsScreen) toggleSignal() tea.Cmd {
	c, on := st.s.client, !st.s.quiet
	return func() tea.Msg { return quietMsg{on: on, err: c.SetQuiet(on)} }
}

// edit changes the line under the cursor: the address opens its editor,
// the bell turns on or off.
func (st *settingsScreen) edit() tea.Cmd {
	s := st.s
	switch {
	case st.row == settingsBell:
		return st.toggleSignal()
	case st.row >= settingsKeysFrom:
		s.setStatus("x unlinks the key under the cursor; keys are linked from a shell (see LINKED KEYS).", false)
		return nil
	case st.hookErr != nil:
		s.setStatus(errorText(st.hookErr), true)
		return nil
	}
	return st.editAddress(st.hook)
}

// editAddress opens the address's editor on value; an address refused
// comes back in it, to be put right.
func (st *settingsScreen) editAddress(value string) tea.Cmd {
	c := st.s.client
	return st.s.openPrompt(promptWebhook, value, "https://… (a webhook's address)", webhookMaxRunes, func(url string) tea.Cmd {
		url = strings.TrimSpace(url)
		said := "Notifications go to that address from now on: t sends a test notice."
		if url == "" {
			said = "Notifications are off: no address is set."
		}
		return st.change(func() error { return c.SetWebhook(url) }, said, func() tea.Cmd { return st.editAddress(url) })
	})
}

// change runs a change of the address in a command and says how it went;
// again (nil: none) reopens the editor if the change is refused.
func (st *settingsScreen) change(do func() error, said string, again func() tea.Cmd) tea.Cmd {
	return func() tea.Msg {
		if err := do(); err != nil {
			return webhookMsg{err: err, again: again}
		}
		return webhookMsg{said: said, changed: true}
	}
}

// remove clears the address, or asks whether to unlink the key under the
// cursor.
func (st *settingsScreen) remove() tea.Cmd {
	s, c := st.s, st.s.client
	switch {
	case st.row == settingsAddress && st.hook == "":
		s.setStatus("No address is set: enter sets one.", true)
	case st.row == settingsAddress:
		return st.change(func() error { return c.SetWebhook("") }, "Notifications are off: no address is set.", nil)
	case st.row == settingsBell:
		s.setStatus("enter (or N) turns the bell on or off.", true)
	default:
		id := st.linked[st.row-settingsKeysFrom].ID
		st.ask = &ask{
			question: fmt.Sprintf("Unlink %s? Whoever connects with it is no longer you. y/n", keyName(id)),
			yes: func() tea.Cmd {
				return func() tea.Msg {
					if err := c.Unlink(id); err != nil {
						return resultMsg{err: err}
					}
					return readSettings(c, "The key is unlinked: it is nobody's but its own again.")
				}
			},
		}
	}
	return nil
}

// test sends a test notice, which may take seconds.
func (st *settingsScreen) test() tea.Cmd {
	s := st.s
	switch {
	case st.hookErr != nil:
		s.setStatus(errorText(st.hookErr), true)
		return nil
	case st.hook == "":
		s.setStatus(rooms.ErrNoWebhook.Error()+" enter edits the address.", true)
		return nil
	case st.testing:
		return nil
	}
	st.testing, st.said = true, ""
	c := s.client
	return func() tea.Msg {
		if err := c.TestWebhook(); err != nil {
			return webhookMsg{err: err}
		}
		return webhookMsg{said: "The test notice arrived."}
	}
}

// keyName is a key's ID as the screens show it: its fingerprint.
func keyName(id string) string { return strings.TrimPrefix(id, "key:") }

// thisKey marks the key id when it is the one p's session connected with.
func thisKey(p rooms.Player, id string) string {
	if p.Key != "" && p.Key == id {
		return " · this key"
	}
	return ""
}
