package horror

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	et "arcade/engine/enginetest"
	hr "arcade/engine/horror"
	"arcade/ui/board"
	"arcade/ui/theme"
)

var themes = map[bool]*theme.Theme{false: theme.New(true, false), true: theme.New(true, true)}

func ctx(w, h int, colour bool, you engine.Seat) board.Context {
	return board.Context{Width: w, Height: h, Theme: themes[colour], Names: []string{"Bartholomew", "Maximiliana", "cy", "di", "Evangelina Rosewood", "flo"}, You: you}
}

// game plays steps random moves of a new game.
func game(t *testing.T, players int, seed uint64, steps int) engine.State {
	t.Helper()
	return et.Played(t, hr.Game{}, players, nil, seed, steps)
}

// view is seat s's view of st.
func view(st engine.State, s engine.Seat) *hr.View {
	v, _ := engine.ViewAs[hr.View](st.View(s))
	return v
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
// and without colour, for players and a spectator: never too wide or
// tall, and no colour without colour.
func TestRenderFits(t *testing.T) {
	sizes := [][2]int{{80, 17}, {80, 18}, {80, 14}, {100, 30}, {120, 34}, {119, 50}, {160, 50}, {60, 12}}
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

// TestSizes: the board takes 18 lines of an 80x24 terminal and 17 of an
// 80x23 one, the legend on screen from 80x24 on; larger terminals get
// larger rooms, and the moves and the log keep more lines.
func TestSizes(t *testing.T) {
	for _, players := range []int{2, 4, 6} {
		st := game(t, players, 5, 60)
		s := st.Pending()[0]
		heights := map[[2]int]int{}
		for _, sz := range [][2]int{{80, 23}, {80, 24}, {120, 40}, {200, 60}} {
			b := NewBoard().(*Board)
			b.MoveKeys(st.View(s), st.Legal(s))
			bw, bh := tableBoard(b, sz[0], sz[1])
			out := ansi.Strip(b.Render(st.View(s), ctx(bw, bh, false, s)))
			checkFits(t, out, bw, bh, "sizes")
			used := strings.Count(out, "\n") + 1
			heights[sz] = used
			for _, sym := range []string{symBook, symDrawer, symMarker, closedH, "PORTAL"} {
				if !strings.Contains(out, sym) {
					t.Fatalf("%d players at %dx%d: no %q on the board:\n%s", players, sz[0], sz[1], sym, out)
				}
			}
			// At 80x23 the legend may give way to the moves (the help has it).
			if legend := strings.Contains(out, symBook+" bookcase"); !legend && sz[1] > 23 {
				t.Fatalf("%d players at %dx%d: no legend:\n%s", players, sz[0], sz[1], out)
			}
			if strip := sz[1] - 3 - used; strip < stripLines(sz[1]) && sz[0] < 160 {
				t.Fatalf("%d players at %dx%d: %d lines left for the moves and the log", players, sz[0], sz[1], strip)
			}
		}
		if heights[[2]int{80, 24}] != 18 || heights[[2]int{80, 23}] != 17 {
			t.Fatalf("%d players: %d lines at 80x24, %d at 80x23", players, heights[[2]int{80, 24}], heights[[2]int{80, 23}])
		}
		if !(heights[[2]int{120, 40}] > heights[[2]int{80, 24}] && heights[[2]int{200, 60}] > heights[[2]int{120, 40}]) {
			t.Fatalf("%d players: the board does not grow: %v", players, heights)
		}
	}
}

// TestKeysPlayLegalMoves: the cursor and m play the move into the room
// under it; every hot key belongs to one legal move.
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

// TestEnterStaysOnTheBoard: while a player picks rooms, enter is the
// board's (it goes to the room under the cursor or says why not): it
// never falls through to the move list, which would play whatever move
// is highlighted there.
func TestEnterStaysOnTheBoard(t *testing.T) {
	st := game(t, 3, 9, 0)
	checked := 0
	for n := 0; n < 400 && !st.Outcome().Done; n++ {
		s := st.Pending()[0]
		v := view(st, s)
		legal := st.Legal(s)
		b := NewBoard().(*Board)
		b.Render(v, ctx(80, 17, false, s))
		for _, k := range []string{"left", "up"} {
			b.HandleKey(k, v, legal)
		}
		if picksRooms(v) {
			r := b.HandleKey("enter", v, legal)
			if !r.Used || r.Action == nil && r.Message == "" {
				t.Fatalf("%s: enter left to the move list: %+v", v.Phase, r)
			}
			checked++
		}
		if _, err := st.Apply(s, legal[(n*7)%len(legal)]); err != nil {
			t.Fatal(err)
		}
	}
	if checked < 50 {
		t.Fatalf("only %d checks", checked)
	}
}

// TestRefusalsCiteRules plays random games: where the player picks
// rooms, m on a room and r on a room that the legal moves lack are
// refused with the view's reason (hr.View.WhyNotRoom, WhyNotRotate),
// citing its rule, which the rules explain; the hint under the cursor
// gives the same reason, except on the player's own room in their turn.
// A room the view allows but the legal moves lack (they are not this
// view's) is not a move now, and cites nothing.
func TestRefusalsCiteRules(t *testing.T) {
	refusals := 0
	for players := 2; players <= 6; players++ {
		st := game(t, players, uint64(players)+40, 0)
		for n := 0; n < 200 && !st.Outcome().Done; n++ {
			s := st.Pending()[0]
			v, legal := view(st, s), st.Legal(s)
			if picksRooms(v) {
				refusals += checkRefusals(t, v, legal)
			}
			et.MustApply(t, st, et.Move{Seat: s, Action: legal[(n*7)%len(legal)]})
		}
	}
	if refusals < 100 {
		t.Fatalf("only %d refusals", refusals)
	}
}

// checkRefusals checks m and r on every room of view v against the
// view's reasons, and counts the refusals.
func checkRefusals(t *testing.T, v *hr.View, legal []engine.Action) int {
	t.Helper()
	b := NewBoard().(*Board)
	b.sync(v) // before the cursor is set: a new turn puts it on the player's room
	n := 0
	for c := range v.Cells {
		b.cursor = c
		r := b.HandleKey("m", v, legal)
		if r.Action != nil {
			if r := b.HandleKey("m", v, nil); r.Message != "That is not one of your moves now." || r.Rule != "" {
				t.Fatalf("m with no legal moves: %+v", r)
			}
			continue
		}
		n++
		why := v.WhyNotRoom(c)
		if r.Message != why.Error() {
			t.Fatalf("m on %d: %q, the view says %q", c, r.Message, why)
		}
		explained(t, r)
		hint := b.cursorMove(v, legal)
		if own := c == ownCell(v) && v.Phase == hr.PhaseTurn; hint != r.Message && !(own && hint == "") {
			t.Fatalf("the hint on %d: %q, m says %q", c, hint, r.Message)
		}
		if r := b.HandleKey("r", v, legal); r.Action == nil {
			if r.Message != v.WhyNotRotate(c).Error() {
				t.Fatalf("r on %d: %q", c, r.Message)
			}
			explained(t, r)
		}
	}
	return n
}

// explained checks that refusal r cites a rule that the rules explain.
func explained(t *testing.T, r board.Reply) {
	t.Helper()
	if !r.Warning || r.Rule == "" {
		t.Fatalf("%q cites no rule", r.Message)
	}
	if explainedRules[r.Rule] {
		return
	}
	if _, err := engine.Explain(hr.Game{}.Info().Rules, r.Rule); err != nil {
		t.Fatalf("%q: %v", r.Message, err)
	}
	explainedRules[r.Rule] = true
}

// explainedRules are the rules explained already: explaining one reads
// the whole rules doc.
var explainedRules = map[engine.Rule]bool{}

// TestLookAroundWhileWaiting: a player waiting for another, or a
// spectator, moves the cursor to read about any room.
func TestLookAroundWhileWaiting(t *testing.T) {
	st := game(t, 3, 4, 40)
	mover := st.Pending()[0]
	for _, s := range []engine.Seat{(mover + 1) % 3, -1} {
		v := view(st, s)
		b := NewBoard().(*Board)
		before := ansi.Strip(b.Render(v, ctx(80, 18, false, s)))
		if r := b.HandleKey("right", v, nil); !r.Used {
			t.Fatalf("seat %d: the arrow was not taken", s)
		}
		if after := ansi.Strip(b.Render(v, ctx(80, 18, false, s))); after == before {
			t.Fatalf("seat %d: the cursor did not move:\n%s", s, after)
		}
	}
}

// TestColourChoice: 1-6 tick the components, enter plays the ticked set
// once it is as large as the Horror needs (and refuses before), and the
// move list shows that set under enter.
func TestColourChoice(t *testing.T) {
	st, err := hr.Game{}.New(2, nil, 3)
	if err != nil {
		t.Fatal(err)
	}
	s := st.Pending()[0]
	v := view(st, s)
	if v.Phase != hr.PhaseColours {
		t.Fatalf("phase %s", v.Phase)
	}
	legal := st.Legal(s)
	b := NewBoard().(*Board)
	b.Render(v, ctx(80, 18, false, s))
	for _, k := range []string{"1", "4", "4", "6"} {
		if r := b.HandleKey(k, v, legal); !r.Used || r.Action != nil {
			t.Fatalf("key %s: %+v", k, r)
		}
	}
	if r := b.HandleKey("enter", v, legal); r.Action != nil || !r.Warning || r.Message != "Tick exactly 3 components (2 ticked)." {
		t.Fatalf("enter with two ticked: %+v", r)
	} else {
		explained(t, r)
	}
	keyed := func() []int {
		var out []int
		for i, k := range b.MoveKeys(v, legal) {
			if len(k.Keys()) > 0 {
				out = append(out, i)
			}
		}
		return out
	}
	if k := keyed(); len(k) != 0 {
		t.Fatalf("moves keyed with two ticked: %v", k)
	}
	b.HandleKey("3", v, legal)
	want := 1<<0 | 1<<2 | 1<<5
	if k := keyed(); len(k) != 1 || legal[k[0]].Arg(0) != want {
		t.Fatalf("enter's move in the list: %v", k)
	}
	out := ansi.Strip(b.Render(v, ctx(80, 18, false, s)))
	if !strings.Contains(out, "(3 ticked)") || strings.Count(out, "[x]") != 3 {
		t.Fatalf("the ticks are not shown:\n%s", out)
	}
	r := b.HandleKey("enter", v, legal)
	if r.Action == nil || r.Action.Kind != hr.KindColours || r.Action.Arg(0) != want {
		t.Fatalf("enter with three ticked: %+v", r)
	}
}

// TestDoorsAsDrawn: every side between two rooms is drawn as the view's
// passage: a gap open, ═ or ║ closed, a line a wall.
func TestDoorsAsDrawn(t *testing.T) {
	for _, players := range []int{2, 5} {
		for seed := range uint64(8) {
			st := game(t, players, seed, int(seed)*20)
			v := view(st, 0)
			for _, g := range []geom{{7, 2}, {14, 4}, {14, 8}} {
				lines := strings.Split(ansi.Strip(strings.Join(grid{v: v, p: newPalette(themes[false]), g: g, cursor: -1,
					name: func(engine.Seat) string { return "x" }}.lines(), "\n")), "\n")
				at := func(x, y int) string { return string([]rune(lines[y])[x]) }
				n := v.Size
				for c := range n * n {
					r, col := c/n, c%n
					x0, y0 := col*(g.w+1), r*(g.h+1)
					if col < n-1 {
						from, _ := doorRows(g.h)
						got := at(x0+g.w+1, y0+1+from)
						want := map[int]string{hr.Open: " ", hr.Closed: closedV, hr.Wall: wallV}[v.Passage(c, hr.East)]
						if got != want {
							t.Fatalf("%v: east of %s drawn %q, the passage is %d", g, hr.CellName(c, n), got, v.Passage(c, hr.East))
						}
					}
					if r < n-1 {
						from, _ := doorSpan(g.w)
						got := at(x0+1+from, y0+g.h+1)
						want := map[int]string{hr.Open: " ", hr.Closed: closedH, hr.Wall: wallH}[v.Passage(c, hr.South)]
						if got != want {
							t.Fatalf("%v: south of %s drawn %q, the passage is %d", g, hr.CellName(c, n), got, v.Passage(c, hr.South))
						}
					}
				}
			}
		}
	}
}

// inside is the text inside cell c of the library drawn in lines with
// rooms of size g.
func inside(lines []string, g geom, n, c int) string {
	r, col := c/n, c%n
	var out []string
	for y := r*(g.h+1) + 1; y <= r*(g.h+1)+g.h; y++ {
		row := []rune(lines[y])
		out = append(out, string(row[col*(g.w+1)+1:col*(g.w+1)+1+g.w]))
	}
	return strings.Join(out, "\n")
}

// TestRoomsShowTheirContents: every room shows as many bookcases,
// drawers, mirrors, pictures, ghosts of each level, players and search
// markers as it holds, in rooms small and large.
func TestRoomsShowTheirContents(t *testing.T) {
	for _, players := range []int{3, 4, 6} {
		st := game(t, players, 21, 150)
		v := view(st, 0)
		for _, g := range []geom{{7, 2}, {14, 4}, {14, 8}} {
			lines := strings.Split(ansi.Strip(strings.Join(grid{v: v, p: newPalette(themes[false]), g: g, cursor: -1,
				name: func(s engine.Seat) string { return "player" }}.lines(), "\n")), "\n")
			for c, cv := range v.Cells {
				in := strings.NewReplacer("ghosts", "", "ghost", "").Replace(inside(lines, g, v.Size, c))
				if c == v.Portal() {
					if !strings.Contains(in, "PORTAL") {
						t.Fatalf("the Portal:\n%s", in)
					}
					continue
				}
				ghosts := [2]int{}
				for _, id := range cv.Ghosts {
					ghosts[hr.GhostLevel(id)-1]++
				}
				want := map[string]int{symBook: cv.Bookcases, symDrawer: cv.Drawers, symMirror: b2i(cv.Mirror),
					symPicture: b2i(cv.Picture), symGhost1: ghosts[0], symGhost2: ghosts[1], symMarker: len(cv.Markers)}
				if g.h <= 2 && len(cv.Players)+len(cv.Ghosts)+len(cv.Markers) > g.w {
					delete(want, symMarker) // counted in figures in a crowded small room
				}
				for sym, n := range want {
					if got := strings.Count(in, sym); got != n {
						t.Fatalf("%v, %s: %d %q, holds %d:\n%s", g, hr.CellName(c, v.Size), got, sym, n, in)
					}
				}
				for _, s := range cv.Players {
					if !strings.Contains(in, playerMark(v, s)) {
						t.Fatalf("%v, %s: no mark of seat %d:\n%s", g, hr.CellName(c, v.Size), s, in)
					}
				}
			}
		}
	}
}

// TestRoomSentence: the room under the cursor is described in words:
// its furniture, markers against the threshold, the ways out, ghosts.
func TestRoomSentence(t *testing.T) {
	st := game(t, 4, 12, 120)
	v := view(st, 0)
	p := newPalette(themes[false])
	for c, cv := range v.Cells {
		s := ansi.Strip(roomSentence(v, ctx(80, 24, false, 0), p, c))
		if c == v.Portal() {
			if !strings.Contains(s, "Portal") {
				t.Fatal(s)
			}
			continue
		}
		for _, want := range []string{hr.CellName(c, v.Size) + ", room ", count(cv.Bookcases, "bookcase", "bookcases"), " of 4 markers"} {
			if !strings.Contains(s, want) && !(want == " of 4 markers" && len(cv.Markers) >= 4) {
				t.Fatalf("%s: no %q in %q", hr.CellName(c, v.Size), want, s)
			}
		}
		if cv.Mirror != strings.Contains(s, "a mirror") || cv.Picture != strings.Contains(s, "a picture") {
			t.Fatalf("%s: %q", hr.CellName(c, v.Size), s)
		}
		_, doors, _ := strings.Cut(s, "markers")
		for d, word := range dirWords {
			if (v.Passage(c, d) != hr.Wall) != strings.Contains(doors, word) {
				t.Fatalf("%s: the %s passage is %d: %q", hr.CellName(c, v.Size), word, v.Passage(c, d), s)
			}
		}
		if len(cv.Ghosts) > 0 != strings.Contains(s, count(len(cv.Ghosts), "ghost", "ghosts")+" (") {
			t.Fatalf("%s: %d ghosts: %q", hr.CellName(c, v.Size), len(cv.Ghosts), s)
		}
	}
}

// TestEveryStepAsks: over the board, each step of the game says what it
// asks and the keys that answer it.
func TestEveryStepAsks(t *testing.T) {
	want := map[string][]string{
		"colours":  {"Choose the 3 components your Horror needs", "1-6 tick", "enter confirms"},
		"start":    {"Choose the room you start in", "m/enter start there"},
		"turn":     {"Your turn: 3 actions left", "m go", "r R turn", "e end turn"},
		"exchange": {"1-", "give "},
		"attack":   {"a attack"},
		"ghost":    {"drive it into another room", "m/enter send it there"},
		"respond":  {"attacks you with a", "n take the blow"},
		"loot":     {"take one of their things", "0 nothing"},
		"waiting":  {"'s turn", "look at a room"},
		"over":     {"Game over."},
	}
	for _, sc := range scenes {
		st, s := sc.play(t)
		text := shot(t, st, s, 80, 24, false)
		for _, w := range want[sc.name] {
			if !strings.Contains(text, w) {
				t.Errorf("%s: no %q in\n%s", sc.name, w, text)
			}
		}
	}
}

// TestSymbolsDistinct: without colour, every kind of thing on the board
// has a glyph of its own.
func TestSymbolsDistinct(t *testing.T) {
	glyphs := []string{symBook, symDrawer, symMirror, symPicture, symMarker, symRoom, symGhost1, symGhost2, symMe,
		wallH, wallV, closedH, closedV, "░"}
	for i := 1; i <= 6; i++ {
		glyphs = append(glyphs, string(rune('0'+i)))
	}
	for i, g := range glyphs {
		if slices.Contains(glyphs[i+1:], g) || board.Width(g) != 1 {
			t.Fatalf("glyph %q is not one cell of its own", g)
		}
	}
}

// TestFitName: names fit their column without an ellipsis, and bots
// keep their numbers.
func TestFitName(t *testing.T) {
	for _, c := range []struct {
		name string
		n    int
		want string
	}{
		{"ann", 12, "ann"},
		{"Normal bot (3)", 14, "Normal bot (3)"},
		{"Normal bot (3)", 12, "Normal bot 3"},
		{"Normal bot (3)", 10, "N. bot 3"},
		{"Normal bot (3)", 6, "Norm 3"},
		{"Bartholomew", 6, "Barth…"},
		{"Evangelina Rosewood", 12, "E. Rosewood"},
		{"Evangelina Rosewood", 8, "Evangel…"},
	} {
		if got := fitName(c.name, c.n); got != c.want {
			t.Errorf("fitName(%q, %d) = %q, want %q", c.name, c.n, got, c.want)
		}
	}
}

// TestNamesInFull: long names are drawn whole wherever their column
// has room (the players table, the rooms of a large library), and cut
// with an ellipsis only where it has none.
func TestNamesInFull(t *testing.T) {
	cut := regexp.MustCompile(`(Barthol|Maximil|Evangel)[a-z]*([^a-z…]|$)`)
	for _, players := range []int{3, 5} {
		st := game(t, players, 3, 40)
		for _, sz := range [][2]int{{80, 24}, {120, 40}, {200, 60}} {
			b := NewBoard().(*Board)
			bw, bh := tableBoard(b, sz[0], sz[1])
			out := ansi.Strip(b.Render(st.View(2), ctx(bw, bh, false, 2)))
			for _, n := range []string{"Bartholomew", "Maximiliana"} {
				if (players == 5 || sz[0] > 80) && !strings.Contains(out, " "+n+" ") {
					t.Errorf("%d players at %dx%d: %q is not drawn in full:\n%s", players, sz[0], sz[1], n, out)
				}
			}
			rest := strings.NewReplacer("Bartholomew", "", "Maximiliana", "", "Evangelina Rosewood", "").Replace(out)
			if m := cut.FindString(rest); m != "" {
				t.Errorf("%d players at %dx%d: a name is cut without an ellipsis (%q):\n%s", players, sz[0], sz[1], m, out)
			}
		}
	}
}

// TestWideCount: the tables under a tall board are as tall as the board
// asks for before drawing them.
func TestWideCount(t *testing.T) {
	for players := 2; players <= 6; players++ {
		st := game(t, players, 3, 30)
		for _, s := range []engine.Seat{0, -1} {
			v := view(st, s)
			b := NewBoard().(*Board)
			if got := len(b.wideSections(v, ctx(119, 50, true, s), b.palette(themes[true]), 119)); got != wideCount(v) {
				t.Fatalf("%d players, seat %d: %d lines, %d counted", players, s, got, wideCount(v))
			}
		}
	}
}

func TestDetails(t *testing.T) {
	st := game(t, 3, 8, 50)
	d := NewBoard().(*Board).Details(st.View(0))
	for _, want := range []string{"YOUR HORROR", "THE SUPPLIES", "Decks:", "THE BOARD", symBook + " a bookcase"} {
		if !strings.Contains(d, want) {
			t.Fatalf("no %q in\n%s", want, d)
		}
	}
	if strings.Contains(d, "\x1b[") {
		t.Fatal("styled text in the help")
	}
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
