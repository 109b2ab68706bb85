package ui

import (
	"errors"
	"strings"

	"arcade/rooms"
	"arcade/ui/board"
)

// The settings screen's drawing; settings.go holds its state and keys,
// settingsguide.go the guide drawn beside it.

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
		ink, said, hang := th.Good, st.said, 0
		if st.bad {
			ink, said, hang = th.Bad, "! "+said, 2 // marked without colour too
		}
		for _, l := range board.WrapHang(said, w-2, hang) {
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
	me := st.s.client.Player()
	lines = append(lines, board.WrapHang(" "+keyName(me.ID)+thisKey(me, me.ID), w, 3)...)
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
		lines = append(lines, st.choice(settingsKeysFrom+i, keyName(k.ID), about+thisKey(me, k.ID), w)...)
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
