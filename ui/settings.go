package ui

import (
	"errors"
	"fmt"
	"strings"

	"charm.land/bubbles/v2/key"
	tea "charm.land/bubbletea/v2"

	"arcade/keys"
	"arcade/rooms"
	"arcade/ui/board"
)

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
// said (a sentence) or err, and whether the address changed.
type webhookMsg struct {
	said    string
	err     error
	changed bool
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
	c := s.client
	return s.openPrompt(promptWebhook, st.hook, "https://… (a webhook's address)", webhookMaxRunes, func(url string) tea.Cmd {
		url = strings.TrimSpace(url)
		said := "Notifications go to that address from now on: t sends a test notice."
		if url == "" {
			said = "Notifications are off: no address is set."
		}
		return st.change(func() error { return c.SetWebhook(url) }, said)
	})
}

// change runs a change of the address in a command and says how it went.
func (st *settingsScreen) change(do func() error, said string) tea.Cmd {
	return func() tea.Msg {
		if err := do(); err != nil {
			return webhookMsg{err: err}
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
		return st.change(func() error { return c.SetWebhook("") }, "Notifications are off: no address is set.")
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

// settingsGuideFrom is the narrowest settings screen with the guide
// beside the settings, and settingsWidth the widest its settings get.
const (
	settingsGuideFrom = 120
	settingsWidth     = 64
)

// View implements screen: the settings and, on a wide terminal, the guide
// to them beside, flowing like a newspaper's columns.
func (st *settingsScreen) View() string {
	s := st.s
	th, w := s.th, st.width
	me := s.client.Player()
	title := board.PadRight(th.Title.Render("SETTINGS"), w-board.Width(me.Name)-1) + " " + me.Name
	keyLine := s.keyLines(w, 2, "settings", st.keys)
	bodyH := max(st.height-4-strings.Count(keyLine, "\n"), 1)
	leftW := w
	if w >= settingsGuideFrom {
		leftW = min(settingsWidth, w/2)
	}
	body := strings.Join(st.lines(leftW, bodyH), "\n")
	if w >= settingsGuideFrom {
		guide, _ := textColumns(func(colW int) [][]string {
			return headed(th.Heading.Render, textParts(settingsGuide(s.opts.ConnectHint), colW))
		}, th.Heading.Render("ABOUT THESE SETTINGS"), w-leftW-2, bodyH, true)
		body = board.Columns(board.FitBlock(body, leftW, bodyH), board.FitBlock("", 2, bodyH), guide)
	}
	var foot string
	switch {
	case s.prompt != nil:
		foot = s.promptLine(w)
	case st.ask != nil:
		foot = th.Warn.Render(st.ask.question)
	default:
		foot = s.statusLine(s.lobbyNotice(), w)
	}
	return title + "\n\n" + board.FitBlock(body, w, bodyH) + "\n" + foot + "\n" + keyLine
}

// lines are the settings in w columns and at most h lines: with room to
// spare, a blank line parts each setting from its note; short of room,
// the notes go.
func (st *settingsScreen) lines(w, h int) []string {
	th := st.s.th
	if st.s.client.Player().Guest {
		return wrap("You came as a guest: settings belong to your SSH key, and a guest has none. Connect with a key (ssh -i ~/.ssh/id_ed25519 ...) to set where notifications go and to link your other machines.", w)
	}
	if !st.loaded {
		return []string{th.Faint.Render("Reading your settings…")}
	}
	if lines := st.sections(w, true, true); len(lines) <= h {
		return lines
	}
	if lines := st.sections(w, true, false); len(lines) <= h {
		return lines
	}
	return st.sections(w, false, false)
}

// sections are the three settings, with the notes under them when notes
// is set, apart from them when roomy is.
func (st *settingsScreen) sections(w int, notes, roomy bool) []string {
	th := st.s.th
	note := func(text string) []string {
		var out []string
		if roomy {
			out = append(out, "")
		}
		for _, l := range board.WrapHang(text, w-2, 0) {
			out = append(out, "  "+th.Faint.Render(l))
		}
		return out
	}
	gap := []string{""}
	if roomy {
		gap = []string{"", ""}
	}
	// NOTIFICATIONS
	lines := []string{th.Heading.Render("NOTIFICATIONS")}
	addr := st.hook
	switch {
	case errors.Is(st.hookErr, rooms.ErrNoNotifications):
		addr = "none: this server does not send notifications"
	case st.hookErr != nil:
		addr = errorText(st.hookErr)
	case addr == "":
		addr = "none set"
	}
	lines = append(lines, st.choice(settingsAddress, "Address", addr, w)...)
	if notes && st.hookErr == nil {
		lines = append(lines, note("At a correspondence table the arcade posts to this address when a move becomes yours while you are away, and again when three quarters of your clock has run.")...)
	}
	switch {
	case st.testing:
		lines = append(lines, "  "+th.Faint.Render("Sending a test notice…"))
	case st.said != "":
		ink := th.Good
		if st.bad {
			ink = th.Bad
		}
		for _, l := range board.WrapHang(st.said, w-2, 0) {
			lines = append(lines, "  "+ink.Render(l))
		}
	}
	// YOUR-TURN BELL
	bell := "on: the terminal rings and its title says so"
	if st.s.quiet {
		bell = "off"
	}
	lines = append(append(lines, gap...), th.Heading.Render("YOUR-TURN BELL"))
	lines = append(lines, st.choice(settingsBell, "Bell & title", bell, w)...)
	if notes {
		lines = append(lines, note("When a decision becomes yours at a table. N turns it on or off, here or at any table; it stays with your key.")...)
	}
	// LINKED KEYS
	lines = append(append(lines, gap...), th.Heading.Render("LINKED KEYS"))
	lines = append(lines, board.WrapHang(" "+keyName(st.s.client.Player().ID), w, 3)...)
	for _, l := range board.WrapHang("the key you first played with: it names you and cannot be unlinked", w-2, 0) {
		lines = append(lines, "  "+th.Faint.Render(l))
	}
	switch {
	case errors.Is(st.linkErr, rooms.ErrNoLinks):
		return append(lines, note("This server does not keep linked keys.")...)
	case st.linkErr != nil:
		return append(lines, note(errorText(st.linkErr))...)
	}
	for i, k := range st.linked {
		about := "linked " + k.Added.UTC().Format("2 Jan 2006")
		if !k.LastSeen.IsZero() {
			about += ", last used " + k.LastSeen.UTC().Format("2 Jan 2006")
		}
		lines = append(lines, st.choice(settingsKeysFrom+i, keyName(k.ID), about, w)...)
	}
	lines = append(lines, note(linkHint(st.s.opts.ConnectHint))...)
	if roomy {
		// A tall screen says what the keys do here.
		lines = append(append(lines, gap...), th.Heading.Render("KEYS"))
		for _, l := range board.WrapHang("↑/↓ choose a line, enter changes it (the address opens to edit), x clears the address or unlinks the key under the cursor, t sends a test notice, N turns the bell on or off, esc goes back to the lobby.", w-2, 0) {
			lines = append(lines, "  "+th.Faint.Render(l))
		}
	}
	return lines
}

// choice is one line the cursor moves over: a label and its value, the
// value under the label, wrapped, when both do not fit on one line.
func (st *settingsScreen) choice(row int, label, value string, w int) []string {
	th := st.s.th
	rows := []string{label + "  " + value}
	if board.Width(rows[0]) > w-1 {
		rows = []string{label}
		for _, l := range board.Wrap(value, w-3) {
			rows = append(rows, "  "+l)
		}
	}
	out := make([]string, len(rows))
	for i, r := range rows {
		switch {
		case row != st.row:
			out[i] = " " + r
		case i == 0:
			out[i] = th.Selected.Render(board.PadRight("›"+r, w))
		default:
			out[i] = th.Selected.Render(board.PadRight(" "+r, w))
		}
	}
	return out
}

// linkHint says how to link another machine's key, with this server's
// ssh command when the session knows it.
func linkHint(connect string) string {
	cmd := sshOr(connect)
	return "To play as yourself from another machine, run " + cmd + " link from a key you play with: it prints a one-time code, good for 10 minutes. Then, on the other machine: " + cmd + " link CODE."
}

// sshOr is the server's ssh command, or a stand-in when the session does
// not know it.
func sshOr(connect string) string {
	if connect == "" {
		return "ssh HOST"
	}
	return connect
}

// headed styles the parts' headings (their lines in capitals) with style.
func headed(style func(...string) string, parts [][]string) [][]string {
	out := make([][]string, len(parts))
	for i, p := range parts {
		out[i] = make([]string, len(p))
		for j, l := range p {
			if l != "" && strings.ToUpper(l) == l && strings.ToLower(l) != l {
				l = style(l)
			}
			out[i][j] = l
		}
	}
	return out
}

// settingsGuide is what the settings screen says about its settings
// beside them, with this server's ssh command (connect).
func settingsGuide(connect string) string {
	cmd := sshOr(connect)
	return `WHERE TO POINT NOTIFICATIONS

- Discord: channel settings, Integrations, Webhooks, New Webhook, Copy Webhook URL.
- Slack, Mattermost, Rocket.Chat: the address of an incoming webhook.
- Gotify: https://gotify.example/message?token=APPTOKEN (an application's token).
- ntfy 2.10 or later: your topic's address with this after it (without it, ntfy shows the raw JSON):
  ?tpl=1&t={{.title}}&m={{.message}}
- Your own receiver: a POST of JSON with kind (your-move, reminder or test), player, game, game_name, table, code, deadline (RFC 3339), title, text and arcade (v1). Answer 2xx within 5 s.

A notice holds only what it names: no hands, no other player's secrets. You get a burst of 3, then at most one a minute. The address starts with https:// or http://, holds at most 512 characters and no user name or password.

WHEN NOTICES DO NOT ARRIVE

t sends a test notice at once and says what went wrong: no answer, a refusal, an address the server will not post to (one on this machine or a private network, unless its operator allows them). A post that finds the service busy (429, 5xx) is tried up to 3 times, waiting as long as it asks up to 30 s; redirects are not followed.

GAMES THAT WAIT

A table's turn clock may give each decision a day, three days or a week: a correspondence game. Its clock runs whether or not you are connected, and the table waits for you. When your clock runs out, a day of your yearly vacation is spent first; then the table plays the game's fallback for you, and after three fallbacks in a row its host may hand your seat to a bot or end the game. The lobby lists your tables first, with whose move it is and the time left.

YOUR MOVE FROM A SHELL

` + cmd + ` turns prints where it is your move, for example "firelibrary 2 · firetower 1", and nothing when no table waits for you; it never disturbs a session you have open. With --json it lists every table where you hold a seat, its clock and deadline. Put it in a tmux status line, a shell prompt, or a cron job that shows a desktop notice.

THE YOUR-TURN BELL

At a table, when a decision becomes yours (your turn, or a window to answer out of turn), the terminal rings its bell and its title says "(!) your turn". The setting stays with your key across restarts.

LINKING A KEY, STEP BY STEP

1. On a machine you already play from, run ` + cmd + ` link: it prints a one-time code such as K7MQ-2XPA-9RTD, good for 10 minutes.
2. On the other machine, run ` + cmd + ` link K7MQ-2XPA-9RTD (dashes and case do not matter).
3. Connect from that machine as usual: you are yourself there, and the key shows on this page, where x unlinks it.

A code works once. Asking for codes and trying them is limited to 5 at once, then one a minute, per key and per address, and every link is logged.

ONE PLAYER, MANY KEYS

Your SSH key is who you are here. A key linked to you is you too: your name, history, ratings, settings and seats. A seat follows whichever of your keys connected last; the older session is told it was replaced. ` + cmd + ` link keys lists your keys from a shell. A key that played on its own before being linked keeps its old games under its own name.

RATINGS

Every keyed player has a rating per game. A table is rated unless its host makes it casual, and only when every seat is a keyed player's at the start: a game against bots or guests is casual. A game everyone wins or loses together, or one the table ended early, moves no rating. y in the lobby shows your ratings and each game's leaderboard, ordered by the conservative estimate μ−3σ.

WHAT THE ARCADE KEEPS ABOUT YOU

Your key's fingerprint, the name you chose, when you were first and last seen, your seats at open tables, your finished games with every move (to replay them), your rating in each game, the keys linked to you and the settings on this page. A key that never chose a name and never sat at a table is forgotten after a while. The address above is written in no log: it carries its secret in its path.`
}
