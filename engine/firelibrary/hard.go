package firelibrary

import (
	"cmp"
	"context"
	"maps"
	"math"
	"slices"
	"time"

	"arcade/engine"
	"arcade/engine/search"
)

// hardBot is determinized Monte Carlo search (search.Bot): for each
// decision it deals many games consistent with its View (Sampler), tries
// its candidate moves in them and plays each game out to its end with the
// normal bot in every seat, then takes the move that rates best (rate:
// who won, and by how much). The normal bot's move is its prior: every
// guess is played out once for each candidate on the same deal, and the
// search leaves the normal bot's move only for one that rates clearly
// better (search.Bot.Prior, hardZ), so that its noise seldom makes it play
// worse than the heuristic. Moves with nothing to weigh are the normal
// bot's: a single legal move, placing drawn tokens, and taking and
// swapping tools.
type hardBot struct {
	iterations int           // playouts per decision (0: hardIterations)
	budget     time.Duration // time per decision (0: hardBudget)
}

// The hard bot's search: playouts per decision, and the time it may take
// (a guard for slow or busy machines: on the project's 2-core machine a
// two-player game's playouts usually run out first).
const (
	hardIterations = 600
	hardBudget     = 300 * time.Millisecond
)

// hardZ is how many standard errors a move must win by to replace the
// normal bot's (search.Bot.PriorZ).
const hardZ = 1.0

// ThinkTime implements engine.Thinker.
func (h hardBot) ThinkTime() time.Duration { return cmp.Or(h.budget, hardBudget) }

// Choose implements engine.Bot.
func (h hardBot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	b := readSight(view)
	if b == nil {
		return normalBot{}.Choose(ctx, view, legal, rng)
	}
	legal = b.sensible(legal)
	switch {
	case len(legal) == 1:
		return legal[0]
	case b.phase == PhasePlace || b.phase == PhaseTool || b.phase == PhaseSwap:
		// Placing is plain, and tools are the normal bot's.
		return normalChoice(b, legal, rng)
	}
	cands := candidates(b, legal)
	if len(cands) == 1 {
		return cands[0]
	}
	s := search.Bot{Sampler: quietSampler{}, Playout: normalBot{}, Prior: normalBot{}, PriorZ: hardZ,
		Eval: rate, Iterations: cmp.Or(h.iterations, hardIterations), Budget: h.ThinkTime()}
	return s.Choose(ctx, view, cands, rng)
}

// candidates are the moves worth searching: of the ways to play one tool
// (which book, which player), only the best by the normal bot's measure
// (variantValue).
func candidates(b *sight, legal []engine.Action) []engine.Action {
	best := map[int]engine.Action{}
	bestV := map[int]float64{}
	var out []engine.Action
	for _, a := range legal {
		if a.Kind != KindPlay || len(a.Args) == 1 {
			out = append(out, a)
			continue
		}
		tl := a.Args[0]
		v := variantValue(b, a)
		if _, ok := best[tl]; !ok || v > bestV[tl] {
			best[tl], bestV[tl] = a, v
		}
	}
	for _, tl := range slices.Sorted(maps.Keys(best)) {
		out = append(out, best[tl])
	}
	return out
}

// variantValue rates one way of playing a tool against the others.
func variantValue(b *sight, a engine.Action) float64 {
	tl := a.Args[0]
	switch tl {
	case toolAxe:
		if c := b.card(b.active); c != nil {
			return float64(b.worth[c.spaces[a.Args[1]]])
		}
	case toolCloak:
		if c := b.mine(); c != nil {
			return float64(b.worth[c.spaces[a.Args[1]]] + orderCards[c.number-1][a.Args[1]])
		}
	case toolSlingshot:
		return slingTarget(b, engine.Seat(a.Args[1]))
	case toolCollector:
		return float64(engine.Count(b.saved, Token(a.Args[1])))
	case toolLockbox:
		return lockValue(b, Token(a.Args[1]))
	case toolKnapsack:
		return float64(b.worth[a.Args[1]])
	}
	return 0
}

// quietSampler deals the hard bot's imagined games: Sampler's, without
// the final check, and with a discarding log (no event is kept). The
// bots inside its playouts read the imagined state's BotView, a *sight.
type quietSampler struct{}

// Sample implements search.Sampler.
func (quietSampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	g, err := sample(view, seat, rng)
	if err != nil {
		return nil, err
	}
	g.log.Discard()
	return g, nil
}

// BotView implements search.BotViewer: the bots in the hard bot's
// playouts read seat s's sight of the imagined game, which holds nothing
// View(s) does not show (TestSightOnlyFromView), in memory that the next
// call reuses.
func (g *state) BotView(s engine.Seat) engine.View {
	if g.seen == nil {
		g.seen = &sight{}
	}
	g.seen.read(g, s)
	return g.seen
}

// rate is the hard bot's evaluation of a playout (search.Bot.Eval), which
// plays the game to its end: mostly who won (1 for a win, 1/2 for a shared
// win, 0 for a loss), and partly the margin over the best other score
// (lead), which tells moves apart in the many guesses whose winner they do
// not change (a solo game: search.Score, a win and the margin over the
// Robot or the target).
func rate(st engine.State, seat engine.Seat) float64 {
	g, ok := st.(*state)
	switch {
	case !ok:
		return search.OutcomeEval(st, seat)
	case g.Players == 1:
		return search.Score(g.Outcome(), seat)
	case g.Phase != PhaseOver:
		return 0.5 // cut short (search.Bot.MaxDepth): nothing known
	}
	win := 0.0
	switch winners := g.winners(); {
	case !slices.Contains(winners, seat):
	case len(winners) == 1:
		win = 1
	default:
		win = 0.5
	}
	return winWeight*win + (1-winWeight)*g.lead(seat)
}

// The weight of the winner in rate, and the margin (in points) at which
// lead is about three quarters of its way to 0 or 1.
const (
	winWeight   = 0.7
	marginScale = 15.0
)

// lead rates seat's margin over the best other score (the Robot's
// included) in (0, 1): 1/2 for a tie, towards 1 the further ahead.
func (g *state) lead(seat engine.Seat) float64 {
	sc := g.scores()
	best := math.Inf(-1)
	if g.Var.Mode == ModeRobot {
		best = float64(g.Robot.Score)
	}
	for s, v := range sc {
		if engine.Seat(s) != seat {
			best = max(best, float64(v))
		}
	}
	return (1 + math.Tanh((float64(sc[seat])-best)/marginScale)) / 2
}
