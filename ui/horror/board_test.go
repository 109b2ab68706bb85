package horror

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
	"arcade/ui/theme"
)

var themes = map[bool]*theme.Theme{false: theme.New(true, false), true: theme.New(true, true)}

func ctx(w, h int, colour bool, you engine.Seat) board.Context {
	return board.Context{Width: w, Height: h, Theme: themes[colour], Names: []string{"ann", "bo", "cy", "di", "ed", "flo"}, You: you}
}

// game plays steps random moves of a new game.
func game(t *testing.T, players int, seed uint64, steps int) engine.State {
	t.Helper()
	st, err := hr.Game{}.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	for i := 0; i < steps && !st.Outcome().Done; i++ {
		s := st.Pending()[0]
		l := st.Legal(s)
		if _, err := st.Apply(s, l[rng.Intn(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func checkFits(t *testing.T, out string, w, h int, what string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) > h {
		t.Fatalf("%s: %d lines in %d:\n%s", what, len(lines), h, ansi.Strip(out))
	}
	for _, l := range lines {
		if n := lipgloss.Width(l); n > w {
			t.Fatalf("%s: a line of %d cells in %d:\n%s", what, n, w, ansi.Strip(out))
		}
	}
}

// TestRenderFits draws games of every size, at many terminal sizes, with
// and without colour, for players and a spectator: never too wide or tall.
func TestRenderFits(t *testing.T) {
	sizes := [][2]int{{80, 17}, {80, 14}, {100, 30}, {120, 40}, {160, 50}, {60, 12}}
	for players := 2; players <= 6; players++ {
		for _, steps := range []int{0, 10, 80, 400} {
			st := game(t, players, uint64(players*10+steps), steps)
			for you := engine.Seat(-1); you < 2; you++ {
				for _, colour := range []bool{false, true} {
					for _, sz := range sizes {
						b := NewBoard()
						out := b.Render(st.View(you), ctx(sz[0], sz[1], colour, you))
						checkFits(t, out, sz[0], sz[1], "render")
						if !colour && strings.Contains(out, "\x1b[38") {
							t.Fatal("a colour code without colour")
						}
					}
				}
			}
		}
	}
}

// TestFiveByFiveAt80x24: the 5x5 library and the panel fit the board's
// 17 lines at 80 columns, with the Portal, your Horror and every player.
func TestFiveByFiveAt80x24(t *testing.T) {
	st := game(t, 6, 5, 200)
	b := NewBoard().(*Board)
	if h := b.PreferredHeight(80, 24); h != 17 {
		t.Fatalf("preferred height %d", h)
	}
	out := ansi.Strip(b.Render(st.View(0), ctx(80, 17, false, 0)))
	checkFits(t, out, 80, 17, "80x24")
	for _, want := range []string{"PORTAL", "Horror: ", "@ ann", "6 flo"} {
		if !strings.Contains(out, want) {
			t.Fatalf("no %q in\n%s", want, out)
		}
	}
	t.Log("\n" + out)
	big := ansi.Strip(b.Render(st.View(0), ctx(120, 30, false, 0)))
	if strings.Count(big, "\n") <= strings.Count(out, "\n") {
		t.Fatal("the board does not grow on a bigger terminal")
	}
	t.Log("\n" + big)
}

// TestKeysPlayLegalMoves: the cursor and m play the move into the room
// under it; every hot key belongs to a legal move.
func TestKeysPlayLegalMoves(t *testing.T) {
	st := game(t, 2, 7, 0)
	for n := 0; n < 300 && !st.Outcome().Done; n++ {
		s := st.Pending()[0]
		v := st.View(s)
		legal := st.Legal(s)
		b := NewBoard().(*Board)
		b.Render(v, ctx(80, 17, false, s))
		keys := b.MoveKeys(v, legal)
		seen := map[string]bool{}
		for i, k := range keys {
			if len(k.Keys()) == 0 {
				continue
			}
			if seen[k.Keys()[0]] {
				t.Fatalf("key %q twice: %v", k.Keys()[0], legal[i])
			}
			seen[k.Keys()[0]] = true
		}
		var a engine.Action
		played := false
		for _, k := range []string{"right", "m", "down", "m", "r"} {
			r := b.HandleKey(k, v, legal)
			if r.Action != nil {
				if _, ok := engine.Find(legal, *r.Action); !ok {
					t.Fatalf("key %q plays %v, not legal", k, *r.Action)
				}
				a, played = *r.Action, true
				break
			}
		}
		if !played {
			a = legal[n%len(legal)]
		}
		if _, err := st.Apply(s, a); err != nil {
			t.Fatal(err)
		}
	}
}

func TestDetails(t *testing.T) {
	st := game(t, 3, 8, 50)
	d := NewBoard().(*Board).Details(st.View(0))
	if !strings.Contains(d, "YOUR HORROR") || !strings.Contains(d, "THE BOARD") {
		t.Fatal(d)
	}
}

// TestThreeByThreeLeavesRoomForMoves: once the board has seen a 3x3
// library it asks for fewer lines, so that moves and log keep eight of
// an 80x24 screen (with the table's three), and it fits them.
func TestThreeByThreeLeavesRoomForMoves(t *testing.T) {
	st := game(t, 2, 3, 30)
	b := NewBoard().(*Board)
	b.Render(st.View(0), ctx(80, 17, false, 0))
	h := b.PreferredHeight(80, 24)
	if h > 24-3-7 {
		t.Fatalf("a 3x3 library asks for %d lines", h)
	}
	checkFits(t, b.Render(st.View(0), ctx(80, h, true, 0)), 80, h, "3x3")
}

// TestStartCursorOnALegalRoom: when a player picks a starting room, the
// cursor starts on one they may pick (not the Portal), so m starts at once.
func TestStartCursorOnALegalRoom(t *testing.T) {
	st, err := hr.Game{}.New(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 10; i++ {
		s := st.Pending()[0]
		if st.Legal(s)[0].Kind == hr.KindStart {
			b := NewBoard().(*Board)
			v := st.View(s)
			b.Render(v, ctx(80, 24, false, s))
			r := b.HandleKey("m", v, st.Legal(s))
			if r.Action == nil || r.Action.Kind != hr.KindStart {
				t.Fatalf("m at the start did not start: %+v", r)
			}
			return
		}
		if _, err := st.Apply(s, st.Legal(s)[0]); err != nil {
			t.Fatal(err)
		}
	}
	t.Fatal("never reached the choice of a starting room")
}
