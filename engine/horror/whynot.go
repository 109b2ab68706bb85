package horror

import (
	"math/bits"

	"arcade/engine"
)

// notPicking is the refusal of a room chosen in a phase that chooses
// none.
var notPicking = engine.Illegal("This is no time to pick a room.")

// turnOnly is the refusal of a room that may not turn.
const turnOnly = "You can turn only your own room or one next to it (never the Portal), with an action left."

// WhyNotRoom says why the player whose turn it is may not take the room
// in cell c now, as an *engine.RuleError that cites the rule: start
// there, drive the ghost they beat there, or go there through a door or
// a mirror. It is nil where one of these moves is legal.
func (v *View) WhyNotRoom(c int) error {
	if c < 0 || c >= len(v.Cells) {
		return engine.Illegal("The library has no room %d.", c)
	}
	switch v.Phase {
	case PhaseStart:
		if c == v.Portal() {
			return engine.Refuse(ruleStartRoom, "Nobody starts in the Portal: pick another room.")
		}
		return nil
	case PhaseGhost:
		return v.whyNotDrive(c)
	case PhaseTurn:
		return v.whyNotGo(c)
	}
	return notPicking
}

// whyNotDrive says why the beaten ghost may not be driven to cell c.
func (v *View) whyNotDrive(c int) error {
	switch {
	case c == v.Ghosts[v.Beaten]:
		return engine.Refuse(ruleDrive, "The ghost is in that room already: pick another.")
	case c != v.Portal() && len(v.Cells[c].Ghosts) >= maxGhostsRoom:
		return engine.Refuse(engine.Ruling(19), "That room holds %d ghosts already: pick another.", maxGhostsRoom)
	}
	return nil
}

// whyNotGo says why the player whose turn it is may not go to cell c
// through a door or a mirror.
func (v *View) whyNotGo(c int) error {
	p := &v.Players[v.Active]
	here := p.Cell
	mirrors := v.Cells[here].Mirror && v.Cells[c].Mirror
	switch {
	case c == here:
		return engine.Refuse(ruleMove, "You are in this room: pick the room to go to first.")
	case v.Actions == 0:
		return engine.Refuse(ruleActions, "No actions left: end your turn.")
	case mirrors && p.Fort-v.MirrorCost() >= minFort:
		return nil
	}
	d := direction(v.Size, here, c)
	switch {
	case d < 0 && mirrors:
		return engine.Refuse(engine.Ruling(8), "A mirror costs Fortitude -%d, more than you can pay.", v.MirrorCost())
	case d < 0:
		return engine.Refuse(ruleMove, "Too far: you go one room at a time, or by mirror between two rooms with mirrors.")
	}
	cost := v.DoorCost(here, d)
	switch {
	case cost < 0:
		return engine.Refuse(ruleDoors, "No door leads there: turn your room or that one to open a way.")
	case c == v.Portal() && (p.Placed < v.Items || p.Fort-cost < 0):
		return engine.Refuse(engine.Ruling(7),
			"The Portal lets you in only with every component your Horror needs and Fortitude 0 or more after the door.")
	case p.Fort-cost < minFort:
		return engine.Refuse(engine.Ruling(8), "You cannot pay the door's Fortitude (never below %d).", minFort)
	}
	return nil
}

// WhyNotRotate says why the player whose turn it is may not turn the
// room in cell c a quarter now, as an *engine.RuleError that cites the
// rule, or nil where they may.
func (v *View) WhyNotRotate(c int) error {
	switch {
	case c < 0 || c >= len(v.Cells):
		return engine.Illegal("The library has no room %d.", c)
	case v.Phase == PhaseGhost:
		return engine.Refuse(ruleDrive, "First drive the ghost you beat to another room.")
	case v.Phase == PhaseStart:
		return engine.Refuse(ruleRotate, "Rooms turn only during your turn.")
	case v.Phase != PhaseTurn:
		return notPicking
	case v.Actions == 0:
		return engine.Refuse(ruleActions, turnOnly)
	case c == v.Portal():
		return engine.Refuse(engine.Ruling(11), turnOnly)
	}
	if here := v.Players[v.Active].Cell; c != here && direction(v.Size, here, c) < 0 {
		return engine.Refuse(ruleRotate, turnOnly)
	}
	return nil
}

// WhyNotColours says why mask (bit c for colour c) is not a choice of
// the colours the viewer's Horror needs, as an *engine.RuleError that
// cites the rule, or nil when it is one.
func (v *View) WhyNotColours(mask int) error {
	if n := bits.OnesCount(uint(mask)); n != v.Items || mask < 0 || mask >= 1<<numColours {
		return engine.Refuse(ruleColours, "Tick exactly %d components (%d ticked).", v.Items, n)
	}
	return nil
}
