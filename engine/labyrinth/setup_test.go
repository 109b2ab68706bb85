package labyrinth

import (
	"slices"
	"strconv"
	"testing"

	"arcade/engine"
)

// TestSetup checks the tile mixes, the Disturbance deck sizes with the
// double curses and the extra cards, the starting hands and the setup
// phase.
func TestSetup(t *testing.T) {
	for _, d := range []string{Novice, Standard, Advanced, Expert} {
		for players := 1; players <= 5; players++ {
			for _, doubles := range []bool{false, true} {
				for _, extra := range []int{0, 2, 4} {
					opts := engine.Options{OptDifficulty: d, OptDoubles: strconv.FormatBool(doubles), OptExtra: strconv.Itoa(extra)}
					g := newGame(t, players, opts, uint64(players*31+extra))
					if err := g.validate(); err != nil {
						t.Fatal(err)
					}
					if want := min(deckSizes[players]+extra, 28); len(g.Disturb) != want {
						t.Fatalf("%d players +%d: %d Disturbance cards, want %d", players, extra, len(g.Disturb), want)
					}
					if doubles != (g.doublesLeft() == 2) || (players == 1) != (g.Difficulty == Novice && d != Novice || players == 1 && d == Novice) {
						t.Fatalf("doubles %v: %d; difficulty %s", doubles, g.doublesLeft(), g.Difficulty)
					}
					for s, h := range g.Hands {
						if len(h.Cards) != 1 || !IsReward(h.Cards[0]) || g.Pos[s] != Centre {
							t.Fatalf("seat %d starts with %v on %d", s, h.Cards, g.Pos[s])
						}
					}
					if g.Phase != PhaseSetup || len(g.Pending()) != 1 || g.Pending()[0] != 0 {
						t.Fatalf("phase %s", g.Phase)
					}
					setupDone(t, g, 3) // everyone asks for Science: the 7 cards run out at 5 players
					for _, h := range g.Hands {
						if len(h.Cards) != 4 {
							t.Fatalf("hand %v", h.Cards)
						}
					}
				}
			}
		}
	}
}

// TestShelvesRoundCentre: the four tiles next to the compass are never
// all Shelves; dark tiles get every orientation.
func TestShelvesRoundCentre(t *testing.T) {
	rots := map[int]bool{}
	for seed := range uint64(300) {
		g := newGame(t, 2, engine.Options{OptDifficulty: Novice}, seed)
		if !slices.ContainsFunc(centreRing(), func(i int) bool { return g.Tiles[i].Kind != KindShelf }) {
			t.Fatalf("seed %d: Shelves all round the compass", seed)
		}
		rots[g.Tiles[0].Rot] = true
	}
	if len(rots) != 4 {
		t.Fatalf("rotations %v", rots)
	}
}
