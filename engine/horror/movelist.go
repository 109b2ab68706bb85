package horror

import "arcade/engine"

// moveKind numbers the kinds of move (engine.Action.Kind) in a moveList.
type moveKind uint8

// The move kinds, in the order of moveKinds.
const (
	mColours moveKind = iota
	mStart
	mMove
	mRotate
	mSearch
	mMirror
	mPicture
	mExchange
	mPlay
	mAttack
	mGhost
	mProtect
	mPass
	mLoot
	mNoLoot
	mEnd
	numMoveKinds
)

// moveKinds are the Kinds of the moves by moveKind.
var moveKinds = [numMoveKinds]string{KindColours, KindStart, KindMove, KindRotate, KindSearch, KindMirror,
	KindPicture, KindExchange, KindPlay, KindAttack, KindGhost, KindProtect, KindPass, KindLoot, KindNoLoot, KindEnd}

// maxArgs is the most arguments a move has (an exchange of three cards).
const maxArgs = 4

// move is a legal move in a moveList, packed in a word: its kind, the
// number of its arguments and each argument, a byte each (every argument
// of a legal move is below 256). A list of moves has no pointers, so
// that listing them costs the collector nothing.
type move uint64

// newMove packs k(args).
func newMove(k moveKind, args []int) move {
	m := move(k) | move(len(args))<<8
	for i, x := range args {
		m |= move(uint8(x)) << (16 + 8*i)
	}
	return m
}

// kind is m's kind.
func (m move) kind() moveKind { return moveKind(m) }

// n is how many arguments m has.
func (m move) n() int { return int(m >> 8 & 0xff) }

// arg is m's argument i.
func (m move) arg(i int) int { return int(m >> (16 + 8*i) & 0xff) }

// encode makes a a move; false when no legal move can be a (an unknown
// kind, too many arguments or one out of range).
func encode(a engine.Action) (move, bool) {
	k, ok := kindOf(a.Kind)
	if !ok || len(a.Args) > maxArgs {
		return 0, false
	}
	for _, x := range a.Args {
		if x < 0 || x > 255 {
			return 0, false
		}
	}
	return newMove(moveKind(k), a.Args), true
}

// kindOf is the moveKind whose Kind is kind (moveKinds); false when
// there is none.
func kindOf(kind string) (moveKind, bool) {
	switch kind {
	case KindColours:
		return mColours, true
	case KindStart:
		return mStart, true
	case KindMove:
		return mMove, true
	case KindRotate:
		return mRotate, true
	case KindSearch:
		return mSearch, true
	case KindMirror:
		return mMirror, true
	case KindPicture:
		return mPicture, true
	case KindExchange:
		return mExchange, true
	case KindPlay:
		return mPlay, true
	case KindAttack:
		return mAttack, true
	case KindGhost:
		return mGhost, true
	case KindProtect:
		return mProtect, true
	case KindPass:
		return mPass, true
	case KindLoot:
		return mLoot, true
	case KindNoLoot:
		return mNoLoot, true
	case KindEnd:
		return mEnd, true
	}
	return 0, false
}

// moveList collects the legal moves of a position. A list with a probe
// only looks: it records whether its move want (or, with any set, any
// move) is among them and keeps nothing, so that Apply checks a move
// without listing them all.
type moveList struct {
	moves []move
	// hash is a running hash of the moves listed (sum finishes it).
	hash  uint64
	probe bool
	any   bool
	want  move
	found bool
}

// add lists the move k(args).
func (l *moveList) add(k moveKind, args ...int) { l.push(newMove(k, args)) }

// push lists move m.
func (l *moveList) push(m move) {
	if l.probe {
		l.found = l.found || l.any || m == l.want
		return
	}
	l.moves = append(l.moves, m)
	l.hash = (l.hash ^ uint64(m)) * 1099511628211
}

// lists reports whether l wants the moves of kind k: a probe looks only
// for its own kind, so the rest need not be listed.
func (l *moveList) lists(k moveKind) bool { return !l.probe || l.any || l.want.kind() == k }

// actions writes the list out as engine actions carved from state g's
// arena (ar): moves of one or two small arguments share their Args from
// argTable (nobody may change them), the others' are carved from the
// arena's arguments.
func (l *moveList) actions(g *state, ar *actionArena) []engine.Action {
	out := ar.actions(g, len(l.moves))
	for i, m := range l.moves {
		a := argsOf(m)
		if a == nil && m.n() > 0 {
			a = ar.args(g, m.n())
			for j := range a {
				a[j] = m.arg(j)
			}
		}
		out[i].Kind, out[i].Args = moveKinds[m.kind()], a
	}
	return out
}

// The sizes of an actionArena's chunks: actions, their arguments, and
// the moves of the lists kept.
const (
	actionChunk = 64
	argChunk    = 64
	moveChunk   = 128
)

// actionArena is where Legal writes the lists it hands out and keeps:
// pieces of chunks of actions (and of their arguments, and of the moves
// they were written from), each capped, so that one allocation serves
// many lists. A piece is written once, before it is handed out or kept,
// and never again; it keeps its chunk alive.
//
// The chunks are in an arenaChunks that copies of a state share; owner
// is the state whose arenaChunks it is. A copy (whose owner is another)
// starts an arenaChunks of its own before it carves a piece, so that
// neither writes where the other has, and a copy written back over its
// original (*g = old) shares the original's, which knows how far they
// have been carved.
type actionArena struct {
	chunks *arenaChunks
	owner  *state
}

// arenaChunks holds an actionArena's chunks; each one's free part is
// past its length.
type arenaChunks struct {
	acts  []engine.Action
	ints  []int
	moves []move
}

// own returns g's arenaChunks (ar is g's), starting one when g has none
// of its own.
func (ar *actionArena) own(g *state) *arenaChunks {
	if ar.owner != g {
		ar.chunks, ar.owner = &arenaChunks{}, g
	}
	return ar.chunks
}

// carve cuts n zero elements off the free end of *chunk, starting a new
// chunk when they do not fit: twice the last one's size, from a quarter
// of size up to size (or n, when more), so that a state that lists little
// (a search's playout) allocates little.
func carve[T any](chunk *[]T, n, size int) []T {
	if cap(*chunk)-len(*chunk) < n {
		*chunk = make([]T, 0, max(n, min(size, max(size/4, 2*cap(*chunk)))))
	}
	k := len(*chunk)
	*chunk = (*chunk)[:k+n]
	return (*chunk)[k : k+n : k+n]
}

// actions carves n zero actions for state g (ar is g's).
func (ar *actionArena) actions(g *state, n int) []engine.Action {
	return carve(&ar.own(g).acts, n, actionChunk)
}

// args carves n arguments for state g (ar is g's).
func (ar *actionArena) args(g *state, n int) []int {
	return carve(&ar.own(g).ints, n, argChunk)
}

// keep is a copy of moves for state g (ar is g's).
func (ar *actionArena) keep(g *state, moves []move) []move {
	out := carve(&ar.own(g).moves, len(moves), moveChunk)
	copy(out, moves)
	return out
}

// keptList is a list Legal handed out, the moves it was written from,
// and their hash (moveList.sum).
type keptList struct {
	hash  uint64
	list  []engine.Action
	moves []move
}

// sum is the hash of the moves listed (a probe's is 0).
func (l *moveList) sum() uint64 { return l.hash ^ l.hash>>29 ^ l.hash>>47 }

// argsOf is m's arguments from argTable (nil: none, or not there).
func argsOf(m move) []int {
	switch n := m.n(); {
	case n == 1 && m.arg(0) < len(argTable.one):
		return argTable.one[m.arg(0)]
	case n == 2 && m.arg(0) < len(argTable.two) && m.arg(1) < len(seats):
		return argTable.two[m.arg(0)][m.arg(1)]
	}
	return nil
}

// argTable holds the Args of the moves with one argument below
// len(argTable.one) or two arguments within argTable.two's bounds, all
// carved from argBacking: a static array, outside the heap, so that
// lists of moves hold no pointers into the heap but their own.
var argTable = func() (t struct {
	one [1 << numColours][]int
	two [numCards + 5][len(seats)][]int
}) {
	backing := argBacking[:0]
	carve := func(args ...int) []int {
		backing = append(backing, args...)
		return backing[len(backing)-len(args) : len(backing) : len(backing)]
	}
	for a := range t.one {
		t.one[a] = carve(a)
	}
	for a := range t.two {
		for b := range t.two[a] {
			t.two[a][b] = carve(a, b)
		}
	}
	return t
}()

// argBacking holds argTable's arguments.
var argBacking [1<<numColours + 2*(numCards+5)*len(seats)]int
