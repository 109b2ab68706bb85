package horror

import (
	"fmt"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

func TestGameInfo(t *testing.T) { et.CheckGame(t, Game{}) }

// TestRandomGames plays random games of every size and option mix,
// checked at every step: invariants (Fortitude in -5..+5, every
// component and card in exactly one place), the seat contract, refused
// probes, a restored copy that plays on alike, and an end within the
// round limit.
func TestRandomGames(t *testing.T) {
	games := 60
	if et.RaceEnabled || testing.Short() {
		games = 12
	}
	for i := range games {
		players := 2 + i%5
		opts := engine.Options{OptItems: fmt.Sprint(3 + i%4), OptRounds: []string{"30", "60"}[i%2]}
		if i%3 == 0 {
			opts[OptColourMatch] = "true"
		}
		g := newGame(t, players, opts, uint64(i)+1)
		rng := engine.NewRNG(uint64(i))
		et.PlayChecked(t, g, &rng, et.Playthrough{Game: Game{}, Players: players, Valid: validState,
			Probe: probe, SeatsEvery: 7, AllLegalEvery: 50, Fork: 40 + i})
	}
}

// TestRoundLimitEnds: random play ends at the round limit with a winner.
func TestRoundLimitEnds(t *testing.T) {
	g := newGame(t, 4, engine.Options{OptRounds: "30"}, 9)
	rng := engine.NewRNG(9)
	et.PlayRandom(t, g, &rng, -1, nil)
	o := g.Outcome()
	if !o.Done || len(o.Winners) == 0 || g.Round > 31 || o.Summary == "" {
		t.Fatalf("outcome %+v after round %d", o, g.Round)
	}
}

// TestNoLimitWithoutRounds: "none" means no round limit.
func TestNoLimitWithoutRounds(t *testing.T) {
	g := newGame(t, 2, engine.Options{OptRounds: "none"}, 9)
	if g.RoundLimit != 0 {
		t.Fatal(g.RoundLimit)
	}
}
