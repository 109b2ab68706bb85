package labyrinth

import (
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

func TestCheckGame(t *testing.T) { enginetest.CheckGame(t, Game{}) }

var probeKinds = []string{KindGenre, KindFlip, KindRotate, KindTake, KindMove, KindPass, KindDiscard, KindTime,
	KindPassAction, KindEnd, "", "fly"}

// randomProbe builds an arbitrary action, legal or not.
func randomProbe(rng *engine.RNG) engine.Action {
	a := engine.Action{Kind: probeKinds[rng.Intn(len(probeKinds))]}
	for range rng.Intn(5) {
		a.Args = append(a.Args, rng.Intn(NumTiles+5)-2)
	}
	return a
}

// TestRandomGames plays random games with every option set and player
// count: each ends, the invariants hold after every move, every seat's
// contract holds, refused moves change nothing, and a game restored
// mid-way plays on alike.
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
				enginetest.PlayChecked(t, g, &rng, enginetest.Playthrough{Game: Game{}, Players: players,
					MaxMoves: 5000, Valid: check, Probe: randomProbe, Probes: 1, SeatsEvery: 17, AllLegalEvery: 17,
					Fork: rng.Intn(100)})
			}
		}
	}
}
