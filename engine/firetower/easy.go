package firetower

import (
	"context"

	"arcade/engine"
)

// easyBot is the easy level: it rates each legal move by how the board
// would look right after it (fire close to the other towers is good, fire
// close to its own is bad), adds a little noise, and plays the best. It
// knows nothing of the wind's future spreads, the Buckets or the fire's
// breadth, and never looks ahead.
type easyBot struct{}

// Choose implements engine.Bot.
func (b easyBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok {
		return legal[rng.Intn(len(legal))]
	}
	base := rate(*v, v.Board)
	best, bestScore := 0, -1e18
	for i, a := range legal {
		if v.Part == PartEmber && bucketNow(choice{a: a}) {
			continue
		}
		s := b.score(*v, a, base) + float64(rng.Intn(100))/10
		if s > bestScore {
			best, bestScore = i, s
		}
	}
	return legal[best]
}

// score rates one move against the board as it is (base).
func (b easyBot) score(v View, a engine.Action, base float64) float64 {
	switch a.Kind {
	case KindSpread, KindPlay, KindBucket, KindEmber:
		e, err := v.Check(a)
		if err != nil {
			return -1e9
		}
		board := v.Board
		e.apply(&board)
		s := rate(v, board) - base
		if a.Kind == KindBucket {
			s -= 15 // keep the Bucket for a real emergency
		}
		return s
	case KindWind:
		if i := a.Args[0]; i < len(v.Hand) {
			return windValue(v, v.Hand[i].Dir()) - windValue(v, v.Wind) - 2
		}
	case KindRoll:
		return -3
	case KindDiscard, KindRedraw:
		return -4 - float64(len(a.Args))/10
	case KindTrim:
		if i := a.Args[0]; i < len(v.Hand) {
			return -cardWorth(v.Hand[i])
		}
	case KindEnd, KindPass:
		return 0
	}
	return -5
}

// cardWorth ranks cards for trimming: the lowest goes first.
func cardWorth(c Card) float64 {
	switch c.Type() {
	case FireType:
		return 3
	case WaterType:
		return 2
	case BreakType:
		return 1
	}
	return 0
}

// rate is the board's worth for the viewer: the danger to the towers it
// attacks minus (twice) the danger to the towers it defends.
func rate(v View, board Board) float64 {
	score := 0.0
	for _, s := range v.Seats {
		score += side(v, s.Tower) * danger(board, s.Tower)
	}
	return score
}

// side weighs a tower for the viewer: +1 for a standing tower it attacks,
// -2 for one it defends, 0 for a burned one or one not in play.
func side(v View, t Tower) float64 {
	s, ok := v.SeatOf(t)
	if !ok || s.Burned {
		return 0
	}
	for _, mine := range v.Defends() {
		if mine == t {
			return -2
		}
	}
	return 1
}

// danger grows as the fire gets closer to a tower's corner: it counts the
// steps fire would need through squares that are not firebreaks.
func danger(board Board, t Tower) float64 {
	dist := [Size * Size]int{}
	for i := range dist {
		dist[i] = -1
	}
	start := t.Corner()
	if board.At(start).Burning() {
		return 1000
	}
	var queue [Size * Size]Point
	queue[0] = start
	head, tail := 0, 1
	dist[start.Y*Size+start.X] = 0
	for head < tail {
		p := queue[head]
		head++
		for _, d := range neighbours4 {
			q := p.Add(d)
			if !q.On() || dist[q.Y*Size+q.X] >= 0 {
				continue
			}
			c := board.At(q)
			if c.Burning() {
				n := float64(dist[p.Y*Size+p.X] + 1)
				return 100 / (n * n)
			}
			if c == Break {
				continue
			}
			dist[q.Y*Size+q.X] = dist[p.Y*Size+p.X] + 1
			queue[tail] = q
			tail++
		}
	}
	return 0
}

// windValue is how much a wind in direction d favours the viewer: the
// towers it blows toward, weighed by their danger.
func windValue(v View, d Dir) float64 {
	val := 0.0
	for _, t := range d.Threatened() {
		val += side(v, t) * (1 + danger(v.Board, t))
	}
	return val
}

// bucketNow reports whether c empties the Bucket. The bots keep the
// Bucket while an Ember's gem is lifted: once the gem has landed the
// Bucket is offered again, on the same gems and the landed one too, so
// waiting costs nothing (and leaves the bots' play as it was before the
// Bucket was offered mid-Ember).
func bucketNow(c choice) bool { return c.a.Kind == KindBucket }
