package labyrinth

import (
	"context"
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

// keepOutOfTurn is every level's answer to an out-of-turn discard window
// (legal holds a keep only there): keep the cards. The bots give only to
// partners with room, so they never need to make room themselves.
func keepOutOfTurn(legal []engine.Action) (engine.Action, bool) {
	return engine.Pick(legal, KindKeep)
}

// easyBot returns and captures whenever it can, and otherwise picks a
// random move, flip, rotation or Book; it ends its turn when nothing else
// is left.
type easyBot struct{}

// Choose implements engine.Bot.
func (easyBot) Choose(_ context.Context, _ engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	if a, ok := keepOutOfTurn(legal); ok {
		return a
	}
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
// from the first turn (it used to wait for 12 Disturbance cards left):
// early playouts are long, so there the time budget may end the search
// before its 40 playouts a candidate (a playout costs about 0.06 ms of
// CPU per Disturbance card left on the project's machine). Two hard bots
// won 70 of 100 games at 120 playouts a decision, against 66 searching
// only late and 38 for two normal bots (2 players, standard, seeds
// 1-100).
type hardBot struct {
	top int // candidate moves searched
	// budget is the thinking time per decision (without a deadline in the
	// context): the search stops dealing guesses then, and a round cut
	// short does not count.
	budget  time.Duration
	horizon int // search only with this many Disturbance cards left or fewer
}

// hardDefault is the hard bot of the arcade.
var hardDefault = hardBot{top: 3, budget: 80 * time.Millisecond, horizon: standardCards}

// ThinkTime implements engine.Thinker.
func (b hardBot) ThinkTime() time.Duration { return b.budget }

// Choose implements engine.Bot.
func (b hardBot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if _, keep := keepOutOfTurn(legal); !ok || keep || len(legal) == 1 || v.Phase != PhaseActions || v.DisturbanceLeft > b.horizon {
		return normalBot{}.Choose(ctx, view, legal, rng)
	}
	cands := normalBot{}.best(v, legal, b.top)
	if len(cands) == 1 {
		return cands[0]
	}
	s := search.Bot{Sampler: Sampler{}, Playout: normalBot{}, Prior: normalBot{},
		Budget: b.budget, Iterations: 40 * len(cands)}
	return s.Choose(ctx, v, cands, rng)
}
