package firelibrary

import (
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	et "arcade/engine/enginetest"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
	"arcade/ui/screentest"
	"arcade/ui/theme"
)

// TestMarksDescribeThePresent: "answering" shows only while a window is
// open, and no mark ("done", "deciding", "answering") outlives the game.
func TestMarksDescribeThePresent(t *testing.T) {
	players := []fl.PlayerView{{Seat: 0, Played: true, Deciding: true}, {Seat: 1, Played: true}}
	ctx := board.Context{Width: 80, Height: 14, Theme: theme.For(true, false), Names: []string{"ann", "bob"}}
	render := func(v fl.View) string { return (Renderer{}).Render(v, ctx) }
	v := fl.View{Phase: fl.PhaseSpread, Players: players, Active: 1}
	if s := render(v); !strings.Contains(s, "answering") {
		t.Fatalf("no answering mark in an open window:\n%s", s)
	}
	v.Phase = fl.PhaseTool
	if s := render(v); strings.Contains(s, "answering") {
		t.Fatalf("answering outlived its window:\n%s", s)
	}
	v.Phase, v.Over = fl.PhaseOver, true
	v.Robot = &fl.RobotView{Played: true}
	s := render(v)
	for _, mark := range []string{"done", "answering", "deciding"} {
		if strings.Contains(s, mark) {
			t.Errorf("%q shows on the game-over board:\n%s", mark, s)
		}
	}
}

// played is a 3-player game after steps random moves (fewer if it ends).
func played(t *testing.T, seed uint64, steps int) engine.State {
	t.Helper()
	return et.Played(t, fl.Game{}, 3, nil, seed, steps)
}

// TestLargeBoardFills: on a 200x60 terminal the board's share (119x50
// beside the log, as the table gives it) draws two thirds of its lines
// or more, no more than a third blank, through a game; it names the
// players in full and lists what a player would otherwise open help
// for: each tool's text in the market, the bag's odds, the Turn Order
// cards in play. Smaller boards keep the short layout, and every board
// fits its size.
func TestLargeBoardFills(t *testing.T) {
	th := theme.For(true, false)
	for _, steps := range []int{0, 40, 120, 400} {
		st := played(t, 7, steps)
		v := st.View(0)
		fv, _ := engine.ViewAs[fl.View](v)
		for _, sz := range [][2]int{{119, 50}, {120, 30}, {80, 14}} {
			ctx := board.Context{Width: sz[0], Height: sz[1], Theme: th, Names: []string{"Bartholomew", "bob", "cy"}}
			out := (Renderer{}).Render(v, ctx)
			lines := strings.Split(out, "\n")
			if len(lines) > sz[1] {
				t.Fatalf("after %d moves at %dx%d: %d lines", steps, sz[0], sz[1], len(lines))
			}
			for _, l := range lines {
				if board.Width(l) > sz[0] {
					t.Fatalf("after %d moves at %dx%d: a line of %d cells:\n%s", steps, sz[0], sz[1], board.Width(l), out)
				}
			}
			if sz[1] < 50 {
				if strings.Contains(out, "TURN ORDER CARDS") {
					t.Errorf("after %d moves at %dx%d the large layout does not fit but is drawn:\n%s", steps, sz[0], sz[1], out)
				}
				continue
			}
			if len(lines) < sz[1]*2/3 {
				t.Errorf("after %d moves the board draws %d of its %d lines:\n%s", steps, len(lines), sz[1], out)
			}
			text := screentest.OnTerminal(out, sz[0], len(lines))
			if b := screentest.BlankShare(text, sz[0], len(lines)); b > 1.0/3 {
				t.Errorf("after %d moves the board is %.0f%% blank:\n%s", steps, 100*b, text)
			}
			if !strings.Contains(text, "Bartholomew (you)") {
				t.Errorf("after %d moves the large board cuts a name:\n%s", steps, text)
			}
			want := []string{"TURN ORDER CARDS", "the next draw is a fire"}
			for _, tool := range fv.Market {
				want = append(want, tool.Text[:20])
			}
			for _, w := range want {
				if !strings.Contains(strings.Join(strings.Fields(text), " "), w) {
					t.Errorf("after %d moves the large board lacks %q:\n%s", steps, w, text)
				}
			}
		}
	}
}

// TestPhaseLineWraps: a phase line wider than the board, as a game's end
// with a shared win can be, wraps within the board's width and height
// instead of being cut.
func TestPhaseLineWraps(t *testing.T) {
	st := played(t, 7, 400)
	fv, _ := engine.ViewAs[fl.View](st.View(0))
	v := *fv
	v.PhaseText = "Game over: Fables burned down in round 10. {seat0} and {seat2} share the win with 43 points."
	for _, sz := range [][2]int{{80, 15}, {80, 14}, {120, 50}} {
		ctx := board.Context{Width: sz[0], Height: sz[1], Theme: theme.For(false, false),
			Names: []string{"Bartholomew", "bob", "Cyrilla"}}
		want := "Game over: Fables burned down in round 10. Bartholomew and Cyrilla share the win with 43 points."
		out := (Renderer{}).Render(v, ctx)
		lines := strings.Split(out, "\n")
		if len(lines) > sz[1] {
			t.Errorf("%dx%d: %d lines", sz[0], sz[1], len(lines))
		}
		for _, l := range lines {
			if board.Width(l) > sz[0] {
				t.Errorf("%dx%d: the line %q is too wide:\n%s", sz[0], sz[1], l, out)
			}
		}
		if !strings.Contains(strings.Join(strings.Fields(screentest.OnTerminal(out, sz[0], len(lines))), " "), want) {
			t.Errorf("%dx%d: the phase line is not whole:\n%s", sz[0], sz[1], out)
		}
	}
}

// TestTableLineNamesOwners: the tools on the table name their owners in
// full where the line fits (so that "Normal bot (2)" and "Normal bot (3)"
// differ), and cut the names short where it does not.
func TestTableLineNamesOwners(t *testing.T) {
	v := fl.View{Table: []fl.TableToolView{
		{Name: "Library Cart", Owner: 1, Tokens: []string{"K", "Y"}},
		{Name: "Bookmark", Owner: 2},
	}}
	names := []string{"ann", "Normal bot (2)", "Normal bot (3)"}
	wide := ansi.Strip(tableLine(v, board.Context{Width: 80, Theme: theme.For(true, false), Names: names}))
	for _, n := range names[1:] {
		if !strings.Contains(wide, n) {
			t.Errorf("at 80 columns the table line lacks %q: %q", n, wide)
		}
	}
	tight := ansi.Strip(tableLine(v, board.Context{Width: 40, Theme: theme.For(true, false), Names: names}))
	if strings.Contains(tight, "Normal bot (2)") || !strings.Contains(tight, "Normal bo…") {
		t.Errorf("at 40 columns the owners' names are not cut short: %q", tight)
	}

	// An owner of two tools is named once, so a crowded table at 80
	// columns still names everyone in full.
	v = fl.View{Drawing: []string{"fire", "teal"}, Table: []fl.TableToolView{
		{Name: "Lockbox", Owner: 1, Tokens: []string{"yellow"}},
		{Name: "Lockbox", Owner: 2, Tokens: []string{"black"}},
		{Name: "Shovel", Owner: 2},
	}}
	crowded := ansi.Strip(tableLine(v, board.Context{Width: 84, Theme: theme.For(true, false), Names: names}))
	if want := "TABLE drawn: F T · Normal bot (2): Lockbox(Y) · Normal bot (3): Lockbox(K) Shovel"; crowded != want {
		t.Errorf("a crowded table line:\n got %q\nwant %q", crowded, want)
	}
}

// TestMarketKeepsTheDeck: a market of long names on a narrow board cuts
// the names alike rather than the deck's count.
func TestMarketKeepsTheDeck(t *testing.T) {
	v := fl.View{Deck: 27, Market: []fl.ToolView{{Name: "Collector's Edition"}, {Name: "Collector's Edition"}, {Name: "Amulet"}}}
	th := theme.For(true, false)
	for _, w := range []int{80, 60} {
		line := ansi.Strip(marketLine(v, th, w))
		if !strings.HasSuffix(line, "deck 27") || board.Width(line) > w {
			t.Errorf("at %d columns: %q (%d wide)", w, line, board.Width(line))
		}
		if !strings.Contains(line, "3 Amulet") {
			t.Errorf("at %d columns a short name was cut: %q", w, line)
		}
	}
}
