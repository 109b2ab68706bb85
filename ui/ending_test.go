package ui

import (
	"slices"
	"strings"
	"testing"

	tea "charm.land/bubbletea/v2"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	hr "arcade/engine/horror"
	"arcade/rooms"
	"arcade/ui/board"
	uifirelibrary "arcade/ui/firelibrary"
	uifireproto "arcade/ui/fireproto"
	uifiretower "arcade/ui/firetower"
	uihorror "arcade/ui/horror"
	uilabyrinth "arcade/ui/labyrinth"
	"arcade/ui/theme"
)

// endScene is a finished game as one seat sees its game-over pane.
type endScene struct {
	name  string
	board board.Factory
	you   engine.Seat
	view  engine.View
	out   engine.Outcome
	// want are the pane's lines that must show, in this order (each a
	// part of one line); not: text that must not show.
	want []string
	not  string
}

// endScenes are an ending of every game: every place is listed, ties share
// a place (or say what broke them), the player's own is marked.
var endScenes = []endScene{
	{"firelibrary", uifirelibrary.NewBoard, 0, &fl.View{Robot: &fl.RobotView{Score: 40}},
		engine.Outcome{Done: true, Scores: []int{30, 45, 45, 10}, Winners: []engine.Seat{1, 2}, Summary: "{seat1} and {seat2} tie."},
		[]string{"★ 1st  bob        45 points, tied", "★ 1st  cy         45 points, tied",
			"  4th  anna (you) 30 points", "  5th  di         10 points", "The Robot: 3rd, 40 points.", "bob and cy tie."}, "2nd"},
	{"firelibrary solo robot", uifirelibrary.NewBoard, 0, &fl.View{Robot: &fl.RobotView{Score: 75}},
		engine.Outcome{Done: true, Scores: []int{56}, Summary: "The Robot wins 75 to 56."},
		[]string{"  2nd  anna (you) 56 points", "The Robot: 1st, 75 points."}, "1st  anna"},
	{"firelibrary robot tie", uifirelibrary.NewBoard, 1, &fl.View{Robot: &fl.RobotView{Score: 50}},
		engine.Outcome{Done: true, Scores: []int{50, 20}, Winners: []engine.Seat{0}},
		[]string{"★ 1st  anna      50 points, tied with the Robot", "  3rd  bob (you) 20 points", "The Robot: 1st, 50 points."}, "2nd"},
	{"fireproto", uifireproto.NewBoard, 2, nil,
		engine.Outcome{Done: true, Scores: []int{100, 80, 80}, Winners: []engine.Seat{0}},
		[]string{"★ 1st  anna     100 knowledge", "  2nd  bob      80 knowledge, tied",
			"  2nd  cy (you) 80 knowledge, tied"}, "3rd"},
	{"firetower", uifiretower.NewBoard, 0, nil,
		engine.Outcome{Done: true, Scores: []int{0, 3, 1, 2}, Winners: []engine.Seat{1}},
		[]string{"last tower standing first", "★ 1st  bob        tower standing", "  2nd  di         outlasted 2",
			"  3rd  cy         outlasted 1", "  4th  anna (you) first tower to burn"}, "tied"},
	{"firetower draw", uifiretower.NewBoard, 0, nil,
		engine.Outcome{Done: true, Scores: []int{1, 1, 0}, Winners: []engine.Seat{0, 1}},
		[]string{"★ 1st  anna (you) burned last, at once, tied", "★ 1st  bob        burned last, at once, tied",
			"  3rd  cy         first tower to burn"}, "2nd"},
	{"firetower teams", uifiretower.NewBoard, 3, nil,
		engine.Outcome{Done: true, Scores: []int{1, 0, 1, 0}, Winners: []engine.Seat{0, 2}},
		[]string{"a team wins or loses together", "★ 1st  anna     winning team", "★ 1st  cy       winning team",
			"  3rd  bob      losing team", "  3rd  di (you) losing team"}, "tied"},
	{"horror", uihorror.NewBoard, 0, &hr.View{Size: 5, Players: []hr.PlayerView{{Seat: 0, Fort: 3}, {Seat: 1, Fort: 5}, {Seat: 2, Fort: 1}, {Seat: 3, Fort: 5}}},
		engine.Outcome{Done: true, Scores: []int{2, 2, 1, 2}, Winners: []engine.Seat{1, 3}},
		[]string{"★ 1st  bob        2 components, tied", "★ 1st  di         2 components, tied",
			"  3rd  anna (you) 2 components, Fortitude 3", "  4th  cy         1 component",
			"Ties on components go to the higher Fortitude."}, "2nd"},
	{"horror portal", uihorror.NewBoard, 0, &hr.View{Size: 5, Players: []hr.PlayerView{{Seat: 0, Fort: 3}, {Seat: 1, Fort: 5}, {Seat: 2, Cell: 12}}},
		engine.Outcome{Done: true, Scores: []int{1, 1, 0}, Winners: []engine.Seat{2}},
		[]string{"★ 1st  cy         reached the Portal", "  2nd  bob        1 component, Fortitude 5",
			"  3rd  anna (you) 1 component, Fortitude 3", "Ties on components go to the higher Fortitude."}, "tied"},
	{"labyrinth won", uilabyrinth.NewBoard, 1, nil,
		engine.Outcome{Done: true, Scores: []int{6, 6}, Winners: []engine.Seat{0, 1}},
		[]string{"★ Won together: anna, bob (you)", "6 shelves filled"}, "1st"},
	{"labyrinth lost", uilabyrinth.NewBoard, 0, nil,
		engine.Outcome{Done: true, Scores: []int{3, 3}},
		[]string{"Lost together: anna (you), bob", "3 shelves filled"}, "1st"},
}

// endScreen is a table screen for the last update of a finished game.
func endScreen(sc endScene) *tableScreen {
	names := []string{"anna", "bob", "cy", "di"}
	u := &rooms.TableUpdate{Table: rooms.TableSummary{Status: rooms.Finished}, You: sc.you, View: sc.view, Outcome: sc.out}
	for i := range sc.out.Scores {
		u.Seats = append(u.Seats, rooms.SeatInfo{Name: names[i], Connected: true})
	}
	return &tableScreen{s: &session{th: theme.For(true, false)}, keys: &tableKeys, u: u, board: sc.board()}
}

// TestEndScreensRankEveryone: the game-over pane lists every place with
// names and scores, ties as shared places or with what broke them, and a
// cooperative game is won or lost together.
func TestEndScreensRankEveryone(t *testing.T) {
	for _, sc := range endScenes {
		t.Run(sc.name, func(t *testing.T) {
			pane := stripANSI(strings.Join(endScreen(sc).gameOverLines(60, 40), "\n"))
			rest := pane
			for _, w := range sc.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("the pane lacks %q (or has it out of order):\n%s", w, pane)
				}
				rest = rest[i+len(w):]
			}
			if strings.Contains(pane, sc.not) {
				t.Errorf("the pane says %q:\n%s", sc.not, pane)
			}
		})
	}
}

// TestEndPaneScrolls: a pane too short for every place says so and ↑↓
// scroll it to the last place and back.
func TestEndPaneScrolls(t *testing.T) {
	ts := endScreen(endScenes[0])
	show := func() string { return stripANSI(strings.Join(ts.gameOverLines(44, 3), "\n")) }
	s := show()
	if !strings.Contains(s, "↓ more") || strings.Contains(s, "↑↓ more") || strings.Contains(s, "4th") {
		t.Fatalf("the top of a long pane:\n%s", s)
	}
	down := keyPress("down")
	for range 20 {
		if _, took := ts.gameOverScrollKey(down); !took {
			t.Fatal("↓ was not taken after the game")
		}
		s = show()
	}
	if !strings.Contains(s, "↑ more") || strings.Contains(s, "1st") || !strings.Contains(s, "R asks everyone") {
		t.Fatalf("the end of a long pane:\n%s", s)
	}
	ts.gameOverScrollKey(keyPress("up"))
	if s = show(); !strings.Contains(s, "↑↓ more") {
		t.Fatalf("a pane scrolled back one line:\n%s", s)
	}
	if n := len(strings.Split(s, "\n")); n != 3 {
		t.Errorf("the pane is %d lines, not 3", n)
	}
}

// keyPress is the key press of a named key ("up", "down").
func keyPress(name string) tea.KeyPressMsg {
	return tea.KeyPressMsg{Code: map[string]rune{"up": tea.KeyUp, "down": tea.KeyDown}[name]}
}

// TestKeyLineNeverEndsCut: a key line too long for the terminal leaves
// keys out whole, and always shows the last two (help, quit or close).
func TestKeyLineNeverEndsCut(t *testing.T) {
	d := newDriver(t, newHub(t), "anna", 80, 24)
	s := d.app.s
	for _, w := range []int{40, 60, 80, 120} {
		line := stripANSI(s.shortHelp(w, "pager", &pagerKeys))
		if board.Width(line) > w || strings.Contains(line, "…") || !strings.Contains(line, "esc/q close") {
			t.Errorf("pager key line at %d: %q", w, line)
		}
		line = stripANSI(s.shortHelp(w, "lobby", &lobbyKeys))
		if board.Width(line) > w || strings.Contains(line, "…") || !strings.HasSuffix(line, "q quit") {
			t.Errorf("lobby key line at %d: %q", w, line)
		}
	}
}

// TestEndScreenNamesFitTheirColumn: in a narrow pane the name column is
// as wide as the names there need, so a name that fits beside its score
// is not cut (it was cut to leave room for the longest score any game
// could write).
func TestEndScreenNamesFitTheirColumn(t *testing.T) {
	i := slices.IndexFunc(endScenes, func(sc endScene) bool { return sc.name == "fireproto" })
	ts := endScreen(endScenes[i])
	ts.u.Seats[2].Name = "cleo@home"
	pane := stripANSI(strings.Join(ts.gameOverLines(44, 40), "\n"))
	if !strings.Contains(pane, "  2nd  cleo@home (you) 80 knowledge, tied") {
		t.Fatalf("the name is cut or the columns do not line up:\n%s", pane)
	}
}
