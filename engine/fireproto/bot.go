package fireproto

import "arcade/engine"

// Bot implements engine.BotMaker. Only the "easy" bot exists; every level
// falls back to it. Each call makes a new bot: a pointer, so that the
// table can compare bots (a struct holding a slice would panic).
func (Game) Bot(level string) engine.Bot { return &easyBot{easyTuning} }

// tuning holds the easy bot's knobs.
type tuning struct {
	Cards []int // Turn Order cards, most liked first
	// Nerve scales the expected gain of a draw against its expected loss:
	// above 1 the bot pushes its luck.
	Nerve float64
	// BucketWorth is what the bot thinks a Bucket in hand is worth.
	BucketWorth float64
}

// easyTuning won most often in self-play against other settings.
var easyTuning = tuning{Cards: []int{3, 2, 1, 4, 5}, Nerve: 1, BucketWorth: 5}

// easyBot decides from its seat's View and the legal moves only.
type easyBot struct{ tuning }

// Choose implements engine.Bot.
func (b easyBot) Choose(view any, legal []engine.Action, rng *engine.RNG) engine.Action {
	var v View
	switch x := view.(type) {
	case View:
		v = x
	case *View:
		v = *x
	default:
		return legal[rng.Intn(len(legal))]
	}
	pick := func(kind string, args ...int) (engine.Action, bool) {
		return engine.Find(legal, engine.Action{Kind: kind, Args: args})
	}
	switch v.Phase {
	case PhaseOrder:
		for _, n := range b.Cards {
			if a, ok := pick(KindOrder, n); ok {
				return a
			}
		}
	case PhaseFire:
		if a, ok := pick(KindDouse); ok && b.worthDousing(v) {
			return a
		}
		if a, ok := pick(KindBurn); ok {
			return a
		}
	case PhaseSearch:
		if a, ok := pick(KindScore); ok && !b.wantsDraw(v, rng) {
			return a
		}
		if a, ok := pick(KindDraw); ok {
			return a
		}
	}
	return legal[0]
}

// mine returns the bot's own card, or nil.
func mine(v View) *OrderCardView {
	for i := range v.Cards {
		if v.Cards[i].Holder == v.You {
			return &v.Cards[i]
		}
	}
	return nil
}

// stake is what scoring now would give: the books' values plus bravery.
func stake(v View, c *OrderCardView) int {
	value := map[string]int{}
	for _, t := range v.Tracks {
		value[t.Key] = t.Value
	}
	n := c.Bravery
	for _, sp := range c.Spaces {
		n += value[sp.Token]
	}
	return n
}

// worthDousing: a Bucket is spent when what burns is worth more than it.
func (b easyBot) worthDousing(v View) bool {
	c := mine(v)
	return c != nil && float64(stake(v, c)) >= b.BucketWorth
}

// wantsDraw weighs one more draw with the bag counts it can see: a book
// adds its colour's value on average; a fire that would end the turn
// costs what is at stake (less the Bucket taken afterwards), or a Bucket
// if the bot holds one and would rather douse.
func (b easyBot) wantsDraw(v View, rng *engine.RNG) bool {
	c := mine(v)
	if c == nil || v.Drawn >= len(c.Spaces) || v.Bag.Total == 0 {
		return false
	}
	live := 0
	for _, sp := range c.Spaces {
		if sp.Token == "fire" && !sp.Doused {
			live++
		}
	}
	if !c.Spaces[v.Drawn].Risky && live == 0 {
		return true // a fire here is only a warning
	}
	books := 0.0
	for _, t := range v.Tracks {
		books += float64(t.InBag * t.Value)
	}
	held := v.Players[v.You].Buckets
	loss := float64(stake(v, c))
	if held < maxBuckets {
		loss -= b.BucketWorth
	}
	if held > 0 {
		loss = min(loss, b.BucketWorth)
	}
	gain := books / float64(v.Bag.Total)
	fire := float64(v.Bag.Fires) / float64(v.Bag.Total)
	jitter := 1 + float64(rng.Intn(11)-5)/100
	return b.Nerve*jitter*gain >= fire*max(loss, 0)
}
