package horror

import (
	"fmt"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// The colour choice is the one move built in steps (1-6 tick, enter
// sends); every other move is sent by its own key, and cursor moves are
// only looking. A move sent is final.

// Building implements board.Stepper: the colours ticked so far ("red
// and blue ticked"), or the colour last unticked when none is; "" with
// no tick to take back.
func (b *Board) Building(view engine.View) string {
	if _, ok := b.choosing(view); !ok {
		return ""
	}
	var names []string
	for c, t := range b.ticked {
		if t {
			names = append(names, colourName(c))
		}
	}
	if len(names) == 0 {
		return colourName(b.toggles[len(b.toggles)-1]) + " unticked"
	}
	return andList(names) + " ticked"
}

// Back implements board.Stepper: it undoes the newest tick or untick of
// the colour choice and says which.
func (b *Board) Back(view engine.View) board.Reply {
	v, ok := b.choosing(view)
	if !ok {
		return board.Reply{}
	}
	c := b.toggles[len(b.toggles)-1]
	b.toggles = b.toggles[:len(b.toggles)-1]
	b.ticked[c] = !b.ticked[c]
	was := "the tick on"
	if b.ticked[c] {
		was = "unticking"
	}
	return board.Inform(fmt.Sprintf("Took back %s %s (%s): %d of %d ticked.",
		was, itemName(v, c), colourName(c), b.tickedCount(), v.Items))
}

// choosing is view when its viewer is choosing colours with steps to
// take back (the steps of an earlier decision are forgotten first).
func (b *Board) choosing(view engine.View) (*hr.View, bool) {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok || !myTurn(v) || v.Phase != hr.PhaseColours {
		return nil, false
	}
	b.sync(v)
	return v, len(b.toggles) > 0
}

// itemName is what colour c stands for in the viewer's Horror.
func itemName(v *hr.View, c int) string {
	if v.Me == nil {
		return "component " + fmt.Sprint(c+1)
	}
	return hr.ItemName(v.Me.Horror, c)
}
