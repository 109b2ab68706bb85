package firelibrary

import (
	_ "embed"
	"slices"

	"arcade/engine"
)

//go:embed rules.md
var rulesText string

// ID is the game's ID (Info().ID).
const ID = "firelibrary"

// Game is Fire in the Library as an engine.Game (and engine.BotMaker).
type Game struct{}

// Info implements engine.Game.
func (Game) Info() engine.Info {
	return engine.Info{
		ID:         ID,
		Name:       "Fire in the Library",
		Summary:    "Press your luck: save books from a burning library before it collapses.",
		MinPlayers: 1,
		MaxPlayers: 6,
		Options:    slices.Clone(optionSpecs),
		Rules:      rulesText,
	}
}

// New implements engine.Game.
func (gm Game) New(players int, opts engine.Options, seed uint64) (engine.State, error) {
	resolved, err := gm.Info().Check(players, opts)
	if err != nil {
		return nil, err
	}
	v, err := parseVariant(players, resolved)
	if err != nil {
		return nil, err
	}
	return newState(players, v, seed), nil
}

// Restore implements engine.Game.
func (Game) Restore(data []byte) (engine.State, error) {
	g, err := restore(data)
	if err != nil {
		return nil, err
	}
	return g, nil
}

// DecodeView implements engine.Game.
func (Game) DecodeView(data []byte) (engine.View, error) { return engine.DecodeViewAs[View](data) }

func restore(data []byte) (*state, error) {
	var g state
	if err := engine.LoadState(ID, data, (*stateJSON)(&g), g.validate); err != nil {
		return nil, err
	}
	return &g, nil
}
