package ui

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	"arcade/engine/firelibrary"
	"arcade/rooms"
	"arcade/rooms/store"
	"arcade/ui/board"
	uifirelibrary "arcade/ui/firelibrary"
)

// testGames are the games of the tests' hubs and sessions.
var testGames = []Game{{Engine: firelibrary.Game{}, Board: uifirelibrary.NewBoard}}

// driver runs an App the way a Bubble Tea program would: it feeds messages,
// runs the commands they return (briefly: ticks are dropped) and delivers
// the hub's updates.
type driver struct {
	t      *testing.T
	app    *App
	client *rooms.Client
}

func newDriver(t *testing.T, hub *rooms.Hub, name string, w, h int) *driver {
	t.Helper()
	return newDriverOf(t, hub, testGames, name, w, h)
}

// newDriverOf is newDriver for a session offering games.
func newDriverOf(t *testing.T, hub *rooms.Hub, games []Game, name string, w, h int) *driver {
	t.Helper()
	c := hub.Connect(rooms.Player{ID: "key:" + name, Name: name})
	t.Cleanup(c.Close)
	d := &driver{t: t, app: New(c, Options{Games: games}), client: c}
	d.send(tea.WindowSizeMsg{Width: w, Height: h})
	d.run(d.app.Init())
	return d
}

func (d *driver) send(msg tea.Msg) {
	_, cmd := d.app.Update(msg)
	d.run(cmd)
	d.pump()
}

// run executes a command, feeding its message back; commands that do not
// answer within a moment (ticks) are dropped.
func (d *driver) run(cmd tea.Cmd) {
	if cmd == nil {
		return
	}
	ch := make(chan tea.Msg, 1)
	go func() { ch <- cmd() }()
	select {
	case msg := <-ch:
		switch m := msg.(type) {
		case nil:
		case tea.BatchMsg:
			for _, c := range m {
				d.run(c)
			}
		default:
			if _, isQuit := msg.(tea.QuitMsg); isQuit {
				return
			}
			_, next := d.app.Update(msg)
			d.run(next)
		}
	case <-time.After(200 * time.Millisecond):
	}
}

// pump delivers pending hub updates.
func (d *driver) pump() {
	for {
		select {
		case <-d.client.Notify():
			lobby, table := d.client.Take()
			if lobby != nil {
				_, cmd := d.app.Update(*lobby)
				d.run(cmd)
			}
			if table != nil {
				_, cmd := d.app.Update(*table)
				d.run(cmd)
			}
		default:
			return
		}
	}
}

func (d *driver) key(keys ...string) {
	for _, k := range keys {
		var msg tea.KeyPressMsg
		switch k {
		case "enter":
			msg = tea.KeyPressMsg{Code: tea.KeyEnter}
		case "esc":
			msg = tea.KeyPressMsg{Code: tea.KeyEscape}
		case "tab":
			msg = tea.KeyPressMsg{Code: tea.KeyTab}
		case "backspace":
			msg = tea.KeyPressMsg{Code: tea.KeyBackspace}
		default:
			r := []rune(k)
			msg = tea.KeyPressMsg{Code: r[0], Text: k}
		}
		d.send(msg)
	}
}

// screen waits briefly for the hub and returns the rendered screen.
func (d *driver) screen() string {
	time.Sleep(20 * time.Millisecond)
	d.pump()
	return d.app.render()
}

// openTable has the player open a table with the form's defaults and
// waits in it.
func (d *driver) openTable() {
	d.t.Helper()
	d.key("c")
	d.waitFor("NEW TABLE")
	d.key("enter")
	d.waitFor("waiting")
}

// watchTable has the player watch the first open table, host's, from the
// lobby.
func (d *driver) watchTable(host string) {
	d.t.Helper()
	d.waitFor(host)
	d.key("tab", "w")
	d.waitFor("watching")
}

func (d *driver) waitFor(want string) string {
	d.t.Helper()
	var s string
	for i := 0; i < 100; i++ {
		if s = d.screen(); strings.Contains(s, want) {
			return s
		}
	}
	d.t.Fatalf("screen never showed %q:\n%s", want, s)
	return s
}

func newHub(t *testing.T) *rooms.Hub {
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond})
	t.Cleanup(hub.Close)
	return hub
}

func TestScreenIsExactlyTheTerminalSize(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	s := d.waitFor("THE ARCADE")
	lines := strings.Split(s, "\n")
	if len(lines) != 24 {
		t.Fatalf("lobby has %d lines, want 24", len(lines))
	}
	for i, l := range lines {
		if w := len([]rune(stripANSI(l))); w > 80 {
			t.Fatalf("line %d is %d wide: %q", i, w, l)
		}
	}
}

func TestTooSmallTerminalAsksToEnlarge(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 40, 10)
	s := d.screen()
	if f := strings.Join(strings.Fields(s), " "); !strings.Contains(f, "Please enlarge your terminal to at least 60x18") || !strings.Contains(f, "40x10") {
		t.Fatalf("too-small screen:\n%s", s)
	}
	d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.waitFor("THE ARCADE")
}

func TestUnknownKeyExplainsAndChangesNothing(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("z")
	s := d.screen()
	if !strings.Contains(s, `"z" does nothing here`) {
		t.Fatalf("no message for an unknown key:\n%s", s)
	}
	if d.app.cur != screen(d.app.s.home) {
		t.Fatal("an unknown key changed the screen")
	}
}

func TestBadInviteCodeIsRefused(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("i")
	for _, r := range "ZZZ-ZZZ" {
		d.key(string(r))
	}
	d.key("enter")
	s := d.waitFor("ZZZZZZ")
	if d.app.table != nil || !strings.Contains(s, "!") {
		t.Fatalf("a bad code was not refused clearly:\n%s", s)
	}
	// The code is there again to be put right.
	if p := d.app.s.prompt; p == nil || p.label != promptCode || p.input.Value() != "ZZZ-ZZZ" {
		t.Fatalf("the code's prompt after the refusal: %+v", p)
	}
}

// TestRefusedNameStaysToEdit: a name the hub refuses (kept for the
// admins) comes back in the name prompt, under the reason.
func TestRefusedNameStaysToEdit(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("e", "ctrl+u")
	for _, r := range "admin" {
		d.key(string(r))
	}
	d.key("enter")
	d.waitFor("kept for the arcade's admins")
	if p := d.app.s.prompt; p == nil || p.label != promptName || p.input.Value() != "admin" {
		t.Fatalf("the name prompt after the refusal: %+v", p)
	}
	if d.client.Player().Name != "anna" {
		t.Fatalf("the refused name was taken: %q", d.client.Player().Name)
	}
	if s := stripANSI(d.screen()); !strings.Contains(s, "kept for the arcade's admins") || !strings.Contains(s, "Your name: > admin") {
		t.Fatalf("the reason and the prompt are not both on the screen:\n%s", s)
	}
}

func TestPlayAgainstBotsAndEscNeverLeaves(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("b") // new table with every other seat a bot
	if s := d.waitFor("NEW TABLE"); !strings.Contains(s, "rated · casual while a bot sits here") {
		t.Fatalf("the form does not say a table with bots is casual:\n%s", s)
	}
	d.key("enter")
	s := d.waitFor("LIBRARY")
	if !strings.Contains(s, "anna (you)") || !strings.Contains(s, "YOUR TOOLS") {
		t.Fatalf("table screen lacks the player's own row or tools:\n%s", s)
	}
	if strings.Contains(s, "{seat") {
		t.Fatalf("an unexpanded seat reference reached the screen:\n%s", s)
	}
	d.key("esc", "esc")
	if d.app.table == nil || d.app.cur != screen(d.app.table) {
		t.Fatal("Esc left the table")
	}
	d.key("Q")
	s = d.screen()
	if !strings.Contains(s, "y/n") && !strings.Contains(s, "y leaves") {
		t.Fatalf("Q did not ask before leaving:\n%s", s)
	}
	d.key("n")
	if d.app.table == nil {
		t.Fatal("n left the table")
	}
	d.key("Q", "y")
	d.waitFor("THE ARCADE")
}

func TestHelpShowsRulesAndClosesWithEsc(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	d.key("?")
	s := d.screen()
	if !strings.Contains(s, "Help: Fire in the Library") {
		t.Fatalf("help did not open with the game's rules:\n%s", s)
	}
	d.key("G")
	if !strings.Contains(d.screen(), "100%") {
		t.Fatal("G did not scroll the help to its end")
	}
	d.key("esc")
	d.waitFor("THE ARCADE")
}

func TestColourToggleRemovesColour(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.waitFor("THE ARCADE")
	colourful := d.screen()
	d.send(tea.KeyPressMsg{Code: 'o', Mod: tea.ModCtrl})
	plain := d.screen()
	if !strings.Contains(colourful, "\x1b[38") {
		t.Fatal("the default screen has no colour")
	}
	if strings.Contains(plain, "\x1b[38") || strings.Contains(plain, "\x1b[48") {
		t.Fatalf("colour off still paints colours:\n%q", plain)
	}
}

// stripANSI removes escape sequences to measure printed width.
func stripANSI(s string) string {
	var b strings.Builder
	esc := false
	for _, r := range s {
		switch {
		case r == 0x1b:
			esc = true
		case esc && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z'):
			esc = false
		case !esc:
			b.WriteRune(r)
		}
	}
	return b.String()
}

func TestTerminalWithoutColourGetsPlainTheme(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	d.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	s := d.waitFor("THE ARCADE")
	if strings.Contains(s, "\x1b[38") || !strings.Contains(s, "\x1b[7m") {
		t.Fatalf("an ASCII terminal should get reverse video, not colours:\n%q", s)
	}
}

// replyBoard is the Fire in the Library board with keys of its own that
// answer with canned replies: v refuses, y informs, z plays the first legal
// move.
type replyBoard struct{ board.Renderer }

func (b replyBoard) HandleKey(key string, _ engine.View, legal []engine.Action) board.Reply {
	switch {
	case key == "v":
		return board.Refuse("Not there.")
	case key == "y":
		return board.Inform("The Axe is ready.")
	case key == "z" && len(legal) > 0:
		return board.Play(legal[0])
	}
	return board.Reply{}
}

// TestBoardRepliesShowAsTheySay: a board's refusal is shown as a warning,
// its information plainly, and its move is played.
func TestBoardRepliesShowAsTheySay(t *testing.T) {
	games := []Game{{Engine: firelibrary.Game{}, Board: func() board.Renderer { return replyBoard{uifirelibrary.NewBoard()} }}}
	hub := rooms.NewHub(rooms.Config{Games: Engines(games), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond})
	t.Cleanup(hub.Close)
	c := hub.Connect(rooms.Player{ID: "key:anna", Name: "anna"})
	t.Cleanup(c.Close)
	d := &driver{t: t, app: New(c, Options{Games: games}), client: c}
	d.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	d.run(d.app.Init())
	d.key("b", "enter")
	d.waitFor("YOUR MOVE")
	d.key("v")
	if s := stripANSI(d.screen()); !strings.Contains(s, "! Not there.") {
		t.Fatalf("a refusal is not shown as a warning:\n%s", s)
	}
	d.key("y")
	s := stripANSI(d.screen())
	if !strings.Contains(s, "The Axe is ready.") || strings.Contains(s, "! The Axe") {
		t.Fatalf("information is not shown plainly:\n%s", s)
	}
	before := d.app.table.u.Version
	d.key("z")
	for i := 0; i < 100 && d.app.table.u.Version == before; i++ {
		d.screen()
	}
	if d.app.table.u.Version == before {
		t.Fatal("the board's move was not played")
	}
}

// TestServerNoticeShows: an admin's notice shows in the lobby and at a
// table, drain mode says why no table opens, and both go when taken down.
func TestServerNoticeShows(t *testing.T) {
	hub := newHub(t)
	d := newDriver(t, hub, "anna", 80, 24)
	d.waitFor("GAMES")
	hub.SetNotice(rooms.Admin{ID: "key:SHA256:admin", Name: "admin"}, "Restart at 18:00 UTC")
	d.waitFor("Notice: Restart at 18:00 UTC")
	hub.SetDraining(true)
	d.waitFor("No new tables for now (maintenance).")
	hub.SetDraining(false)
	d.key("b", "enter") // a game against bots
	d.waitFor("Notice: Restart at 18:00 UTC")
	hub.SetNotice(rooms.Admin{ID: "key:SHA256:admin", Name: "admin"}, "")
	for i := 0; strings.Contains(d.screen(), "Notice:"); i++ {
		if i == 100 {
			t.Fatalf("the notice stays after it was taken down:\n%s", d.screen())
		}
	}
}

// TestReportAPlayer: "!" at a table opens a prompt for the seat and a
// reason; the report reaches the admins' list; a bad seat is explained,
// under the prompt that keeps what was typed.
func TestReportAPlayer(t *testing.T) {
	hub := newHub(t)
	d := newDriver(t, hub, "anna", 80, 24)
	d.waitFor("GAMES")
	d.key("c", "enter")
	d.waitFor("Invite code:")
	bob := hub.Connect(rooms.Player{ID: "key:bob", Name: "bob"})
	t.Cleanup(bob.Close)
	if err := bob.JoinCode(d.app.table.u.Code); err != nil {
		t.Fatal(err)
	}
	d.waitFor("bob")
	d.key("!")
	d.waitFor("Report seat:")
	d.key("x", "enter")
	d.waitFor("Give the seat number first") // over the prompt, which keeps the x to put right
	if p := d.app.s.prompt; p == nil || p.label != promptReport || p.input.Value() != "x" {
		t.Fatalf("the report prompt after the refusal: %+v", p)
	}
	d.key("ctrl+u", "2", " ", "i", "n", "s", "u", "l", "t", "s", " ", "e", "v", "e", "r", "y", "o", "n", "e")
	d.waitFor("2 insults everyone") // the whole line shows as it is typed
	d.key("esc", "!", "2", " ", "r", "u", "d", "e", "enter")
	d.waitFor("Reported to the admins")
	if r := hub.Reports(); len(r) != 1 || r[0].WhoName != "bob" || r[0].Reason != "rude" {
		t.Fatalf("reports: %+v", r)
	}
	d.key("!", "1", "enter")
	d.waitFor("Pick the seat of another player")
}

// spyBoard records the seat of every view it draws.
type spyBoard struct {
	board.Renderer
	seen *[]engine.Seat
}

func (s spyBoard) Render(v engine.View, ctx board.Context) string {
	*s.seen = append(*s.seen, v.Viewer(), ctx.You)
	return s.Renderer.Render(v, ctx)
}

// TestYourGamesAndReplay: a finished game shows in "your games" with the
// counts and the leaderboard; its replay steps through the moves and draws
// only the spectator's view (never a seat's hidden cards).
func TestYourGamesAndReplay(t *testing.T) {
	db := store.NewMemory()
	hub := rooms.NewHub(rooms.Config{Games: Engines(testGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond, Store: db})
	t.Cleanup(hub.Close)
	// A finished game of anna's, as the hub would have saved it.
	g := testGames[0].Engine
	rec := engine.Record{Game: g.Info().ID, Players: 2, Seed: 7, Names: []string{"anna", "Normal bot"}}
	opts, _ := g.Info().Resolve(nil)
	rec.Options = opts
	st, err := g.New(2, opts, 7)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(1)
	for !st.Outcome().Done && len(rec.Moves) < 5000 {
		s := st.Pending()[0]
		legal := st.Legal(s)
		a := legal[rng.Intn(len(legal))]
		if _, err := st.Apply(s, a); err != nil {
			t.Fatal(err)
		}
		rec.Moves = append(rec.Moves, engine.Move{Seat: s, Action: a})
	}
	o := st.Outcome()
	rec.Outcome = &o
	seats := []store.GameSeat{{PlayerID: "key:anna", Name: "anna", Score: o.Scores[0]}, {Name: "Normal bot", BotLevel: "normal", Score: o.Scores[1]}}
	for _, w := range o.Winners {
		seats[w].Winner = true
	}
	if _, err := db.SaveGame(&store.Game{Game: rec.Game, Seats: seats, Ended: time.Now(), Record: rec}); err != nil {
		t.Fatal(err)
	}

	var seen []engine.Seat
	games := []Game{{Engine: g, Board: func() board.Renderer { return spyBoard{uifirelibrary.NewBoard(), &seen} }}}
	c := hub.Connect(rooms.Player{ID: "key:anna", Name: "anna"})
	t.Cleanup(c.Close)
	d := &driver{t: t, app: New(c, Options{Games: games}), client: c}
	d.send(tea.WindowSizeMsg{Width: 100, Height: 30})
	d.run(d.app.Init())
	d.waitFor("GAMES")
	// With another game chosen in the lobby, the leaderboard still opens
	// on the game anna played.
	d.key("j")
	d.key("y")
	s := d.waitFor("1. anna")
	if !strings.Contains(s, "1 played") || !strings.Contains(s, "#1") || !strings.Contains(s, "LEADERBOARD · "+g.Info().Name) {
		t.Fatalf("your games:\n%s", s)
	}
	if testing.Verbose() {
		fmt.Println(ansi.Strip(d.app.render()))
	}
	d.key("enter")
	d.waitFor(fmt.Sprintf("move 0 of %d", len(rec.Moves)))
	d.waitFor("Nothing has happened yet")
	d.key("l", "l")
	s = d.waitFor(fmt.Sprintf("move 2 of %d", len(rec.Moves)))
	if !strings.Contains(s, "LOG") || !strings.Contains(s, "1. anna") || !strings.Contains(s, "2. anna") {
		t.Fatalf("the replay shows no log of the moves so far:\n%s", s)
	}
	d.key("h")
	d.waitFor(fmt.Sprintf("move 1 of %d", len(rec.Moves)))
	if testing.Verbose() {
		fmt.Println(ansi.Strip(d.app.render()))
	}
	d.key("G")
	d.waitFor("Game over.")
	if len(seen) == 0 {
		t.Fatal("the replay drew no board")
	}
	for _, s := range seen {
		if s != engine.Spectator {
			t.Fatalf("the replay drew a seat's own view (%d): it must show what a spectator saw", s)
		}
	}
	d.key("esc")
	d.waitFor("YOUR GAMES")
	d.key("esc")
	d.waitFor("GAMES")
}

// TestNewspaperColumns: the wide pager's later columns go on where the one
// before ends at every scroll position, and the last line can be reached.
func TestNewspaperColumns(t *testing.T) {
	var lines []string
	for i := range 10 {
		lines = append(lines, strconv.Itoa(i))
	}
	for _, n := range []int{2, 3} {
		got := newspaper(lines, 2, 3, n)
		// The last view shows 4-6 beside 7-9 (two columns), or 1-3, 4-6
		// and 7-9 (three).
		if want := 10 - (n-1)*3; len(got) != want {
			t.Fatalf("%d columns: %d content lines, want %d", n, len(got), want)
		}
		for i, l := range got {
			var want []string
			for c := 0; c < n && i+3*c < 10; c++ {
				want = append(want, strconv.Itoa(i+3*c))
			}
			if f := strings.Fields(l); !slices.Equal(f, want) {
				t.Errorf("%d columns: content line %d is %q, want %v", n, i, l, want)
			}
		}
	}
	if short := newspaper(lines[:4], 2, 3, 2); len(short) != 3 || strings.Fields(short[0])[1] != "3" {
		t.Errorf("a text of 4 lines in columns of 3: %q", short)
	}
}
