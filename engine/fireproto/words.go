package fireproto

import (
	"fmt"

	"arcade/engine"
)

// Describe implements engine.Describer: the words of a, one of the
// viewer's legal moves, from what the view shows.
func (v View) Describe(a engine.Action) string {
	switch a.Kind {
	case KindOrder:
		if n := a.Arg(0); len(a.Args) == 1 && n >= 1 && n <= len(layouts) {
			return engine.Ordinal(n) + " card: " + layout(n)
		}
	case KindDraw:
		if c := v.myCard(); c != nil && v.Drawn >= 0 && v.Drawn < numSpaces {
			return fmt.Sprintf("Draw a token onto space %d (%s)", v.Drawn+1, spaceName(c.Number, v.Drawn))
		}
	case KindScore:
		if c := v.myCard(); c != nil {
			k, _ := v.knowledge(c)
			return fmt.Sprintf("Score %d: %d knowledge + %d bravery", k+c.Bravery, k, c.Bravery)
		}
	case KindDouse:
		if v.Phase == PhaseFire {
			return "Douse it with a Bucket, carry on"
		}
		return "Douse this harmless fire (Bucket)"
	case KindBurn:
		c := v.myCard()
		if c == nil || int(v.You) >= len(v.Players) {
			return ""
		}
		_, books := v.knowledge(c)
		burn := "no books"
		if books > 0 {
			burn = fmt.Sprintf("%d %s", books, engine.Plural(books, "book", "books"))
		}
		if v.Players[v.You].Buckets < maxBuckets {
			burn += ", +1 Bucket"
		}
		return "Let it burn: " + burn
	}
	return ""
}

// myCard is the Turn Order card the viewer holds, or nil.
func (v View) myCard() *OrderCardView {
	if v.You < 0 || int(v.You) >= len(v.Players) {
		return nil
	}
	for i := range v.Cards {
		if c := &v.Cards[i]; c.Number == v.Players[v.You].Card {
			return c
		}
	}
	return nil
}

// knowledge is what the books on card c would score now, and how many
// there are, as View shows them.
func (v View) knowledge(c *OrderCardView) (points, books int) {
	for _, sp := range c.Spaces {
		for _, tr := range v.Tracks {
			if sp.Token == tr.Key {
				books++
				points += tr.Value
			}
		}
	}
	return points, books
}
