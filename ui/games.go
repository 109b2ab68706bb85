package ui

import (
	"arcade/engine"
	"arcade/ui/board"
)

// Game is one game the arcade serves: its rules and the board view that
// draws them. cmd/arcade lists every game, one line each, and hands the
// list to the hub (Engines) and to every session (Options.Games).
type Game struct {
	// Engine is the game's rules (engine/<game>).
	Engine engine.Game
	// Board makes one session's board view (ui/<game>); nil: the table
	// screen draws no board.
	Board board.Factory
}

// Engines lists the rules of games, in order: what the hub and the offline
// commands need.
func Engines(games []Game) []engine.Game {
	out := make([]engine.Game, len(games))
	for i, g := range games {
		out[i] = g.Engine
	}
	return out
}

// newBoard makes a board for the game with this ID, or nil when games have
// none.
func newBoard(games []Game, id string) board.Renderer {
	for _, g := range games {
		if g.Engine.Info().ID == id && g.Board != nil {
			return g.Board()
		}
	}
	return nil
}
