package horror

import (
	_ "embed"
	"strconv"

	"arcade/engine"
)

//go:embed rules.md
var rulesText string

// ID is the game's ID (Info().ID).
const ID = "horror"

// Option keys.
const (
	OptItems       = "items"
	OptColourMatch = "colour_match"
	OptRounds      = "rounds"
)

// Game is Horror in the Library as an engine.Game and engine.BotMaker.
type Game struct{}

// Info implements engine.Game.
func (Game) Info() engine.Info {
	return engine.Info{
		ID:         ID,
		Name:       "Horror in the Library",
		Summary:    "Rotate rooms, search for the components your secret Horror needs, survive ghosts, reach the Portal.",
		MinPlayers: 2,
		MaxPlayers: 6,
		Options: []engine.OptionSpec{
			{Key: OptItems, Name: "Items to win", Kind: engine.Choice, Default: "3",
				Choices: []string{"3", "4", "5", "6"},
				Help:    "how many components each Horror card needs (3: a short game, 6: the full set)"},
			{Key: OptColourMatch, Name: "Colour match", Kind: engine.Bool, Default: "false",
				Help: "easy variant: any component of a colour you need counts"},
			{Key: OptRounds, Name: "Round limit", Kind: engine.Choice, Default: "60",
				Choices: []string{"60", "30", "100", "none"},
				Help:    "end the game after this many rounds: most components placed wins"},
		},
		Rules: rulesText,
	}
}

// New implements engine.Game.
func (gm Game) New(players int, opts engine.Options, seed uint64) (engine.State, error) {
	o, err := gm.Info().Check(players, opts)
	if err != nil {
		return nil, err
	}
	items, _ := strconv.Atoi(o[OptItems])
	rounds, _ := strconv.Atoi(o[OptRounds]) // "none": 0
	return newState(players, items, o.Bool(OptColourMatch), rounds, seed), nil
}

// Restore implements engine.Game.
func (Game) Restore(data []byte) (engine.State, error) {
	var g state
	if err := engine.LoadState(ID, data, (*stateJSON)(&g), g.validate); err != nil {
		return nil, err
	}
	return &g, nil
}

// DecodeView implements engine.Game.
func (Game) DecodeView(data []byte) (engine.View, error) { return engine.DecodeViewAs[View](data) }
