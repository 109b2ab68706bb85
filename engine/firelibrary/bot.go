package firelibrary

import (
	"slices"

	"arcade/engine"
)

// Bot implements engine.BotMaker. Every bot decides from its seat's View
// and its legal moves only, and answers every window it is asked in
// (Amulet, Fire Spreading, the swap), out of turn too.
//
//   - "easy" (easyBot) plays legal, sensible moves by simple rules: a
//     bust-odds threshold that tightens once 8 points are at stake, fixed
//     preferences for cards and tools, the first fitting tool in every
//     window.
//   - "normal" knows the game (normalBot): bust odds from the bag's
//     counts, the points at stake, a look ahead over the next draws, the
//     Turn Order card worth most, tools in every window.
//   - "hard" searches (hardBot): determinized Monte Carlo over games
//     sampled from its view (Sampler), played out by the normal bot,
//     within 600 playouts or 300 ms a move.
//
// Any other level gets the normal bot. No bot escapes before its first
// draw, and every bot calls Burn! in the No Tool variant (botMoves).
func (Game) Bot(level string) engine.Bot {
	switch level {
	case "easy":
		return easyBot{}
	case "hard":
		return hardBot{}
	}
	return normalBot{}
}

// earlyEscape reports whether escaping now comes before the turn's first
// draw (drawn draws made, bag tokens in the bag). Ruling 10 allows it, but
// no bot does it: on an empty card the first draw lands on a safe space
// and cannot spread fire, and the player may still escape after it, so
// escaping at once never scores more. Only tokens an Amulet or a Slingshot
// put on the card beforehand make it worth weighing, which the bots do
// not.
func earlyEscape(drawn, bag int) bool { return drawn == 0 && bag > 0 }

// botMoves is legal without the moves no bot makes: an escape before the
// turn's first draw when early (earlyEscape), a Map when it could loop
// (sight.mapLoops), and a pass when Burn! may be called (a free point). It
// is legal itself when none is there.
func botMoves(legal []engine.Action, early, loops bool) []engine.Action {
	burn := slices.ContainsFunc(legal, func(a engine.Action) bool { return a.Kind == KindBurn })
	skip := func(a engine.Action) bool {
		return early && a.Kind == KindStop || loops && a.Kind == KindPlay && a.Args[0] == toolMap ||
			burn && a.Kind == KindPass
	}
	if !slices.ContainsFunc(legal, skip) {
		return legal
	}
	return slices.DeleteFunc(slices.Clone(legal), skip)
}

// plays lists the legal ways to play tool tl.
func plays(legal []engine.Action, tl int) []engine.Action {
	var out []engine.Action
	for _, a := range legal {
		if a.Kind == KindPlay && a.Args[0] == tl {
			out = append(out, a)
		}
	}
	return out
}

// placeBest places the most valuable book drawn; with none, a Torch stops
// placing; a fire is placed only when it must be.
func placeBest(b *sight, legal []engine.Action) engine.Action {
	best, bestVal := engine.Action{}, -1
	var rest, fire engine.Action
	for _, a := range legal {
		switch {
		case a.Kind == KindRest:
			rest = a
		case a.Kind == KindPlace && Token(a.Args[0]) == Fire:
			fire = a
		case a.Kind == KindPlace:
			if w := b.worth[a.Args[0]]; w > bestVal {
				best, bestVal = a, w
			}
		}
	}
	switch {
	case bestVal >= 0:
		return best
	case rest.Kind != "":
		return rest
	case fire.Kind != "":
		return fire
	}
	return legal[0]
}

// readSight is what a bot reads from the view it is given: a View at a
// table, or a *sight inside the hard bot's imagined games.
func readSight(view engine.View) *sight {
	if b, ok := view.(*sight); ok {
		return b
	}
	return sightFromView(view)
}

// booksOn lists the books on a card's spaces.
func booksOn(spaces [numSpaces]Token) []Token {
	var out []Token
	for _, t := range spaces {
		if t.Book() {
			out = append(out, t)
		}
	}
	return out
}

// firstEmpty is the leftmost empty space, -1 if none.
func firstEmpty(spaces [numSpaces]Token) int { return slices.Index(spaces[:], Empty) }
