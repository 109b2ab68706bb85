package firetower

import (
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
// and arguments, in the same order but for the discards), from the view
// alone, each with its effect: the moves of the step the game waits for
// when the viewer is the one to decide. A discard lists only the whole
// hand unless allDiscards is set (bots choose their other discards
// themselves).
func options(v *View, allDiscards bool) []choice {
	if v.Over || v.Acting != v.You {
		return nil
	}
	pos := &v.Position
	gr := pos.grid()
	out := make([]choice, 0, 64)
	switch v.Part {
	case PartSpread:
		set := gr.spreads(v.Wind)
		set.each(func(q Point) {
			e, _ := pos.Spread(v.Wind, q)
			out = append(out, choice{a: moveTable.spread.at(q.Y*Size + q.X), e: e})
		})
		out = bucketOptions(v, &gr, out)
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
		out = bucketOptions(v, &gr, out)
		for i, c := range v.Hand {
			if firstCopy(v.Hand, i) {
				out = placeOptions(pos, &gr, i, c, out)
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
		out = bucketOptions(v, &gr, out)
	case PartEnd:
		out = append(out, choice{a: engine.Action{Kind: KindEnd}})
		out = bucketOptions(v, &gr, out)
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

// bucketOptions appends the viewer's Bucket plays (none once it is used).
func bucketOptions(v *View, gr *grid, out []choice) []choice {
	me, ok := v.Mine()
	if !ok || !me.Bucket {
		return out
	}
	towers := v.Defends()
	for rot := range 2 {
		set := gr.buckets(towers, rot)
		set.each(func(q Point) {
			e, _ := v.Position.Bucket(q, rot, towers)
			out = append(out, choice{a: moveTable.bucket[rot].at(q.Y*Size + q.X), e: e})
		})
	}
	return out
}

// placeOptions appends the legal plays of card c (hand index i) on the
// board, in Legal's order.
func placeOptions(pos *Position, gr *grid, i int, c Card, out []choice) []choice {
	for rot := range c.Shape().Rotations() {
		set := gr.anchors(c, rot)
		set.each(func(q Point) {
			e, _ := pos.Place(c, q, rot)
			a := engine.Action{Kind: KindPlay, Args: []int{i, q.X, q.Y, rot}}
			if i < maxHandMoves {
				a = moveTable.play[i][rot].at(q.Y*Size + q.X)
			}
			out = append(out, choice{a: a, e: e})
		})
	}
	return out
}
