package firetower

import (
	"context"
	"slices"

	"arcade/engine"
)

// normalBot is the normal level: a one-move greedy player with a judgement
// of the game's strategy (see judge). It plays the move that leaves the
// best position: fire brought toward the towers it attacks and kept from
// the ones it defends, the wind turned toward its opponents, firebreaks
// that wall off its own corner, the Bucket kept for a real emergency, and
// the cards it cannot use well discarded.
type normalBot struct {
	p    params
	maps *mapCache // the corner maps of a search's playouts (nil: none)
}

// Choose implements engine.Bot.
func (b normalBot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok {
		return legal[0]
	}
	if c, ok := b.decide(v); ok {
		if a, ok := engine.Find(legal, c.a); ok {
			return a
		}
	}
	return easyBot{}.Choose(ctx, v, legal, rng)
}

// decide is the normal bot's move, from the view alone.
func (b normalBot) decide(v *View) (choice, bool) {
	cs := b.rank(v)
	if len(cs) == 0 {
		return choice{}, false
	}
	return cs[best(cs)], true
}

// best is the index of the best rated choice (the first of equals).
func best(cs []choice) int {
	k := 0
	for i := range cs {
		if cs[i].score > cs[k].score {
			k = i
		}
	}
	return k
}

// rank lists the viewer's moves, each with its rating (the whole-hand
// discard and the discard of the cards the bot judges useless stand for
// all the discards).
func (b normalBot) rank(v *View) []choice {
	cs := options(v, false)
	if v.Part == PartEmber {
		cs = slices.DeleteFunc(cs, bucketNow)
	}
	if len(cs) == 0 {
		return nil
	}
	j := newJudge(v, &b.p)
	j.maps = b.maps
	switch v.Part {
	case PartAction, PartEmber, PartEnd: // the next player's spread comes next
		j.spread = b.p.NextSpread
	}
	base := j.base()
	switch v.Part {
	case PartTrim:
		worth := cardGains(v, j, base)
		for i := range cs {
			cs[i].score = -worth[cs[i].a.Args[0]]
		}
	case PartRedraw:
		worth := cardGains(v, j, base)
		junk := junkCards(v, worth, b.p.Junk)
		for i := range cs {
			if slices.Equal(cs[i].a.Args, junk) {
				cs[i].score = 1
			}
		}
	default:
		b.rate(v, j, base, cs)
		if v.Part == PartAction {
			if len(v.Hand) > 1 {
				cs = b.addDiscard(v, j, base, cs)
			}
			if b.p.BreakSpend != 0 {
				spendBreaks(v, b.p.BreakSpend*j.ownDanger(), cs)
			}
		}
	}
	return cs
}

// spendBreaks adds worth to each move of the action step for every
// firebreak card it plays or discards (params.BreakSpend, already scaled
// by the danger to the bot's own tower).
func spendBreaks(v *View, worth float64, cs []choice) {
	if worth == 0 {
		return
	}
	for i := range cs {
		c := &cs[i]
		var spent []int
		switch c.a.Kind {
		case KindPlay, KindWind, KindRoll:
			spent = c.a.Args[:1]
		case KindDiscard:
			spent = c.a.Args
		}
		for _, k := range spent {
			if k >= 0 && k < len(v.Hand) && v.Hand[k].Type() == BreakType {
				c.score += worth
			}
		}
	}
}

// rate fills in the ratings of moves in the action, spread, ember and end
// steps.
func (b normalBot) rate(v *View, j *judge, base float64, cs []choice) {
	for i := range cs {
		c := &cs[i]
		switch c.a.Kind {
		case KindSpread, KindEmber:
			c.score = j.rate(c.e.Changes, v.Wind)
		case KindBucket:
			c.score = j.rate(c.e.Changes, v.Wind) - b.p.UseCost
		case KindPlay:
			if v.Hand[c.a.Args[0]] == Ember {
				c.score = emberBest(v, j, Point{c.a.Args[1], c.a.Args[2]})
			} else {
				c.score = j.rate(c.e.Changes, v.Wind)
			}
		case KindWind:
			d := v.Hand[c.a.Args[0]].Dir()
			if windLive(v, d) {
				c.score = j.rate(nil, d)
			} else {
				c.score = rollValue(v, j, -1)
			}
		case KindRoll:
			c.score = rollValue(v, j, v.Wind)
		case KindDiscard:
			c.score = base - b.p.Discard - 1
		default: // end, pass
			c.score = base
		}
	}
}

// addDiscard adds the discard of the cards that have no good use now,
// rated against the best play of the others.
func (b normalBot) addDiscard(v *View, j *judge, base float64, cs []choice) []choice {
	worth := make([]float64, len(v.Hand))
	for i := range worth {
		worth[i] = -1e9
	}
	for _, c := range cs {
		if c.a.Kind == KindPlay || c.a.Kind == KindWind || c.a.Kind == KindRoll {
			i := c.a.Args[0]
			worth[i] = max(worth[i], c.score-base)
		}
	}
	spread(v, worth)
	junk := junkCards(v, worth, b.p.Junk)
	switch {
	case len(junk) == 0:
	case len(junk) == len(v.Hand):
		for i := range cs {
			if cs[i].a.Kind == KindDiscard {
				cs[i].score = base - b.p.Discard + 0.1*float64(len(junk))
			}
		}
	default:
		cs = append(cs, choice{a: engine.Action{Kind: KindDiscard, Args: junk},
			score: base - b.p.Discard + 0.1*float64(len(junk))})
	}
	return cs
}

// spread copies each card's worth to the later copies of the same card
// (moves name only the first copy).
func spread(v *View, worth []float64) {
	for i := range worth {
		if k := v.FirstCopy(i); k != i {
			worth[i] = worth[k]
		}
	}
}

// junkCards lists the hand cards whose best use gains less than limit.
func junkCards(v *View, worth []float64, limit float64) []int {
	var out []int
	for i := range v.Hand {
		if worth[i] < limit {
			out = append(out, i)
		}
	}
	return out
}

// cardGains is what each hand card's best play would gain now.
func cardGains(v *View, j *judge, base float64) []float64 {
	worth := make([]float64, len(v.Hand))
	gr := v.Position.grid()
	for i, c := range v.Hand {
		if !firstCopy(v.Hand, i) {
			continue
		}
		best := -1e9
		if c.IsWind() {
			best = max(j.rate(nil, c.Dir()), rollValue(v, j, v.Wind)) - base
		}
		var cs []choice
		cs = placeOptions(&v.Position, &gr, i, c, cs)
		for _, o := range cs {
			s := j.rate(o.e.Changes, v.Wind)
			if c == Ember {
				s = emberBest(v, j, Point{o.a.Args[1], o.a.Args[2]})
			}
			best = max(best, s-base)
		}
		worth[i] = best
	}
	spread(v, worth)
	return worth
}

// emberBest is the best rating of an Ember that lifts the gem on from.
func emberBest(v *View, j *judge, from Point) float64 {
	pos := v.Position
	pos.Board.Set(from, Empty)
	best := -1e9
	ch := []Change{{At: from, From: Fire, To: Empty}, {}}
	for _, q := range pos.EmberTargets(from) {
		ch[1] = Change{At: q, From: Empty, To: Fire}
		best = max(best, j.rate(ch, v.Wind))
	}
	return best
}

// windLive reports whether a wind blowing d threatens a standing tower.
func windLive(v *View, d Dir) bool {
	for _, t := range d.Threatened() {
		if s, ok := v.SeatOf(t); ok && !s.Burned {
			return true
		}
	}
	return false
}

// rollValue is the mean rating of a rolled wind (never not, unless not
// is -1).
func rollValue(v *View, j *judge, not Dir) float64 {
	sum, n := 0.0, 0
	for d := North; d <= West; d++ {
		if d != not && windLive(v, d) {
			sum += j.rate(nil, d)
			n++
		}
	}
	if n == 0 {
		return j.base()
	}
	return sum / float64(n)
}
