package labyrinth

import (
	"fmt"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// Board takes back the steps of a choice (board.Stepper).
var _ board.Stepper = (*Board)(nil)

// step is one key press that changed the choice being made: the choice
// as it was before (nil when none was open) and, in a few words, what
// the key did.
type step struct {
	before *choice
	did    string
}

// clone copies a choice (nil stays nil): the mark moves in place, so a
// step keeps a copy of the choice as it was.
func (c *choice) clone() *choice {
	if c == nil {
		return nil
	}
	cp := *c
	return &cp
}

// drop forgets the choice and the steps that built it.
func (b *Board) drop() {
	b.pick, b.steps = nil, nil
}

// record keeps what a key did to the choice as a step: a key that opened a
// choice, replaced it, moved its mark or chose the card passed on. A move
// played ends the choice and its steps; keys that left the choice as it
// was (the cursor on its tile, a refusal) are no step.
func (b *Board) record(was, before *choice, r board.Reply) {
	switch {
	case r.Action != nil:
		b.drop()
	case b.pick == nil: // none open, or dropped with its steps
	case b.pick != was:
		b.steps = append(b.steps, step{before: before, did: topic(b.pick)})
	case b.pick.idx != before.idx:
		b.steps = append(b.steps, step{before: before, did: "the mark"})
	}
}

// Building implements board.Stepper: what the choice being made is about
// and which of its moves is marked ("passing Jo March, 2 of 3 marked"),
// or "" when no choice is open.
func (b *Board) Building(view engine.View) string {
	vp, ok := engine.ViewAs[lab.View](view)
	if !ok {
		return ""
	}
	b.sync(*vp)
	if b.pick == nil || len(b.steps) == 0 {
		return ""
	}
	s := topic(b.pick)
	if n := len(b.pick.acts); n > 1 {
		s += fmt.Sprintf(", %d of %d marked", b.pick.idx+1, n)
	}
	return s
}

// Back implements board.Stepper: it takes back the newest step of the
// choice (the mark moved, the card chosen to pass on, the choice opened)
// and says what it took back and where the choice stands now.
func (b *Board) Back(view engine.View) board.Reply {
	vp, ok := engine.ViewAs[lab.View](view)
	if !ok {
		return board.Reply{}
	}
	v := *vp
	b.sync(v)
	n := len(b.steps)
	if n == 0 {
		return board.Reply{}
	}
	last := b.steps[n-1]
	b.pick, b.steps = last.before, b.steps[:n-1]
	now := "no choice is open."
	if b.pick != nil {
		now = b.pickText(v)
	}
	return board.Inform(board.Truncate("Took back "+last.did+": "+now, msgWidth))
}

// topic says what a choice is about, by the kind of its moves: "moving
// to B3", "passing Jo March", "taking Books".
func topic(c *choice) string {
	a := c.acts[0]
	tile := ""
	if len(a.Args) > 0 {
		tile = lab.TileName(a.Args[0])
	}
	switch {
	case c.partners != nil:
		return "passing cards on " + tile
	case a.Kind == lab.KindPass:
		return passTopic(a)
	case a.Kind == lab.KindMove:
		return "moving to " + tile
	case a.Kind == lab.KindFlip:
		return "flipping " + tile
	case a.Kind == lab.KindRotate:
		return "turning " + tile
	case a.Kind == lab.KindDiscard:
		return "discarding a card"
	case a.Kind == lab.KindTake:
		return "taking Books"
	case a.Kind == lab.KindTime:
		return "playing a Time Machine"
	}
	return "choosing a move"
}

// passTopic names the card of a pass's group (see byCard): what is
// passed on, or a take that gives nothing.
func passTopic(a engine.Action) string {
	if len(a.Args) < 5 {
		return "passing cards"
	}
	s := "taking a card, giving none"
	if a.Args[2] >= 0 {
		s = "passing " + lab.CardName(a.Args[2])
	}
	if a.Args[4] >= 0 {
		s += " by Trolley Service"
	}
	return s
}
