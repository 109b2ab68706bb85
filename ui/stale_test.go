package ui

import (
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	"arcade/rooms"
	"arcade/ui/board"
	uifirelibrary "arcade/ui/firelibrary"
)

// TestHiddenBoardTakesNoKeys: while "Please enlarge your terminal" hides a
// table, a blind enter (or any game key) plays nothing; ctrl+c still asks
// to leave, and the notice says so.
func TestHiddenBoardTakesNoKeys(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("b", "enter")
	d.waitFor("YOUR MOVE")
	before := d.app.table.u.Version
	d.send(tea.WindowSizeMsg{Width: 70, Height: 20})
	s := d.screen()
	if !strings.Contains(s, "Please enlarge") || !strings.Contains(s, "ctrl+c leaves the table") {
		t.Fatalf("too-small notice at a table:\n%s", s)
	}
	d.key("enter", "1", "d", "enter", "B", "S")
	time.Sleep(50 * time.Millisecond)
	d.screen()
	if d.app.table.u.Version != before || d.app.table.seats.open {
		t.Fatal("keys acted on a hidden board")
	}
	d.send(tea.KeyPressMsg{Code: 'c', Mod: tea.ModCtrl})
	if s := d.screen(); !strings.Contains(s, "Leave? The game ends: nobody else plays here. y/n") {
		t.Fatalf("ctrl+c on a hidden table did not ask:\n%s", s)
	}
	d.key("n")
	d.send(tea.WindowSizeMsg{Width: 80, Height: 23})
	if s := d.screen(); !strings.Contains(s, "YOUR MOVE") || strings.Contains(s, "enlarge") {
		t.Fatalf("the table does not show at 80x23:\n%s", s)
	}
}

// TestTooSmallNoticeFits: however small the terminal, the notice fits it.
func TestTooSmallNoticeFits(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	for _, sz := range [][2]int{{59, 17}, {40, 10}, {20, 6}, {12, 3}, {1, 1}} {
		d.send(tea.WindowSizeMsg{Width: sz[0], Height: sz[1]})
		s := d.screen()
		lines := strings.Split(s, "\n")
		if len(lines) != sz[1] {
			t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for _, l := range lines {
			if board.Width(l) > sz[0] {
				t.Errorf("%dx%d: line %q is wider than the terminal", sz[0], sz[1], l)
			}
		}
		if sz[1] >= 6 && !strings.Contains(strings.Join(strings.Fields(s), " "), "enlarge") {
			t.Errorf("%dx%d: no request to enlarge:\n%s", sz[0], sz[1], s)
		}
	}
}

// atTable seats anna at a game against bots and returns her table screen.
func atTable(t *testing.T, d *driver) *tableScreen {
	t.Helper()
	d.waitFor("THE ARCADE")
	d.key("b", "enter")
	d.waitFor("YOUR MOVE")
	return d.app.table
}

// withUpdate returns a copy of the table's update changed by f.
func withUpdate(ts *tableScreen, f func(u *rooms.TableUpdate)) *rooms.TableUpdate {
	u := *ts.u
	f(&u)
	return &u
}

// withSeat returns a copy of the table's update with seat i set to info.
func withSeat(ts *tableScreen, i int, info rooms.SeatInfo) *rooms.TableUpdate {
	return withUpdate(ts, func(u *rooms.TableUpdate) {
		u.Seats = append([]rooms.SeatInfo(nil), u.Seats...)
		u.Seats[i] = info
	})
}

// TestNotYourTurnGoesWhenYourTurnComes: "not your turn" is about the moment
// it was said; the turn coming (or going) clears it.
func TestNotYourTurnGoesWhenYourTurnComes(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	ts := atTable(t, d)
	mine := ts.u
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) { u.Legal = nil }))
	ts.key(tea.KeyPressMsg{Code: tea.KeyTab})
	if !strings.Contains(d.app.s.status, "not your turn") {
		t.Fatalf("status %q", d.app.s.status)
	}
	ts.setUpdate(mine)
	if d.app.s.status != "" {
		t.Fatalf("%q stayed into the player's turn", d.app.s.status)
	}
}

// TestSpectatorIsToldTheyWatch: a key that means nothing to someone
// watching a game in play says they watch, not that it is not their turn.
func TestSpectatorIsToldTheyWatch(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	ts := atTable(t, d)
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) { u.Legal, u.You = nil, engine.Spectator }))
	d.key("l")
	if s := d.app.s.status; !strings.Contains(s, "you are watching") || strings.Contains(s, "your turn") {
		t.Fatalf("status %q", s)
	}
}

// TestStandInMessageGoesWhenThePlayerIsBack: "A normal bot plays for bob"
// goes once the seat changes again.
func TestStandInMessageGoesWhenThePlayerIsBack(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	ts := atTable(t, d)
	ts.setUpdate(withSeat(ts, 1, rooms.SeatInfo{Name: "bob", StandIn: true, Bot: true, BotLevel: "normal"}))
	d.app.s.setStatus("A normal bot plays for bob until they come back.", false)
	ts.setUpdate(withSeat(ts, 1, rooms.SeatInfo{Name: "bob", Connected: true}))
	if d.app.s.status != "" {
		t.Fatalf("%q stayed after bob came back", d.app.s.status)
	}
}

// TestRefusalGoesAfterAValidChoice: a board's refusal stays until the next
// key the board takes without complaint (or a move of the menu's cursor).
func TestRefusalGoesAfterAValidChoice(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	ts := atTable(t, d)
	ts.board = cursorBoard{uifirelibrary.NewBoard()}
	d.key("v")
	if !d.app.s.bad || !strings.Contains(d.app.s.status, "No fire gem") {
		t.Fatalf("no refusal: %q", d.app.s.status)
	}
	d.key("w")
	if d.app.s.status != "" {
		t.Fatalf("the refusal %q stayed after a valid selection", d.app.s.status)
	}
	d.key("v", "j")
	if d.app.s.status != "" {
		t.Fatalf("the refusal %q stayed after the cursor moved", d.app.s.status)
	}
}

// cursorBoard refuses v and takes w as a valid cursor move.
type cursorBoard struct{ board.Renderer }

func (cursorBoard) HandleKey(key string, _ engine.View, _ []engine.Action) board.Reply {
	switch key {
	case "v":
		return board.Refuse("No fire gem to put out there.")
	case "w":
		return board.Took()
	}
	return board.Reply{}
}

// TestLogFollowsUnlessScrolled: the log shows the newest events; scrolled
// back it stays put and says how many came in below, and the player's turn
// brings it back to the newest.
func TestLogFollowsUnlessScrolled(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	ts := atTable(t, d)
	legal := ts.u.Legal
	var log []string
	for i := range 30 {
		log = append(log, "event "+string(rune('A'+i%26))+strings.Repeat("x", i%3))
	}
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) { u.Log, u.Legal = logLines(log...), nil }))
	s := stripANSI(d.screen())
	if !strings.Contains(s, log[29]) {
		t.Fatalf("the newest event is not shown:\n%s", s)
	}
	full := strings.Count(paneOf(s), "event ")
	d.key("[")
	s = stripANSI(d.screen())
	if strings.Contains(s, log[29]) {
		t.Fatalf("[ did not scroll back:\n%s", s)
	}
	if n := strings.Count(paneOf(s), "event "); n != full {
		t.Fatalf("scrolled back, the log shows %d events, not %d:\n%s", n, full, s)
	}
	shown := lastNonBlank(strings.Split(paneOf(s), "\n"))
	more := append(append([]string(nil), log[2:]...), "new one", "new two")
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) { u.Log, u.Legal = logLines(more...), nil }))
	s = stripANSI(d.screen())
	if !strings.Contains(s, "2 new below") || lastNonBlank(strings.Split(paneOf(s), "\n")) != shown {
		t.Fatalf("a scrolled-back log moved or did not say what came in (was %q):\n%s", shown, s)
	}
	d.key("]", "]", "]", "]", "]", "]", "]", "]", "]", "]")
	if s := stripANSI(d.screen()); !strings.Contains(s, "new two") || strings.Contains(s, "new below") {
		t.Fatalf("] did not come back to the newest:\n%s", s)
	}
	d.key("[")
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) { u.Log, u.Legal = logLines(append(more, "your turn now")...), legal }))
	if s := stripANSI(d.screen()); !strings.Contains(s, "your turn now") {
		t.Fatalf("the player's turn did not bring the log to the newest:\n%s", s)
	}
}

// paneOf is the log pane's column of a table screen at 80 columns (the
// right of the moves | log strip).
func paneOf(s string) string {
	var out []string
	for _, l := range strings.Split(s, "\n") {
		if i := strings.Index(l, "│"); i >= 0 {
			out = append(out, strings.TrimSpace(l[i+len("│"):]))
		}
	}
	return strings.Join(out, "\n")
}

// TestMenuWordsComeFromTheUpdate: the move menu puts an update's moves in
// words from that update's own view, whatever the table did since: drawing
// a screen asks nothing of the table, which may be busy or on another
// node.
func TestMenuWordsComeFromTheUpdate(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	ts := atTable(t, d)
	mine := ts.u
	first := ts.menu()[0]
	want := engine.Describe(mine.View, first.act)
	if want == first.act.String() {
		t.Fatalf("the game has no words for %v", first.act)
	}
	if err := d.client.Act(first.act); err != nil {
		t.Fatal(err)
	}
	for i := 0; d.app.table.u.Version == mine.Version; i++ {
		if i == 100 {
			t.Fatal("the table never moved on")
		}
		d.screen()
	}
	ts.setUpdate(mine)
	rows, _, _ := ts.menuRows(ts.menu(), 0, 200, 40)
	if got := strings.Join(rows, "\n"); !strings.Contains(got, want) {
		t.Fatalf("an update drawn after the table moved on lacks the words %q:\n%s", want, got)
	}
}

// TestStatusOutlivesNoMoment: feedback leaves the status line after
// statusLife, and the server's notice under it shows again.
func TestStatusOutlivesNoMoment(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("Z")
	d.waitFor("does nothing here")
	d.app.s.statusAt = time.Now().Add(-statusLife / 2)
	d.send(statusExpiredMsg{})
	if s := d.screen(); !strings.Contains(s, "does nothing here") {
		t.Fatalf("the status left before its time:\n%s", s)
	}
	d.app.s.statusAt = time.Now().Add(-statusLife)
	d.send(statusExpiredMsg{})
	if s := d.screen(); strings.Contains(s, "does nothing here") {
		t.Fatalf("the status outlived its moment:\n%s", s)
	}
}

// TestTwoQuickEscs: two Escs that reach the server together (as alt+esc)
// count as two: a help screen opened over the new-table form closes, and
// so does the form.
func TestTwoQuickEscs(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("c")
	d.waitFor("NEW TABLE")
	d.key("?")
	d.waitFor("Help")
	d.send(tea.KeyPressMsg{Code: tea.KeyEscape, Mod: tea.ModAlt})
	if s := d.screen(); strings.Contains(s, "NEW TABLE") || strings.Contains(s, "Help") {
		t.Fatalf("alt+esc did not close both:\n%s", s)
	}
}

// logLines makes a log of texts that cite no rule.
func logLines(texts ...string) []rooms.LogLine {
	out := make([]rooms.LogLine, len(texts))
	for i, t := range texts {
		out[i] = rooms.LogLine{Text: t}
	}
	return out
}
