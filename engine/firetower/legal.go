package firetower

import (
	"fmt"

	"arcade/engine"
)

// Action kinds. Squares are given as x (column from the west, 0-15) and y
// (row from the north, 0-15); a pattern by its north-west square and its
// rotation (0 across, 1 down).
const (
	KindSpread  = "spread"  // [x, y]: Part 1, the wind's gem
	KindPlay    = "play"    // [hand, x, y, rot]: play a card on the board (a wind card: its gem)
	KindWind    = "wind"    // [hand]: a wind card sets the wind to its direction
	KindRoll    = "roll"    // [hand]: a wind card rolls the die for a new wind
	KindDiscard = "discard" // [hand...]: discard these cards and draw up to the hand size
	KindBucket  = "bucket"  // [x, y, rot]: play the Bucket
	KindEmber   = "ember"   // [x, y]: where the lifted Ember gem lands
	KindEnd     = "end"     // []: end the turn (the Bucket unused)
	KindTrim    = "trim"    // [hand]: discard one card down to the hand size
	KindRedraw  = "redraw"  // [hand...]: after a Firestorm, redraw these cards (none: keep)
	KindPass    = "pass"    // []: no card to play at all (an empty hand)
)

// Pending implements engine.State.
func (g *state) Pending() []engine.Seat {
	if g.Over {
		return nil
	}
	if len(g.Tasks) > 0 {
		return []engine.Seat{g.Tasks[0].Seat}
	}
	return []engine.Seat{g.Turn}
}

// phase is what the game waits for now.
func (g *state) phase() Part {
	switch {
	case g.Over:
		return PartOver
	case len(g.Tasks) > 0 && g.Tasks[0].Kind == taskTrim:
		return PartTrim
	case len(g.Tasks) > 0:
		return PartRedraw
	}
	return g.Part
}

// Legal implements engine.State: keyed moves first, then the placements.
func (g *state) Legal(s engine.Seat) []engine.Action { return g.legal(s, wantAll) }

// want filters the moves legal lists: a kind and, for plays, a hand index.
type want struct {
	kind string
	card int
}

var wantAll = want{card: -1}

// has reports whether moves of kind (for card, when plays) are wanted.
func (w want) has(kind string, card int) bool {
	return w.kind == "" || (w.kind == kind && (w.card < 0 || w.card == card))
}

// legal lists seat s's moves that w wants; Apply asks only for the kind it
// checks, which spares it the thousands of placements of a whole list.
func (g *state) legal(s engine.Seat, w want) []engine.Action {
	p := g.Pending()
	if len(p) == 0 || p[0] != s {
		return nil
	}
	var out []engine.Action
	switch g.phase() {
	case PartTrim:
		return g.trimActions(s)
	case PartRedraw:
		return g.redrawActions(s)
	case PartSpread:
		if w.has(KindSpread, -1) {
			out = g.spreadActions()
		}
	case PartEmber:
		return g.emberActions()
	case PartEnd:
		out = []engine.Action{{Kind: KindEnd}}
	default:
		return g.actionMenu(s, w)
	}
	if w.has(KindBucket, -1) {
		out = append(out, g.bucketActions(s)...)
	}
	return out
}

func (g *state) spreadActions() []engine.Action {
	var out []engine.Action
	for _, q := range g.Pos.SpreadTargets(g.Pos.Wind) {
		out = append(out, engine.Action{Kind: KindSpread, Args: []int{q.X, q.Y}})
	}
	return out
}

// bucketPlacement is one legal Bucket play.
type bucketPlacement struct {
	at  Point
	rot int
	e   Effect
}

// bucketEffects lists seat s's legal Bucket plays (none once it is used).
func (g *state) bucketEffects(s engine.Seat) []bucketPlacement {
	if !g.Seats[s].Bucket {
		return nil
	}
	var out []bucketPlacement
	towers := g.towersOf(s)
	for rot := range 2 {
		for y := range Size {
			for x := range Size {
				if e, err := g.Pos.Bucket(Point{x, y}, rot, towers); err == nil {
					out = append(out, bucketPlacement{Point{x, y}, rot, e})
				}
			}
		}
	}
	return out
}

func (g *state) bucketActions(s engine.Seat) []engine.Action {
	var out []engine.Action
	for _, b := range g.bucketEffects(s) {
		out = append(out, engine.Action{Kind: KindBucket, Args: []int{b.at.X, b.at.Y, b.rot}})
	}
	return out
}

func (g *state) emberActions() []engine.Action {
	var out []engine.Action
	for _, q := range g.Pos.EmberTargets(*g.EmberFrom) {
		out = append(out, engine.Action{Kind: KindEmber, Args: []int{q.X, q.Y}})
	}
	return out
}

// firstCopy reports whether hand[i] is the first card of its kind in the
// hand: moves name the first copy, so that two North cards do not double
// the list.
func firstCopy(hand []Card, i int) bool {
	for j := range i {
		if hand[j] == hand[i] {
			return false
		}
	}
	return true
}

// actionMenu is Part 2: wind uses, discards, the Bucket, card placements.
func (g *state) actionMenu(s engine.Seat, w want) []engine.Action {
	hand := g.Seats[s].Hand
	if len(hand) == 0 {
		return []engine.Action{{Kind: KindPass}}
	}
	var out []engine.Action
	for i, c := range hand {
		if !c.IsWind() || !firstCopy(hand, i) {
			continue
		}
		out = append(out, engine.Action{Kind: KindWind, Args: []int{i}})
		out = append(out, engine.Action{Kind: KindRoll, Args: []int{i}})
	}
	all := make([]int, len(hand))
	for i := range all {
		all[i] = i
	}
	out = append(out, engine.Action{Kind: KindDiscard, Args: all})
	if w.has(KindBucket, -1) {
		out = append(out, g.bucketActions(s)...)
	}
	for i, c := range hand {
		if firstCopy(hand, i) && w.has(KindPlay, i) {
			out = append(out, g.placements(i, c)...)
		}
	}
	if !w.has(KindDiscard, -1) {
		return out
	}
	for _, sub := range subsets(len(hand)) {
		if len(sub) < len(hand) {
			out = append(out, engine.Action{Kind: KindDiscard, Args: sub})
		}
	}
	return out
}

// placements lists the legal plays of card c (hand index i) on the board.
func (g *state) placements(i int, c Card) []engine.Action {
	var out []engine.Action
	for rot := range c.Shape().Rotations() {
		for y := range Size {
			for x := range Size {
				if _, err := g.Pos.Place(c, Point{x, y}, rot); err != nil {
					continue
				}
				out = append(out, engine.Action{Kind: KindPlay, Args: []int{i, x, y, rot}})
			}
		}
	}
	return out
}

// Describe implements engine.Describer: the words of seat s's legal move
// a, as the move menu shows them ("" for a malformed move).
func (g *state) Describe(s engine.Seat, a engine.Action) string {
	hand := g.Seats[s].Hand
	card := func(i int) (Card, bool) {
		if i < 0 || i >= len(hand) {
			return 0, false
		}
		return hand[i], true
	}
	at := Point{a.Arg(0), a.Arg(1)}
	switch a.Kind {
	case KindEnd:
		return "End your turn (keep the Bucket)"
	case KindPass:
		return "No card to play: end your turn"
	case KindSpread:
		return fmt.Sprintf("Wind %s: spread the fire to %s", g.Pos.Wind, at)
	case KindEmber:
		if g.EmberFrom != nil {
			return fmt.Sprintf("Ember: the gem from %s lands on %s", *g.EmberFrom, at)
		}
	case KindBucket:
		if e, err := g.Pos.Bucket(at, a.Arg(2), g.towersOf(s)); err == nil {
			return fmt.Sprintf("Bucket %s: %s", span(Line3.Cells(at, a.Arg(2))), e.Summary())
		}
	case KindWind:
		if c, ok := card(a.Arg(0)); ok {
			if d := c.Dir(); !g.windLive(d) {
				return fmt.Sprintf("%s card: %s threatens no tower, so roll the die", c, d)
			}
			return fmt.Sprintf("%s card: the wind blows %s from next turn", c, c.Dir())
		}
	case KindRoll:
		if c, ok := card(a.Arg(0)); ok {
			return fmt.Sprintf("%s card: roll the die for a new wind", c)
		}
	case KindPlay:
		at = Point{a.Arg(1), a.Arg(2)}
		if c, ok := card(a.Arg(0)); ok {
			if e, err := g.Pos.Place(c, at, a.Arg(3)); err == nil {
				return playText(c, c.Shape().Cells(at, a.Arg(3)), e)
			}
		}
	case KindTrim:
		if c, ok := card(a.Arg(0)); ok {
			return fmt.Sprintf("Discard %s (hand %d of %d)", c, len(hand), g.HandSize)
		}
	case KindDiscard, KindRedraw:
		for _, i := range a.Args {
			if _, ok := card(i); !ok {
				return ""
			}
		}
		switch {
		case a.Kind == KindDiscard && len(a.Args) == len(hand):
			return fmt.Sprintf("Discard your whole hand and draw %d", g.HandSize)
		case a.Kind == KindDiscard:
			return fmt.Sprintf("Discard %s and draw %d", cardList(pick(hand, a.Args)), len(a.Args))
		case len(a.Args) == 0:
			return "Firestorm: keep your hand"
		case len(a.Args) == len(hand):
			return "Firestorm: redraw your whole hand"
		}
		return fmt.Sprintf("Firestorm: redraw %s", cardList(pick(hand, a.Args)))
	}
	return ""
}

// playText describes the play of card c on cells, with its effect e.
func playText(c Card, cells []Point, e Effect) string {
	switch {
	case c.IsWind():
		return c.Name() + " card: a gem on " + cells[0].String()
	case c == Ember:
		return "Ember: lift the gem on " + cells[0].String()
	}
	return c.Name() + " " + span(cells) + ": " + e.Summary()
}

func (g *state) trimActions(s engine.Seat) []engine.Action {
	hand := g.Seats[s].Hand
	var out []engine.Action
	for i := range hand {
		if firstCopy(hand, i) {
			out = append(out, engine.Action{Kind: KindTrim, Args: []int{i}})
		}
	}
	return out
}

func (g *state) redrawActions(s engine.Seat) []engine.Action {
	hand := g.Seats[s].Hand
	out := []engine.Action{{Kind: KindRedraw, Args: []int{}}}
	for _, sub := range subsets(len(hand)) {
		a := engine.Action{Kind: KindRedraw, Args: sub}
		if len(sub) == len(hand) {
			out = append(out[:1], append([]engine.Action{a}, out[1:]...)...)
			continue
		}
		out = append(out, a)
	}
	return out
}

// subsets lists the non-empty subsets of 0..n-1, smallest first.
func subsets(n int) [][]int {
	var out [][]int
	for size := 1; size <= n; size++ {
		for mask := 1; mask < 1<<n; mask++ {
			var sub []int
			for i := range n {
				if mask&(1<<i) != 0 {
					sub = append(sub, i)
				}
			}
			if len(sub) == size {
				out = append(out, sub)
			}
		}
	}
	return out
}

func pick(hand []Card, idx []int) []Card {
	out := make([]Card, len(idx))
	for i, j := range idx {
		out[i] = hand[j]
	}
	return out
}
