package firetower

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
	"arcade/ui/screentest"
	"arcade/ui/theme"
)

// play advances a new game by n bot moves.
func play(t *testing.T, players int, opts engine.Options, seed uint64, n int) engine.State {
	t.Helper()
	st, err := ft.Game{}.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	bot := ft.Game{}.Bot("easy")
	for i := 0; i < n && !st.Outcome().Done; i++ {
		s := st.Pending()[0]
		if _, err := st.Apply(s, bot.Choose(context.Background(), st.View(s), st.Legal(s), &rng)); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

func ctx(w, h int, colour bool, you engine.Seat) board.Context {
	return board.Context{Width: w, Height: h, Theme: theme.New(true, colour), Names: []string{"ann", "bo", "cy", "di"}, You: you}
}

var colourCode = regexp.MustCompile(`\x1b\[[0-9;]*[34]8;`)

// TestRenderFits draws many positions at many sizes: never wider or
// taller than given, never a colour without colour.
func TestRenderFits(t *testing.T) {
	sizes := [][2]int{{80, 14}, {80, 15}, {80, 16}, {80, 17}, {100, 20}, {120, 30}, {160, 50}}
	for i, n := range []int{0, 7, 30, 80, 150} {
		st := play(t, 2+i%3, engine.Options{"firestorm": "true"}, uint64(i), n)
		for _, sz := range sizes {
			for _, colour := range []bool{false, true} {
				for you := engine.Seat(-1); you < 2; you++ {
					b := New()
					out := b.Render(st.View(you), ctx(sz[0], sz[1], colour, you))
					lines := strings.Split(out, "\n")
					if len(lines) > sz[1] {
						t.Fatalf("%dx%d: %d lines", sz[0], sz[1], len(lines))
					}
					for _, l := range lines {
						if w := lipgloss.Width(l); w > sz[0] {
							t.Fatalf("%dx%d colour %v: a line of %d cells:\n%s", sz[0], sz[1], colour, w, out)
						}
					}
					if !colour && colourCode.MatchString(out) {
						t.Fatalf("colour codes without colour:\n%q", out)
					}
					if !strings.Contains(out, "wind") {
						t.Fatalf("no wind shown:\n%s", out)
					}
				}
			}
		}
	}
}

// TestBoardReadsWithoutColour checks the distinct glyphs of the plain
// board: fire, eternal flame, firebreak, tower area and corners.
func TestBoardReadsWithoutColour(t *testing.T) {
	st := play(t, 4, nil, 3, 60)
	out := stripANSI(New().Render(st.View(0), ctx(80, 17, false, 0)))
	for _, want := range []string{"▓▓", "██", "░░", "R⌂", "P⌂", "B⌂", "G⌂", " A B C", "16 "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q on the plain board:\n%s", want, out)
		}
	}
}

var ansiCode = regexp.MustCompile(`\x1b\[[0-9;]*m`)

func stripANSI(s string) string { return ansiCode.ReplaceAllString(s, "") }

// press feeds keys to the board as the table screen does: keys the board
// does not use go to the menu's hot keys.
func press(t *testing.T, b *Board, v engine.View, legal []engine.Action, keys ...string) (*engine.Action, string) {
	t.Helper()
	var msg string
	for _, k := range keys {
		r := b.HandleKey(k, v, legal)
		if r.Message != "" {
			msg = r.Message
		}
		if r.Action != nil {
			return r.Action, msg
		}
		if !r.Used {
			for i, bind := range b.MoveKeys(v, legal) {
				if slices.Contains(bind.Keys(), k) {
					return &legal[i], msg
				}
			}
		}
	}
	return nil, msg
}

// keysFor is how a player makes move a with the board's keys.
func keysFor(b *Board, v ft.View, a engine.Action) []string {
	var keys []string
	moveTo := func(p ft.Point) {
		for x := b.cursor.X; x < p.X; x++ {
			keys = append(keys, "l")
		}
		for x := b.cursor.X; x > p.X; x-- {
			keys = append(keys, "left")
		}
		for y := b.cursor.Y; y < p.Y; y++ {
			keys = append(keys, "down")
		}
		for y := b.cursor.Y; y > p.Y; y-- {
			keys = append(keys, "k")
		}
	}
	card := func(i int) {
		if i < 9 {
			keys = append(keys, fmt.Sprint(i+1))
			return
		}
		keys = append(keys, "1")
		for range i {
			keys = append(keys, "tab")
		}
	}
	turnTo := func(s ft.Shape, rot int) {
		for r := b.rotation(s); r != rot; r = (r + 1) % s.Rotations() {
			keys = append(keys, "r")
		}
	}
	switch a.Kind {
	case ft.KindSpread, ft.KindEmber:
		moveTo(ft.Point{X: a.Args[0], Y: a.Args[1]})
		keys = append(keys, "enter")
	case ft.KindPlay:
		card(a.Args[0])
		s := v.Hand[a.Args[0]].Shape()
		turnTo(s, a.Args[3])
		c := s.Centre(a.Args[3])
		moveTo(ft.Point{X: a.Args[1] + c.X, Y: a.Args[2] + c.Y})
		keys = append(keys, "enter")
	case ft.KindBucket:
		keys = append(keys, "u")
		turnTo(ft.Line3, a.Args[2])
		c := ft.Line3.Centre(a.Args[2])
		moveTo(ft.Point{X: a.Args[0] + c.X, Y: a.Args[1] + c.Y})
		keys = append(keys, "enter")
	case ft.KindDiscard, ft.KindRedraw:
		for _, i := range a.Args {
			card(i)
			keys = append(keys, "x")
		}
		if a.Kind == ft.KindRedraw {
			keys = append(keys, "enter")
		} else {
			keys = append(keys, "d")
		}
	case ft.KindRoll:
		card(a.Args[0])
		keys = append(keys, "o")
	case ft.KindTrim:
		card(a.Args[0])
		keys = append(keys, "enter")
	default: // a move with a hot key of its own (p, or a wind's direction)
		keys = append(keys, b.MoveKeys(v, []engine.Action{a})[0].Help().Key)
	}
	return keys
}

// TestEveryMoveByKeys plays games where one seat makes every move with the
// board's keys (a random legal move, found again through the cursor).
func TestEveryMoveByKeys(t *testing.T) {
	kinds := map[string]int{}
	for i := range 12 {
		opts := engine.Options{"firestorm": "true"}
		players := 2 + i%3
		if i%4 == 3 {
			players, opts["team"] = 4, "true"
		}
		st, _ := ft.Game{}.New(players, opts, uint64(i))
		rng := engine.NewRNG(uint64(i))
		b := New()
		bot := ft.Game{}.Bot("easy")
		for steps := 0; !st.Outcome().Done && steps < 2000; steps++ {
			s := st.Pending()[0]
			legal := st.Legal(s)
			a := bot.Choose(context.Background(), st.View(s), legal, &rng)
			if s == 0 {
				if rng.Intn(2) == 0 {
					a = anyKind(legal, &rng)
				}
				v := st.View(0)
				b.sync(v.(ft.View))
				keys := keysFor(b, v.(ft.View), a)
				got, msg := press(t, b, v, legal, keys...)
				if got == nil || !got.Same(a) {
					t.Fatalf("keys %v for %v gave %v (%s)", keys, a, got, msg)
				}
				kinds[a.Kind]++
			}
			if _, err := st.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	for _, k := range []string{ft.KindSpread, ft.KindPlay, ft.KindDiscard, ft.KindWind, ft.KindRoll, ft.KindBucket, ft.KindEnd} {
		if kinds[k] == 0 {
			t.Errorf("no %s made with the keys (%v)", k, kinds)
		}
	}
}

// flareView is a Part 2 position where the viewer holds a Flare Up.
func flareView(t *testing.T) (ft.View, []engine.Action) {
	t.Helper()
	for seed := range uint64(500) {
		st, _ := ft.Game{}.New(2, nil, seed)
		s := st.Pending()[0]
		legal := st.Legal(s)
		if _, err := st.Apply(s, legal[0]); err != nil {
			t.Fatal(err)
		}
		v := st.View(s).(ft.View)
		for _, c := range v.Hand {
			if c == ft.FlareUp && v.Part == ft.PartAction {
				return v, st.Legal(s)
			}
		}
	}
	t.Fatal("no Flare Up dealt")
	return ft.View{}, nil
}

// TestFlareUpPreviewAndWhyNot places a Flare Up with the cursor: the
// preview shows the three new gems, a refused place says why.
func TestFlareUpPreviewAndWhyNot(t *testing.T) {
	v, legal := flareView(t)
	b := New()
	b.sync(v)
	i := 0
	for v.Hand[i] != ft.FlareUp {
		i++
	}
	if _, msg := press(t, b, v, legal, fmt.Sprint(i+1)); msg != "" {
		t.Fatal(msg)
	}
	// Far from the fire: refused, with the reason.
	b.cursor = ft.Point{X: 2, Y: 12}
	a, msg := press(t, b, v, legal, "enter")
	if a != nil || !strings.Contains(msg, "touch fire") {
		t.Fatalf("far away: %v %q", a, msg)
	}
	out := stripANSI(b.Render(v, ctx(80, 17, false, v.You)))
	if !strings.Contains(out, "✗ At least one new gem must touch fire") {
		t.Fatalf("no reason on the board:\n%s", out)
	}
	// Over the wind's gem on G8, across: three new gems, previewed.
	if v.Board.At(ft.Point{X: 6, Y: 7}) != ft.Fire {
		t.Fatalf("the wind blew elsewhere:\n%v", v.Board.Rows())
	}
	b.cursor = ft.Point{X: 5, Y: 6}
	out = stripANSI(b.Render(v, ctx(80, 17, false, v.You)))
	if !strings.Contains(out, "enter: play Flare Up on E7-G7 (+3 gems)") || !strings.Contains(out, " 7 · · · · ++++++· ") {
		t.Fatalf("no preview:\n%s", out)
	}
	a, msg = press(t, b, v, legal, "enter")
	want := engine.Action{Kind: ft.KindPlay, Args: []int{v.FirstCopy(i), 4, 6, 0}}
	if a == nil || !a.Same(want) {
		t.Fatalf("got %v (%s), want %v", a, msg, want)
	}
	// Turned down at the board's edge, the line stays on the board.
	b.cursor = ft.Point{X: 0, Y: 15}
	press(t, b, v, legal, "r")
	if p := b.preview(v, b.current(v)); p.cells[0] != (ft.Point{X: 0, Y: 13}) {
		t.Fatalf("the pattern left the board: %v", p.cells)
	}
}

// TestFreshDecisionAsksWhere: a decision just come up, with the cursor on
// a square the card cannot go (where the last move left it), asks where
// rather than crossing the move out; once the player moves the cursor a
// refused square says why.
func TestFreshDecisionAsksWhere(t *testing.T) {
	v, legal := flareView(t)
	b := New()
	for b.sel = 0; v.Hand[b.sel] != ft.FlareUp; b.sel++ {
	}
	b.cursor = ft.Point{X: 2, Y: 12}
	b.sync(v)
	doing := func() string {
		return stripANSI(b.doing(v, ctx(80, 17, false, v.You), b.current(v), b.preview(v, b.current(v))))
	}
	if out := doing(); out != "Move the cursor where you want to play Flare Up." {
		t.Fatalf("a fresh decision:\n%s", out)
	}
	press(t, b, v, legal, "j")
	if out := doing(); !strings.HasPrefix(out, "✗ At least one new gem must touch fire") {
		t.Fatalf("after a cursor move:\n%s", out)
	}
}

// TestNotMyTurn lets a waiting player and a spectator move the cursor but
// leaves enter and the menu keys to the table.
func TestNotMyTurn(t *testing.T) {
	st := play(t, 2, nil, 1, 3)
	other := 1 - st.Pending()[0]
	b := New()
	v := st.View(other)
	if r := b.HandleKey("l", v, nil); !r.Used {
		t.Fatal("the cursor did not move")
	}
	if r := b.HandleKey("enter", v, nil); r.Used {
		t.Fatal("enter was taken while waiting")
	}
	if r := b.HandleKey("n", v, nil); r.Used {
		t.Fatal("a menu key was taken")
	}
	spec := New()
	if r := spec.HandleKey("down", st.View(engine.Spectator), nil); !r.Used {
		t.Fatal("a spectator cannot look around")
	}
	for _, k := range []string{"Q", "S", "B", "[", "]", "?", "ctrl+c", "ctrl+o", "ctrl+r"} {
		if r := b.HandleKey(k, st.View(st.Pending()[0]), st.Legal(st.Pending()[0])); r.Used {
			t.Fatalf("the board took the table's key %q", k)
		}
	}
}

func TestDetails(t *testing.T) {
	st := play(t, 3, engine.Options{"firestorm": "true"}, 2, 5)
	d := New().Details(st.View(0))
	for _, want := range []string{"BOARD KEYS", "YOUR CARDS", "Flare Up", "Bucket", "Firestorm"} {
		if !strings.Contains(d, want) {
			t.Errorf("details lack %q", want)
		}
	}
	if strings.Contains(New().Details(st.View(engine.Spectator)), "YOUR CARDS") {
		t.Fatal("a spectator has cards")
	}
}

func TestNewBoard(t *testing.T) {
	r := NewBoard()
	if _, ok := r.(board.KeyHandler); !ok {
		t.Fatal("the board takes no keys")
	}
	if w, h := r.MinSize(); w != 80 || h != 23 {
		t.Fatalf("min size %dx%d", w, h)
	}
}

// anyKind picks a random kind of move, then a random move of that kind.
func anyKind(legal []engine.Action, rng *engine.RNG) engine.Action {
	byKind := map[string][]engine.Action{}
	var kinds []string
	for _, a := range legal {
		if byKind[a.Kind] == nil {
			kinds = append(kinds, a.Kind)
		}
		byKind[a.Kind] = append(byKind[a.Kind], a)
	}
	as := byKind[kinds[rng.Intn(len(kinds))]]
	return as[rng.Intn(len(as))]
}

func BenchmarkRender(b *testing.B) {
	st, _ := ft.Game{}.New(4, nil, 1)
	v := st.View(st.Pending()[0])
	for _, sz := range [][2]int{{80, 14}, {100, 20}, {120, 33}, {119, 50}} {
		b.Run(fmt.Sprintf("%dx%d", sz[0], sz[1]), func(b *testing.B) {
			r := New()
			c := board.Context{Width: sz[0], Height: sz[1], Theme: theme.New(true, true), You: 0}
			for range b.N {
				r.Render(v, c)
			}
		})
	}
}

// TestBucketMidEmberByKeys: the Bucket may be played "at any time during
// your turn", between an Ember's lift and its landing too (ruling 26):
// u then the keys that aim it play it there.
func TestBucketMidEmberByKeys(t *testing.T) {
	for seed := range uint64(3000) {
		st, _ := ft.Game{}.New(2, nil, seed)
		rng := engine.NewRNG(seed)
		bot := ft.Game{}.Bot("easy")
		for steps := 0; !st.Outcome().Done && steps < 400; steps++ {
			s := st.Pending()[0]
			legal := st.Legal(s)
			v := st.View(s).(ft.View)
			if v.Part == ft.PartEmber {
				for _, a := range legal {
					if a.Kind != ft.KindBucket {
						continue
					}
					b := New()
					b.sync(v)
					keys := keysFor(b, v, a)
					got, msg := press(t, b, v, legal, keys...)
					if got == nil || !got.Same(a) {
						t.Fatalf("keys %v for the Bucket mid-Ember gave %v (%s)", keys, got, msg)
					}
					return
				}
			}
			a := bot.Choose(context.Background(), v, legal, &rng)
			if _, err := st.Apply(s, a); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Skip("no Ember with a Bucket to play came up")
}

// TestBigBoardFills: on a 200x60 terminal the board's share (119x50) gets
// the big layout: a line under the board for every card, no more than a quarter of them blank,
// every card of the hand with its whole text, the Bucket, and how near the
// fire is to every tower; a spectator sees no hand. Where the large board
// has no room under it (120x40 gives it 120x33) the layout stays as it was.
func TestBigBoardFills(t *testing.T) {
	for _, players := range []int{2, 4} {
		for _, steps := range []int{0, 30, 80, 1000} {
			st := play(t, players, nil, uint64(steps), steps)
			for _, you := range []engine.Seat{0, -1} {
				v := st.View(you)
				fv, _ := engine.ViewAs[ft.View](v)
				out := New().Render(v, ctx(119, 50, false, you))
				lines := strings.Split(out, "\n")
				for _, l := range lines {
					if board.Width(l) > 119 {
						t.Fatalf("%d players, %d moves: a line of %d cells:\n%s", players, steps, board.Width(l), out)
					}
				}
				text := stripANSI(out)
				flat := strings.Join(strings.Fields(text), " ")
				if strings.Count(flat, "/9 burning") != players {
					t.Errorf("%d players, %d moves: not every tower's fire is told:\n%s", players, steps, text)
				}
				if you < 0 {
					if len(lines) > 2*ft.Size+1 || strings.Contains(text, "HAND") {
						t.Errorf("%d players, %d moves: a spectator sees a hand:\n%s", players, steps, text)
					}
					continue
				}
				if len(lines) < 2*ft.Size+3+len(fv.Hand) || len(lines) > 50 {
					t.Errorf("%d players, %d moves: %d lines of 50:\n%s", players, steps, len(lines), text)
				}
				screen := screentest.OnTerminal(out, 119, len(lines))
				if b := screentest.BlankShare(screen, 119, len(lines)); b > 1.0/4 {
					t.Errorf("%d players, %d moves: the board is %.0f%% blank:\n%s", players, steps, 100*b, screen)
				}
				want := []string{ft.BucketText, "The wind blows " + strings.ToLower(fv.Wind.String())}
				if me, _ := fv.Mine(); !me.Bucket {
					want[0] = "used: you have emptied your Bucket"
				}
				for _, c := range fv.Hand {
					want = append(want, c.Text())
				}
				hand := handTexts(text)
				for _, w := range want {
					if !strings.Contains(flat, w) && !strings.Contains(hand, w) {
						t.Errorf("%d players, %d moves: the big board lacks %q:\n%s", players, steps, w, text)
					}
				}
			}
		}
	}
	st := play(t, 4, nil, 5, 30)
	for _, sz := range [][2]int{{120, 33}, {119, 40}, {100, 50}} {
		if out := stripANSI(New().Render(st.View(0), ctx(sz[0], sz[1], false, 0))); strings.Contains(out, "PLAYERS") {
			t.Errorf("%dx%d: the big layout is drawn without the room for it:\n%s", sz[0], sz[1], out)
		}
	}
}

// handTexts is the text column of the hand under the big board, its
// lines joined.
func handTexts(board string) string {
	_, hand, _ := strings.Cut(board, "HAND")
	var texts []string
	for _, l := range strings.Split(hand, "\n") {
		if r := []rune(l); len(r) > leadWidth+typeWidth+drawWidth {
			texts = append(texts, strings.TrimSpace(string(r[leadWidth+typeWidth+drawWidth:])))
		}
	}
	return strings.Join(texts, " ")
}
