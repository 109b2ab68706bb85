package firetower

import (
	"context"
	"fmt"
	"slices"
	"time"

	"arcade/engine"
)

// hardBot is the hard level: the normal bot's way of play with a better
// judgement (hardParams, which also rates each move of its turn after the
// next player's spread), checked by a shallow determinized search. For
// each decision of its turn it takes the moves it rates best, deals the
// hidden cards at random from its view (Sampler) several times, and on
// each guess plays every candidate out to the start of its own next turn,
// every player playing as the normal bot (itself with its own judgement,
// the others with model's). It plays the move it rates best unless
// another one clearly more often wins, or less often loses, before its
// next turn.
type hardBot struct {
	p       params        // its own judgement, in its choices and its playouts' moves
	model   params        // how it pictures the other players' judgement in its playouts
	top     int           // candidate moves by its rating
	samples int           // guesses of the hidden cards (a playout budget replaces it)
	budget  time.Duration // stop guessing after this long, or at the context's deadline (a guard for slow machines)
	reply   bool          // play out its own next turn too
}

// hardDefault is the hard bot of the arcade. Its 32 guesses take well
// under its budget on the project's machine (a guess costs 2 to 3 ms of
// CPU in a two-player game); the clock stops it earlier on a slow one.
var hardDefault = hardBot{p: hardParams, model: normalParams, top: 8, samples: 32, budget: 250 * time.Millisecond}

// hardParams are the hard bot's weights: the normal bot's, with every
// gem's closeness to the towers counted too, a danger that falls off
// faster with distance, fire inside a tower area counted, its own tower
// weighed more (2 against the normal bot's 1.5) and its danger falling
// off more slowly (OwnTau), its firebreak cards played or discarded as
// fire nears its own tower (BreakSpend), and each move of its turn rated
// after the next player's spread, the wind's gem worst for it
// (NextSpread). The closeness breaks the ties in which the normal bot
// takes the first square in reading order. Its strength against the
// normal bot is in docs/bots.md; the experiments that chose these
// weights are in the commit log.
var hardParams = func() params {
	p := normalParams
	p.Heat, p.HeatTau, p.Tau, p.Inside, p.Own = 0.5, 2, 2, 1, 2
	p.BreakSpend = 35
	p.OwnTau, p.NextSpread = 2.5, true
	return p
}()

// playoutCap bounds the moves of one playout (a guard: a round of play
// takes a dozen).
const playoutCap = 80

// ThinkTime implements engine.Thinker.
func (b hardBot) ThinkTime() time.Duration { return b.budget }

// Choose implements engine.Bot. Each guess of the hidden cards plays out
// every candidate; with a playout budget in ctx (engine.Playouts), the
// guesses are that many playouts' worth (at least one).
func (b hardBot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok {
		return legal[0]
	}
	if c, ok := b.decide(ctx, v, rng); ok {
		if a, ok := engine.Find(legal, c.a); ok {
			return a
		}
	}
	return normalBot{p: b.p}.Choose(ctx, v, legal, rng)
}

// decide is the hard bot's move, from the view alone. A guess cut short
// by ctx does not count; with no guess complete, it is its best rated
// move.
func (b hardBot) decide(ctx context.Context, v *View, rng *engine.RNG) (choice, bool) {
	nb := normalBot{p: b.p}
	ranked := nb.rank(v)
	if len(ranked) == 0 {
		return choice{}, false
	}
	switch v.Part {
	case PartSpread, PartAction, PartEmber, PartEnd:
	default:
		return ranked[best(ranked)], true // trims and redraws: the normal bot's choice
	}
	cands := candidates(ranked, b.top)
	if len(cands) == 1 {
		return cands[0], true
	}
	samples := b.samples
	if n := engine.Playouts(ctx); n > 0 {
		samples = max(1, n/len(cands))
	}
	until := engine.ThinkUntil(ctx, b.budget)
	maps := &mapCache{}
	round := make([]int, len(cands))
	decided := make([]int, len(cands)) // guesses won minus guesses lost before its next turn
	done := 0
	for n := 0; n < samples; n++ {
		if ctx.Err() != nil || n > 0 && engine.Late(ctx, until) {
			break
		}
		st, err := fromView(v, rng)
		if err != nil {
			break
		}
		st.log.Discard() // an imagined game: no events, no Recent lines
		seed := rng.Uint64()
		i := 0
		for ; i < len(cands) && ctx.Err() == nil; i++ {
			g := st.copy()
			g.RNG = engine.NewRNG(seed) // the same dice for every candidate
			g.do(v.You, cands[i].a)
			round[i] = b.playout(g, v.You, maps)
		}
		if i < len(cands) {
			break
		}
		for i, x := range round {
			decided[i] += x
		}
		done++
	}
	if done == 0 {
		return ranked[best(ranked)], true
	}
	// Its own judgement's choice (cands[0]), unless the guesses show
	// another move clearly more often winning or less often losing before
	// its next turn: a burned tower is certain, while the judgement of a
	// position a turn ahead is no better than its judgement of the move.
	best, margin := 0, max(1, done/10)
	for i := range cands {
		if decided[i] > decided[best] && decided[i] >= decided[0]+margin {
			best = i
		}
	}
	return cands[best], true
}

// candidates picks the moves to search, best rated first: the top best
// rated, and the best of each kind of move (each card, the wind, the
// discard, the Bucket) so that the search weighs the different plans
// against each other.
func candidates(rated []choice, top int) []choice {
	ranked := slices.Clone(rated)
	slices.SortStableFunc(ranked, func(x, y choice) int {
		switch {
		case x.score > y.score:
			return -1
		case x.score < y.score:
			return 1
		}
		return 0
	})
	var out []choice
	dup := map[string]bool{}
	fresh := func(c choice) bool { // not the same as an earlier play of the card
		if c.a.Kind != KindPlay {
			return true
		}
		k := fmt.Sprint(c.a.Args[0], c.e.Changes)
		if dup[k] {
			return false
		}
		dup[k] = true
		return true
	}
	rest := ranked
	for len(out) < top && len(rest) > 0 {
		if fresh(rest[0]) {
			out = append(out, rest[0])
		}
		rest = rest[1:]
	}
	seen := map[[2]int]bool{}
	group := func(c choice) [2]int {
		k := [2]int{-1, -1}
		switch c.a.Kind {
		case KindPlay:
			k = [2]int{0, c.a.Args[0]}
		case KindWind, KindRoll:
			k = [2]int{1, 0}
		case KindDiscard:
			k = [2]int{2, 0}
		case KindBucket:
			k = [2]int{3, 0}
		}
		return k
	}
	for _, c := range out {
		seen[group(c)] = true
	}
	for _, c := range rest {
		if k := group(c); !seen[k] && fresh(c) {
			seen[k] = true
			out = append(out, c)
		}
	}
	return out
}

// playout plays g on with the normal bot in every seat (judging as the
// hard bot for seat me, as b.model for the others) until seat me's next
// turn begins (or the game ends), and says how it went for me: 1 won, -1
// lost (out of the game, or the game over without it), 0 neither yet.
func (b hardBot) playout(g *state, me engine.Seat, maps *mapCache) int {
	quick := b.p
	quick.NextSpread = false // its own moves in a playout without it: it makes a move several times dearer
	self, others := normalBot{p: quick, maps: maps}, normalBot{p: b.model, maps: maps}
	turn, mine := g.TurnNo, false
	for range playoutCap {
		if g.Over {
			break
		}
		if g.TurnNo != turn && g.Turn == me && len(g.Tasks) == 0 {
			if !b.reply {
				break
			}
			mine = true
		}
		if mine && g.Turn != me {
			break
		}
		s := g.Pending()[0]
		v := g.View(s).(View)
		nb := others
		if s == me {
			nb = self
		}
		c, ok := nb.decide(&v)
		if !ok {
			break // cannot happen: a seat that must decide has a move
		}
		g.do(s, c.a)
	}
	switch {
	case g.Over && slices.Contains(g.Winners, me):
		return 1
	case g.Over, g.Seats[me].Out:
		return -1
	}
	return 0
}
