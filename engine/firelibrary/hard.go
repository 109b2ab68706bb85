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
// its candidate moves in them and plays each game out with the normal bot
// in every seat (to the end of its next turn; a solo game to its end),
// then takes the move whose playouts rated best (rate). The
// normal bot's move is its prior: every guess is played out once for each
// candidate on the same deal, and the search leaves the normal bot's move
// only for one that rates clearly better (search.Bot.Prior), so that its
// noise never makes it play worse than the heuristic.
// Moves with nothing to weigh, or whose worth lies beyond the playouts'
// horizon, are the normal bot's: a single legal move, placing drawn
// tokens, taking and swapping tools, and the Turn Order card of a
// two-player game.
type hardBot struct {
	iterations int           // playouts per decision (0: hardIterations)
	budget     time.Duration // time per decision (0: hardBudget)
}

// The hard bot's search: playouts per decision, and the time it may take
// (a guard for slow or busy machines: on the project's 2-core machine the
// playouts usually run out first, in about 60 ms).
const (
	hardIterations = 600
	hardBudget     = 300 * time.Millisecond
)

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
	case b.phase == PhasePlace || b.phase == PhaseTool || b.phase == PhaseSwap,
		b.phase == PhaseOrder && b.players == 2:
		// Placing is plain; the worth of a tool kept for later is beyond
		// the playouts' horizon; so is what a Turn Order card does to a
		// two-player game (measured: the search chose worse cards than
		// the normal bot there).
		return normalChoice(b, legal, rng)
	}
	cands := candidates(b, legal)
	if len(cands) == 1 {
		return cands[0]
	}
	s := search.Bot{Sampler: quietSampler{}, Playout: normalBot{}, Prior: normalBot{}, Eval: rate,
		Horizon: horizonOf, Iterations: cmp.Or(h.iterations, hardIterations), Budget: h.ThinkTime()}
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
// the final check, and with a discarding log (no event is formatted). The
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
// View(s) does not show (TestSightOnlyFromView).
func (g *state) BotView(s engine.Seat) engine.View { return sightOf(g, s) }

// horizon is where the hard bot's playouts stop (search.Bot.Horizon):
// once the searching seat (me) has had its turn this round and the turn
// in progress (active's) is over, or at the end of the round. A solo
// game plays to its end.
type horizon struct {
	me, active engine.Seat
	round      int
}

// horizonOf is the horizon of the imagined game st, as dealt.
func horizonOf(st engine.State, seat engine.Seat) func(engine.State) bool {
	g, ok := st.(*state)
	if !ok || g.Players == 1 {
		return nil
	}
	h := horizon{me: seat, active: g.Active, round: g.Round}
	if g.Phase == PhaseSwap {
		h.round++
	}
	return h.past
}

// past reports whether the playout in st has reached the horizon.
func (h horizon) past(st engine.State) bool {
	g := st.(*state)
	switch {
	case g.Round > h.round || g.Round == h.round && g.Phase == PhaseSwap:
		return true
	}
	return g.Seats[h.me].Played && (h.active < 0 || g.Seats[h.active].Played)
}

// rate is the hard bot's evaluation of a playout (search.Bot.Eval). A
// solo game plays to its end: a win is the only aim (search.Score).
// Otherwise the playout is rated by the searching seat's chances, as a
// z-score: its lead over the best other player (the Robot included)
// against the swings the rest of the game may bring, zSwing points a
// round over roundsLeft rounds. A finished game is a sure thing: zMax for
// a win, -zMax for a loss, 0 for a shared win. Before the end, a seat's
// result is its score plus what its tools, its Lockboxes and the books on
// its Turn Order card should still bring. The rating grows in a straight
// line with z, from 0 at -zMax to 1 at zMax.
func rate(st engine.State, seat engine.Seat) float64 {
	g, ok := st.(*state)
	if !ok {
		return search.OutcomeEval(st, seat)
	}
	if g.Players == 1 {
		return search.Score(g.Outcome(), seat)
	}
	z := 0.0
	if g.Phase == PhaseOver {
		winners := g.winners()
		switch {
		case !slices.Contains(winners, seat):
			z = -zMax
		case len(winners) == 1:
			z = zMax
		}
	} else {
		z = g.lead(seat) / (zSwing * math.Sqrt(1+g.roundsLeft()))
	}
	z = max(-zMax, min(zMax, z))
	return (z + zMax) / (2 * zMax)
}

// lead is seat me's estimated result minus the best other one.
func (g *state) lead(me engine.Seat) float64 {
	var buf [7]float64
	est := buf[:g.Players]
	for s, p := range g.Seats {
		est[s] = float64(p.Score) + heldWorth*float64(len(p.Hand))
	}
	for _, tt := range g.Table {
		if tt.Until == "game" && len(tt.Tokens) > 0 {
			est[tt.Owner] += float64(g.worth(tt.Tokens[0]))
		}
	}
	for _, c := range g.Cards { // books an Amulet or a Slingshot gave
		if c.Holder >= 0 && c.Holder != g.Active {
			for _, t := range c.Spaces {
				if t.Book() {
					est[c.Holder] += float64(g.worth(t))
				}
			}
		}
	}
	if g.Robot != nil {
		est = append(est, float64(g.Robot.Score))
	}
	best := math.Inf(-1)
	for s, e := range est {
		if s != int(me) {
			best = max(best, e)
		}
	}
	return est[me] - best
}

// roundsLeft guesses the rounds before a section burns down: each round
// takes about roundBurns cards from the section closest to it.
func (g *state) roundsLeft() float64 {
	least := math.MaxInt
	for i := range sections {
		least = min(least, sections[i].Books-g.Burned[i])
	}
	return float64(least) / roundBurns
}

// The playouts' ratings: a tool in hand is worth heldWorth points; a
// lead swings by about zSwing points a round; a section loses about
// roundBurns cards a round; a z of zMax is as good as a win.
const (
	heldWorth  = 2.0
	zSwing     = 10.0
	roundBurns = 0.6
	zMax       = 3
)
