package firelibrary

import (
	"context"
	"slices"

	"arcade/engine"
)

// easyBot is the easy level: it decides from its seat's View and the legal
// moves only, by simple rules. It draws freely until 8 points are at
// stake, then only while the bag's odds of a fire are about 20% or less;
// prefers the 2nd Turn Order card; takes tools by a fixed ranking; plays a
// Bucket, a Slingshot or a Cloak when the fire spreads, an Axe on a book
// worth 4 or more, Gloves before a risky space, a Shovel or a Torch
// instead of a plain draw, and After Scoring tools when it can. It never
// swaps. (It was the game's only bot before the normal and hard levels.)
type easyBot struct{}

// cardPreference is the easy bot's liking for Turn Order cards.
var cardPreference = []int{2, 3, 1, 4, 5, 6}

// toolPreference ranks market tools; anything unlisted comes last.
var toolPreference = []string{"Bucket", "Slingshot", "Map", "Lockbox", "Cloak", "Axe", "Gloves",
	"Collector's Edition", "Knapsack", "Shovel", "Torch", "Library Cart", "Amulet"}

// botView is what the easy bot reads from its view.
type botView struct {
	View
	mine *OrderCardView
}

// worth is what a book of the given colour scores now.
func (b botView) worth(colour string) int {
	if colour == "teal" {
		return b.TechValue
	}
	for _, s := range b.Sections {
		if s.Colour == colour {
			return s.Value
		}
	}
	return 0
}

// next is the index of the first empty space on the bot's card, -1 if none.
func (b botView) next() int {
	if b.mine == nil {
		return -1
	}
	return slices.IndexFunc(b.mine.Spaces, func(s SpaceView) bool { return s.Token == "" })
}

// Choose implements engine.Bot.
func (easyBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	var v botView
	switch x := view.(type) {
	case View:
		v.View = x
	case *View:
		v.View = *x
	default:
		return legal[rng.Intn(len(legal))]
	}
	for i := range v.Cards {
		if v.Cards[i].Holder == v.You && v.You >= 0 {
			v.mine = &v.Cards[i]
		}
	}
	legal = botMoves(legal, earlyEscape(v.Drawn, v.Bag.Total), v.Deck+v.Discard < 3) // as sight.sensible
	pick := func(kind string, args ...int) (engine.Action, bool) {
		return engine.Find(legal, engine.Action{Kind: kind, Args: args})
	}
	plays := func(tl int) []engine.Action {
		var out []engine.Action
		for _, a := range legal {
			if a.Kind == KindPlay && a.Args[0] == tl {
				out = append(out, a)
			}
		}
		return out
	}
	switch v.Phase {
	case PhaseAmulet:
		if p := plays(toolAmulet); len(p) > 0 {
			return p[0]
		}
	case PhaseSpread:
		if a, ok := pick(KindBurn); ok {
			return a
		}
		if a, ok := spreadTool(v, plays); ok {
			return a
		}
		if a, ok := pick(KindPass); ok {
			return a
		}
	case PhaseSave:
		if a, ok := saveTool(v, plays, pick, rng); ok {
			return a
		}
	case PhasePlace:
		if b := sightFromView(v.View); b != nil {
			return placeBest(b, legal)
		}
	case PhaseAfter:
		if a, ok := afterTool(v, plays); ok {
			return a
		}
		if a, ok := pick(KindDone); ok {
			return a
		}
	case PhaseOrder:
		for _, n := range cardPreference {
			if a, ok := pick(KindOrder, n); ok {
				return a
			}
		}
	case PhaseTool:
		best, bestRank := -1, len(toolPreference)
		for i, t := range v.Market {
			r := slices.Index(toolPreference, t.Name)
			if r >= 0 && r < bestRank {
				best, bestRank = i, r
			}
		}
		if a, ok := pick(KindTool, best); ok {
			return a
		}
	case PhaseSwap:
		if a, ok := pick(KindKeep); ok {
			return a
		}
	}
	if a, ok := pick(KindDraw); ok {
		return a
	}
	return legal[0]
}

// spreadTool answers Fire Spreading: as the active player a Bucket, then a
// Slingshot, then a Cloak on the best book; as another player an Axe when
// the book is worth 4 or more.
func spreadTool(v botView, plays func(int) []engine.Action) (engine.Action, bool) {
	if v.You != v.Active {
		for _, a := range plays(toolAxe) {
			if v.worth(v.mine0(v.Active, a.Args[1])) >= 4 {
				return a, true
			}
		}
		return engine.Action{}, false
	}
	for _, tl := range []int{toolBucket, toolSlingshot} {
		if p := plays(tl); len(p) > 0 {
			return p[0], true
		}
	}
	best, bestPts := engine.Action{}, 0
	for _, a := range plays(toolCloak) {
		i := a.Args[1]
		pts := v.worth(v.mine.Spaces[i].Token) + v.mine.Spaces[i].Bravery
		if pts > bestPts {
			best, bestPts = a, pts
		}
	}
	return best, bestPts > 0
}

// mine0 is the token on space i of seat s's card.
func (v botView) mine0(s engine.Seat, i int) string {
	for _, c := range v.Cards {
		if c.Holder == s && i >= 0 && i < len(c.Spaces) {
			return c.Spaces[i].Token
		}
	}
	return ""
}

// saveTool plays Saving Books tools: Gloves before a risky space, and a
// Shovel or Torch instead of a plain draw. It also decides draw or stop.
func saveTool(v botView, plays func(int) []engine.Action, pick func(string, ...int) (engine.Action, bool),
	rng *engine.RNG) (engine.Action, bool) {
	stop, canStop := pick(KindStop)
	if canStop && !wantsDraw(v, rng) {
		return stop, true
	}
	if n := v.next(); n >= 0 && v.mine.Spaces[n].Risky && !v.Gloves {
		if p := plays(toolGloves); len(p) > 0 {
			return p[0], true
		}
	}
	if a, ok := pick(KindDig); ok {
		return a, true
	}
	for _, tl := range []int{toolShovel, toolTorch} {
		if p := plays(tl); len(p) > 0 {
			return p[0], true
		}
	}
	return engine.Action{}, false
}

// afterTool plays After Scoring tools: a Map, a Collector's Edition on
// the colour saved most, a Lockbox on the best book, a Library Cart, and
// a Knapsack when few fires are in the bag.
func afterTool(v botView, plays func(int) []engine.Action) (engine.Action, bool) {
	if p := plays(toolMap); len(p) > 0 {
		return p[0], true
	}
	best := func(p []engine.Action) (engine.Action, bool) {
		var out engine.Action
		top := -1
		for _, a := range p {
			if w := v.worth(Token(a.Args[1]).Name()); w > top {
				out, top = a, w
			}
		}
		return out, top >= 0
	}
	var coll engine.Action
	most := 0
	for _, a := range plays(toolCollector) {
		n := 0
		for _, sp := range v.mine.Spaces {
			if sp.Token == Token(a.Args[1]).Name() {
				n++
			}
		}
		if n > most {
			coll, most = a, n
		}
	}
	if most > 0 {
		return coll, true
	}
	if a, ok := best(plays(toolLockbox)); ok {
		return a, true
	}
	if p := plays(toolCart); len(p) > 0 {
		return p[0], true
	}
	if v.Bag.Total > 0 && v.Bag.Fires*4 < v.Bag.Total {
		if a, ok := best(plays(toolKnapsack)); ok {
			return a, true
		}
	}
	return engine.Action{}, false
}

// wantsDraw judges the risk of one more draw from the bag counts it can
// see: a fire busts on a risky space, or anywhere once the card holds a
// fire. The bot draws freely until 8 points are at stake, then only while
// the chance of a bust stays near 20% or less. (Tried against random
// players and against a one-step expected-value rule: this won more.)
func wantsDraw(v botView, rng *engine.RNG) bool {
	mine := v.mine
	if mine == nil || v.Bag.Total == 0 {
		return false
	}
	next, fires, stake := -1, 0, 0
	for i, sp := range mine.Spaces {
		switch {
		case sp.Token == "" && next < 0:
			next = i
		case sp.Token == "fire":
			fires++
		case sp.Token != "":
			stake += v.worth(sp.Token)
		}
	}
	if next < 0 {
		return false
	}
	if (!mine.Spaces[next].Risky || v.Gloves) && fires == 0 {
		return true
	}
	bust := float64(v.Bag.Fires) / float64(v.Bag.Total)
	limit := 0.55
	if stake >= 8 {
		limit = 0.20
	}
	limit += float64(rng.Intn(7)-3) / 100
	return bust <= limit
}
