// Package search is the arcade's generic "hard" bot: determinized Monte
// Carlo search. It never sees the true state: it asks the game to deal
// states consistent with the bot's own view (a Sampler guesses the hidden
// part, as a human would), plays each candidate move out many times on those
// guesses, and picks the move that won most often.
package search

import (
	"cmp"
	"context"
	"math"
	"slices"
	"time"

	"arcade/engine"
)

// Sampler is implemented by games whose bots search. Sample returns a full
// state that agrees with everything view (seat's own view) shows, with the
// hidden part (other hands, the order of decks and bags) drawn at random
// from what is still unseen.
type Sampler interface {
	Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error)
}

// BotViewer is implemented by imagined games that hand the bots inside
// the search's playouts a cheaper view than View: Playout is handed
// BotView(s) for seat s instead of View(s). It must show seat s nothing
// that View(s) hides (the games' leak tests check it). The search is done
// with it once Playout's Choose returns, so the next call may overwrite
// it.
type BotViewer interface {
	BotView(s engine.Seat) engine.View
}

// Bot is a determinized Monte Carlo bot.
type Bot struct {
	Sampler Sampler
	// Playout chooses moves inside playouts (nil: random); a game's easy
	// bot makes playouts far more telling than random play.
	Playout engine.Bot
	// Iterations is the number of playouts per decision (0: 400); a
	// playout budget in Choose's context (engine.WithPlayouts) replaces it.
	Iterations int
	// Budget caps the thinking time per decision when Choose's context has
	// no deadline (0: 400 ms), a guard for slow machines: results then
	// depend on the machine's speed. A playout budget in the context
	// turns the clock off.
	Budget time.Duration
	// Eval rates the state a playout ends in for seat, higher is better
	// (nil: Score of its Outcome). A game whose playouts stop before the
	// end (Pending empty) rates the position here.
	Eval func(st engine.State, seat engine.Seat) float64
	// MaxDepth stops a playout after this many moves and scores it as it
	// stands (0: 2000).
	MaxDepth int
	// Prior, when set, names the move the bot plays unless the search
	// finds a clearly better one (a game's normal bot: the search then
	// only ever improves on it). Every guess is then played out once for
	// each move, with the same deal and the same dice, so that the moves
	// are compared on equal terms; a move replaces the prior's only when
	// its paired advantage is at least PriorZ standard errors (0: 1.5).
	Prior  engine.Bot
	PriorZ float64
}

// ThinkTime implements engine.Thinker: the time budget per decision.
func (b Bot) ThinkTime() time.Duration { return cmp.Or(b.Budget, 400*time.Millisecond) }

// OutcomeEval is the default evaluation: Score of the state's Outcome.
func OutcomeEval(st engine.State, seat engine.Seat) float64 { return Score(st.Outcome(), seat) }

// Choose implements engine.Bot: it searches for the view's Viewer (no
// view: the first legal move) until ctx's deadline, Budget or the
// playouts (Iterations, or ctx's engine.Playouts) run out. Once ctx is
// done it stops at the next playout and plays its best move so far (with
// a Prior and nothing measured: the prior's).
func (b Bot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	if len(legal) == 1 || b.Sampler == nil || view == nil {
		return legal[0]
	}
	seat := view.Viewer()
	iters := cmp.Or(engine.Playouts(ctx), b.Iterations, 400)
	until := engine.ThinkUntil(ctx, b.ThinkTime())
	r := runner{ctx: ctx, until: until, depth: cmp.Or(b.MaxDepth, 2000),
		playout: b.Playout, eval: b.Eval}
	if r.playout == nil {
		r.playout = engine.RandomBot{}
	}
	if r.eval == nil {
		r.eval = OutcomeEval
	}
	if b.Prior != nil {
		return b.paired(r, view, seat, legal, rng, iters)
	}
	n := make([]float64, len(legal))
	w := make([]float64, len(legal))
	for it := 0; it < iters; it++ {
		if ctx.Err() != nil || it > len(legal) && r.late() {
			break
		}
		// UCB1 over the root moves: try each once, then the promising ones.
		i := it
		if it >= len(legal) {
			i = pick(n, w, it)
		}
		st, err := b.Sampler.Sample(view, seat, rng)
		if err != nil {
			continue
		}
		if _, err := st.Apply(seat, legal[i]); err != nil {
			n[i]++ // the guess made the move illegal: count it as a loss
			continue
		}
		n[i]++
		w[i] += r.rollout(st, seat, rng)
	}
	best := 0
	for i := range legal {
		if n[i] > 0 && (n[best] == 0 || w[i]/n[i] > w[best]/n[best]) {
			best = i
		}
	}
	return legal[best]
}

// runner holds what one decision's playouts share.
type runner struct {
	ctx     context.Context
	until   time.Time // zero: no clock (a playout budget)
	depth   int
	playout engine.Bot
	eval    func(engine.State, engine.Seat) float64
}

// late reports whether the decision must stop (engine.Late).
func (r runner) late() bool { return engine.Late(r.ctx, r.until) }

// paired is Choose with a Prior: every round deals one guess (from one
// seed) and plays each move out on it; the prior's move stands unless
// another one beats it by PriorZ standard errors of the paired
// differences (the best such move by its mean then). A round cut short
// by ctx does not count.
func (b Bot) paired(r runner, view engine.View, seat engine.Seat, legal []engine.Action, rng *engine.RNG,
	iters int) engine.Action {
	prior := slices.IndexFunc(legal, b.Prior.Choose(r.ctx, view, slices.Clone(legal), rng).Same)
	z := b.PriorZ
	if z <= 0 {
		z = 1.5
	}
	scores := make([][]float64, len(legal)) // scores[move][round]
	round := make([]float64, len(legal))
	for k := 0; k < max(iters/len(legal), 2); k++ {
		if r.ctx.Err() != nil || k >= 2 && r.late() {
			break
		}
		seed, ok := rng.Uint64(), true
		for i := range legal {
			if r.ctx.Err() != nil {
				ok = false
				break
			}
			dice := engine.NewRNG(seed)
			st, err := b.Sampler.Sample(view, seat, &dice)
			if err != nil {
				ok = false
				break
			}
			round[i] = 0 // a guess that makes the move illegal counts as a loss
			if _, err := st.Apply(seat, legal[i]); err == nil {
				round[i] = r.rollout(st, seat, &dice)
			}
		}
		if ok {
			for i, v := range round {
				scores[i] = append(scores[i], v)
			}
		}
	}
	if prior < 0 { // the prior's move is not among legal: the best mean
		return legal[bestMean(scores)]
	}
	best, bestGain := prior, 0.0
	for i := range legal {
		if i == prior {
			continue
		}
		gain, se := pairedGain(scores[i], scores[prior])
		if gain > 0 && gain >= z*se && gain > bestGain {
			best, bestGain = i, gain
		}
	}
	return legal[best]
}

// bestMean is the move with the highest mean score.
func bestMean(scores [][]float64) int {
	best, bestV := 0, math.Inf(-1)
	for i, sc := range scores {
		if len(sc) == 0 {
			continue
		}
		sum := 0.0
		for _, v := range sc {
			sum += v
		}
		if m := sum / float64(len(sc)); m > bestV {
			best, bestV = i, m
		}
	}
	return best
}

// pairedGain is the mean of a[k]-b[k] and its standard error.
func pairedGain(a, b []float64) (mean, se float64) {
	n := float64(len(a))
	if n < 2 {
		return 0, math.Inf(1)
	}
	for k := range a {
		mean += a[k] - b[k]
	}
	mean /= n
	ss := 0.0
	for k := range a {
		d := a[k] - b[k] - mean
		ss += d * d
	}
	return mean, math.Sqrt(ss / (n - 1) / n)
}

// pick is UCB1's choice among the root moves.
func pick(n, w []float64, total int) int {
	best, bestV := 0, math.Inf(-1)
	logT := math.Log(float64(total))
	for i := range n {
		v := math.Inf(1)
		if n[i] > 0 {
			v = w[i]/n[i] + 0.7*math.Sqrt(logT/n[i])
		}
		if v > bestV {
			best, bestV = i, v
		}
	}
	return best
}

// rollout plays st to the end (or depth moves) and rates it for seat.
func (r runner) rollout(st engine.State, seat engine.Seat, rng *engine.RNG) float64 {
	bv, _ := st.(BotViewer)
	for d := 0; d < r.depth; d++ {
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		s := pending[0]
		var a engine.Action
		switch legal := st.Legal(s); {
		case len(legal) == 0:
			a = st.Timeout(s)
		case bv != nil:
			a = r.playout.Choose(r.ctx, bv.BotView(s), legal, rng)
		default:
			a = r.playout.Choose(r.ctx, st.View(s), legal, rng)
		}
		if _, err := st.Apply(s, a); err != nil {
			if _, err := st.Apply(s, st.Timeout(s)); err != nil {
				break
			}
		}
	}
	return r.eval(st, seat)
}

// Score rates an outcome for seat in [0, 1]: a win (shared on a tie) counts
// most; the score's margin over the best other seat breaks ties between
// moves, so the bot still fights for points in a lost position.
func Score(o engine.Outcome, seat engine.Seat) float64 {
	v := 0.0
	if slices.Contains(o.Winners, seat) {
		v = 0.8 / float64(len(o.Winners))
	}
	if int(seat) < len(o.Scores) {
		best := math.Inf(-1)
		lo, hi := math.Inf(1), math.Inf(-1)
		for s, sc := range o.Scores {
			f := float64(sc)
			lo, hi = math.Min(lo, f), math.Max(hi, f)
			if s != int(seat) {
				best = math.Max(best, f)
			}
		}
		if hi > lo && !math.IsInf(best, -1) {
			margin := (float64(o.Scores[seat]) - best) / (hi - lo) // in [-1, 1]
			v += 0.1 * (margin + 1)
		}
	}
	return v
}
