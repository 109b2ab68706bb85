package labyrinth

import (
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// newGame sets up a game or fails the test; options that mean nothing
// for players (a solo game's difficulty) go back to their defaults.
func newGame(t testing.TB, players int, opts engine.Options, seed uint64) *state {
	t.Helper()
	st, err := Game{}.New(players, Game{}.Info().Applicable(players, opts), seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// setupDone plays the setup choices in seat order: each seat chooses one
// book of each of the genres given (cycled).
func setupDone(t testing.TB, g *state, genres ...int) {
	t.Helper()
	if len(genres) == 0 {
		genres = []int{0, 4, 5}
	}
	for i := 0; g.Phase == PhaseSetup; i++ {
		a := engine.Action{Kind: KindGenre, Args: []int{genres[i%len(genres)]}}
		enginetest.MustApply(t, g, enginetest.Move{Seat: g.Pending()[0], Action: a})
	}
}

// check is the invariant check for enginetest.CheckAllLegal.
func check(st engine.State) error { return st.(*state).validate() }

// allOptions lists option sets covering every option value.
func allOptions() []engine.Options {
	return []engine.Options{
		{},
		{OptDifficulty: Novice, OptExtra: "2"},
		{OptDifficulty: Advanced, OptDoubles: "true"},
		{OptDifficulty: Expert, OptDoubles: "true", OptExtra: "4"},
	}
}

// randomGames plays games of random moves (a third of them under -short
// or the race detector) with every player count and option set, calling
// before ahead of each move and after with its events (either may be
// nil).
func randomGames(t testing.TB, games int, seed uint64, before func(*state, *engine.RNG), after func(*state, []engine.Event)) {
	t.Helper()
	if testing.Short() || enginetest.RaceEnabled {
		games = max(1, games/3)
	}
	for k := range games {
		g := newGame(t, 1+k%5, allOptions()[k%4], seed+uint64(k))
		rng := engine.NewRNG(uint64(k))
		for !g.Outcome().Done {
			if before != nil {
				before(g, &rng)
			}
			ev := enginetest.MustApply(t, g, enginetest.RandomMove(g, &rng))
			if after != nil {
				after(g, ev)
			}
		}
	}
}

// moveWords is seat s's words for its legal move a, from its view.
func moveWords(g *state, s engine.Seat, a engine.Action) string { return g.View(s).(View).Describe(a) }
