package firetower

import (
	"slices"

	"arcade/engine"
)

var errNoFireNear error = &refusal{rule: rulingTouchFire, format: "At least one new gem must touch fire that was already there (edge to edge)."}

// flareUp: a line of three. Each run of the line between firebreaks gets
// gems on its empty squares if one of them touches fire; fire never passes
// or jumps a firebreak (figures A and B).
func (p *Position) flareUp(cells []Point) (Effect, error) {
	var e Effect
	empty := false
	run := []Point{}
	flush := func() {
		lit := false
		for _, q := range run {
			lit = lit || p.touchesFire(q)
		}
		for _, q := range run {
			if lit {
				e.add(&p.Board, q, Fire)
			}
		}
		run = run[:0]
	}
	for _, q := range cells {
		switch p.Board.At(q) {
		case Break:
			flush()
		case Empty:
			empty = true
			run = append(run, q)
		}
	}
	flush()
	return e, placedFire(e, empty)
}

// snag: a 2 x 2 square that jumps firebreaks: every empty square gets a
// gem if one of them touches fire (figures C and D).
func (p *Position) snag(cells []Point) (Effect, error) {
	var e Effect
	lit, empty := false, false
	for _, q := range cells {
		if p.Board.At(q) == Empty {
			empty = true
			lit = lit || p.touchesFire(q)
		}
	}
	for _, q := range cells {
		if lit && p.Board.At(q) == Empty {
			e.add(&p.Board, q, Fire)
		}
	}
	return e, placedFire(e, empty)
}

var (
	errNoForest   error = &refusal{rule: rulingChange, format: "No empty square under the pattern: fire goes only onto forest."}
	errTowerWater error = &refusal{rule: rulingWater, format: "Only a Bucket puts out fire in a tower area."}
	errNoGem      error = &refusal{rule: rulingChange, format: "No fire gem to put out there (water never touches the eternal flame)."}
	errBucketHome error = &refusal{rule: rulingBucket, format: "The Bucket must put out at least one gem in your tower area."}
	errOffBoard   error = &refusal{rule: rulingChange, format: "The pattern must lie wholly on the board."}
)

func placedFire(e Effect, empty bool) error {
	switch {
	case !empty:
		return errNoForest
	case len(e.Changes) == 0:
		return errNoFireNear
	}
	return nil
}

// explosion turns a gem into a firebreak and lights the empty squares
// around it, tower areas included (figures E and F).
func (p *Position) explosion(at Point) (Effect, error) {
	var e Effect
	switch p.Board.At(at) {
	case Eternal:
		return e, refuse(rulingExplosion, "The eternal flame cannot explode: choose a fire gem.")
	case Fire:
	default:
		return e, refuse(rulingExplosion, "An Explosion needs a fire gem at its centre; %s has none.", at)
	}
	e.add(&p.Board, at, Break)
	for _, d := range neighbours8 {
		if q := at.Add(d); q.On() && p.Board.At(q) == Empty {
			e.add(&p.Board, q, Fire)
		}
	}
	return e, nil
}

// emberFrom lifts the gem an Ember moves: a gem outside the tower areas
// that has somewhere to land.
func (p *Position) emberFrom(at Point) (Effect, error) {
	var e Effect
	if err := p.gemOutsideTowers(at, "The Ember", ruleEmberCard); err != nil {
		return e, err
	}
	if len(squares(func(q Point) bool { return p.canLand(at, q) }, 1)) == 0 {
		return e, refuse(rulingEmber, "The gem on %s has nowhere to land.", at)
	}
	e.add(&p.Board, at, Empty)
	return e, nil
}

// gemOutsideTowers checks a centre that must be a movable fire gem; its
// refusals cite rule, the card's.
func (p *Position) gemOutsideTowers(at Point, who string, rule engine.Rule) error {
	switch p.Board.At(at) {
	case Eternal:
		return refuse(rule, "%s cannot take the eternal flame.", who)
	case Fire:
	default:
		return refuse(rule, "%s needs a fire gem; %s has none.", who, at)
	}
	if t, ok := p.AreaOf(at); ok {
		return refuse(rule, "%s cannot pick a gem in the %s tower area.", who, t)
	}
	return nil
}

// water puts out the gems of a pattern. Water passes over firebreaks and
// never touches the eternal flame. Without towers (an Air Drop or a Fire
// Engine) it skips the tower areas; a Bucket (towers = the areas it
// defends) reaches into them and must put out a gem in one of them.
func (p *Position) water(cells []Point, towers []Tower) (Effect, error) {
	var e Effect
	if towers != nil && !p.reachesHome(cells, towers) {
		return e, errBucketHome // checked first: most lines miss the areas
	}
	protected, home := false, false
	for _, q := range cells {
		if p.Board.At(q) != Fire {
			continue
		}
		t, in := p.AreaOf(q)
		if in && towers == nil {
			protected = true
			continue
		}
		for _, o := range towers {
			home = home || (in && t == o)
		}
		e.add(&p.Board, q, Empty)
	}
	switch {
	case towers != nil && !home:
		return Effect{}, errBucketHome
	case len(e.Changes) == 0 && protected:
		return e, errTowerWater
	case len(e.Changes) == 0:
		return e, errNoGem
	}
	return e, nil
}

// reachesHome reports whether a Bucket on cells puts out a gem in one of
// the towers' areas.
func (p *Position) reachesHome(cells []Point, towers []Tower) bool {
	for _, q := range cells {
		if p.Board.At(q) != Fire {
			continue
		}
		if t, in := p.AreaOf(q); in && slices.Contains(towers, t) {
			return true
		}
	}
	return false
}

// smokejumper puts out the gems around a gem outside the tower areas.
func (p *Position) smokejumper(at Point) (Effect, error) {
	var e Effect
	if err := p.gemOutsideTowers(at, "The Smokejumper", rulingWater); err != nil {
		return e, err
	}
	for _, d := range neighbours8 {
		q := at.Add(d)
		if _, in := p.AreaOf(q); !in && p.Board.At(q) == Fire {
			e.add(&p.Board, q, Empty)
		}
	}
	if len(e.Changes) == 0 {
		return e, refuse(rulingChange, "No gem around %s to put out (not in tower areas, never the eternal flame).", at)
	}
	return e, nil
}

// breakProblem explains why a new firebreak cannot go on q ("" if it can).
// Only firebreaks already on the board count as neighbours, so the two
// halves of a Dozer Line may touch each other.
func (p *Position) breakProblem(q Point) error {
	if p.breakOK(q) {
		return nil
	}
	if IsEternal(q) {
		return refuse(rulingBreakAreas, "No firebreak on the eternal flame.")
	}
	if t, ok := p.AreaOf(q); ok {
		return refuse(rulingBreakAreas, "No firebreak in a tower area (%s is in the %s one).", q, t)
	}
	if c := p.Board.At(q); c != Empty {
		return refuse(ruleBreakOnto, "Firebreaks go only on empty forest; %s is not.", q)
	}
	for _, d := range neighbours4 {
		if n := q.Add(d); n.On() && p.Board.At(n) == Break {
			return refuse(ruleBreakApart, "A firebreak on %s would touch the firebreak on %s edge to edge.", q, n)
		}
	}
	return nil
}

// breakOK reports whether a new firebreak may go on q (breakProblem says
// why not): empty forest outside the tower areas, no firebreak next to it.
func (p *Position) breakOK(q Point) bool {
	if p.Board.At(q) != Empty {
		return false
	}
	if _, ok := p.AreaOf(q); ok {
		return false
	}
	for _, d := range neighbours4 {
		if p.Board.At(q.Add(d)) == Break && q.Add(d).On() {
			return false
		}
	}
	return true
}

// firebreaks places a Dozer or Scratch Line, in part where a square is
// refused.
func (p *Position) firebreaks(cells []Point) (Effect, error) {
	var e Effect
	for _, q := range cells {
		if p.breakOK(q) {
			e.add(&p.Board, q, Break)
		}
	}
	if len(e.Changes) == 0 {
		return e, p.breakProblem(cells[0])
	}
	return e, nil
}

// reforest removes a firebreak or adds one.
func (p *Position) reforest(at Point) (Effect, error) {
	var e Effect
	if p.Board.At(at) == Break {
		e.add(&p.Board, at, Empty)
		return e, nil
	}
	if err := p.breakProblem(at); err != nil {
		return e, err
	}
	e.add(&p.Board, at, Break)
	return e, nil
}
