package labyrinth

import (
	"fmt"
	"strings"
	"testing"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
	"arcade/ui/screentest"
)

// finished plays random legal moves from a new game to its end.
func finished(t *testing.T, players int, seed uint64) engine.State {
	t.Helper()
	st, err := lab.Game{}.New(players, nil, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	for !st.Outcome().Done {
		s := st.Pending()[0]
		l := st.Legal(s)
		if _, err := st.Apply(s, l[rng.Intn(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}

// TestLargeBoardFills: on a 200x60 terminal the board's share (119x50
// beside the log, as the table gives it) draws two thirds of its lines
// or more and is no more than a third blank, through a game and at its
// end, and leaves the moves their lines; it spells out who stands on a
// tile, what the next Disturbance would do, each Terror on the grid with
// the symbols it needs and each genre's Shelf and decks. Smaller boards
// keep the tall layout, and every board fits its size.
func TestLargeBoardFills(t *testing.T) {
	states := map[string]engine.State{"over": finished(t, 3, 11)}
	for _, steps := range []int{0, 20, 60} {
		states[fmt.Sprint("step ", steps)] = game(t, 3, uint64(40+steps), steps, 0)
	}
	for name, st := range states {
		v := st.View(0).(lab.View)
		for _, sz := range [][2]int{{119, 50}, {120, 30}, {109, 50}, {80, 14}} {
			what := fmt.Sprintf("%s at %dx%d", name, sz[0], sz[1])
			out := stripANSI(New().Render(v, ctx(sz[0], sz[1], false, 0)))
			checkFits(t, out, sz[0], sz[1], what)
			lines := strings.Split(out, "\n")
			if sz != [2]int{119, 50} {
				if strings.Contains(out, "SHELVES") {
					t.Errorf("%s: the large layout is drawn:\n%s", what, out)
				}
				continue
			}
			if len(lines) < sz[1]*2/3 || len(lines) > sz[1]-largeSpare {
				t.Errorf("%s: %d lines, want %d to %d:\n%s", what, len(lines), sz[1]*2/3, sz[1]-largeSpare, out)
			}
			text := screentest.OnTerminal(out, sz[0], len(lines))
			if b := screentest.BlankShare(text, sz[0], len(lines)); b > 1.0/3 {
				t.Errorf("%s: %.0f%% blank:\n%s", what, 100*b, text)
			}
			for _, w := range largeWants(v) {
				if !strings.Contains(strings.Join(strings.Fields(text), " "), w) {
					t.Errorf("%s: no %q:\n%s", what, w, text)
				}
			}
		}
	}
}

// largeWants are texts the large board shows of v: the sections, each
// Terror's needs, the players on the viewer's tile by name and, while
// the game goes on, what the next Disturbance would do to its tiles.
func largeWants(v lab.View) []string {
	want := []string{"BOOKWYRM", "TERRORS", "SHELVES", "Children's Fiction", "ann (you)"}
	for _, t := range v.Tiles {
		if t.Terror != nil {
			want = append(want, t.Name+" "+t.Terror.Name+" needs "+needWords(t.Terror.Needs))
		}
	}
	if !v.Over {
		for k, i := range v.WyrmTiles {
			want = append(want, lab.CornerNames[k]+" "+lab.TileName(i)+" "+disturbWord(v.Tiles[i]))
		}
		if len(v.Tiles[ownTile(v)].Meeples) > 0 {
			want = append(want, "you")
		}
	}
	return want
}

// TestLargeTileNames: a large tile names who stands on it, the viewer as
// "you", and numbers the others when their names do not fit (all
// players start on the compass tile).
func TestLargeTileNames(t *testing.T) {
	v := game(t, 3, 3, 0, 0).View(0).(lab.View)
	b := New()
	b.pal = newPalette(themes[false])
	gr := b.newGrid(v, board.Context{Names: []string{"ann", "bo", "Bartholomew"}}, geom{w: maxTallW, h: largeRows})
	for n, want := range map[int]string{20: "you bo Bartholomew", 13: "you 2 3"} {
		if got := plainSpans(gr.names(v.Tiles[lab.Centre], n)); got != want {
			t.Errorf("the compass tile names %q in %d cells, want %q", got, n, want)
		}
	}
}
