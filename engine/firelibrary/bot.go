package firelibrary

import (
	"slices"

	"arcade/engine"
)

// Bot implements engine.BotMaker. Only the "easy" bot exists; every level
// falls back to it.
func (Game) Bot(level string) engine.Bot { return easyBot{} }

// easyBot decides from its seat's View and the legal moves only.
type easyBot struct{}

// cardPreference is the easy bot's liking for Turn Order cards.
var cardPreference = []int{2, 3, 1, 4, 5, 6}

// toolPreference ranks market tools; anything unlisted comes last.
var toolPreference = []string{"Bucket", "Slingshot", "Map", "Lockbox", "Cloak", "Axe", "Gloves",
	"Collector's Edition", "Knapsack", "Shovel", "Torch", "Library Cart", "Amulet"}

// Choose implements engine.Bot.
func (easyBot) Choose(view any, legal []engine.Action, rng *engine.RNG) engine.Action {
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
	case PhaseSave:
		stop, canStop := pick(KindStop)
		if canStop && !wantsDraw(v, rng) {
			return stop
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

// wantsDraw judges the risk of one more draw from the bag counts it can
// see: a fire busts on a risky space, or anywhere once the card holds a
// fire. The bot draws freely until 8 points are at stake, then only while
// the chance of a bust stays near 20% or less. (Tried against random
// players and against a one-step expected-value rule: this won more.)
func wantsDraw(v View, rng *engine.RNG) bool {
	var mine *OrderCardView
	for i := range v.Cards {
		if v.Cards[i].Holder == v.You {
			mine = &v.Cards[i]
		}
	}
	if mine == nil || v.Bag.Total == 0 {
		return false
	}
	value := map[string]int{}
	for _, sec := range v.Sections {
		value[sec.Colour] = sec.Value
	}
	next, fires, stake := -1, 0, 0
	for i, sp := range mine.Spaces {
		switch {
		case sp.Token == "" && next < 0:
			next = i
		case sp.Token == "fire":
			fires++
		case sp.Token != "":
			stake += value[sp.Token]
		}
	}
	if next < 0 {
		return false
	}
	if !mine.Spaces[next].Risky && fires == 0 {
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
