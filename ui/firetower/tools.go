package firetower

import (
	"slices"

	"arcade/engine"
	ft "arcade/engine/firetower"
)

// toolKind is what enter does now.
type toolKind int

const (
	toolNone   toolKind = iota
	toolSpread          // Part 1: the wind's gem
	toolCard            // the selected card, placed on the board
	toolBucket          // the Bucket
	toolEmber           // where the lifted Ember gem lands
	toolTrim            // discard the selected card, over the hand size
	toolRedraw          // after a Firestorm: redraw the marked cards
)

// tool is what the player is about to do.
type tool struct {
	kind  toolKind
	card  ft.Card
	shape ft.Shape
}

// placing reports whether the tool is placed on the board with the cursor.
func (t tool) placing() bool {
	return t.kind == toolSpread || t.kind == toolCard || t.kind == toolBucket || t.kind == toolEmber
}

// current is the tool the view and the player's choices call for.
func (b *Board) current(v ft.View) tool {
	if !myTurn(v) {
		return tool{}
	}
	bucket := tool{kind: toolBucket, shape: ft.Line3}
	switch v.Part {
	case ft.PartSpread:
		if b.bucket {
			return bucket
		}
		return tool{kind: toolSpread, shape: ft.Single}
	case ft.PartAction:
		if b.bucket {
			return bucket
		}
		if b.sel < len(v.Hand) {
			c := v.Hand[b.sel]
			return tool{kind: toolCard, card: c, shape: c.Shape()}
		}
	case ft.PartEmber:
		if b.bucket {
			return bucket // the Bucket may be played mid-Ember too (ruling 26)
		}
		return tool{kind: toolEmber, shape: ft.Single}
	case ft.PartEnd:
		if b.bucket {
			return bucket
		}
	case ft.PartTrim:
		return tool{kind: toolTrim}
	case ft.PartRedraw:
		return tool{kind: toolRedraw}
	}
	return tool{}
}

// preview is what enter would do with a placing tool at the cursor.
type preview struct {
	action engine.Action
	cells  []ft.Point // the pattern's squares
	effect ft.Effect
	err    error
}

// rotation is the pattern's rotation for a shape.
func (b *Board) rotation(s ft.Shape) int {
	if n := s.Rotations(); n > 1 {
		return b.rot % n
	}
	return 0
}

// preview computes the move the cursor shows and what it would change.
func (b *Board) preview(v ft.View, t tool) preview {
	if !t.placing() {
		return preview{}
	}
	rot := b.rotation(t.shape)
	at := t.shape.AnchorAt(b.cursor, rot)
	var a engine.Action
	switch t.kind {
	case toolSpread:
		a = engine.Action{Kind: ft.KindSpread, Args: []int{at.X, at.Y}}
	case toolEmber:
		a = engine.Action{Kind: ft.KindEmber, Args: []int{at.X, at.Y}}
	case toolBucket:
		a = engine.Action{Kind: ft.KindBucket, Args: []int{at.X, at.Y, rot}}
	default:
		a = engine.Action{Kind: ft.KindPlay, Args: []int{v.FirstCopy(b.sel), at.X, at.Y, rot}}
	}
	p := preview{action: a, cells: t.shape.Cells(at, rot)}
	p.effect, p.err = v.Check(a)
	return p
}

// marked lists the marked hand cards in order.
func (b *Board) marked(v ft.View) []int {
	var out []int
	for i := range v.Hand {
		if b.marks[i] {
			out = append(out, i)
		}
	}
	slices.Sort(out)
	return out
}

// targets lists the squares the wind's gem or the Ember's gem can reach
// now, to show them on the board.
func targets(v ft.View, t tool) []ft.Point {
	switch t.kind {
	case toolSpread:
		return v.SpreadTargets(v.Wind)
	case toolEmber:
		if v.EmberFrom != nil {
			return v.EmberTargets(*v.EmberFrom)
		}
	}
	return nil
}
