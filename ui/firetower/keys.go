package firetower

import (
	"fmt"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
)

// HandleKey implements board.KeyHandler. The board takes the cursor keys
// (arrows, h j k l), r (turn), tab and shift+tab or 1-9 (cards), u (the
// Bucket), x or space (mark), esc (clear the marks, the Bucket and the
// steps), enter (do it), and d and o when they apply to the marked or
// selected cards; other keys (the moves' own hot keys n e s w o d p, see
// MoveKeys) go on to the table screen's menu. The keys that build the move
// are steps that Back takes back; a move made forgets them.
func (b *Board) HandleKey(key string, view engine.View, legal []engine.Action) board.Reply {
	vp, ok := engine.ViewAs[ft.View](view)
	if !ok || vp.Over {
		return board.Reply{}
	}
	v := *vp
	b.sync(v)
	before := b.choice.clone()
	r := b.handle(key, v, legal)
	switch {
	case r.Action != nil:
		b.forget()
	case r.Used:
		b.touched = true
		b.record(key, before, v)
	}
	return r
}

// handle answers key in view v, after sync.
func (b *Board) handle(key string, v ft.View, legal []engine.Action) board.Reply {
	if d, ok := moves[key]; ok {
		b.cursor.X = min(max(b.cursor.X+d.X, 0), ft.Size-1)
		b.cursor.Y = min(max(b.cursor.Y+d.Y, 0), ft.Size-1)
		return board.Took()
	}
	if v.You < 0 {
		return board.Reply{}
	}
	switch key {
	case "r":
		return b.turn(v)
	case "tab", "shift+tab":
		step := 1
		if key == "shift+tab" {
			step = len(v.Hand) - 1
		}
		if len(v.Hand) > 0 {
			b.sel, b.bucket = (b.sel+step)%len(v.Hand), false
		}
		return board.Took()
	case "1", "2", "3", "4", "5", "6", "7", "8", "9":
		i := int(key[0] - '1')
		if i >= len(v.Hand) {
			return board.Refuse(fmt.Sprintf("You have %d cards.", len(v.Hand)))
		}
		b.sel, b.bucket = i, false
		return board.Took()
	case "u":
		return b.takeBucket(v)
	case "x", "space":
		if b.sel < len(v.Hand) {
			b.marks[b.sel] = !b.marks[b.sel]
		}
		return board.Took()
	case "esc":
		if b.bucket || len(b.marked(v)) > 0 || len(b.steps) > 0 {
			b.forget()
			return board.Took()
		}
		return board.Reply{}
	case "enter":
		if !myTurn(v) {
			return board.Reply{}
		}
		return b.enter(v, legal)
	case "d":
		if marked := b.marked(v); len(marked) > 0 && myTurn(v) {
			kind := ft.KindDiscard
			if v.Part == ft.PartRedraw {
				kind = ft.KindRedraw
			}
			return pick(legal, engine.Action{Kind: kind, Args: marked}, "You cannot discard those cards now.")
		}
	case "o":
		t := b.current(v)
		if t.kind == toolCard && t.card.IsWind() {
			return pick(legal, engine.Action{Kind: ft.KindRoll, Args: []int{v.FirstCopy(b.sel)}}, "You cannot roll the die now.")
		}
	}
	return board.Reply{}
}

// moves are the cursor keys.
var moves = map[string]ft.Point{
	"up": {X: 0, Y: -1}, "k": {X: 0, Y: -1},
	"down": {X: 0, Y: 1}, "j": {X: 0, Y: 1},
	"left": {X: -1, Y: 0}, "h": {X: -1, Y: 0},
	"right": {X: 1, Y: 0}, "l": {X: 1, Y: 0},
}

// pick returns the legal move a, or why it is not one.
func pick(legal []engine.Action, a engine.Action, why string) board.Reply {
	if l, ok := engine.Find(legal, a); ok {
		return board.Play(l)
	}
	return board.Refuse(why)
}

// turn rotates the pattern, if it has more than one way to lie.
func (b *Board) turn(v ft.View) board.Reply {
	t := b.current(v)
	if !t.placing() || t.shape.Rotations() < 2 {
		return board.Refuse("This pattern does not turn.")
	}
	b.rot = (b.rot + 1) % 2
	return board.Took()
}

// takeBucket picks up (or puts back) the Bucket.
func (b *Board) takeBucket(v ft.View) board.Reply {
	me, ok := v.Mine()
	switch {
	case !ok:
		return board.Took()
	case b.bucket:
		b.bucket = false
		return board.Inform("Bucket put back.")
	case !me.Bucket:
		_, err := v.Check(engine.Action{Kind: ft.KindBucket})
		return board.RefuseErr(err)
	}
	switch v.Part {
	case ft.PartSpread, ft.PartAction, ft.PartEmber, ft.PartEnd:
		b.bucket = true
		return board.Inform("Bucket: up to 3 gems in a line, one at least in your tower area (r turns it).")
	}
	return board.Refuse("The Bucket cannot be used now.")
}

// enter plays what the cursor shows, or says why it cannot.
func (b *Board) enter(v ft.View, legal []engine.Action) board.Reply {
	t := b.current(v)
	switch t.kind {
	case toolTrim:
		return pick(legal, engine.Action{Kind: ft.KindTrim, Args: []int{v.FirstCopy(b.sel)}}, "Pick a card to discard.")
	case toolRedraw:
		return pick(legal, engine.Action{Kind: ft.KindRedraw, Args: b.marked(v)}, "You cannot redraw those cards.")
	case toolNone:
		return board.Refuse("Press p to end your turn, or u to pick up your Bucket.")
	}
	pv := b.preview(v, t)
	if pv.err != nil {
		return board.RefuseErr(pv.err)
	}
	return pick(legal, pv.action, "That is not one of your moves now.")
}
