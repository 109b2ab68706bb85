package firetower

import (
	"testing"

	"arcade/engine"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// TestKeptCellsMatchFreshDrawing draws one board through every theme and
// size, twice over, and checks each screen byte for byte against a new
// board's: the cells a board keeps never leak from one theme (or one
// drawing) into another.
func TestKeptCellsMatchFreshDrawing(t *testing.T) {
	st := play(t, 4, engine.Options{"firestorm": "true"}, 5, 40)
	kept := New()
	for round := range 2 {
		for _, dark := range []bool{true, false} {
			for _, colour := range []bool{true, false} {
				for _, sz := range [][2]int{{120, 40}, {80, 23}, {80, 14}} {
					c := board.Context{Width: sz[0], Height: sz[1], Theme: theme.For(dark, colour), Names: []string{"ann", "bo", "cy", "di"}}
					got := kept.Render(st.View(0), c)
					if want := New().Render(st.View(0), c); got != want {
						t.Fatalf("round %d, dark %v, colour %v, %dx%d: the kept cells drew\n%q\nnot\n%q", round, dark, colour, sz[0], sz[1], got, want)
					}
				}
			}
		}
	}
}
