package fireproto

import (
	"context"

	"arcade/engine"
)

// normalKnobs are the normal bot's settings.
type normalKnobs struct {
	// BucketWorth is what a Bucket in hand is worth, in knowledge.
	BucketWorth float64
	// Nerve scales the worth of drawing against the sure score: above 1
	// the bot pushes its luck.
	Nerve float64
	// Push adds nerve when the bot trails the leader (and takes some away
	// when it leads), the more so the nearer the game's end.
	Push float64
	// Reach is the knowledge from 100 within which a player may well end
	// the game on their next turn.
	Reach int
	// RaceFrom is the knowledge from 100 within which the race to 100 is
	// on: a player this near prefers an early Turn Order card, and so do
	// the players who choose before them.
	RaceFrom int
	// Race is the worth of each place earlier in the turn order when the
	// race to 100 is on.
	Race float64
}

// normalTuning won most often against the easy bot and itself.
var normalTuning = normalKnobs{BucketWorth: 8, Nerve: 1.2, Push: 0.25, Reach: 12, RaceFrom: 24, Race: 3}

// normalBot knows the game's strategy. It weighs each draw by the bag's
// counts (a short look-ahead over the rest of its card, books worth the
// bag's mean value), the value at stake and its Buckets; it takes more
// risk when it trails and less when it leads; it scores at once when that
// reaches 100, draws on when a rival is about to reach 100, and near an X
// it lets the shelf collapse when it leads and shuns the fire when it
// does not. It chooses the Turn Order card whose turn is worth most, and
// an early one when the race to 100 is on.
type normalBot struct{ normalKnobs }

// Choose implements engine.Bot.
func (b normalBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	v, ok := engine.ViewAs[View](view)
	if !ok {
		return legal[rng.Intn(len(legal))]
	}
	if v.You < 0 || int(v.You) >= len(v.Players) || len(v.Tracks) != numColours {
		return legal[0]
	}
	var a engine.Action
	switch v.Phase {
	case PhaseOrder:
		a, ok = b.order(v, legal)
	case PhaseFire:
		a, ok = b.fire(v, legal)
	case PhaseSearch:
		a, ok = b.search(v, legal)
	}
	if !ok {
		return legal[0]
	}
	return a
}

// situation is the score race as the bot sees it.
type situation struct {
	me, best int // the bot's knowledge and the best of the others'
	leads    bool
	// near is how near the game's end is, 0 to 1: the best knowledge or
	// the shelf nearest its X.
	near float64
	// danger: a rival may reach 100 on their next turn.
	danger bool
}

func (b normalBot) situation(v *View) situation {
	s := situation{me: v.Players[v.You].Score, best: -1}
	top := s.me
	for _, p := range v.Players {
		if p.Seat == v.You {
			continue
		}
		s.best = max(s.best, p.Score)
		top = max(top, p.Score)
		if goal-p.Score <= b.Reach {
			s.danger = true
		}
	}
	s.leads = s.me > s.best
	s.near = min(1, float64(top)/goal)
	for _, t := range v.Tracks {
		if n := len(t.Values) + 1; n > 1 {
			s.near = max(s.near, 1-float64(t.ToX-1)/float64(n-t.SetAside))
		}
	}
	return s
}

// nerve is the bot's appetite for risk in this situation.
func (b normalBot) nerve(s situation) float64 {
	behind := float64(s.best-s.me) / 30
	behind = max(-1, min(1, behind))
	return b.Nerve * (1 + b.Push*behind*s.near)
}

// collapses reports whether the books on the bot's card would bring a
// shelf to its X if they burned.
func collapses(v *View, t *turnView) bool {
	for c, n := range t.books {
		if n > 0 && n >= v.Tracks[c].ToX {
			return true
		}
	}
	return false
}

// outlook builds the look-ahead for the bot's card with the bag as the
// view shows it.
func (b normalBot) outlook(v *View, number int) lookahead {
	la := lookahead{safe: cardSpecs[number-1].Safe, worth: b.BucketWorth}
	sum := 0
	for _, t := range v.Tracks {
		sum += t.InBag * t.Value
	}
	la.books, la.fires = v.Bag.Books, v.Bag.Fires
	if la.books > 0 {
		la.mean = float64(sum) / float64(la.books)
	}
	return la
}

// search decides between drawing, scoring and dousing a harmless fire.
func (b normalBot) search(v *View, legal []engine.Action) (engine.Action, bool) {
	t := readTurn(v)
	var draw, score, douse engine.Action
	var canDraw, canScore, canDouse bool
	for _, a := range legal {
		switch {
		case a.Kind == KindDraw && len(a.Args) == 0:
			draw, canDraw = a, true
		case a.Kind == KindScore && len(a.Args) == 0:
			score, canScore = a, true
		case a.Kind == KindDouse && len(a.Args) == 0:
			douse, canDouse = a, true
		}
	}
	if t.card == nil || !canScore {
		return draw, canDraw
	}
	if !canDraw {
		return score, true
	}
	s := b.situation(v)
	if s.me+t.stake >= goal {
		return score, true // a win on the spot
	}
	if t.free() {
		return draw, true // a fire there is only a warning
	}
	if collapses(v, &t) {
		if s.leads {
			return draw, true // a fire ends the game while the bot leads
		}
		return score, true
	}
	held := v.Players[v.You].Buckets
	la := b.outlook(v, t.card.Number)
	stake := float64(t.stake)
	if canDouse && t.live > 0 {
		// A harmless fire: douse it if that makes the rest of the card
		// worth more than the Bucket.
		keep := la.best(t.next, t.live, held, stake, la.books, la.fires)
		if -la.worth+la.best(t.next, t.live-1, held-1, stake, la.books, la.fires) > keep {
			return douse, true
		}
	}
	if s.danger && !s.leads {
		return draw, true // a rival may reach 100 before the bot plays again
	}
	if b.nerve(s)*la.draw(t.next, t.live, held, stake, la.books, la.fires) >= stake {
		return draw, true
	}
	return score, true
}

// fire decides whether to douse a fire that would end the turn.
func (b normalBot) fire(v *View, legal []engine.Action) (engine.Action, bool) {
	t := readTurn(v)
	douse, canDouse := engine.Pick(legal, KindDouse)
	burn, canBurn := engine.Pick(legal, KindBurn)
	if t.card == nil || !canDouse || !canBurn {
		return burn, canBurn
	}
	s := b.situation(v)
	if collapses(v, &t) {
		if s.leads {
			return burn, true
		}
		return douse, true
	}
	if s.me+t.stake >= goal || s.danger && !s.leads {
		return douse, true
	}
	held := v.Players[v.You].Buckets
	la := b.outlook(v, t.card.Number)
	burnt := 0.0
	if held < maxBuckets {
		burnt = la.worth
	}
	kept := -la.worth + la.best(t.next, t.live-1, held-1, float64(t.stake), la.books, la.fires)
	if kept >= burnt {
		return douse, true
	}
	return burn, true
}

// order chooses the Turn Order card whose turn is worth most, and an
// early card when the bot or a rival choosing after it is near 100.
func (b normalBot) order(v *View, legal []engine.Action) (engine.Action, bool) {
	race := goal-v.Players[v.You].Score <= b.RaceFrom
	for _, p := range v.Picks {
		if p != v.You && int(p) < len(v.Players) && goal-v.Players[p].Score <= b.RaceFrom {
			race = true
		}
	}
	held := v.Players[v.You].Buckets
	var best engine.Action
	bestV, found := 0.0, false
	for _, a := range legal {
		if a.Kind != KindOrder || len(a.Args) != 1 || a.Args[0] < 1 || a.Args[0] > len(cardSpecs) {
			continue
		}
		n := a.Args[0]
		la := b.outlook(v, n)
		worth := la.draw(0, 0, held, float64(bravery(n)), la.books, la.fires)
		if race {
			worth += b.Race * float64(len(cardSpecs)-n)
		}
		if !found || worth > bestV {
			best, bestV, found = a, worth, true
		}
	}
	return best, found
}

// lookahead values the rest of a turn: every book drawn is worth the
// bag's mean value, a fire ends the turn when the card's rules say so,
// a Bucket is worth a fixed amount, and the player scores, draws or
// douses, whichever is worth most.
type lookahead struct {
	safe         int     // safe spaces on the card
	mean         float64 // the mean value of a book in the bag
	worth        float64 // a Bucket's worth
	books, fires int     // the bag
}

// best is the worth of a position after k draws, with live undoused
// fires, held Buckets and the stake on the card: scoring now or drawing.
func (la *lookahead) best(k, live, held int, stake float64, books, fires int) float64 {
	if k >= numSpaces {
		return stake
	}
	return max(stake, la.draw(k, live, held, stake, books, fires))
}

// draw is the expected worth of drawing the token for space k.
func (la *lookahead) draw(k, live, held int, stake float64, books, fires int) float64 {
	total := books + fires
	if total <= 0 || k >= numSpaces {
		return stake
	}
	sum := 0.0
	if books > 0 {
		sum += float64(books) * la.best(k+1, live, held, stake+la.mean, books-1, fires)
	}
	if fires > 0 {
		var r float64
		if k < la.safe && live == 0 {
			r = la.best(k+1, 1, held, stake, books, fires-1) // a warning
		} else {
			if held < maxBuckets {
				r = la.worth // burn: lose the stake, take a Bucket
			}
			if held > 0 {
				r = max(r, -la.worth+la.best(k+1, live, held-1, stake, books, fires-1))
			}
		}
		sum += float64(fires) * r
	}
	return sum / float64(total)
}
