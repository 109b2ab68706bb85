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
	k := 0
	for k < len(moveKinds) && moveKinds[k] != a.Kind {
		k++
	}
	if k == len(moveKinds) || len(a.Args) > maxArgs {
		return 0, false
	}
	for _, x := range a.Args {
		if x < 0 || x > 255 {
			return 0, false
		}
	}
	return newMove(moveKind(k), a.Args), true
}

// moveList collects the legal moves of a position. A list with a probe
// only looks: it records whether its move want (or, with any set, any
// move) is among them and keeps nothing, so that Apply checks a move
// without listing them all.
type moveList struct {
	moves []move
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
}

// lists reports whether l wants the moves of kind k: a probe looks only
// for its own kind, so the rest need not be listed.
func (l *moveList) lists(k moveKind) bool { return !l.probe || l.any || l.want.kind() == k }

// actions writes the list out as engine actions: moves of one or two
// small arguments share their Args from argTable (nobody may change
// them), the others' are carved from one backing array.
func (l *moveList) actions() []engine.Action {
	out := make([]engine.Action, len(l.moves))
	var backing []int
	for i, m := range l.moves {
		a := argsOf(m)
		if a == nil && m.n() > 0 {
			if backing == nil {
				backing = make([]int, 0, maxArgs*(len(l.moves)-i))
			}
			for j := range m.n() {
				backing = append(backing, m.arg(j))
			}
			a = backing[len(backing)-m.n() : len(backing) : len(backing)]
		}
		out[i].Kind, out[i].Args = moveKinds[m.kind()], a
	}
	return out
}

// wrote reports whether list is what actions writes.
func (l *moveList) wrote(list []engine.Action) bool {
	if len(list) != len(l.moves) {
		return false
	}
	for i, m := range l.moves {
		a := &list[i]
		if a.Kind != moveKinds[m.kind()] || len(a.Args) != m.n() {
			return false
		}
		for j, x := range a.Args {
			if x != m.arg(j) {
				return false
			}
		}
	}
	return true
}

// keptList is a list of moves Legal handed out and the hash of its
// moves (hashMoves).
type keptList struct {
	hash uint64
	list []engine.Action
}

// hashMoves hashes a list of moves.
func hashMoves(moves []move) uint64 {
	h := uint64(14695981039346656037)
	for _, m := range moves {
		h = (h ^ uint64(m)) * 1099511628211
		h ^= h >> 29
	}
	return h
}

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
