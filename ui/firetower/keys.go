package firetower

import (
	"fmt"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
)

// HandleKey implements board.KeyHandler. The board takes the cursor keys
// (arrows, h j k l), r (turn), tab and shift+tab or 1-9 (cards), u (the
// Bucket), x or space (mark), esc (clear), enter (do it), and d and o when
// they apply to the marked or selected cards; other keys (the moves' own
// hot keys n e s w o d p, see MoveKeys) go on to the table screen's menu.
func (b *Board) HandleKey(key string, view engine.View, legal []engine.Action) (*engine.Action, bool, string) {
	a, used, msg := b.handle(key, view, legal)
	if a != nil {
		b.bucket, b.marks = false, map[int]bool{}
	}
	return a, used, msg
}

func (b *Board) handle(key string, view engine.View, legal []engine.Action) (*engine.Action, bool, string) {
	vp, ok := engine.ViewAs[ft.View](view)
	if !ok || vp.Over {
		return nil, false, ""
	}
	v := *vp
	b.sync(v)
	if d, ok := moves[key]; ok {
		b.cursor.X = min(max(b.cursor.X+d.X, 0), ft.Size-1)
		b.cursor.Y = min(max(b.cursor.Y+d.Y, 0), ft.Size-1)
		return nil, true, ""
	}
	if v.You < 0 {
		return nil, false, ""
	}
	switch key {
	case "r":
		return nil, true, b.turn(v)
	case "tab", "shift+tab":
		step := 1
		if key == "shift+tab" {
			step = len(v.Hand) - 1
		}
		if len(v.Hand) > 0 {
			b.sel, b.bucket = (b.sel+step)%len(v.Hand), false
		}
		return nil, true, ""
	case "1", "2", "3", "4", "5", "6", "7", "8", "9":
		i := int(key[0] - '1')
		if i >= len(v.Hand) {
			return nil, true, fmt.Sprintf("You have %d cards.", len(v.Hand))
		}
		b.sel, b.bucket = i, false
		return nil, true, ""
	case "u":
		return nil, true, b.takeBucket(v)
	case "x", "space":
		if b.sel < len(v.Hand) {
			b.marks[b.sel] = !b.marks[b.sel]
		}
		return nil, true, ""
	case "esc":
		if b.bucket || len(b.marked(v)) > 0 {
			b.bucket, b.marks = false, map[int]bool{}
			return nil, true, ""
		}
		return nil, false, ""
	case "enter":
		if !myTurn(v) {
			return nil, false, ""
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
	return nil, false, ""
}

// moves are the cursor keys.
var moves = map[string]ft.Point{
	"up": {X: 0, Y: -1}, "k": {X: 0, Y: -1},
	"down": {X: 0, Y: 1}, "j": {X: 0, Y: 1},
	"left": {X: -1, Y: 0}, "h": {X: -1, Y: 0},
	"right": {X: 1, Y: 0}, "l": {X: 1, Y: 0},
}

// pick returns the legal move a, or why it is not one.
func pick(legal []engine.Action, a engine.Action, why string) (*engine.Action, bool, string) {
	if l, ok := engine.Find(legal, a); ok {
		return &l, true, ""
	}
	return nil, true, why
}

// turn rotates the pattern, if it has more than one way to lie.
func (b *Board) turn(v ft.View) string {
	t := b.current(v)
	if !t.placing() || t.shape.Rotations() < 2 {
		return "This pattern does not turn."
	}
	b.rot = (b.rot + 1) % 2
	return ""
}

// takeBucket picks up (or puts back) the Bucket.
func (b *Board) takeBucket(v ft.View) string {
	me, ok := v.Mine()
	switch {
	case !ok:
		return ""
	case b.bucket:
		b.bucket = false
		return board.Info("Bucket put back.")
	case !me.Bucket:
		return "You have used your Bucket."
	}
	switch v.Part {
	case ft.PartSpread, ft.PartAction, ft.PartEnd:
		b.bucket = true
		return board.Info("Bucket: up to 3 gems in a line, one at least in your tower area (r turns it).")
	}
	return "The Bucket cannot be used now."
}

// enter plays what the cursor shows, or says why it cannot.
func (b *Board) enter(v ft.View, legal []engine.Action) (*engine.Action, bool, string) {
	t := b.current(v)
	switch t.kind {
	case toolTrim:
		return pick(legal, engine.Action{Kind: ft.KindTrim, Args: []int{v.FirstCopy(b.sel)}}, "Pick a card to discard.")
	case toolRedraw:
		return pick(legal, engine.Action{Kind: ft.KindRedraw, Args: b.marked(v)}, "You cannot redraw those cards.")
	case toolNone:
		return nil, true, "Press p to end your turn, or u to pick up your Bucket."
	}
	pv := b.preview(v, t)
	if pv.err != nil {
		return nil, true, pv.err.Error()
	}
	if l, ok := engine.Find(legal, pv.action); ok {
		return &l, true, ""
	}
	return nil, true, "That is not one of your moves now."
}
