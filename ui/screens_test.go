package ui

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/colorprofile"

	"arcade/engine"
	"arcade/engine/firelibrary"
	"arcade/engine/fireproto"
	"arcade/engine/firetower"
	"arcade/engine/horror"
	"arcade/engine/labyrinth"
	"arcade/rooms"
	"arcade/ui/board"
	uifirelibrary "arcade/ui/firelibrary"
	uifireproto "arcade/ui/fireproto"
	uifiretower "arcade/ui/firetower"
	uihorror "arcade/ui/horror"
	uilabyrinth "arcade/ui/labyrinth"
	"arcade/ui/screentest"
)

var updateScreens = flag.Bool("update-screens", false, "rewrite ui/testdata/screens")

// allGames are the games whose screens the golden tests draw.
var allGames = []Game{
	{Engine: firelibrary.Game{}, Board: uifirelibrary.NewBoard},
	{Engine: fireproto.Game{}, Board: uifireproto.NewBoard},
	{Engine: firetower.Game{}, Board: uifiretower.NewBoard},
	{Engine: labyrinth.Game{}, Board: uilabyrinth.NewBoard},
	{Engine: horror.Game{}, Board: uihorror.NewBoard},
}

// screenSizes are the terminals every screen is checked at.
var screenSizes = [][2]int{{80, 23}, {80, 24}, {120, 40}, {200, 60}}

// gameScene is one mid-game screen: a table of humans who play the moves
// a seeded choice picks, until the first seat has played some moves and
// it is its turn again.
type gameScene struct {
	game  string
	seats int
	opts  engine.Options
	moves int // moves played before the screen is taken; -1: to the end
	name  string
}

var gameScenes = []gameScene{
	{"firelibrary", 3, nil, 14, "firelibrary"},
	{"fireproto", 3, nil, 14, "fireproto"},
	{"firetower", 2, nil, 6, "firetower"},
	{"labyrinth", 2, nil, 10, "labyrinth"},
	// Starting Books, chosen by everyone at once: the others' picks hidden.
	{"labyrinth", 3, nil, 1, "labyrinth-setup"},
	{"horror", 3, nil, 12, "horror"},
	// A game just begun: its log is short.
	{"horror", 3, nil, 0, "horror-start"},
	// The end screens of every game: every place, or a cooperative
	// game's result.
	{"firelibrary", 3, nil, -1, "firelibrary-over"},
	{"fireproto", 3, nil, -1, "fireproto-over"},
	{"firetower", 4, nil, -1, "firetower-over"},
	{"labyrinth", 2, nil, -1, "labyrinth-over"},
	{"horror", 4, engine.Options{horror.OptRounds: "30"}, -1, "horror-over"},
}

func screenHub(t *testing.T) *rooms.Hub {
	hub := rooms.NewHub(rooms.Config{Games: Engines(allGames), BotDelay: time.Millisecond, LobbyEvery: time.Millisecond,
		Seed: func() uint64 { return 13 }, ResponseWindow: time.Hour})
	t.Cleanup(hub.Close)
	return hub
}

func screenDriver(t *testing.T, hub *rooms.Hub, name string, w, h int, colour bool) *driver {
	t.Helper()
	d := newDriverOf(t, hub, allGames, name, w, h)
	if !colour {
		d.send(tea.ColorProfileMsg{Profile: colorprofile.ASCII})
	}
	return d
}

// TestScreens draws the lobby, the new-table form, help, the waiting room,
// a mid-game screen of every game, a player for whom a bot plays, a long
// chat line, the lobby of a player with correspondence tables, the host's
// choice at an overdue seat, the form of a correspondence table, the
// settings and a tournament's standings at every size, with and without
// colour, through a terminal emulator; checks that no text is wider than
// the terminal, no word is cut, and no Horror screen and no screen at 200
// columns is more than a third blank; and compares each with its golden
// file (go test ./ui -run TestScreens -update-screens rewrites them).
// Countdowns read "⏱ Ns" there, whatever time they show.
func TestScreens(t *testing.T) {
	tournaments, tournament := tournamentHub(t)
	for _, sz := range screenSizes {
		for _, colour := range []bool{true, false} {
			mode := "colour"
			if !colour {
				mode = "mono"
			}
			w, h := sz[0], sz[1]
			shots := map[string]string{}
			codes := map[string]string{}
			hub := screenHub(t)
			bob := screenDriver(t, hub, "bob", 80, 24, true)
			if err := bob.client.Create("fireproto", 3, false, nil); err != nil {
				t.Fatal(err)
			}
			d := screenDriver(t, hub, "anna", w, h, colour)
			waitText(d, "2 online") // who is online goes out less often than the tables
			shots["lobby"] = waitText(d, "GAMES")
			d.key("c")
			shots["form"] = waitText(d, "NEW TABLE")
			d.key("esc", "?")
			shots["help"] = waitText(d, "Help")
			d.key("esc")
			waitText(bob, "WAITING FOR PLAYERS")
			if err := d.client.JoinCode(bob.app.table.u.Code); err != nil {
				t.Fatal(err)
			}
			shots["waiting"] = waitText(d, "Waiting for the host to start.")
			codes["waiting"] = bob.app.table.u.Code
			for _, gs := range gameScenes {
				shots[gs.name], codes[gs.name] = playScene(t, screenHub(t), gs, w, h, colour)
			}
			shots["standin"], codes["standin"] = standInScene(t, w, h, colour, 0)
			shots["standin-waiting"], codes["standin-waiting"] = standInScene(t, w, h, colour, 1)
			shots["chat"], codes["chat"] = chatScene(t, w, h, colour)
			shots["yourmove"] = yourMoveScene(t, w, h, colour)
			shots["overdue"], codes["overdue"] = overdueScene(t, w, h, colour)
			shots["form-correspondence"] = correspondenceFormScene(t, w, h, colour)
			shots["settings"] = settingsScene(t, w, h, colour)
			shots["tournament"], codes["tournament"] = tournamentScene(t, tournaments, w, h, colour), tournament
			for name, s := range shots {
				file := fmt.Sprintf("%s-%dx%d-%s.txt", name, w, h, mode)
				checkScreen(t, file, s, codes[name], w, h)
				if strings.HasPrefix(name, "horror") || w >= 200 {
					if b := screentest.BlankShare(screentest.OnTerminal(s, w, h), w, h); b > 1.0/3 {
						t.Errorf("%s: %.0f%% of the screen is blank", file, 100*b)
					}
				}
			}
		}
	}
}

// playScene plays gs to its mid-game screen and returns the first seat's
// screen and the table's invite code.
func playScene(t *testing.T, hub *rooms.Hub, gs gameScene, w, h int, colour bool) (string, string) {
	t.Helper()
	ds := playTo(t, hub, gs, w, h, colour, 0)
	if gs.moves < 0 {
		return waitText(ds[0], "GAME OVER"), ds[0].app.table.u.Code
	}
	return ds[0].screen(), ds[0].app.table.u.Code
}

// playTo plays gs until seat stop's turn comes after gs.moves moves (or to
// the end, for -1) and returns the seats' drivers.
func playTo(t *testing.T, hub *rooms.Hub, gs gameScene, w, h int, colour bool, stop int) []*driver {
	t.Helper()
	names := []string{"anna", "bob", "cy", "di", "ed"}
	ds := make([]*driver, gs.seats)
	for i := range ds {
		ds[i] = screenDriver(t, hub, names[i], w, h, colour)
	}
	if err := ds[0].client.Create(gs.game, gs.seats, false, gs.opts); err != nil {
		t.Fatal(err)
	}
	waitText(ds[0], "WAITING FOR PLAYERS")
	for _, d := range ds[1:] {
		if err := d.client.JoinCode(ds[0].app.table.u.Code); err != nil {
			t.Fatal(err)
		}
	}
	if err := ds[0].client.Start(); err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(uint64(len(gs.game)))
	for played := 0; ; {
		v := settle(t, ds)
		if gs.moves < 0 && ds[0].app.table.u.Outcome.Done {
			return ds
		}
		var mover *driver
		for _, d := range ds {
			if d.app.table != nil && d.app.table.u.Version == v && len(d.app.table.u.Legal) > 0 {
				mover = d
				break
			}
		}
		if mover == nil {
			t.Fatalf("%s: nobody can move:\n%s", gs.game, ds[0].screen())
		}
		if gs.moves >= 0 && played >= gs.moves && mover == ds[stop] {
			return ds
		}
		legal := mover.app.table.u.Legal
		if err := mover.client.Act(legal[rng.Intn(len(legal))]); err != nil {
			t.Fatalf("%s: %v", gs.game, err)
		}
		played++
		for i := 0; i < 200 && settleVersion(ds) == v; i++ {
			time.Sleep(2 * time.Millisecond)
		}
	}
}

// standInScene is anna's screen in a game of Fire Tower once her time ran
// out rooms.MaxTimeouts times and a normal bot plays for her: on her turn
// (stop 0), or on bob's (stop 1). (The update is the hub's, with her seat
// and the log as the hub then publishes them.)
func standInScene(t *testing.T, w, h int, colour bool, stop int) (string, string) {
	t.Helper()
	ds := playTo(t, screenHub(t), gameScene{"firetower", 2, nil, 6, ""}, w, h, colour, stop)
	ts := ds[0].app.table
	ts.setUpdate(withUpdate(ts, func(u *rooms.TableUpdate) {
		u.Seats = slices.Clone(u.Seats)
		u.Seats[0] = rooms.SeatInfo{Name: "anna", Bot: true, BotLevel: "normal", Connected: true, StandIn: true}
		u.Log = append(slices.Clone(u.Log), logLines(fmt.Sprintf("anna timed out %d times in a row: a normal bot plays for them until they act again.", rooms.MaxTimeouts))...)
	}))
	return waitText(ds[0], "takes it back"), ts.u.Code
}

// chatScene is anna's screen at a table of Fire Tower waiting for its
// third player, after bob said a line too long for the chat pane of a
// small terminal, which must still show who said it.
func chatScene(t *testing.T, w, h int, colour bool) (string, string) {
	t.Helper()
	hub := screenHub(t)
	anna, bob := screenDriver(t, hub, "anna", w, h, colour), screenDriver(t, hub, "bob", w, h, colour)
	if err := anna.client.Create("firetower", 3, false, nil); err != nil {
		t.Fatal(err)
	}
	waitText(anna, "WAITING FOR PLAYERS")
	if err := bob.client.JoinCode(anna.app.table.u.Code); err != nil {
		t.Fatal(err)
	}
	waitText(anna, "bob joined")
	for _, said := range []struct {
		d    *driver
		text string
	}{
		{anna, "ready when you are"},
		{bob, "one minute: this is my first game of Fire Tower, so I am reading the rules first (? shows them); start when the last seat is taken and I will catch up as we go. Cheers"},
	} {
		if err := said.d.client.Say(said.text); err != nil {
			t.Fatal(err)
		}
	}
	return waitText(anna, "Cheers"), anna.app.table.u.Code
}

// waitText waits for the screen to show want, styles aside.
func waitText(d *driver, want string) string {
	d.t.Helper()
	var s string
	// Time, not a count of tries: a loaded machine (the race detector,
	// other tests) delivers the hub's updates later.
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); {
		if s = d.screen(); strings.Contains(stripANSI(s), want) {
			return s
		}
	}
	d.t.Fatalf("screen never showed %q:\n%s", want, stripANSI(s))
	return s
}

// settleVersion pumps every driver and returns the newest table version
// any of them has.
func settleVersion(ds []*driver) uint64 {
	var v uint64
	for _, d := range ds {
		d.pump()
		if d.app.table != nil {
			v = max(v, d.app.table.u.Version)
		}
	}
	return v
}

// settle waits until every driver has the same, newest, table update.
func settle(t *testing.T, ds []*driver) uint64 {
	t.Helper()
	for i := 0; i < 500; i++ {
		v := settleVersion(ds)
		same := true
		for _, d := range ds {
			same = same && d.app.table != nil && d.app.table.u.Version == v
		}
		if same {
			time.Sleep(5 * time.Millisecond)
			if settleVersion(ds) == v {
				return v
			}
		}
		time.Sleep(2 * time.Millisecond)
	}
	t.Fatal("the table never settled")
	return 0
}

var (
	countdown = regexp.MustCompile(`⏱ (\d+s|\d+:\d\d|\d+h \d\dm|\d+d \d+h)`)
)

// checkScreen checks one screen (as the app rendered it, w x h) and
// compares it, as a terminal shows it, with its golden file.
func checkScreen(t *testing.T, file, s, code string, w, h int) {
	t.Helper()
	lines := strings.Split(s, "\n")
	if len(lines) != h {
		t.Errorf("%s: %d lines, want %d", file, len(lines), h)
	}
	for i, l := range lines {
		if n := board.Width(l); n > w {
			t.Errorf("%s: line %d is %d wide: %q", file, i+1, n, stripANSI(l))
		}
	}
	text := screentest.OnTerminal(s, w, h)
	for i, l := range strings.Split(text, "\n") {
		if cut := cutWord(l); cut != "" {
			t.Errorf("%s: line %d cuts a word: %q\n%s", file, i+1, cut, l)
			break
		}
	}
	if code != "" {
		text = strings.ReplaceAll(text, code, "XXXXXX")
	}
	text = countdown.ReplaceAllString(text, "⏱ Ns")
	path := filepath.Join("testdata", "screens", file)
	if *updateScreens {
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%s: %v (go test ./ui -run TestScreens -update-screens writes it)", file, err)
		return
	}
	if string(want) != text {
		t.Errorf("%s differs from its golden file:\n%s", file, text)
	}
}

// cutWord finds text cut short on a line: an ellipsis that ends the line
// or a column (followed by the edge, a rule or a gap).
var cutMark = regexp.MustCompile(`\S*…(\s*$|\s*│|  )`)

func cutWord(line string) string {
	return strings.TrimSpace(cutMark.FindString(line))
}
