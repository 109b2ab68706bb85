package firetower

import "math/bits"

// squareSet is a set of squares as 16 rows of 16 bits: bit x of row y is
// the square {x, y}. The move generator works on whole rows at once: the
// squares where a pattern may be anchored are a few shifts and ors of the
// squares that hold what the card needs, instead of thousands of trial
// placements.
type squareSet [Size]uint16

// has reports whether p is in the set.
func (s squareSet) has(p Point) bool { return p.On() && s[p.Y]>>p.X&1 != 0 }

// add puts p in the set.
func (s *squareSet) add(p Point) { s[p.Y] |= 1 << p.X }

// empty reports whether the set has no square.
func (s squareSet) empty() bool {
	var o uint16
	for _, r := range s {
		o |= r
	}
	return o == 0
}

// count is the number of squares in the set.
func (s squareSet) count() int {
	n := 0
	for _, r := range s {
		n += bits.OnesCount16(r)
	}
	return n
}

// and is the squares in both sets.
func (s squareSet) and(t squareSet) squareSet {
	for y := range s {
		s[y] &= t[y]
	}
	return s
}

// or is the squares in either set.
func (s squareSet) or(t squareSet) squareSet {
	for y := range s {
		s[y] |= t[y]
	}
	return s
}

// minus is the squares of s that are not in t.
func (s squareSet) minus(t squareSet) squareSet {
	for y := range s {
		s[y] &^= t[y]
	}
	return s
}

// from is the squares whose square (dx, dy) away is in s (off the board:
// never).
func (s squareSet) from(dx, dy int) squareSet {
	var out squareSet
	for y := range out {
		sy := y + dy
		if sy < 0 || sy >= Size {
			continue
		}
		if dx >= 0 {
			out[y] = s[sy] >> dx
		} else {
			out[y] = s[sy] << -dx
		}
	}
	return out
}

// beside is the squares with an east or west neighbour in s.
func (s squareSet) beside() squareSet {
	for y, r := range s {
		s[y] = r<<1 | r>>1
	}
	return s
}

// aboveBelow is the squares with a north or south neighbour in s.
func (s squareSet) aboveBelow() squareSet {
	var out squareSet
	for y := range out {
		if y > 0 {
			out[y] |= s[y-1]
		}
		if y < Size-1 {
			out[y] |= s[y+1]
		}
	}
	return out
}

// edgeOf is the squares with an edge neighbour in s.
func (s squareSet) edgeOf() squareSet { return s.beside().or(s.aboveBelow()) }

// aroundOf is the squares with one of their eight neighbours in s.
func (s squareSet) aroundOf() squareSet {
	side := s.beside()
	return side.or(s.or(side).aboveBelow())
}

// each calls f for every square of the set in reading order.
func (s squareSet) each(f func(Point)) {
	for y, r := range s {
		for ; r != 0; r &= r - 1 {
			f(Point{bits.TrailingZeros16(r), y})
		}
	}
}

// points lists the squares of the set in reading order.
func (s squareSet) points() []Point {
	n := s.count()
	if n == 0 {
		return nil
	}
	out := make([]Point, 0, n)
	s.each(func(p Point) { out = append(out, p) })
	return out
}

// areaSets are the tower areas, by tower.
var areaSets = func() (out [4]squareSet) {
	for t := Red; t <= Green; t++ {
		for y := range Size {
			for x := range Size {
				if p := (Point{x, y}); t.Contains(p) {
					out[t].add(p)
				}
			}
		}
	}
	return out
}()

// fitSets are, by shape and rotation, the anchors that keep the whole
// pattern on the board.
var fitSets = func() (out [Scratch + 1][2]squareSet) {
	for s := Single; s <= Scratch; s++ {
		for rot := range s.Rotations() {
			w, h := s.Span(rot)
			for y := 0; y+h <= Size; y++ {
				out[s][rot][y] = 1<<(Size-w+1) - 1
			}
		}
	}
	return out
}()

// grid is a position read into square sets, from which the anchors of
// every legal placement follow.
type grid struct {
	empty    squareSet // forest (tower squares included)
	fire     squareSet // fire gems (not the eternal flame)
	burning  squareSet // fire gems and the eternal flame
	breaks   squareSet // firebreaks
	areas    squareSet // the tower areas in play
	catching squareSet // empty squares next to fire (edge to edge)
	newBreak squareSet // squares a new firebreak may go on
}

// grid reads the position into square sets.
func (p *Position) grid() grid {
	var g grid
	for y := range Size {
		// One 16-bit lane per kind of cell: bit x of lane c is set
		// when square x of the row holds c.
		var lanes uint64
		for x, c := range p.Board[y*Size : y*Size+Size] {
			lanes |= 1 << (uint(c&3)*Size + uint(x))
		}
		fire, eternal := uint16(lanes>>(Fire*Size)), uint16(lanes>>(Eternal*Size))
		g.empty[y], g.fire[y], g.burning[y], g.breaks[y] = uint16(lanes), fire, fire|eternal, uint16(lanes>>(Break*Size))
	}
	for t := Red; t <= Green; t++ {
		if p.InPlay[t] {
			g.areas = g.areas.or(areaSets[t])
		}
	}
	g.catching = g.burning.edgeOf().and(g.empty)
	g.newBreak = g.empty.minus(g.areas).minus(g.breaks.edgeOf())
	return g
}

// spreads is the squares a wind blowing d can put a gem on: empty, with
// fire just upwind.
func (g *grid) spreads(d Dir) squareSet {
	up := d.Opposite().Delta()
	return g.burning.from(up.X, up.Y).and(g.empty)
}

// anyCell is the anchors (rotation rot of shape s) whose pattern lies on
// the board and covers at least one square of want.
func anyCell(want *squareSet, s Shape, rot int) squareSet {
	var out squareSet
	for _, o := range s.Offsets(rot) {
		out = out.or(want.from(o.X, o.Y))
	}
	return out.and(fitSets[s][rot])
}

// anchors is where card c may be played in rotation rot: exactly the
// anchors for which Position.Place accepts the play.
func (g *grid) anchors(c Card, rot int) squareSet {
	s := c.Shape()
	if s == None || c < 0 || c >= numCards || rot < 0 || rot >= s.Rotations() {
		return squareSet{}
	}
	switch c {
	case NorthWind, EastWind, SouthWind, WestWind:
		return g.spreads(c.Dir())
	case FlareUp, BurningSnag:
		return anyCell(&g.catching, s, rot)
	case Explosion:
		return g.fire
	case Ember:
		return g.embers()
	case AirDrop, FireEngine:
		outside := g.fire.minus(g.areas)
		return anyCell(&outside, s, rot)
	case Smokejumper:
		outside := g.fire.minus(g.areas)
		return outside.and(outside.aroundOf())
	case DozerLine, ScratchLine:
		return anyCell(&g.newBreak, s, rot)
	default: // DeReforest
		return g.breaks.or(g.newBreak)
	}
}

// embers is where an Ember may lift a gem: a gem outside the tower areas
// that leaves somewhere to land.
func (g *grid) embers() squareSet {
	out := g.fire.minus(g.areas)
	if g.catching.count() > 4 {
		// A gem's landings are the squares catching fire, but for
		// those whose only fire is the gem itself: at most its four
		// neighbours. Every gem has somewhere to land.
		return out
	}
	out.each(func(at Point) {
		if g.landings(at).empty() {
			out[at.Y] &^= 1 << at.X
		}
	})
	return out
}

// landings is where a gem lifted from from may land (Position.canLand):
// an empty square other than from, next to fire other than from.
func (g *grid) landings(from Point) squareSet {
	burning, empty := g.burning, g.empty
	if from.On() {
		burning[from.Y] &^= 1 << from.X
		empty[from.Y] &^= 1 << from.X
	}
	return burning.edgeOf().and(empty)
}

// buckets is where a Bucket defending towers may be anchored in rotation
// rot: a line of three over a gem in one of their areas.
func (g *grid) buckets(towers []Tower, rot int) squareSet {
	var home squareSet
	for _, t := range towers {
		home = home.or(areaSets[t])
	}
	home = home.and(g.fire)
	if home.empty() {
		return home
	}
	return anyCell(&home, Line3, rot)
}

// anyBucket reports whether a Bucket defending towers has a play.
func (g *grid) anyBucket(towers []Tower) bool {
	return !g.buckets(towers, 0).empty() || !g.buckets(towers, 1).empty()
}

// gridCache keeps the square sets of the last position a state read: a
// move reads its position several times (the turn's automatic steps, the
// legal moves). It is keyed by the whole position, so that a position
// changed in any way is read afresh.
type gridCache struct {
	pos  Position
	grid grid
	ok   bool
}

// grid is the state's position read into square sets.
func (g *state) grid() *grid {
	c := &g.gridCache
	if !c.ok || c.pos != g.Pos {
		c.pos, c.grid, c.ok = g.Pos, g.Pos.grid(), true
	}
	return &c.grid
}
