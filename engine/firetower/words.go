package firetower

import (
	"fmt"

	"arcade/engine"
)

// Describe implements engine.Describer: the words of a, one of the
// viewer's legal moves, from what the view shows ("" for a malformed
// move). A board move is evaluated on the view's position, one move at a
// time: the menu asks only for the moves it shows.
func (v View) Describe(a engine.Action) string {
	card := func(i int) (Card, bool) {
		if i < 0 || i >= len(v.Hand) {
			return 0, false
		}
		return v.Hand[i], true
	}
	at := Point{a.Arg(0), a.Arg(1)}
	switch a.Kind {
	case KindEnd:
		return "End your turn (keep the Bucket)"
	case KindPass:
		return "No card to play: end your turn"
	case KindSpread:
		return fmt.Sprintf("Wind %s: spread the fire to %s", v.Wind, at)
	case KindEmber:
		if v.EmberFrom != nil {
			return fmt.Sprintf("Ember: the gem from %s lands on %s", *v.EmberFrom, at)
		}
	case KindBucket:
		if e, err := v.Position.Bucket(at, a.Arg(2), v.Defends()); err == nil {
			return fmt.Sprintf("Bucket %s: %s", span(Line3.Cells(at, a.Arg(2))), e.Summary())
		}
	case KindWind:
		if c, ok := card(a.Arg(0)); ok {
			if d := c.Dir(); !windLive(&v, d) {
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
			if e, err := v.Position.Place(c, at, a.Arg(3)); err == nil {
				return playText(c, c.Shape().Cells(at, a.Arg(3)), e)
			}
		}
	case KindTrim:
		if c, ok := card(a.Arg(0)); ok {
			return fmt.Sprintf("Discard %s (hand %d of %d)", c, len(v.Hand), v.HandSize)
		}
	case KindDiscard, KindRedraw:
		return v.discardText(a)
	}
	return ""
}

// discardText is the words of a discard or of a Firestorm's redraw: Args
// the hand indices of the cards that go.
func (v View) discardText(a engine.Action) string {
	for _, i := range a.Args {
		if i < 0 || i >= len(v.Hand) {
			return ""
		}
	}
	switch {
	case a.Kind == KindDiscard && len(a.Args) == len(v.Hand):
		return fmt.Sprintf("Discard your whole hand and draw %d", v.HandSize)
	case a.Kind == KindDiscard:
		return fmt.Sprintf("Discard %s and draw %d", cardList(pick(v.Hand, a.Args)), len(a.Args))
	case len(a.Args) == 0:
		return "Firestorm: keep your hand"
	case len(a.Args) == len(v.Hand):
		return "Firestorm: redraw your whole hand"
	}
	return fmt.Sprintf("Firestorm: redraw %s", cardList(pick(v.Hand, a.Args)))
}
