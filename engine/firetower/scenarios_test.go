package firetower

import (
	"strings"
	"testing"

	"arcade/engine"
)

// firstOf plays seat s's first legal move of a kind (a spread whose square
// depends on a die roll, say).
func firstOf(s engine.Seat, kind string) step {
	return step{seat: s, mk: func(g *state) engine.Action {
		for _, a := range g.Legal(s) {
			if a.Kind == kind {
				return a
			}
		}
		return act(kind)
	}}
}

// paint puts c on the named squares.
func paint(t testing.TB, g *state, c Cell, squares string) {
	t.Helper()
	for _, name := range strings.Fields(squares) {
		g.Pos.Board.Set(sq(t, name), c)
	}
}

// ready puts seat s in Part 2 (or Part 1) of its turn with the wind d.
func ready(g *state, s engine.Seat, p Part, d Dir) {
	g.Turn, g.Part, g.Pos.Wind = s, p, d
}

// with appends the arguments of a square to the others.
func with(args []int, more ...int) []int { return append(append([]int{}, args...), more...) }

func scenarios(t *testing.T) []scenario {
	return []scenario{
		{name: "wind-cards", about: "wind cards: set, roll, gem", players: 2, seed: 1,
			setup: func(t *testing.T, g *state) {
				ready(g, 0, PartSpread, North)
				setHand(t, g, 0, NorthWind, EastWind, SouthWind, WestWind, FlareUp)
				setHand(t, g, 1, SouthWind, WestWind, AirDrop, FireEngine, Smokejumper)
				stackDeck(t, g, DozerLine, ScratchLine, DeReforest, Explosion, BurningSnag, Ember)
			},
			steps: []step{
				refused(0, KindSpread, at(t, "J8")...),
				do(0, KindSpread, at(t, "H7")...),
				refused(0, KindPlay, with([]int{0}, with(at(t, "H5"), 0)...)...),
				card(0, KindPlay, NorthWind, with(at(t, "H6"), 0)...),
				do(1, KindSpread, at(t, "I7")...),
				card(1, KindWind, WestWind),
				do(0, KindSpread, at(t, "G8")...),
				card(0, KindRoll, EastWind),
				firstOf(1, KindSpread),
				card(1, KindPlay, SouthWind, with(at(t, "H10"), 0)...),
				firstOf(0, KindSpread),
				card(0, KindWind, WestWind),
			}},
		{name: "fire-cards", about: "fire cards: Flare Up, Burning Snag, Explosion, Ember", players: 2, seed: 2,
			setup: func(t *testing.T, g *state) {
				ready(g, 0, PartAction, East)
				paint(t, g, Fire, "J8")
				setHand(t, g, 0, FlareUp, BurningSnag, Explosion, Ember, NorthWind)
				setHand(t, g, 1, FlareUp, BurningSnag, Explosion, Ember, SouthWind)
			},
			steps: []step{
				refused(0, KindPlay, with([]int{0}, with(at(t, "M3"), 0)...)...),
				card(0, KindPlay, FlareUp, with(at(t, "K8"), 0)...),
				firstOf(1, KindSpread),
				card(1, KindPlay, BurningSnag, with(at(t, "G6"), 0)...),
				firstOf(0, KindSpread),
				refusedCard(0, KindPlay, Explosion, with(at(t, "H8"), 0)...),
				card(0, KindPlay, Explosion, with(at(t, "J8"), 0)...),
				firstOf(1, KindSpread),
				refusedCard(1, KindPlay, Ember, with(at(t, "H8"), 0)...),
				card(1, KindPlay, Ember, with(at(t, "L8"), 0)...),
				refused(1, KindEmber, at(t, "L8")...),
				do(1, KindEmber, at(t, "K10")...),
			}},
		{name: "water-cards", about: "water cards and the Bucket", players: 2, seed: 3,
			setup: func(t *testing.T, g *state) {
				ready(g, 0, PartAction, South)
				paint(t, g, Fire, "B3 C3 D3 J10 K10 L10 E12 F12 E13 F13 G13 N5 O5 N6")
				setHand(t, g, 0, AirDrop, FireEngine, Smokejumper, NorthWind, SouthWind)
				setHand(t, g, 1, Smokejumper, AirDrop, FireEngine, EastWind, WestWind)
			},
			steps: []step{
				refused(0, KindPlay, with([]int{0}, with(at(t, "A3"), 0)...)...),
				refused(0, KindBucket, with(at(t, "J10"), 0)...),
				do(0, KindBucket, with(at(t, "A3"), 0)...),
				refused(0, KindBucket, with(at(t, "A3"), 0)...),
				card(0, KindPlay, AirDrop, with(at(t, "J10"), 0)...),
				firstOf(1, KindSpread),
				refused(1, KindPlay, with([]int{0}, with(at(t, "H8"), 0)...)...),
				card(1, KindPlay, Smokejumper, with(at(t, "F12"), 0)...),
				firstOf(0, KindSpread),
				card(0, KindPlay, FireEngine, with(at(t, "N5"), 0)...),
			}},
		{name: "firebreak-cards", about: "firebreak cards", players: 2, seed: 4,
			setup: func(t *testing.T, g *state) {
				ready(g, 0, PartAction, North)
				paint(t, g, Break, "E5 M6")
				setHand(t, g, 0, DozerLine, ScratchLine, DeReforest, DeReforest, NorthWind)
				setHand(t, g, 1, ScratchLine, DeReforest, DozerLine, EastWind, WestWind)
			},
			steps: []step{
				refused(0, KindPlay, with([]int{0}, with(at(t, "D5"), 0)...)...),
				refused(0, KindPlay, with([]int{0}, with(at(t, "B2"), 0)...)...),
				refused(0, KindPlay, with([]int{0}, with(at(t, "H8"), 0)...)...),
				card(0, KindPlay, DozerLine, with(at(t, "J3"), 0)...),
				firstOf(1, KindSpread),
				card(1, KindPlay, ScratchLine, with(at(t, "C10"), 0)...),
				firstOf(0, KindSpread),
				card(0, KindPlay, DeReforest, with(at(t, "E5"), 0)...),
				firstOf(1, KindSpread),
				card(1, KindPlay, DeReforest, with(at(t, "M12"), 0)...),
				firstOf(0, KindSpread),
				card(0, KindPlay, ScratchLine, with(at(t, "K5"), 0)...),
			}},
		{name: "firestorm", about: "the Firestorm and its redraw round", players: 3, seed: 5, opts: engine.Options{OptFirestorm: "true"},
			setup: func(t *testing.T, g *state) {
				ready(g, 0, PartAction, North)
				setHand(t, g, 0, FlareUp, NorthWind, EastWind, AirDrop, DozerLine)
				stackDeck(t, g, Firestorm, Explosion, Ember, ScratchLine, SouthWind)
			},
			steps: []step{
				card(0, KindPlay, FlareUp, with(at(t, "H5"), 1)...),
				do(0, KindRedraw, 0, 1),
				do(1, KindRedraw),
				do(2, KindRedraw, 0, 1, 2, 3, 4),
				firstOf(1, KindSpread),
				do(1, KindDiscard, 0),
			}},
		{name: "elimination-partial-firestorm", about: "an elimination without the Firestorm card still brings a partial firestorm", players: 3, seed: 6,
			setup: func(t *testing.T, g *state) {
				ready(g, 1, PartAction, East)
				paint(t, g, Fire, "A2 A3 O15")
				setHand(t, g, 1, FlareUp, Explosion, SouthWind, NorthWind, EastWind)
			},
			steps: []step{
				card(1, KindPlay, FlareUp, with(at(t, "A1"), 0)...),
			}},
		{name: "eliminations", about: "eliminations: cards, hand sizes, partial firestorm, dead wind", players: 3, seed: 6,
			opts: engine.Options{OptFirestorm: "true"},
			setup: func(t *testing.T, g *state) {
				ready(g, 1, PartAction, East)
				paint(t, g, Fire, "A2 A3 O15")
				setHand(t, g, 0, AirDrop, FireEngine, DozerLine, ScratchLine, DeReforest)
				setHand(t, g, 1, FlareUp, Explosion, SouthWind, NorthWind, EastWind)
				setHand(t, g, 2, WestWind, Smokejumper, AirDrop, FireEngine, NorthWind)
			},
			steps: []step{
				card(1, KindPlay, FlareUp, with(at(t, "A1"), 0)...),
				card(1, KindTrim, AirDrop),
				card(1, KindTrim, DozerLine),
				card(1, KindTrim, ScratchLine),
				firstOf(2, KindSpread),
				card(2, KindWind, WestWind),
				do(2, KindEnd),
				firstOf(1, KindSpread),
				card(1, KindPlay, Explosion, with(at(t, "O15"), 0)...),
			}},
		{name: "team", about: "team variant: burned towers play on and bring a partial firestorm, Bucket on a partner's tower", players: 4, seed: 1,
			opts: engine.Options{OptTeam: "true"},
			setup: func(t *testing.T, g *state) {
				ready(g, 1, PartAction, North)
				paint(t, g, Fire, "A2 O1 A15")
				clearHands(g)
				setHand(t, g, 0, SouthWind, AirDrop, FireEngine, DozerLine, ScratchLine)
				setHand(t, g, 1, NorthWind, AirDrop, FireEngine, DozerLine, ScratchLine)
				setHand(t, g, 2, EastWind, AirDrop, FireEngine, DeReforest, Smokejumper)
				setHand(t, g, 3, WestWind, Smokejumper, FireEngine, DeReforest, ScratchLine)
			},
			steps: []step{
				card(1, KindPlay, NorthWind, with(at(t, "A1"), 0)...),
				do(1, KindEnd),
				firstOf(2, KindSpread),
				do(2, KindBucket, with(at(t, "A1"), 1)...),
				card(2, KindPlay, EastWind, with(at(t, "P1"), 0)...),
				firstOf(3, KindSpread),
				do(3, KindDiscard, 1, 2),
				do(3, KindEnd),
				firstOf(0, KindSpread),
				card(0, KindPlay, SouthWind, with(at(t, "A16"), 0)...),
			}},
		{name: "discards", about: "discards and the end of a turn with the Bucket unused", players: 2, seed: 8,
			setup: func(t *testing.T, g *state) {
				ready(g, 0, PartSpread, South)
				paint(t, g, Fire, "B2")
				setHand(t, g, 0, AirDrop, NorthWind, Explosion, DozerLine, Ember)
			},
			steps: []step{
				firstOf(0, KindSpread),
				do(0, KindDiscard, 0, 2),
				do(0, KindEnd),
				firstOf(1, KindSpread),
				do(1, KindDiscard, 0, 1, 2, 3, 4),
				firstOf(0, KindSpread),
				do(0, KindBucket, with(at(t, "A2"), 0)...),
				do(0, KindDiscard, 4),
			}},
	}
}
