package firetower

import (
	"testing"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// TestKeptDrawingMatchesFreshOne draws one board through positions, cursor
// moves, themes and sizes, and checks each screen byte for byte against a
// board that starts afresh in the same state: the cells and the last
// drawing a board keeps never leak from one theme, position or size into
// another.
func TestKeptDrawingMatchesFreshOne(t *testing.T) {
	kept := New()
	for _, n := range []int{0, 40, 41, 90} {
		st := play(t, 4, engine.Options{"firestorm": "true"}, 5, n)
		for _, cursor := range []ft.Point{{X: 7, Y: 7}, {X: 2, Y: 12}} {
			for _, dark := range []bool{true, false} {
				for _, colour := range []bool{true, false} {
					for _, sz := range [][2]int{{120, 40}, {80, 23}, {80, 14}} {
						c := board.Context{Width: sz[0], Height: sz[1], Theme: theme.For(dark, colour), Names: []string{"ann", "bo", "cy", "di"}}
						kept.cursor = cursor
						got := kept.Render(st.View(0), c)
						fresh := *kept
						fresh.cells, fresh.last = nil, nil
						if want := fresh.Render(st.View(0), c); got != want {
							t.Fatalf("after %d moves, cursor %v, dark %v, colour %v, %dx%d: the kept drawing is\n%q\nnot\n%q",
								n, cursor, dark, colour, sz[0], sz[1], got, want)
						}
					}
				}
			}
		}
	}
}
