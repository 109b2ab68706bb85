package fireproto

import (
	"fmt"
	"slices"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

var probeKinds = []string{KindOrder, KindDraw, KindScore, KindDouse, KindBurn, "", "stop"}

// randomProbe builds an arbitrary action, legal or not.
func randomProbe(rng *engine.RNG) engine.Action {
	a := engine.Action{Kind: probeKinds[rng.Intn(len(probeKinds))]}
	for range rng.Intn(3) {
		a.Args = append(a.Args, rng.Intn(9)-2)
	}
	return a
}

// validState is the game's invariant check for enginetest.
func validState(st engine.State) error { return st.(*state).validate() }

// playChecked plays one random game, checking everything along the way,
// and returns the number of moves.
func playChecked(t *testing.T, players int, seed uint64) int {
	g := newGame(t, players, seed)
	rng := engine.NewRNG(seed ^ 0x5eed)
	fork := rng.Intn(60)
	steps := et.PlayChecked(t, g, &rng, et.Playthrough{Game: Game{}, Players: players, MaxMoves: maxSteps(players),
		Valid: validState, Probe: randomProbe, AllLegalEvery: 13, Fork: fork})
	out := g.Outcome()
	if len(out.Scores) != players || len(out.Winners) == 0 || out.Summary == "" {
		t.Fatalf("outcome %+v", out)
	}
	for _, s := range out.Winners {
		if out.Scores[s] != slices.Max(out.Scores) {
			t.Fatalf("winner %d does not have the top score: %+v", s, out)
		}
	}
	if (g.Collapsed >= 0) == (slices.Max(out.Scores) >= goal) {
		t.Fatalf("the game ended without a reason, or with two: %+v", out)
	}
	return steps
}

// TestRandomGames plays thousands of random games (fewer under -race or
// -short) and checks every invariant at every step: token conservation (25
// books, 7 fires, 10 Buckets), refused moves changing nothing, the game
// ending, and save/restore mid-game replaying identically.
func TestRandomGames(t *testing.T) {
	games := 2000
	if testing.Short() || et.RaceEnabled {
		games = 120
	}
	for players := 2; players <= 5; players++ {
		t.Run(fmt.Sprintf("%dp", players), func(t *testing.T) {
			t.Parallel()
			longest, total, n := 0, 0, games/4
			for i := range n {
				steps := playChecked(t, players, uint64(i)*2654435761+uint64(players))
				longest = max(longest, steps)
				total += steps
			}
			t.Logf("%d games, %d moves on average, longest %d", n, total/n, longest)
		})
	}
}

// TestGamesEndBothWays plays random games to the end from the start and
// from boards where every tracker is one burn from its X: both kinds of
// ending must happen, each alone.
func TestGamesEndBothWays(t *testing.T) {
	ends := map[bool]int{}
	for i := range 400 {
		g := newGame(t, 2+i%4, uint64(i))
		if i%2 == 1 {
			for c, col := range colours {
				g.Pos[c] = len(col.Track) - 1
			}
		}
		rng := engine.NewRNG(uint64(i))
		if _, err := et.PlayOut(g, func(_ engine.Seat, legal []engine.Action) engine.Action {
			return legal[rng.Intn(len(legal))]
		}); err != nil {
			t.Fatal(err)
		}
		valid(t, g)
		ends[g.Collapsed >= 0]++
	}
	t.Logf("%d collapsed, %d reached 100", ends[true], ends[false])
	if ends[true] < 50 || ends[false] < 200 {
		t.Fatalf("%d collapsed, %d reached 100", ends[true], ends[false])
	}
}
