package fireproto

import (
	_ "embed"

	"arcade/engine"
)

//go:embed rules.md
var rulesText string

// ID is the game's ID (Info().ID).
const ID = "fireproto"

// Game is the prototype edition of Fire in the Library as an engine.Game
// (and engine.BotMaker).
type Game struct{}

// Info implements engine.Game.
func (Game) Info() engine.Info {
	return engine.Info{
		ID:         ID,
		Name:       "Fire in the Library (prototype)",
		Summary:    "The prototype edition: five book colours, Bucket tokens, first to 100 knowledge.",
		MinPlayers: 2,
		MaxPlayers: 5,
		Options:    []engine.OptionSpec{},
		Rules:      rulesText,
	}
}

// New implements engine.Game.
func (gm Game) New(players int, opts engine.Options, seed uint64) (engine.State, error) {
	if _, err := gm.Info().Check(players, opts); err != nil {
		return nil, err
	}
	return newState(players, seed), nil
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
