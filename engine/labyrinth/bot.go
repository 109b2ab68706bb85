package labyrinth

import (
	"errors"
	"time"

	"arcade/engine"
	"arcade/engine/search"
)

// Bot implements engine.BotMaker: "easy" plays sensible legal moves at
// random, "normal" a cooperative heuristic (normalBot), "hard" a
// determinized search over the normal bot's best moves (hardBot). An
// unknown level plays normal.
func (Game) Bot(level string) engine.Bot {
	switch level {
	case "easy":
		return easyBot{}
	case "hard":
		return hardDefault
	}
	return normalBot{}
}

// easyBot returns and captures whenever it can, and otherwise picks a
// random move, flip, rotation or Book; it ends its turn when nothing else
// is left.
type easyBot struct{}

// Choose implements engine.Bot.
func (easyBot) Choose(_ engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	var useful []engine.Action
	for _, a := range legal {
		switch a.Kind {
		case KindMove:
			if m, ok := DecodeMove(a.Args); ok && (m.Bonus == BonusReturn || m.Bonus == BonusCapture) {
				return a
			}
			useful = append(useful, a)
		case KindFlip, KindRotate, KindTake, KindGenre:
			useful = append(useful, a)
		}
	}
	if len(useful) > 0 {
		return useful[rng.Intn(len(useful))]
	}
	if a, ok := engine.Pick(legal, KindEnd); ok {
		return a
	}
	return legal[0]
}

// hardBot is the hard level: search.Bot over the normal bot's best few
// moves, with the normal bot as its prior and its playouts. It searches
// only near the end of the game, where playouts are short and decisive.
type hardBot struct {
	top     int // candidate moves searched
	budget  time.Duration
	horizon int // search only with this many Disturbance cards left or fewer
	// deadline stops dealing guesses: the search then ends with the
	// playout under way (a round cut short does not count).
	deadline time.Duration
}

// hardDefault is the hard bot of the arcade.
var hardDefault = hardBot{top: 3, budget: 50 * time.Millisecond, horizon: 12, deadline: 110 * time.Millisecond}

// Choose implements engine.Bot.
func (b hardBot) Choose(view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok || len(legal) == 1 || v.Phase != PhaseActions || v.DisturbanceLeft > b.horizon {
		return normalBot{}.Choose(view, legal, rng)
	}
	cands := normalBot{}.best(v, legal, b.top)
	if len(cands) == 1 {
		return cands[0]
	}
	s := search.Bot{Sampler: timedSampler{time.Now().Add(b.deadline)}, Playout: normalBot{}, Prior: normalBot{},
		Budget: b.budget, Iterations: 40 * len(cands)}
	return s.Choose(v, cands, rng)
}

// timedSampler is the Sampler until a deadline, and then refuses: the
// search's rounds stop counting and end quickly.
type timedSampler struct{ end time.Time }

// errLate is timedSampler's refusal.
var errLate = errors.New("labyrinth: out of thinking time")

// Sample implements search.Sampler.
func (t timedSampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	if time.Now().After(t.end) {
		return nil, errLate
	}
	return Sampler{}.Sample(view, seat, rng)
}
