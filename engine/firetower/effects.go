package firetower

import (
	"fmt"
	"slices"

	"arcade/engine"
)

// Position is the public part of a game that the placement rules read: the
// board, which tower areas are in play, and the wind.
type Position struct {
	Board  Board   `json:"board"`
	InPlay [4]bool `json:"in_play"` // tower areas in use by a seat (the others are forest)
	Wind   Dir     `json:"wind"`
}

// Change is one square an action changes.
type Change struct {
	At   Point `json:"at"`
	From Cell  `json:"from"`
	To   Cell  `json:"to"`
}

// Effect is what an action does to the board, square by square (in reading
// order).
type Effect struct {
	Changes []Change `json:"changes"`
}

// Count tells how many squares become c.
func (e Effect) Count(c Cell) int {
	n := 0
	for _, ch := range e.Changes {
		if ch.To == c {
			n++
		}
	}
	return n
}

// Squares lists the changed squares.
func (e Effect) Squares() []Point {
	out := make([]Point, len(e.Changes))
	for i, ch := range e.Changes {
		out[i] = ch.At
	}
	return out
}

// add records a change and keeps the list in reading order.
func (e *Effect) add(b *Board, p Point, to Cell) {
	i := 0
	for ; i < len(e.Changes); i++ {
		at := e.Changes[i].At
		if at == p {
			return
		}
		if at.Y > p.Y || (at.Y == p.Y && at.X > p.X) {
			break
		}
	}
	if e.Changes == nil {
		e.Changes = make([]Change, 0, 4) // most effects change a few squares
	}
	e.Changes = slices.Insert(e.Changes, i, Change{At: p, From: b.At(p), To: to})
}

// apply writes the effect onto b.
func (e Effect) apply(b *Board) {
	for _, ch := range e.Changes {
		b.Set(ch.At, ch.To)
	}
}

// AreaOf reports which tower area in play holds p.
func (p *Position) AreaOf(q Point) (Tower, bool) {
	for t := Red; t <= Green; t++ {
		if p.InPlay[t] && t.Contains(q) {
			return t, true
		}
	}
	return 0, false
}

// touchesFire reports whether an edge neighbour of q is on fire.
func (p *Position) touchesFire(q Point) bool {
	for _, d := range neighbours4 {
		if p.Board.At(q.Add(d)).Burning() {
			return true
		}
	}
	return false
}

// onBoard checks that every square of a pattern lies on the board.
func onBoard(cells []Point) error {
	for _, c := range cells {
		if !c.On() {
			return errOffBoard
		}
	}
	return nil
}

// refusal is why the rules refuse a placement, and the rule it applies
// ("" for a malformed move). Its text is formatted only when read, since
// listing the legal moves tries many refused placements.
type refusal struct {
	rule   engine.Rule
	format string
	args   []any
}

// Error formats the reason.
func (r *refusal) Error() string { return fmt.Sprintf(r.format, r.args...) }

// refuse is a refusal that applies rule.
func refuse(rule engine.Rule, format string, args ...any) error {
	return &refusal{rule, format, args}
}

// ruleError turns a refusal into the error a player reads, citing its
// rule; a *engine.RuleError (or nil) passes as it is.
func ruleError(err error) error {
	if r, ok := err.(*refusal); ok {
		return engine.Refuse(r.rule, "%s", r.Error())
	}
	return err
}

// canSpread reports whether the wind blowing d can put a gem on q.
func (p *Position) canSpread(d Dir, q Point) bool {
	return p.Board.At(q) == Empty && p.Board.At(q.Step(d.Opposite())).Burning()
}

// Spread is the wind's gem (Part 1, a wind card's third use, the
// Firestorm): an empty square whose upwind neighbour is on fire.
func (p *Position) Spread(d Dir, at Point) (Effect, error) {
	return p.spread(d, at, rulingWindStep)
}

// spread is Spread, its refusals citing rule (the wind step's, or a wind
// card's).
func (p *Position) spread(d Dir, at Point, rule engine.Rule) (Effect, error) {
	var e Effect
	if !at.On() {
		return e, refuse("", "That square is off the board.")
	}
	if c := p.Board.At(at); c != Empty {
		return e, refuse(rule, "%s is not empty: the fire spreads only onto forest.", at)
	}
	if !p.Board.At(at.Step(d.Opposite())).Burning() {
		return e, refuse(rule, "Blown %s, the fire reaches only empty squares just %s of fire; %s is not.", d, lower(d), at)
	}
	e.add(&p.Board, at, Fire)
	return e, nil
}

// SpreadTargets lists every square the wind can blow a gem onto.
func (p *Position) SpreadTargets(d Dir) []Point {
	gr := p.grid()
	return gr.spreads(d).points()
}

// squares lists the squares where ok holds, in reading order, stopping
// after limit of them (no limit when negative).
func squares(ok func(Point) bool, limit int) []Point {
	var out []Point
	for y := range Size {
		for x := range Size {
			if q := (Point{x, y}); ok(q) {
				if out = append(out, q); len(out) == limit {
					return out
				}
			}
		}
	}
	return out
}

// storm is the Firestorm's spread: every empty square next to fire in
// direction d catches at once (no chain within one storm).
func (p *Position) storm(d Dir) Effect {
	var e Effect
	for _, q := range p.SpreadTargets(d) {
		e.add(&p.Board, q, Fire)
	}
	return e
}

// Place is the effect of playing card c with its pattern anchored at a
// (the north-west square of the pattern) in rotation rot. The Ember's
// effect here is the gem lifted from a; EmberTo gives where it lands.
func (p *Position) Place(c Card, a Point, rot int) (Effect, error) {
	s := c.Shape()
	if s == None || c < 0 || c >= numCards {
		return Effect{}, refuse("", "%s is not placed on the board.", c)
	}
	if rot < 0 || rot >= s.Rotations() {
		return Effect{}, refuse("", "%s has no rotation %d.", c, rot)
	}
	var buf [4]Point
	cells := s.appendCells(buf[:0], a, rot)
	if err := onBoard(cells); err != nil {
		return Effect{}, err
	}
	switch c {
	case NorthWind, EastWind, SouthWind, WestWind:
		return p.spread(c.Dir(), a, ruleWindGem)
	case FlareUp:
		return p.flareUp(cells)
	case BurningSnag:
		return p.snag(cells)
	case Explosion:
		return p.explosion(a)
	case Ember:
		return p.emberFrom(a)
	case AirDrop, FireEngine:
		return p.water(cells, nil)
	case Smokejumper:
		return p.smokejumper(a)
	case DozerLine, ScratchLine:
		return p.firebreaks(cells)
	default: // DeReforest
		return p.reforest(a)
	}
}

// Bucket is the effect of a Bucket anchored at a: a line of three that puts
// out at least one gem in one of the towers' areas.
func (p *Position) Bucket(a Point, rot int, towers []Tower) (Effect, error) {
	if rot < 0 || rot > 1 {
		return Effect{}, refuse("", "The Bucket has no rotation %d.", rot)
	}
	var buf [4]Point
	cells := Line3.appendCells(buf[:0], a, rot)
	if err := onBoard(cells); err != nil {
		return Effect{}, err
	}
	return p.water(cells, towers)
}

// EmberTo is where an Ember's gem, lifted from from, may land: an empty
// square next to fire once the gem has gone.
func (p *Position) EmberTo(from, to Point) (Effect, error) {
	var e Effect
	switch {
	case !to.On():
		return e, refuse("", "That square is off the board.")
	case to == from:
		return e, refuse(ruleEmberCard, "The Ember must move the gem to another square.")
	case p.Board.At(to) != Empty:
		return e, refuse(ruleEmberCard, "%s is not empty: the Ember's gem lands only on forest.", to)
	case !p.canLand(from, to):
		return e, refuse(rulingEmber, "The Ember lands only next to fire (edge to edge); %s is not.", to)
	}
	e.add(&p.Board, from, Empty)
	e.add(&p.Board, to, Fire)
	return e, nil
}

// EmberTargets lists where a gem lifted from from may land.
func (p *Position) EmberTargets(from Point) []Point {
	gr := p.grid()
	return gr.landings(from).points()
}

// canLand reports whether a gem lifted from from may land on to: an empty
// square next to fire other than the lifted gem.
func (p *Position) canLand(from, to Point) bool {
	if to == from || p.Board.At(to) != Empty {
		return false
	}
	for _, d := range neighbours4 {
		if n := to.Add(d); n != from && p.Board.At(n).Burning() {
			return true
		}
	}
	return false
}

func lower(d Dir) string {
	return [4]string{"north", "east", "south", "west"}[d&3]
}
