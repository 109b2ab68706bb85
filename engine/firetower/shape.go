package firetower

// Shape is the pattern a card is placed in. A placement names the pattern's
// anchor, its north-west square, and a rotation; the whole pattern must lie
// on the board.
type Shape int

// The patterns of the cards.
const (
	None    Shape = iota // not placed on the board (the Firestorm)
	Single               // one square
	Line3                // three squares in a row (rotation 0 across, 1 down)
	Square               // a 2 x 2 square
	Dozer                // two squares side by side (0 across, 1 down)
	Scratch              // two squares with one between them (0 across, 1 down)
)

// shapeCells are the offsets from the anchor, by rotation.
var shapeCells = map[Shape][][]Point{
	Single:  {{{0, 0}}},
	Line3:   {{{0, 0}, {1, 0}, {2, 0}}, {{0, 0}, {0, 1}, {0, 2}}},
	Square:  {{{0, 0}, {1, 0}, {0, 1}, {1, 1}}},
	Dozer:   {{{0, 0}, {1, 0}}, {{0, 0}, {0, 1}}},
	Scratch: {{{0, 0}, {2, 0}}, {{0, 0}, {0, 2}}},
}

// Rotations is how many distinct rotations the shape has.
func (s Shape) Rotations() int { return len(shapeCells[s]) }

// Offsets are the pattern's squares relative to its anchor.
func (s Shape) Offsets(rot int) []Point {
	rs := shapeCells[s]
	if rot < 0 || rot >= len(rs) {
		return nil
	}
	return rs[rot]
}

// Cells are the squares the pattern covers with its anchor at a.
func (s Shape) Cells(a Point, rot int) []Point {
	return s.appendCells(nil, a, rot)
}

// appendCells appends the squares the pattern covers to buf (the rules
// pass a small array so that trying thousands of placements allocates
// nothing).
func (s Shape) appendCells(buf []Point, a Point, rot int) []Point {
	for _, o := range s.Offsets(rot) {
		buf = append(buf, a.Add(o))
	}
	return buf
}

// Span is the pattern's width and height.
func (s Shape) Span(rot int) (w, h int) {
	for _, o := range s.Offsets(rot) {
		w, h = max(w, o.X+1), max(h, o.Y+1)
	}
	return w, h
}

// Fit moves an anchor so that the whole pattern lies on the board, the
// way a cursor's pattern is kept inside it.
func (s Shape) Fit(a Point, rot int) Point {
	w, h := s.Span(rot)
	a.X = min(max(a.X, 0), Size-max(w, 1))
	a.Y = min(max(a.Y, 0), Size-max(h, 1))
	return a
}

// Centre is the square of the pattern a cursor holds it by: the middle of
// a line, the north-west square of the others.
func (s Shape) Centre(rot int) Point {
	if s == Line3 {
		return [2]Point{{1, 0}, {0, 1}}[rot&1]
	}
	return Point{}
}

// AnchorAt is the anchor that puts the pattern's Centre on the cursor,
// moved so the pattern lies on the board.
func (s Shape) AnchorAt(cursor Point, rot int) Point {
	c := s.Centre(rot)
	return s.Fit(Point{cursor.X - c.X, cursor.Y - c.Y}, rot)
}
