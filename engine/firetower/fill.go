package firetower

import (
	"unsafe"

	"arcade/engine"
)

// staticAction is the memory of an engine.Action, word for word, whose
// Kind and Args point only at memory that is never freed and never moves:
// a string constant and moveArgs, a package variable (never the heap).
//
// Filling a new list of legal moves through staticAction words skips the
// garbage collector's write barrier, which is most of the cost of a list
// while a collection is marking (a random game lists some 50,000 moves).
// That is sound because the barrier has nothing to do for such a store:
// the slot it overwrites is fresh (zero: no old pointer to shade), and the
// pointers it writes are to no heap object (nothing to mark). Once written,
// the words are read as the Action's pointers again, as always.
type staticAction struct {
	kind    uintptr // &Kind[0]: a string constant
	kindLen int
	args    uintptr // &Args[0]: in moveArgs
	argsLen int
	argsCap int
}

// The layout staticAction copies; init checks it against engine.Action.
func init() {
	var a engine.Action
	var r staticAction
	if unsafe.Sizeof(a) != unsafe.Sizeof(r) ||
		unsafe.Offsetof(a.Args) != unsafe.Offsetof(r.args) ||
		unsafe.Sizeof(a.Kind) != unsafe.Offsetof(r.args) {
		panic("firetower: engine.Action's layout changed; staticAction must follow it")
	}
}

// staticOf returns a's words. Its Kind must be a string constant and its
// Args (if any) must lie in moveArgs; staticOf panics otherwise, so that
// no heap pointer is ever written without the write barrier.
func staticOf(a engine.Action) staticAction {
	if a.Args != nil && !inMoveArgs(a.Args) {
		panic("firetower: staticOf: arguments outside moveArgs")
	}
	return *(*staticAction)(unsafe.Pointer(&a))
}

// inMoveArgs reports whether args lies in moveArgs.
func inMoveArgs(args []int) bool {
	lo := uintptr(unsafe.Pointer(&moveArgs[0]))
	p := uintptr(unsafe.Pointer(unsafe.SliceData(args)))
	return p >= lo && p+uintptr(cap(args))*unsafe.Sizeof(0) <= lo+unsafe.Sizeof(moveArgs)
}

// rest is the unused capacity of the list, as words to write moves into:
// only moves built by staticOf or staticRow.at may be written there, and
// only into slots no move was written to before.
func (l *moveList) rest() []staticAction {
	raw := unsafe.Slice((*staticAction)(unsafe.Pointer(unsafe.SliceData(l.out))), cap(l.out))
	return raw[len(l.out):]
}

// staticRow is a moveRow as words: the move on square k is at(k).
type staticRow struct {
	kind    uintptr
	kindLen int
	args    uintptr // &row.args[0]
	stride  int
}

// staticRowOf returns row's words (its arguments lie in moveArgs).
func staticRowOf(row *moveRow) staticRow {
	if !inMoveArgs(row.args) {
		panic("firetower: staticRowOf: arguments outside moveArgs")
	}
	return staticRow{
		kind:    uintptr(unsafe.Pointer(unsafe.StringData(row.kind))),
		kindLen: len(row.kind),
		args:    uintptr(unsafe.Pointer(unsafe.SliceData(row.args))),
		stride:  row.stride,
	}
}

// put writes the move on square k (moveRow.at(k)) to w, word by word: a
// whole staticAction built first and then copied would be read back with
// wider loads than its words were stored with, which stalls the CPU.
func (r *staticRow) put(w *staticAction, k int) {
	w.kind, w.kindLen = r.kind, r.kindLen
	w.args, w.argsLen, w.argsCap = r.args+uintptr(k*r.stride)*unsafe.Sizeof(0), r.stride, r.stride
}
