package firetower

import (
	"slices"

	"arcade/engine"
)

// choice is a move a bot considers, with the effect it has on the board
// (none for wind, discard and end moves) and the bot's rating of it.
type choice struct {
	a     engine.Action
	e     Effect
	score float64
}

// options lists the viewer's moves the way Legal lists them (same kinds
// and arguments, no labels), from the view alone: the moves of the step
// the game waits for when the viewer is the one to decide. A discard lists
// only the whole hand unless allDiscards is set (bots choose their other
// discards themselves). It is the bots' cheap move generator: Legal also
// formats a label for each of its hundreds of placements.
func options(v *View, allDiscards bool) []choice {
	if v.Over || v.Acting != v.You {
		return nil
	}
	pos := v.Position
	out := make([]choice, 0, 64)
	switch v.Part {
	case PartSpread:
		for _, q := range pos.SpreadTargets(v.Wind) {
			e, _ := pos.Spread(v.Wind, q)
			out = append(out, choice{a: engine.Action{Kind: KindSpread, Args: []int{q.X, q.Y}}, e: e})
		}
		out = append(out, bucketOptions(v)...)
	case PartAction:
		if len(v.Hand) == 0 {
			return []choice{{a: engine.Action{Kind: KindPass}}}
		}
		for i, c := range v.Hand {
			if c.IsWind() && firstCopy(v.Hand, i) {
				out = append(out, choice{a: engine.Action{Kind: KindWind, Args: []int{i}}},
					choice{a: engine.Action{Kind: KindRoll, Args: []int{i}}})
			}
		}
		out = append(out, choice{a: engine.Action{Kind: KindDiscard, Args: allOf(len(v.Hand))}})
		out = append(out, bucketOptions(v)...)
		out = slices.Grow(out, 512)
		for i, c := range v.Hand {
			if firstCopy(v.Hand, i) {
				out = placeOptions(&pos, i, c, out)
			}
		}
		if allDiscards {
			for _, sub := range subsets(len(v.Hand)) {
				if len(sub) < len(v.Hand) {
					out = append(out, choice{a: engine.Action{Kind: KindDiscard, Args: sub}})
				}
			}
		}
	case PartEmber:
		if v.EmberFrom == nil {
			return nil
		}
		for _, q := range pos.EmberTargets(*v.EmberFrom) {
			e, _ := pos.EmberTo(*v.EmberFrom, q)
			out = append(out, choice{a: engine.Action{Kind: KindEmber, Args: []int{q.X, q.Y}}, e: e})
		}
	case PartEnd:
		out = append(out, choice{a: engine.Action{Kind: KindEnd}})
		out = append(out, bucketOptions(v)...)
	case PartTrim:
		for i := range v.Hand {
			if firstCopy(v.Hand, i) {
				out = append(out, choice{a: engine.Action{Kind: KindTrim, Args: []int{i}}})
			}
		}
	case PartRedraw:
		out = append(out, choice{a: engine.Action{Kind: KindRedraw, Args: []int{}}})
		for _, sub := range subsets(len(v.Hand)) {
			out = append(out, choice{a: engine.Action{Kind: KindRedraw, Args: sub}})
		}
	}
	return out
}

// allOf is the indices 0..n-1.
func allOf(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}

// bucketOptions lists the viewer's Bucket plays (none once it is used).
func bucketOptions(v *View) []choice {
	me, ok := v.Mine()
	if !ok || !me.Bucket {
		return nil
	}
	var out []choice
	towers := v.Defends()
	for rot := range 2 {
		for y := range Size {
			for x := range Size {
				if e, err := v.Position.Bucket(Point{x, y}, rot, towers); err == nil {
					out = append(out, choice{a: engine.Action{Kind: KindBucket, Args: []int{x, y, rot}}, e: e})
				}
			}
		}
	}
	return out
}

// placeOptions appends the legal plays of card c (hand index i) on the
// board, in Legal's order.
func placeOptions(pos *Position, i int, c Card, out []choice) []choice {
	s := c.Shape()
	for rot := range s.Rotations() {
		offs := s.Offsets(rot)
		for y := range Size {
			for x := range Size {
				if !mayPlace(pos, c, Point{x, y}, offs) {
					continue
				}
				if e, err := pos.Place(c, Point{x, y}, rot); err == nil {
					out = append(out, choice{a: engine.Action{Kind: KindPlay, Args: []int{i, x, y, rot}}, e: e})
				}
			}
		}
	}
	return out
}

// mayPlace is a quick test that a placement might be legal: it rejects
// (never wrongly) the many anchors where the pattern finds nothing to act
// on, before Place works the placement out.
func mayPlace(pos *Position, c Card, a Point, offs []Point) bool {
	switch c.Type() {
	case FireType:
		if c == Explosion || c == Ember {
			return pos.Board.At(a) == Fire
		}
		for _, o := range offs {
			q := a.Add(o)
			if pos.Board.At(q) == Empty && pos.touchesFire(q) {
				return true
			}
		}
		return false
	case WaterType:
		for _, o := range offs {
			if pos.Board.At(a.Add(o)) == Fire {
				return true
			}
		}
		return false
	case WindType:
		return pos.canSpread(c.Dir(), a)
	}
	return true
}
