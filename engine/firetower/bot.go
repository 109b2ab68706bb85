package firetower

import (
	"arcade/engine"
)

// Bot implements engine.BotMaker. "easy" plays the move that looks best
// right away, with some noise; "normal" plays the move its judgement of
// the game's strategy rates best; "hard" judges more finely and searches:
// it guesses the hidden cards many times, plays its promising moves a turn
// ahead against its guesses, and trades its best rated move only for one
// that clearly more often wins or less often loses by then. An unknown
// level plays as "normal". Every level decides from the seat's view alone.
func (Game) Bot(level string) engine.Bot {
	switch level {
	case "easy":
		return easyBot{}
	case "hard":
		return hardDefault
	}
	return normalBot{p: normalParams}
}
