package labyrinth

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	fp "arcade/engine/fireproto"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// themes are made once, as the table screen keeps its theme; light is the
// colour theme for a light background.
var (
	themes = map[bool]*theme.Theme{false: theme.New(true, false), true: theme.New(true, true)}
	light  = theme.New(false, true)
)

func ctx(w, h int, colour bool, you engine.Seat) board.Context {
	return board.Context{Width: w, Height: h, Theme: themes[colour], Names: []string{"ann", "bo", "cy", "di", "ed"}, You: you}
}

var colourCode = regexp.MustCompile(`\x1b\[[0-9;]*[34]8;`)

func stripANSI(s string) string { return ansi.Strip(s) }

// checkFits fails when out is wider or taller than w x h.
func checkFits(t *testing.T, out string, w, h int, what string) {
	t.Helper()
	lines := strings.Split(out, "\n")
	if len(lines) > h {
		t.Fatalf("%s: %d lines in %d:\n%s", what, len(lines), h, stripANSI(out))
	}
	for _, l := range lines {
		if n := lipgloss.Width(l); n > w {
			t.Fatalf("%s: a line of %d cells in %d:\n%s", what, n, w, stripANSI(out))
		}
	}
}

// TestRenderFits draws games of every size of table at many sizes, with
// and without colour, for players and a spectator: never wider or taller
// than given, never a colour code without colour.
func TestRenderFits(t *testing.T) {
	sizes := [][2]int{{80, 14}, {80, 15}, {80, 16}, {80, 17}, {73, 26}, {83, 26}, {83, 33}, {99, 30}, {120, 40}, {160, 50}}
	for players := 1; players <= 5; players++ {
		for _, steps := range []int{0, 15, 60} {
			st := game(t, players, uint64(players*100+steps), steps, 0)
			for you := engine.Seat(-1); you < engine.Seat(min(players, 2)); you++ {
				b, lb, v := New(), New(), st.View(you)
				for _, colour := range []bool{false, true} {
					for _, sz := range sizes {
						out := b.Render(v, ctx(sz[0], sz[1], colour, you))
						what := fmt.Sprintf("%d players, step %d, %dx%d colour %v seat %d", players, steps, sz[0], sz[1], colour, you)
						checkFits(t, out, sz[0], sz[1], what)
						if !colour && colourCode.MatchString(out) {
							t.Fatalf("%s: colour codes without colour:\n%q", what, out)
						}
						if !colour && !strings.Contains(out, "N") {
							t.Fatalf("%s: no compass tile:\n%s", what, stripANSI(out))
						}
						if colour && sz[1] <= 26 {
							c := ctx(sz[0], sz[1], true, you)
							c.Theme = light
							checkFits(t, lb.Render(v, c), sz[0], sz[1], what+" light")
						}
					}
				}
			}
		}
	}
}

// TestPreferredHeight asks for the small grid and a status line at 80x24
// (leaving the moves and the log their strip) and for the tall grid on
// the board area the table gives at 120x40 and 110x35.
func TestPreferredHeight(t *testing.T) {
	b := New()
	if h := b.PreferredHeight(80, 24); h != 16 || h > 24-3-4 {
		t.Errorf("80x24: asks %d lines, want 16", h)
	}
	for _, c := range [][3]int{{83, 40, 26}, {73, 35, 26}, {80, 30, 16}} {
		if h := b.PreferredHeight(c[0], c[1]); h != c[2] {
			t.Errorf("%dx%d: asks %d lines, want %d", c[0], c[1], h, c[2])
		}
	}
	st := game(t, 3, 5, 20, 0)
	for _, c := range []struct{ w, h, tileRows int }{{80, 16, smallRows}, {83, 26, tallRows}} {
		out := stripANSI(New().Render(st.View(0), ctx(c.w, c.h, false, 0)))
		lines := strings.Split(out, "\n")
		if len(lines) != c.h {
			t.Errorf("%dx%d: %d lines, want all %d", c.w, c.h, len(lines), c.h)
		}
		if g := pickGeom(c.w, c.h); g.h != c.tileRows {
			t.Errorf("%dx%d: tiles %d rows tall, want %d", c.w, c.h, g.h, c.tileRows)
		}
	}
}

// TestEveryHandShown checks that at 80x16 a five-player game shows each
// player's heading and the counters.
func TestEveryHandShown(t *testing.T) {
	st := game(t, 5, 9, 30, 0)
	v := st.View(0).(lab.View)
	out := stripANSI(New().Render(v, ctx(80, 16, false, 0)))
	for _, want := range []string{"ann (you)", "bo", "cy", "di", "ed", "Terrors", "Book decks", "Turn"} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q at 80x16:\n%s", want, out)
		}
	}
	for _, sv := range v.Seats {
		for _, c := range sv.Hand.Cards {
			if c.Type == "book" && !strings.Contains(out, c.Letters) {
				t.Errorf("no %s (%s) of seat %d:\n%s", c.Name, c.Letters, sv.Seat, out)
			}
		}
	}
}

// TestSoloAndSetup checks the Trolley and its hand in the solo game, and
// the setup line while the starting Books are chosen.
func TestSoloAndSetup(t *testing.T) {
	st := game(t, 1, 4, 10, 0)
	out := stripANSI(New().Render(st.View(0), ctx(80, 16, false, 0)))
	if strings.Count(out, "≡") < 2 || !strings.Contains(out, "Trolley") {
		t.Errorf("no Trolley on the grid and in the panel:\n%s", out)
	}
	st, err := lab.Game{}.New(3, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	v := st.View(0).(lab.View)
	if v.Phase != lab.PhaseSetup {
		t.Skipf("the game starts in %q", v.Phase)
	}
	out = stripANSI(New().Render(v, ctx(80, 16, false, 0)))
	if !strings.Contains(out, "Setup") || !strings.Contains(out, "1-6") {
		t.Errorf("no setup line:\n%s", out)
	}
	b := New()
	b.Render(v, ctx(80, 16, false, 0))
	if a, used, msg := unpack(b.HandleKey("f", v, st.Legal(0))); a != nil || !used || !strings.Contains(msg, "starting Books") || !strings.Contains(msg, "1-6") {
		t.Errorf("f in setup: %v %v %q", a, used, msg)
	}
	if a, used, _ := unpack(b.HandleKey("1", v, st.Legal(0))); a != nil || used {
		t.Errorf("the board takes the genre keys")
	}
}

// TestSetupChoosing: while every player chooses starting Books at once,
// at 80x24 (the board's 17 lines), the viewer sees how many are left to
// choose and the genres chosen; of the others only whether they are
// choosing, and how far, or done.
func TestSetupChoosing(t *testing.T) {
	st, err := lab.Game{}.New(3, nil, 1)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range [][2]int{{1, int(lab.Science)}, {0, int(lab.Legends)}, {0, int(lab.Historical)}, {2, 0}, {2, 0}, {2, 0}} {
		if _, err := st.Apply(engine.Seat(m[0]), engine.Action{Kind: lab.KindGenre, Args: []int{m[1]}}); err != nil {
			t.Fatal(err)
		}
	}
	cases := []struct {
		you   engine.Seat
		want  []string
		picks int // the genres shown: the viewer's own
	}{
		{0, []string{"Setup: you pick 1 more starting book (keys 1-6)", "▸1 ann (you) choosing… 2/3", "+A Legends", "+T Historical Leaders",
			"▸2 bo choosing… 1/3", " 3 cy done", "keys 1-6 choose a book"}, 2},
		{1, []string{"Setup: you pick 2 more starting books", "▸1 ann choosing… 2/3", "+L Science"}, 1},
		{2, []string{"Setup: your books are chosen; waiting for ann, bo", "+H Children's Fiction", "waiting for the others"}, 3},
		{engine.Spectator, []string{"Setup: waiting for ann, bo to choose books", "▸2 bo choosing… 1/3"}, 0},
	}
	chosen := regexp.MustCompile(`\+[HQALTF]`)
	for _, c := range cases {
		out := stripANSI(New().Render(st.View(c.you), ctx(80, 17, false, c.you)))
		checkFits(t, out, 80, 17, "setup")
		for _, w := range c.want {
			if !strings.Contains(out, w) {
				t.Errorf("seat %d sees no %q:\n%s", c.you, w, out)
			}
		}
		if n := len(chosen.FindAllString(out, -1)); n != c.picks {
			t.Errorf("seat %d sees %d genres chosen, want its own %d:\n%s", c.you, n, c.picks, out)
		}
	}
}

// tileView is an empty dark tile.
func tileView(i int) lab.TileView {
	return lab.TileView{Index: i, Name: lab.TileName(i), Shelf: -1, Wyrm: -1}
}

// Card IDs by name.
func bookID(t *testing.T, name string) int {
	for id, b := range lab.Books {
		if b.Name == name {
			return id
		}
	}
	t.Fatalf("no book %q", name)
	return -1
}

func card(id int) lab.CardView {
	c := lab.CardView{ID: id, Name: lab.CardName(id), Genre: -1, Symbols: lab.CardSymbols(id)}
	c.Letters = c.Symbols.Letters()
	switch {
	case lab.IsBook(id):
		c.Type, c.Genre = "book", int(lab.Books[id].Genre)
	case lab.IsItem(id):
		c.Type = "item"
	default:
		c.Type = "booster"
		o := lab.Rewards[id-lab.FirstReward].Options
		c.Options = []lab.Boost{o[0], o[1]}
	}
	return c
}

// handMade is a game in the middle of seat 0's turn: both meeples on the
// compass (open on every side); the Basilisk west of it (B3, open east);
// a purple Shelf north (C2, open south); a dark tile that was a Terror
// space east (D3); a dark tile never seen south (C4); the Bookwyrm at the
// north-west junction.
func handMade(t *testing.T) lab.View {
	v := lab.View{You: 0, Players: 2, Phase: lab.PhaseActions, Turn: 0, TurnNo: 4, ActionsLeft: 3,
		PassToken: lab.PassTokenView{Free: true, To: -1}, DisturbanceLeft: 12, TerrorsOnGrid: 1,
		WyrmAt: lab.Junction{Row: 0, Col: 0}, WyrmTiles: [4]int{0, 1, 6, 5}}
	for i := range lab.NumTiles {
		v.Tiles[i] = tileView(i)
	}
	for k, i := range v.WyrmTiles {
		v.Tiles[i].Wyrm = k
	}
	c := &v.Tiles[lab.Centre]
	c.Lit, c.Known, c.Kind, c.Shape, c.Open = true, true, lab.KindCentre, lab.ShapeCross, [4]bool{true, true, true, true}
	c.Meeples = []engine.Seat{0, 1}
	w := &v.Tiles[11]
	w.Lit, w.Known, w.Kind, w.Shape, w.Open = true, true, lab.KindTerror, lab.ShapeT, [4]bool{true, true, true, false}
	w.Terror = &lab.TerrorView{ID: 0, Name: "Basilisk", Needs: lab.Terrors[0].Needs, Letters: "TFA"}
	n := &v.Tiles[7]
	n.Lit, n.Known, n.Kind, n.Shape, n.Open, n.Shelf = true, true, lab.KindShelf, lab.ShapeCorner, [4]bool{false, false, true, true}, int(lab.Amazing)
	e := &v.Tiles[13]
	e.Known, e.Kind, e.Shape = true, lab.KindTerror, lab.ShapeCorner
	hand0 := lab.HandView{Limit: 6, Slots: 3, Cards: []lab.CardView{card(bookID(t, "Jo March")), card(bookID(t, "Nzinga")), card(bookID(t, "Circe"))}}
	hand1 := lab.HandView{Limit: 6, Slots: 1, Cards: []lab.CardView{card(bookID(t, "Alice"))}}
	v.Seats = []lab.SeatView{{Seat: 0, Tile: lab.Centre, Hand: hand0}, {Seat: 1, Tile: lab.Centre, Hand: hand1}}
	return v
}

// handLegal is a legal list for handMade: two ways to capture the
// Basilisk, a plain flip and one with a Useful Map, the compass's
// rotations, a pass and the moves without a tile.
func handLegal(t *testing.T) []engine.Action {
	jo, nz, ci := bookID(t, "Jo March"), bookID(t, "Nzinga"), bookID(t, "Circe")
	capture := func(cards ...int) engine.Action {
		m := lab.MoveSpec{Tile: 11, Bonus: lab.BonusCapture, Ladder: -1, Copier: -1, Copied: -1, Cards: cards}
		return engine.Action{Kind: lab.KindMove, Args: m.Args()}
	}
	mapCard := lab.FirstReward + 8 // Time Machine / Useful Map
	return []engine.Action{
		capture(ci, jo, nz), capture(jo, nz),
		{Kind: lab.KindFlip, Args: []int{17, mapCard}},
		{Kind: lab.KindFlip, Args: []int{17}},
		{Kind: lab.KindRotate, Args: []int{12, 1}},
		{Kind: lab.KindRotate, Args: []int{12, -1}},
		{Kind: lab.KindPass, Args: lab.PassSpec{Tile: 12, Partner: 1, Give: jo, Receive: -1, Service: -1}.Args()},
		{Kind: lab.KindTake, Args: []int{0}},
		{Kind: lab.KindPassAction},
		{Kind: lab.KindEnd},
	}
}

// press feeds keys to the board as the table does and returns the action
// played, whether the last key was used and the last message.
func press(b *Board, v lab.View, legal []engine.Action, keys ...string) (*engine.Action, bool, string) {
	var msg string
	var used bool
	for _, k := range keys {
		a, u, m := unpack(b.HandleKey(k, v, legal))
		used = u
		if m != "" {
			msg = m
		}
		if a != nil {
			return a, used, msg
		}
	}
	return nil, used, msg
}

// TestKeysPickLegalMoves drives the cursor over the hand-made game.
func TestKeysPickLegalMoves(t *testing.T) {
	v, legal := handMade(t), handLegal(t)
	jo, nz := bookID(t, "Jo March"), bookID(t, "Nzinga")
	b := New()
	b.Render(v, ctx(80, 16, false, 0))
	if b.cursor != lab.Centre {
		t.Fatalf("cursor starts on %d, want the player's tile %d", b.cursor, lab.Centre)
	}
	// r and R rotate the tile under the cursor.
	if a, _, _ := press(b, v, legal, "r"); a == nil || !a.Same(engine.Action{Kind: lab.KindRotate, Args: []int{12, 1}}) {
		t.Errorf("r on the compass: %v", a)
	}
	for _, k := range []string{"R", "shift+r"} {
		if a, _, _ := press(b, v, legal, k); a == nil || !a.Same(engine.Action{Kind: lab.KindRotate, Args: []int{12, -1}}) {
			t.Errorf("%s on the compass: %v", k, a)
		}
	}
	// g passes with the player on the same tile.
	if a, _, _ := press(b, v, legal, "g"); a == nil || a.Kind != lab.KindPass {
		t.Errorf("g on the compass: %v", a)
	}
	// m west: two ways to capture, the cheaper first; tab and enter take
	// the other.
	a, used, msg := press(b, v, legal, "h", "m")
	if a != nil || !used || !strings.Contains(msg, "1/2") || !strings.Contains(msg, "Basilisk") || !strings.Contains(msg, "Jo March+Nzinga") {
		t.Fatalf("m on the Basilisk: %v %v %q", a, used, msg)
	}
	if out := stripANSI(b.Render(v, ctx(80, 16, false, 0))); !strings.Contains(out, "Basilisk") || !strings.Contains(out, "Which way to go? 1/2") || !strings.Contains(out, "› Move to B3") {
		t.Errorf("the panel does not show the choice:\n%s", out)
	}
	if r := b.HandleKey("tab", v, legal); !strings.Contains(r.Message, "2/2") || !strings.Contains(r.Message, "Circe") || r.Warning {
		t.Errorf("tab: %+v, want the second choice described, not as a warning", r)
	}
	a, _, _ = press(b, v, legal, "enter")
	if a == nil || !a.Same(legal[0]) {
		t.Errorf("enter after tab: %v, want %v", a, legal[0])
	}
	// Again, enter straight away takes the cheapest way.
	a, _, _ = press(b, v, legal, "m", "enter")
	want := lab.MoveSpec{Tile: 11, Bonus: lab.BonusCapture, Ladder: -1, Copier: -1, Copied: -1, Cards: []int{jo, nz}}
	if a == nil || !a.Same(engine.Action{Kind: lab.KindMove, Args: want.Args()}) {
		t.Errorf("m enter: %v", a)
	}
	// shift+tab goes round backwards; esc drops the choice.
	_, _, msg = press(b, v, legal, "m", "shift+tab")
	if !strings.Contains(msg, "2/2") {
		t.Errorf("shift+tab: %q", msg)
	}
	if _, used, _ := press(b, v, legal, "esc"); !used || b.pick != nil {
		t.Errorf("esc keeps the choice")
	}
	// f south of the compass: the flip without the map first.
	a, _, msg = press(b, v, legal, "o", "j", "f")
	if a != nil || !strings.HasSuffix(msg, ": Flip C4") {
		t.Errorf("f on C4: %v %q", a, msg)
	}
	a, _, _ = press(b, v, legal, "enter")
	if a == nil || !a.Same(engine.Action{Kind: lab.KindFlip, Args: []int{17}}) {
		t.Errorf("f enter on C4: %v", a)
	}
	// The panel tells which keys work on the cursor's tile.
	press(b, v, legal, "o")
	if out := stripANSI(b.Render(v, ctx(80, 16, false, 0))); !strings.Contains(out, "here: r R turn · g pass") {
		t.Errorf("no keys for the compass:\n%s", out)
	}
	press(b, v, legal, "h")
	if out := stripANSI(b.Render(v, ctx(80, 16, false, 0))); !strings.Contains(out, "here: m(2) move") {
		t.Errorf("no keys for the Basilisk:\n%s", out)
	}
	// Moving the cursor drops the choice.
	press(b, v, legal, "f", "k")
	if b.pick != nil {
		t.Errorf("the choice survives a cursor move")
	}
	// The moves without a tile or a hand key are the table's.
	for _, k := range []string{"p", "e", "1", "6", "Q", "?"} {
		if a, used, _ := unpack(b.HandleKey(k, v, legal)); a != nil || used {
			t.Errorf("the board takes %q", k)
		}
	}
	// Hand keys offer the moves of their kind, or say why there are none;
	// a discard always waits for enter.
	for _, k := range []string{"t", "x", "b"} {
		b.pick = nil
		a, used, msg := unpack(b.HandleKey(k, v, legal))
		if !used || (a == nil && msg == "") {
			t.Errorf("%q: used %v, action %v, message %q", k, used, a, msg)
		}
		if a != nil && k == "x" {
			t.Errorf("x discarded %v without asking", a)
		}
	}
}

// TestRefusals checks that a key meaning nothing on a tile says why, in
// the engine's words and citing its rule, and plays nothing.
func TestRefusals(t *testing.T) {
	v, legal := handMade(t), handLegal(t)
	cases := []struct {
		keys []string
		want string
	}{
		{[]string{"f"}, "lit already"},
		{[]string{"l", "m"}, "D3 is dark: moves go along lit tiles only"},
		{[]string{"l", "r"}, "dark: only a lit tile is rotated, so flip it first"},
		{[]string{"k", "m"}, "only to return a Terror to it"},
		{[]string{"k", "k", "m"}, "C1 is dark"},
		{[]string{"h", "h", "f"}, "next to yours"},
		{[]string{"m"}, "already"},
		{[]string{"h", "g"}, "Nobody else"},
		{[]string{"l", "l", "enter"}, "E3 is dark"},
	}
	for _, c := range cases {
		b := New()
		b.Render(v, ctx(80, 16, false, 0))
		press(b, v, legal, c.keys[:len(c.keys)-1]...)
		r := b.HandleKey(c.keys[len(c.keys)-1], v, legal)
		if r.Action != nil || !r.Used || !strings.Contains(r.Message, c.want) || !r.Warning {
			t.Errorf("%v: reply %+v, want a warning saying %q", c.keys, r, c.want)
		}
		if _, err := engine.Explain(lab.Game{}.Info().Rules, r.Rule); err != nil {
			t.Errorf("%v: %q cites %q: %v", c.keys, r.Message, r.Rule, err)
		}
	}
	b := New()
	if _, _, msg := press(b, v, legal, "tab"); !strings.Contains(msg, "Nothing to choose") {
		t.Errorf("tab without a choice: %q", msg)
	}
	// No path: the Shelf is open only south and west, so a lit tile east
	// of it cannot be reached from the compass.
	v.Tiles[8].Lit, v.Tiles[8].Known, v.Tiles[8].Kind, v.Tiles[8].Open = true, true, lab.KindCross, [4]bool{true, true, true, true}
	v.Tiles[13].Lit, v.Tiles[13].Open = false, [4]bool{}
	b = New()
	if _, _, msg := press(b, v, legal, "k", "l", "m"); !strings.Contains(msg, "block every way from C3 to D2") {
		t.Errorf("m on an unreachable tile: %q", msg)
	}
	// Not your turn.
	v.Turn = 1
	b = New()
	b.Render(v, ctx(80, 16, false, 0))
	if a, used, msg := press(b, v, nil, "m"); a != nil || !used || !strings.Contains(msg, "it is bo's") {
		t.Errorf("m out of turn: %v %v %q", a, used, msg)
	}
	if a, used, _ := press(b, v, nil, "l"); a != nil || !used {
		t.Errorf("the cursor does not move out of turn")
	}
}

// tileArea cuts tile i's cells out of a plain rendering with a status line.
func tileArea(out string, g geom, i int) []string {
	lines := strings.Split(stripANSI(out), "\n")[1:]
	r, c := i/lab.Size, i%lab.Size
	var area []string
	for y := r * g.h; y < (r+1)*g.h; y++ {
		row := []rune(lines[y])
		x := c * (g.w + 1)
		area = append(area, string(row[x:x+g.w]))
	}
	return area
}

// TestDarkTileShowsNothing checks that a dark tile shows only its
// darkness, even one whose lit side everyone has seen.
func TestDarkTileShowsNothing(t *testing.T) {
	v := handMade(t)
	for _, sz := range [][2]int{{80, 16}, {83, 26}} {
		for _, colour := range []bool{false, true} {
			b := New()
			out := b.Render(v, ctx(sz[0], sz[1], colour, 0))
			g := pickGeom(sz[0], sz[1])
			for _, i := range []int{13, 17} {
				area := strings.Join(tileArea(out, g, i), "")
				area = strings.ReplaceAll(area, lab.TileName(i), "")
				if strings.Trim(area, "░╱╲◢◣◤◥") != "" {
					t.Errorf("%dx%d: dark tile %s shows %q", sz[0], sz[1], lab.TileName(i), area)
				}
			}
			lit := strings.Join(tileArea(out, g, 11), "")
			if !strings.Contains(lit, "TFA") && !strings.Contains(lit, "T F A") {
				t.Errorf("%dx%d: the Basilisk's tile shows %q", sz[0], sz[1], lit)
			}
			if !strings.Contains(strings.Join(tileArea(out, g, 7), ""), "[F]") {
				t.Errorf("%dx%d: no purple Shelf [F]", sz[0], sz[1])
			}
		}
	}
}

// TestWyrmAndCursor checks the Bookwyrm's junction, its four marked
// corners and the cursor's reversed outline.
func TestWyrmAndCursor(t *testing.T) {
	v := handMade(t)
	out := New().Render(v, ctx(80, 16, true, 0))
	plain := strings.Split(stripANSI(out), "\n")
	if !strings.Contains(plain[3], "◢W◣") || !strings.Contains(plain[4], "◥W◤") {
		t.Errorf("no Bookwyrm between A1 B1 A2 B2:\n%s", strings.Join(plain, "\n"))
	}
	lines := strings.Split(out, "\n")
	if !strings.Contains(lines[7], "\x1b[7") && !strings.Contains(lines[7], ";7m") && !strings.Contains(lines[7], ";7;") {
		t.Errorf("no reverse video on the cursor's row: %q", lines[7])
	}
}

// TestEveryMoveByKeys plays games in which seat 0 makes every tile move
// with the board's keys (a random legal move, found again with the cursor,
// the move's key, tab and enter).
func TestEveryMoveByKeys(t *testing.T) {
	kinds := map[string]int{}
	for i := range 8 {
		players := 1 + i%5
		st, err := lab.Game{}.New(players, nil, uint64(i))
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewPCG(uint64(i), 1))
		b := New()
		for steps := 0; !st.Outcome().Done && steps < 400; steps++ {
			s := st.Pending()[0]
			legal := st.Legal(s)
			a := legal[rng.IntN(len(legal))]
			if c := tileMoves(legal); len(c) > 0 && rng.IntN(3) > 0 {
				a = c[rng.IntN(len(c))]
			}
			if s == 0 && len(a.Args) > 0 && keyOf(a) != "" {
				v := st.View(0).(lab.View)
				got := byKeys(t, b, v, legal, a)
				if got == nil || !got.Same(a) {
					t.Fatalf("game %d step %d: keys for %v gave %v", i, steps, a, got)
				}
				kinds[a.Kind]++
			}
			if _, err := st.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{lab.KindMove, lab.KindFlip, lab.KindRotate} {
		if kinds[k] == 0 {
			t.Errorf("no %s made by keys (%v)", k, kinds)
		}
	}
	t.Logf("moves made by keys: %v", kinds)
}

// tileMoves keeps the moves aimed at a tile.
func tileMoves(l []engine.Action) []engine.Action {
	var out []engine.Action
	for _, a := range l {
		if keyOf(a) != "" {
			out = append(out, a)
		}
	}
	return out
}

// keyOf is the board key for a tile move ("" for the others).
func keyOf(a engine.Action) string {
	switch a.Kind {
	case lab.KindMove:
		return "m"
	case lab.KindFlip:
		return "f"
	case lab.KindPass:
		return "g"
	case lab.KindRotate:
		if len(a.Args) > 1 && a.Args[1] < 0 {
			return "R"
		}
		return "r"
	}
	return ""
}

// byKeys makes move a with the cursor, its key, tab and enter.
func byKeys(t *testing.T, b *Board, v lab.View, legal []engine.Action, a engine.Action) *engine.Action {
	t.Helper()
	b.Render(v, ctx(80, 16, false, 0))
	target := a.Args[0]
	for b.cursor != target {
		var k string
		switch {
		case b.cursor/lab.Size < target/lab.Size:
			k = "j"
		case b.cursor/lab.Size > target/lab.Size:
			k = "up"
		case b.cursor%lab.Size < target%lab.Size:
			k = "right"
		default:
			k = "h"
		}
		if act, used, _ := unpack(b.HandleKey(k, v, legal)); act != nil || !used {
			t.Fatalf("cursor key %q: %v %v", k, act, used)
		}
	}
	act, _, msg := unpack(b.HandleKey(keyOf(a), v, legal))
	if act != nil {
		return act
	}
	if b.pick == nil {
		t.Fatalf("%s on %s: no choice, message %q", keyOf(a), lab.TileName(target), msg)
	}
	for stage := 0; stage < 2; stage++ {
		c := b.pick
		for range len(c.acts) {
			in := c.acts[c.idx].Same(a)
			if c.partners != nil {
				in = slices.ContainsFunc(c.partners[c.idx], a.Same)
			}
			if in {
				act, _, _ = unpack(b.HandleKey("enter", v, legal))
				break
			}
			b.HandleKey("tab", v, legal)
		}
		if act != nil || b.pick == nil || b.pick == c {
			break
		}
	}
	if act == nil {
		t.Fatalf("%v is not among the choices", a)
	}
	return act
}

// TestDetails checks the help text names the keys and every hand.
func TestDetails(t *testing.T) {
	v := handMade(t)
	d := New().Details(v)
	for _, want := range []string{"BOARD KEYS", "Jo March", "Alice", "C3", "Basilisk", "Disturbance", "Useful Map"} {
		if !strings.Contains(d, want) {
			t.Errorf("details lack %q", want)
		}
	}
	if New().Details(fp.View{}) != "" {
		t.Errorf("details of a foreign view")
	}
}

// TestForeignView checks a view of another game is refused quietly.
func TestForeignView(t *testing.T) {
	b := New()
	if out := b.Render(fp.View{}, ctx(80, 16, false, 0)); out != "(no board)" {
		t.Errorf("render: %q", out)
	}
	if a, used, _ := unpack(b.HandleKey("m", fp.View{}, nil)); a != nil || used {
		t.Errorf("key on a foreign view")
	}
	if _, ok := NewBoard().(*Board); !ok {
		t.Errorf("NewBoard makes a %T", NewBoard())
	}
	if out := b.Render((*lab.View)(nil), ctx(80, 16, false, 0)); out != "(no board)" {
		t.Errorf("nil view rendered: %q", out)
	}
}

// unpack splits a Reply for the checks above: the move, whether the key
// was used and the message.
func unpack(r board.Reply) (*engine.Action, bool, string) { return r.Action, r.Used, r.Message }

// passChoice finds a game where g on some tile offers several passes
// and opens that choice on a board drawn for a w x h table.
func passChoice(t *testing.T, w, h int) (*Board, engine.View, []engine.Action) {
	t.Helper()
	for seed := uint64(1); seed < 40; seed++ {
		st := game(t, 3, seed, 12, 0)
		v, legal := st.View(0), st.Legal(0)
		b := New()
		b.Render(v, ctx(w, h, false, 0))
		for i := range lab.NumTiles {
			if len(b.matching("g", i, legal)) > 1 {
				b.moveCursor(i)
				b.HandleKey("g", v, legal)
				return b, v, legal
			}
		}
	}
	t.Fatal("no game offers a choice of passes")
	return nil, nil, nil
}

// TestChoiceIsAList: a choice between several moves (g here) shows what
// it asks and every move in a list with the one enter plays marked, at
// 80 columns too; tab moves the mark.
func TestChoiceIsAList(t *testing.T) {
	for _, sz := range [][2]int{{80, 16}, {80, 15}, {120, 27}} {
		b, v, legal := passChoice(t, sz[0], sz[1])
		for step := range 2 {
			out := stripANSI(b.Render(v, ctx(sz[0], sz[1], false, 0)))
			if !strings.Contains(out, "Which card do you pass on?") {
				t.Errorf("at %dx%d the choice does not say what it asks:\n%s", sz[0], sz[1], out)
			}
			for i := range b.pick.acts {
				words := b.choiceWords(v.(lab.View), i)
				mark := "  "
				if i == b.pick.idx {
					mark = "› "
				}
				if !strings.Contains(out, mark+words[:min(len(words), 16)]) {
					t.Errorf("at %dx%d after %d tabs choice %d (%q) is not listed after %q:\n%s", sz[0], sz[1], step, i, words, mark, out)
				}
			}
			b.HandleKey("tab", v, legal)
		}
	}
}

// TestOwnHandInWords: at 80 columns the viewer's own cards keep their
// names when the other hands must be shortened, and a long player name
// is shown in full.
func TestOwnHandInWords(t *testing.T) {
	st := game(t, 3, 3, 30, 0)
	v := st.View(0).(lab.View)
	out := stripANSI(New().Render(v, ctx(80, 16, false, 0)))
	for _, s := range v.Seats {
		if s.Seat != 0 {
			continue
		}
		for _, c := range s.Hand.Cards {
			if c.Type != "booster" && !strings.Contains(out, " "+c.Name) {
				t.Errorf("your card %q is not named at 80 columns:\n%s", c.Name, out)
			}
		}
	}
	c := ctx(80, 16, false, 0)
	c.Names = []string{"Maximiliana", "Bartholomew", "cy"}
	if out := stripANSI(New().Render(v, c)); !strings.Contains(out, "Maximiliana (you)") || !strings.Contains(out, "Bartholomew ") {
		t.Errorf("a long name is cut at 80 columns:\n%s", out)
	}
}
