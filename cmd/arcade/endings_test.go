package main

import (
	"context"
	"flag"
	"fmt"
	"slices"
	"testing"

	"arcade/engine"
	"arcade/rooms"
)

// endingGames is how many games TestEveryGameEnds plays per game, player
// count, option set and kind of player: a few in the test suite, many more
// by flag (go test ./cmd/arcade -run TestEveryGameEnds -ending-games 200).
var endingGames = flag.Int("ending-games", 2, "games per game, player count, option set and bot in TestEveryGameEnds")

// maxGameMoves bounds every game in TestEveryGameEnds; no seat makes more
// than rooms.MaxTurnMoves moves in a row while no other seat moves (the
// table would end such a turn). Options that lift a game's own end
// (Horror's rounds=none) are left out: only the table's clocks bound such
// a game, as they bound any decision.
const maxGameMoves = 20000

// TestEveryGameEnds: every game ends, and every turn ends, within a bound,
// whether its seats are played at random or by the normal bot, over every
// player count and every option value (each set alone, the others at
// their defaults, and all together).
func TestEveryGameEnds(t *testing.T) {
	for _, wired := range games {
		g := wired.Engine
		in := g.Info()
		for _, opts := range optionSets(in) {
			for players := in.MinPlayers; players <= in.MaxPlayers; players++ {
				if _, err := g.New(players, opts, 1); err != nil {
					continue // a combination the game refuses
				}
				for _, level := range []string{"random", "normal"} {
					for seed := uint64(1); seed <= uint64(*endingGames); seed++ {
						if err := playToTheEnd(g, players, opts, level, seed); err != nil {
							t.Errorf("%s, %d players, %v, %s play, seed %d: %v", in.ID, players, opts, level, seed, err)
						}
					}
				}
			}
		}
	}
}

// optionSets are the defaults, each option's other values alone, and
// every option at its last value together (the most of everything).
func optionSets(in engine.Info) []engine.Options {
	sets := []engine.Options{{}}
	most := engine.Options{}
	for _, spec := range in.Options {
		values := spec.Choices
		if spec.Kind == engine.Bool {
			values = []string{"true", "false"}
		}
		for _, v := range values {
			if v == spec.Default || (in.ID == "horror" && spec.Key == "rounds" && v == "none") {
				continue
			}
			sets = append(sets, engine.Options{spec.Key: v})
			most[spec.Key] = v
		}
	}
	return append(sets, most)
}

// playToTheEnd plays one game and says how it broke a bound.
func playToTheEnd(g engine.Game, players int, opts engine.Options, level string, seed uint64) error {
	st, err := g.New(players, opts, seed)
	if err != nil {
		return err
	}
	var bot engine.Bot = engine.RandomBot{}
	if level != "random" {
		bot = g.(engine.BotMaker).Bot(level)
	}
	rng := engine.NewRNG(seed)
	last, run := engine.Seat(-1), 0
	for moves := 0; moves < maxGameMoves; moves++ {
		pending := st.Pending()
		if len(pending) == 0 {
			if !st.Outcome().Done {
				return fmt.Errorf("nobody is to move after %d moves, and the game is not over", moves)
			}
			return nil
		}
		s := pending[0]
		if s == last {
			run++
		} else {
			last, run = s, 1
		}
		if run > rooms.MaxTurnMoves {
			return fmt.Errorf("seat %d made %d moves in a row (move %d)", s+1, run, moves)
		}
		legal := st.Legal(s)
		a := st.Timeout(s)
		if len(legal) > 0 {
			a = bot.Choose(context.Background(), st.View(s), slices.Clone(legal), &rng)
		}
		if _, err := st.Apply(s, a); err != nil {
			return fmt.Errorf("move %d, seat %d: %s refused: %v", moves, s+1, a, err)
		}
	}
	return fmt.Errorf("the game did not end within %d moves", maxGameMoves)
}
