package firetower

import (
	"arcade/engine"
)

// Bot implements engine.BotMaker. "easy" plays the move that looks best
// right away, with some noise; "normal" plays the move its judgement of
// the game's strategy rates best; "hard" searches: it guesses the hidden
// cards many times and plays each promising move a turn ahead against its
// guesses. An unknown level plays as "normal". Every level decides from
// the seat's view alone.
func (Game) Bot(level string) engine.Bot {
	switch level {
	case "easy":
		return easyBot{}
	case "hard":
		return hardDefault
	}
	return normalBot{p: normalParams}
}
