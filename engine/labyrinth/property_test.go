package labyrinth

import (
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

func TestCheckGame(t *testing.T) { enginetest.CheckGame(t, Game{}) }

// TestRandomGames plays random games with every option set and player
// count: each ends, the invariants hold after every move, every seat's
// contract holds, refused moves change nothing, and states restore.
func TestRandomGames(t *testing.T) {
	games := 3
	if testing.Short() || enginetest.RaceEnabled {
		games = 1
	}
	for _, opts := range allOptions() {
		for players := 1; players <= 5; players++ {
			for k := range games {
				seed := uint64(players*100 + k)
				g := newGame(t, players, opts, seed)
				rng := engine.NewRNG(seed)
				for n := 0; !g.Outcome().Done; n++ {
					if n > 5000 {
						t.Fatalf("game %d/%v did not end", players, opts)
					}
					if err := g.validate(); err != nil {
						t.Fatalf("move %d: %v", n, err)
					}
					if n%17 == 0 {
						enginetest.CheckSeats(t, g, players)
						enginetest.CheckAllLegal(t, Game{}, g, check)
						enginetest.Restored(t, Game{}, g)
						enginetest.CheckRefused(t, g,
							enginetest.Move{Seat: g.Turn, Action: engine.Action{Kind: KindMove, Args: []int{99}}},
							enginetest.Move{Seat: (g.Turn + 1) % engine.Seat(players), Action: engine.Action{Kind: KindEnd}},
							enginetest.Move{Seat: g.Turn, Action: engine.Action{Kind: KindFlip, Args: []int{Centre}}})
					}
					m := enginetest.RandomMove(g, &rng)
					enginetest.MustApply(t, g, m)
				}
				enginetest.CheckSeats(t, g, players)
			}
		}
	}
}
