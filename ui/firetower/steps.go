package firetower

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
)

var _ board.Stepper = (*Board)(nil)

// choice is what the player has chosen on the board so far.
type choice struct {
	cursor ft.Point
	rot    int
	sel    int  // the selected hand card
	bucket bool // the Bucket is selected instead of a card
	marks  map[int]bool
}

// clone is a copy of c that shares nothing with it.
func (c choice) clone() choice {
	c.marks = maps.Clone(c.marks)
	return c
}

// same reports whether c and o choose the same (a mark set to false is
// no mark).
func (c choice) same(o choice) bool {
	marked := func(m map[int]bool) map[int]bool {
		out := map[int]bool{}
		for i, on := range m {
			if on {
				out[i] = true
			}
		}
		return out
	}
	return c.cursor == o.cursor && c.rot == o.rot && c.sel == o.sel && c.bucket == o.bucket &&
		maps.Equal(marked(c.marks), marked(o.marks))
}

// stepKind is what one step of a move being built did.
type stepKind int

const (
	stepCard   stepKind = iota // a card chosen (tab, shift+tab, 1-9)
	stepTurn                   // the pattern turned (r)
	stepPlace                  // the pattern moved with the cursor (one run of moves)
	stepMark                   // a card marked or unmarked (x, space)
	stepBucket                 // the Bucket picked up or put back (u)
)

// stepKeys are the keys that make a step, but for the cursor keys (moves),
// by the kind of step.
var stepKeys = map[string]stepKind{
	"tab": stepCard, "shift+tab": stepCard,
	"1": stepCard, "2": stepCard, "3": stepCard, "4": stepCard, "5": stepCard,
	"6": stepCard, "7": stepCard, "8": stepCard, "9": stepCard,
	"r": stepTurn, "x": stepMark, "space": stepMark, "u": stepBucket,
}

// step is one step of the move being built and the choice before it.
type step struct {
	kind   stepKind
	before choice
}

// forget drops the marks, the Bucket and the steps: the move was made, the
// decision changed, or the player cleared them.
func (b *Board) forget() {
	b.bucket, b.marks, b.steps = false, map[int]bool{}, nil
}

// record keeps the step that key made from the choice before, if it made
// one: on the player's own turn, a key that changed the choice of the move
// (see counts). A run of cursor moves is one step.
func (b *Board) record(key string, before choice, v ft.View) {
	kind, ok := stepKeys[key]
	if _, move := moves[key]; move {
		kind, ok = stepPlace, true
	}
	if !ok || !myTurn(v) || b.choice.same(before) || !b.counts(kind, before, v) {
		return
	}
	if n := len(b.steps); kind == stepPlace && n > 0 && b.steps[n-1].kind == stepPlace {
		return
	}
	b.steps = append(b.steps, step{kind: kind, before: before})
}

// counts reports whether a key of kind that changed the choice from
// before is a step of the move being built. The card chosen is, where it
// is the card played or discarded (or it puts the Bucket down); a mark
// is, where marked cards are discarded or redrawn. Cursor moves are free
// (looking around) unless they move a pattern the move has chosen (a
// card, a turn or the Bucket).
func (b *Board) counts(kind stepKind, before choice, v ft.View) bool {
	switch kind {
	case stepCard:
		return v.Part == ft.PartAction || v.Part == ft.PartTrim || before.bucket
	case stepMark:
		return v.Part == ft.PartAction || v.Part == ft.PartRedraw
	case stepPlace:
		return b.current(v).placing() && b.newest(stepCard, stepTurn, stepBucket) >= 0
	}
	return true
}

// newest is the index of the newest step of one of kinds, or -1.
func (b *Board) newest(kinds ...stepKind) int {
	for i, s := range slices.Backward(b.steps) {
		if slices.Contains(kinds, s.kind) {
			return i
		}
	}
	return -1
}

// Building implements board.Stepper: the pattern chosen, turned and
// placed ("Flare Up turned on E7-G7", "Bucket put back") and the cards
// marked, or "" when no move is being built.
func (b *Board) Building(view engine.View) string {
	vp, ok := engine.ViewAs[ft.View](view)
	if !ok || vp.Over {
		return ""
	}
	v := *vp
	b.sync(v)
	var parts []string
	if b.newest(stepCard, stepTurn, stepPlace, stepBucket) >= 0 {
		parts = append(parts, b.patternWords(v))
	}
	if b.newest(stepMark) >= 0 {
		parts = append(parts, cardCount(len(b.marked(v)))+" marked")
	}
	return strings.Join(parts, ", ")
}

// patternWords say what the move being built does with its pattern.
func (b *Board) patternWords(v ft.View) string {
	if i := b.newest(stepBucket, stepCard); i >= 0 && b.steps[i].kind == stepBucket && !b.bucket {
		return "Bucket put back"
	}
	t := b.current(v)
	s := b.toolName(v, t)
	if !t.placing() {
		return s
	}
	if n := t.shape.Rotations(); n > 1 && b.steps[0].before.rot%n != b.rotation(t.shape) {
		s += " turned"
	}
	if b.newest(stepPlace) >= 0 {
		s += " on " + span(b.preview(v, t).cells)
	}
	return s
}

// toolName names what the player is about to use: a card, the Bucket or
// a gem.
func (b *Board) toolName(v ft.View, t tool) string {
	switch t.kind {
	case toolBucket:
		return "Bucket"
	case toolSpread:
		return "the wind's gem"
	case toolEmber:
		return "the Ember's gem"
	}
	return cardName(v, b.sel)
}

// cardName names hand card i.
func cardName(v ft.View, i int) string {
	if i >= 0 && i < len(v.Hand) {
		return v.Hand[i].Name()
	}
	return "no card"
}

// span names the squares of a pattern by its first and last ("E7-G7").
func span(cells []ft.Point) string {
	if len(cells) == 0 {
		return ""
	}
	s := cells[0].String()
	if len(cells) > 1 {
		s += "-" + cells[len(cells)-1].String()
	}
	return s
}

// cardCount is "no card", "1 card" or "2 cards".
func cardCount(n int) string {
	switch n {
	case 0:
		return "no card"
	case 1:
		return "1 card"
	}
	return fmt.Sprintf("%d cards", n)
}

// Back implements board.Stepper: it takes back the newest step of the
// move being built, putting back only what that step changed (the card
// chosen before, the turn, the cursor where the pattern was, the mark, the
// Bucket), and says what it took back.
func (b *Board) Back(view engine.View) board.Reply {
	vp, ok := engine.ViewAs[ft.View](view)
	if !ok || vp.Over {
		return board.Reply{}
	}
	v := *vp
	b.sync(v)
	if len(b.steps) == 0 {
		return board.Reply{}
	}
	s := b.steps[len(b.steps)-1]
	b.steps = b.steps[:len(b.steps)-1]
	msg := b.tookBack(v, s)
	switch s.kind {
	case stepCard:
		b.sel, b.bucket = s.before.sel, s.before.bucket
	case stepTurn:
		b.rot = s.before.rot
	case stepPlace:
		b.cursor = s.before.cursor
	case stepMark:
		b.marks[s.before.sel] = s.before.marks[s.before.sel]
	case stepBucket:
		b.bucket = s.before.bucket
	}
	return board.Inform(msg)
}

// tookBack says what taking back step s undoes, from the choice it made.
func (b *Board) tookBack(v ft.View, s step) string {
	name := b.toolName(v, b.current(v))
	switch s.kind {
	case stepCard:
		return "Took back choosing " + cardName(v, b.sel) + "."
	case stepTurn:
		return "Took back turning " + name + "."
	case stepPlace:
		return fmt.Sprintf("Took back placing %s: the cursor is back on %s.", name, s.before.cursor)
	case stepMark:
		i := s.before.sel
		if b.marks[i] {
			return "Took back marking " + cardName(v, i) + "."
		}
		return "Took back unmarking " + cardName(v, i) + "."
	}
	if b.bucket {
		return "Took back picking up the Bucket."
	}
	return "Took back putting the Bucket back: it is picked up again."
}
