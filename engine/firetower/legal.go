package firetower

import (
	"math/bits"
	"slices"

	"arcade/engine"
)

// Action kinds. Squares are given as x (column from the west, 0-15) and y
// (row from the north, 0-15); a pattern by its north-west square and its
// rotation (0 across, 1 down).
const (
	KindSpread  = "spread"  // [x, y]: Part 1, the wind's gem
	KindPlay    = "play"    // [hand, x, y, rot]: play a card on the board (a wind card: its gem)
	KindWind    = "wind"    // [hand]: a wind card sets the wind to its direction
	KindRoll    = "roll"    // [hand]: a wind card rolls the die for a new wind
	KindDiscard = "discard" // [hand...]: discard these cards and draw up to the hand size
	KindBucket  = "bucket"  // [x, y, rot]: play the Bucket
	KindEmber   = "ember"   // [x, y]: where the lifted Ember gem lands
	KindEnd     = "end"     // []: end the turn (the Bucket unused)
	KindTrim    = "trim"    // [hand]: discard one card down to the hand size
	KindRedraw  = "redraw"  // [hand...]: after a Firestorm, redraw these cards (none: keep)
	KindPass    = "pass"    // []: no card to play at all (an empty hand)
)

// Pending implements engine.State.
func (g *state) Pending() []engine.Seat {
	if g.Over {
		return nil
	}
	return []engine.Seat{g.acting()}
}

// acting is the seat that must decide now (the game is not over).
func (g *state) acting() engine.Seat {
	if len(g.Tasks) > 0 {
		return g.Tasks[0].Seat
	}
	return g.Turn
}

// phase is what the game waits for now.
func (g *state) phase() Part {
	switch {
	case g.Over:
		return PartOver
	case len(g.Tasks) > 0 && g.Tasks[0].Kind == taskTrim:
		return PartTrim
	case len(g.Tasks) > 0:
		return PartRedraw
	}
	return g.Part
}

// moveList builds a list of moves whose arguments share one array, so
// that a list of a thousand placements costs a few allocations.
type moveList struct {
	out  []engine.Action
	args []int
}

// newMoveList makes room for n moves, in g's slab when they fit.
func (g *state) newMoveList(n int) moveList {
	return moveList{out: g.slab.take(g, n)}
}

// slabMoves is how many moves a slab holds: a few lists' worth, so that
// a list that is kept keeps little else alive.
const slabMoves = 2048

// moveSlab is memory that the lists of legal moves of one state are cut
// from, one after the other, so that a turn's lists cost one allocation
// between them. A part once cut is never cut again, and a list's capacity
// ends where it does, so that no list can reach into another.
type moveSlab struct {
	owner *state          // the only state that cuts from it
	free  []engine.Action // never written yet
}

// take cuts room for n moves (an empty slice of capacity n) for g: from
// the slab when it is g's and has room, else from a new slab (a list of
// more than half a slab gets memory of its own). A state's first list gets
// memory of its own too, so that a state asked once (restored for one
// move, say) does not hold a whole slab. A copy of g that shares g's slab
// (state values are copied) is not its owner and makes its own, so that
// states on two goroutines never cut from one slab.
func (s *moveSlab) take(g *state, n int) []engine.Action {
	if s == nil || s.owner != g {
		g.slab = &moveSlab{owner: g}
		return make([]engine.Action, 0, n)
	}
	if len(s.free) < n {
		if n > slabMoves/2 {
			return make([]engine.Action, 0, n)
		}
		s.free = make([]engine.Action, slabMoves)
	}
	out := s.free[:0:n]
	s.free = s.free[n:]
	return out
}

// add appends a move (args nil: a move without arguments).
func (l *moveList) add(kind string, args ...int) {
	var a []int
	if args != nil {
		n := len(l.args)
		l.args = append(l.args, args...)
		a = l.args[n:len(l.args):len(l.args)]
	}
	l.out = append(l.out, engine.Action{Kind: kind, Args: a})
}

// maxHandMoves is how many hand cards the move table covers (hands in
// Part 2 hold at most 7).
const maxHandMoves = 8

// moveRow is one kind of move for every square: the move on square k
// (y*Size+x) has the arguments args[k*stride:(k+1)*stride], which every
// list of legal moves shares (nobody may change them). words is the same
// row as staticAction words, for addSet.
type moveRow struct {
	kind   string
	args   []int
	stride int
	words  staticRow
}

// at is the move on square k.
func (r *moveRow) at(k int) engine.Action {
	i := k * r.stride
	return engine.Action{Kind: r.kind, Args: r.args[i : i+r.stride : i+r.stride]}
}

// moveTable holds the arguments of every placement once, so that a list
// of legal moves is built without allocating them. The arguments live in
// moveArgs, which holds no pointer, so that the garbage collector has
// nothing to scan there.
var moveTable struct {
	play    [maxHandMoves][2]moveRow      // [hand, x, y, rot]
	bucket  [2]moveRow                    // [x, y, rot]
	spread  moveRow                       // [x, y]
	ember   moveRow                       // [x, y] (spread's arguments)
	wind    [maxHandMoves][2]staticAction // [hand] wind, roll
	discard [maxHandMoves][]engine.Action // by hand size: the whole hand, then the other subsets
	// discardWords are the moves of discard as staticAction words.
	discardWords [maxHandMoves][]staticAction
}

// moveArgs holds the arguments of moveTable's moves.
var moveArgs [(maxHandMoves*2*4+2*3+2)*Size*Size + maxHandMoves*2 + maxHandMoves<<(maxHandMoves-1)]int

func init() {
	args := moveArgs[:0]
	take := func(a ...int) []int {
		n := len(args)
		args = append(args, a...)
		return args[n:len(args):len(args)]
	}
	row := func(kind string, stride int, arg func(x, y int) []int) moveRow {
		n := len(args)
		for k := range Size * Size {
			take(arg(k%Size, k/Size)...)
		}
		r := moveRow{kind: kind, args: args[n:len(args):len(args)], stride: stride}
		r.words = staticRowOf(&r)
		return r
	}
	t := &moveTable
	for rot := range 2 {
		for i := range maxHandMoves {
			t.play[i][rot] = row(KindPlay, 4, func(x, y int) []int { return []int{i, x, y, rot} })
		}
		t.bucket[rot] = row(KindBucket, 3, func(x, y int) []int { return []int{x, y, rot} })
	}
	t.spread = row(KindSpread, 2, func(x, y int) []int { return []int{x, y} })
	t.ember = moveRow{kind: KindEmber, args: t.spread.args, stride: 2}
	t.ember.words = staticRowOf(&t.ember)
	for i := range maxHandMoves {
		t.wind[i] = [2]staticAction{
			staticOf(engine.Action{Kind: KindWind, Args: take(i)}),
			staticOf(engine.Action{Kind: KindRoll, Args: take(i)}),
		}
		if i > 0 {
			t.discard[i] = discardMoves(i)
			t.discardWords[i] = make([]staticAction, len(t.discard[i]))
			for k, a := range t.discard[i] {
				t.discard[i][k].Args = take(a.Args...)
				t.discardWords[i][k] = staticOf(t.discard[i][k])
			}
		}
	}
	if &args[0] != &moveArgs[0] {
		panic("firetower: moveArgs is too small")
	}
}

// addSet appends the moves of row for every square of set, in reading
// order.
func (l *moveList) addSet(set *squareSet, row *moveRow) {
	out, j := l.rest(), 0 // newMoveList made room
	words := row.words
	for y, r := range set {
		for ; r != 0; r &= r - 1 {
			words.put(&out[j], y*Size+bits.TrailingZeros16(r))
			j++
		}
	}
	l.out = l.out[:len(l.out)+j]
}

// addWords appends the moves of words (see staticAction).
func (l *moveList) addWords(words []staticAction) {
	copy(l.rest()[:len(words)], words) // newMoveList made room
	l.out = l.out[:len(l.out)+len(words)]
}

// addSome appends moves[from:to], from words when they are not nil (the
// same moves as staticAction words).
func (l *moveList) addSome(moves []engine.Action, words []staticAction, from, to int) {
	if words != nil {
		l.addWords(words[from:to])
		return
	}
	l.addMoves(moves[from:to])
}

// addMoves appends moves, field by field: the list is new memory, and a
// store of one pointer costs the garbage collector less than a copy of a
// whole action.
func (l *moveList) addMoves(moves []engine.Action) {
	out := l.out[len(l.out):cap(l.out)][:len(moves)] // newMoveList made room
	for j, a := range moves {
		out[j].Kind = a.Kind
		out[j].Args = a.Args
	}
	l.out = l.out[:len(l.out)+len(moves)]
}

// addPlays appends the play [i, x, y, rot] of hand card i for every
// square of set, in reading order.
func (l *moveList) addPlays(i, rot int, set *squareSet) {
	if i < maxHandMoves {
		l.addSet(set, &moveTable.play[i][rot])
		return
	}
	set.each(func(p Point) { l.add(KindPlay, i, p.X, p.Y, rot) })
}

// Legal implements engine.State: keyed moves first, then the placements.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if g.Over || g.acting() != s {
		return nil
	}
	switch g.phase() {
	case PartTrim:
		return g.trimActions(s)
	case PartRedraw:
		return g.redrawActions(s)
	case PartEmber:
		return g.emberActions(s)
	case PartSpread, PartEnd:
		gr := g.grid()
		var spreads squareSet
		n := 1
		if g.Part == PartSpread {
			spreads = gr.spreads(g.Pos.Wind)
			n = spreads.count()
		}
		buckets := g.bucketSets(gr, s)
		l := g.newMoveList(n + buckets[0].count() + buckets[1].count())
		if g.Part == PartSpread {
			l.addSet(&spreads, &moveTable.spread)
		} else {
			l.add(KindEnd)
		}
		for rot := range buckets {
			l.addSet(&buckets[rot], &moveTable.bucket[rot])
		}
		if len(l.out) == 0 {
			return nil
		}
		return l.out
	}
	return g.actionMenu(s)
}

// bucketSets is where seat s may empty its Bucket, by rotation (nowhere
// once it is used).
func (g *state) bucketSets(gr *grid, s engine.Seat) (out [2]squareSet) {
	if !g.Seats[s].Bucket {
		return out
	}
	towers := g.towersOf(s)
	for rot := range out {
		out[rot] = gr.buckets(towers, rot)
	}
	return out
}

// canBucket reports whether seat s has a Bucket play.
func (g *state) canBucket(s engine.Seat) bool {
	if !g.Seats[s].Bucket {
		return false
	}
	return g.grid().anyBucket(g.towersOf(s))
}

// emberActions are the landings of the lifted Ember gem, then seat s's
// Bucket plays: the Bucket may be played at any time during the turn,
// between the Ember's lift and its landing too.
func (g *state) emberActions(s engine.Seat) []engine.Action {
	gr := g.grid()
	lands := gr.landings(*g.EmberFrom)
	buckets := g.bucketSets(gr, s)
	l := g.newMoveList(lands.count() + buckets[0].count() + buckets[1].count())
	l.addSet(&lands, &moveTable.ember)
	for rot := range buckets {
		l.addSet(&buckets[rot], &moveTable.bucket[rot])
	}
	return l.out
}

// firstCopy reports whether hand[i] is the first card of its kind in the
// hand: moves name the first copy, so that two North cards do not double
// the list.
func firstCopy(hand []Card, i int) bool {
	for j := range i {
		if hand[j] == hand[i] {
			return false
		}
	}
	return true
}

// handAnchors are, for every card of a hand that moves name (its first
// copy), where it may be played, by rotation.
func handAnchors(gr *grid, hand []Card, out [][2]squareSet) [][2]squareSet {
	out = slices.Grow(out[:0], len(hand))[:len(hand)]
	for i, c := range hand {
		if firstCopy(hand, i) {
			for rot := range c.Shape().Rotations() {
				out[i][rot] = gr.anchors(c, rot)
			}
		}
	}
	return out
}

// actionMenu is Part 2: wind uses, discards, the Bucket, card placements.
func (g *state) actionMenu(s engine.Seat) []engine.Action {
	hand := g.Seats[s].Hand
	if len(hand) == 0 {
		return []engine.Action{{Kind: KindPass}}
	}
	gr := g.grid()
	buckets := g.bucketSets(gr, s)
	var buf [maxHandMoves][2]squareSet
	plays := handAnchors(gr, hand, buf[:0])
	var discards []engine.Action
	var words []staticAction // discards as words (nil: the table has no such hand)
	if len(hand) < maxHandMoves {
		discards, words = moveTable.discard[len(hand)], moveTable.discardWords[len(hand)]
	} else {
		discards = discardMoves(len(hand))
	}
	n := len(discards) + buckets[0].count() + buckets[1].count()
	for i, c := range hand {
		if c.IsWind() && firstCopy(hand, i) {
			n += 2
		}
	}
	for i := range plays {
		n += plays[i][0].count() + plays[i][1].count()
	}
	l := g.newMoveList(n)
	for i, c := range hand {
		if c.IsWind() && firstCopy(hand, i) {
			if i < maxHandMoves {
				l.addWords(moveTable.wind[i][:])
			} else {
				l.add(KindWind, i)
				l.add(KindRoll, i)
			}
		}
	}
	l.addSome(discards, words, 0, 1)
	for rot := range buckets {
		l.addSet(&buckets[rot], &moveTable.bucket[rot])
	}
	for i := range plays {
		for rot := range plays[i] {
			l.addPlays(i, rot, &plays[i][rot])
		}
	}
	l.addSome(discards, words, 1, len(discards))
	return l.out
}

// discardMoves lists the discards of a hand of n cards: the whole hand
// first, then the other subsets, smallest first.
func discardMoves(n int) []engine.Action {
	subs := subsets(n)
	out := []engine.Action{{Kind: KindDiscard, Args: subs[len(subs)-1]}}
	for _, sub := range subs[:len(subs)-1] {
		out = append(out, engine.Action{Kind: KindDiscard, Args: sub})
	}
	return out
}

// allowed reports whether a is one of Legal(s), the game not being over
// and s the seat that must act, without listing them: a placement is
// checked against the anchors Legal lists it from.
func (g *state) allowed(s engine.Seat, a engine.Action) bool {
	hand := g.Seats[s].Hand
	args := a.Args
	n := len(args)
	card := func() bool { return n > 0 && args[0] >= 0 && args[0] < len(hand) && firstCopy(hand, args[0]) }
	at := func(i int) (Point, bool) {
		p := Point{args[i], args[i+1]}
		return p, p.On()
	}
	bucket := func() bool {
		if a.Kind != KindBucket || n != 3 || !g.Seats[s].Bucket || args[2] < 0 || args[2] > 1 {
			return false
		}
		p, _ := at(0)
		set := g.grid().buckets(g.towersOf(s), args[2])
		return set.has(p)
	}
	switch g.phase() {
	case PartTrim:
		return a.Kind == KindTrim && n == 1 && card()
	case PartRedraw:
		return a.Kind == KindRedraw && ascending(args, len(hand))
	case PartEmber:
		p, on := Point{}, false
		if n == 2 {
			p, on = at(0)
		}
		return a.Kind == KindEmber && on && g.Pos.canLand(*g.EmberFrom, p) || bucket()
	case PartSpread:
		if a.Kind == KindSpread && n == 2 {
			p, on := at(0)
			return on && g.Pos.canSpread(g.Pos.Wind, p)
		}
		return bucket()
	case PartEnd:
		return a.Kind == KindEnd && n == 0 || bucket()
	}
	if len(hand) == 0 {
		return a.Kind == KindPass && n == 0
	}
	switch a.Kind {
	case KindWind, KindRoll:
		return n == 1 && card() && hand[args[0]].IsWind()
	case KindDiscard:
		return n > 0 && ascending(args, len(hand))
	case KindPlay:
		if n != 4 || !card() {
			return false
		}
		p, _ := at(1)
		set := g.grid().anchors(hand[args[0]], args[3])
		return set.has(p)
	}
	return bucket()
}

// ascending reports whether idx are distinct hand indices below n in
// increasing order, the way moves list a subset of the hand.
func ascending(idx []int, n int) bool {
	for i, k := range idx {
		if k < 0 || k >= n || i > 0 && k <= idx[i-1] {
			return false
		}
	}
	return true
}

// playText describes the play of card c on cells, with its effect e.
func playText(c Card, cells []Point, e Effect) string {
	switch {
	case c.IsWind():
		return c.Name() + " card: a gem on " + cells[0].String()
	case c == Ember:
		return "Ember: lift the gem on " + cells[0].String()
	}
	return c.Name() + " " + span(cells) + ": " + e.Summary()
}

func (g *state) trimActions(s engine.Seat) []engine.Action {
	hand := g.Seats[s].Hand
	var out []engine.Action
	for i := range hand {
		if firstCopy(hand, i) {
			out = append(out, engine.Action{Kind: KindTrim, Args: []int{i}})
		}
	}
	return out
}

func (g *state) redrawActions(s engine.Seat) []engine.Action {
	hand := g.Seats[s].Hand
	out := []engine.Action{{Kind: KindRedraw, Args: []int{}}}
	for _, sub := range subsets(len(hand)) {
		a := engine.Action{Kind: KindRedraw, Args: sub}
		if len(sub) == len(hand) {
			out = append(out[:1], append([]engine.Action{a}, out[1:]...)...)
			continue
		}
		out = append(out, a)
	}
	return out
}

// subsets lists the non-empty subsets of 0..n-1, smallest first.
func subsets(n int) [][]int {
	var out [][]int
	for size := 1; size <= n; size++ {
		for mask := 1; mask < 1<<n; mask++ {
			var sub []int
			for i := range n {
				if mask&(1<<i) != 0 {
					sub = append(sub, i)
				}
			}
			if len(sub) == size {
				out = append(out, sub)
			}
		}
	}
	return out
}

func pick(hand []Card, idx []int) []Card {
	out := make([]Card, len(idx))
	for i, j := range idx {
		out[i] = hand[j]
	}
	return out
}
