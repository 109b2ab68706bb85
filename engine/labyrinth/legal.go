package labyrinth

import (
	"math/bits"
	"slices"

	"arcade/engine"
)

// actionList collects legal actions as the generators below list them,
// in buffers the state reuses: Legal then copies them out in two
// allocations (the actions and one array for all their Args) instead of
// one or two for every move. Looking for want, it keeps nothing and only
// looks for that one action (Apply's check), so that checking a move
// allocates nothing.
type actionList struct {
	// ints holds the Args of every action listed, one after the other,
	// up to ni; ends[i] is where action i's end, for the first n
	// actions. Both are used up to a count, so that listing an action
	// writes no pointers (and pays no write barriers while the garbage
	// collector runs).
	ints, ends []int
	ni, n      int
	runs       []run // the kinds of the actions: each run until the next
	// want is the action looked for when looking; found reports it came
	// up.
	want           engine.Action
	looking, found bool
}

// run starts a run of actions of one kind at action from.
type run struct {
	kind string
	from int
}

// start begins a run of actions of kind, and reports whether they are of
// interest (looking: whether want is of that kind and still to find).
func (l *actionList) start(kind string) bool {
	if l.looking {
		return !l.found && l.want.Kind == kind
	}
	l.runs = append(l.runs, run{kind, l.n})
	return true
}

// add lists one action of the run's kind (args are copied).
func (l *actionList) add(args ...int) {
	if l.looking {
		if slices.Equal(args, l.want.Args) {
			l.found = true
		}
		return
	}
	copy(l.reserve(len(args)), args)
	l.commit(len(args))
}

// reserve makes room for an action of k numbers and returns it, for
// commit to list.
func (l *actionList) reserve(k int) []int {
	if l.ni+k > len(l.ints) {
		ints := make([]int, 2*len(l.ints)+k)
		copy(ints, l.ints[:l.ni])
		l.ints = ints
	}
	if l.n == len(l.ends) {
		ends := make([]int, 2*len(l.ends)+1)
		copy(ends, l.ends)
		l.ends = ends
	}
	return l.ints[l.ni : l.ni+k]
}

// commit lists the action of k numbers written where reserve said.
func (l *actionList) commit(k int) {
	l.ni += k
	l.ends[l.n] = l.ni
	l.n++
}

// actions copies the actions listed to the heap.
func (l *actionList) actions() []engine.Action {
	out := make([]engine.Action, l.n)
	ints := slices.Clone(l.ints[:l.ni])
	start := 0
	for k, r := range l.runs {
		to := len(out)
		if k+1 < len(l.runs) {
			to = l.runs[k+1].from
		}
		for i := r.from; i < to; i++ {
			out[i].Kind = r.kind
			if end := l.ends[i]; end > start {
				out[i].Args = ints[start:end:end]
				start = end
			}
		}
	}
	return out
}

// Legal implements engine.State. In setup every seat still choosing its
// Books acts; later the player whose turn it is. Out of turn, a player in
// a discard window (offTurn) may discard or keep.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if !g.mayAct(s) {
		return nil
	}
	l := &g.scratch
	if l.ends == nil {
		*l = actionList{ints: make([]int, 512), ends: make([]int, 128), runs: make([]run, 0, 16)}
	}
	l.ni, l.n, l.runs = 0, 0, l.runs[:0]
	g.listFor(l, s)
	return l.actions()
}

// isLegal reports whether a is one of seat s's legal actions.
func (g *state) isLegal(s engine.Seat, a engine.Action) bool {
	l := actionList{want: a, looking: true}
	g.listFor(&l, s)
	return l.found
}

// listFor lists seat s's legal actions: a genre in setup, the current
// player's, or out of turn the discards of one's own hand and keeping it.
func (g *state) listFor(l *actionList, s engine.Seat) {
	switch {
	case g.Phase == PhaseSetup:
		// Every genre: each deck holds more Books than one seat
		// chooses, and what the others chose is hidden (ruling 14).
		if l.start(KindGenre) {
			for gn := range NumGenres {
				l.add(gn)
			}
		}
		return
	case s == g.Turn:
		g.listLegal(l)
		return
	}
	if l.start(KindDiscard) {
		for _, id := range g.Hands[s].Cards {
			l.add(id)
		}
	}
	if l.start(KindKeep) {
		l.add()
	}
}

// listLegal lists the current player's legal actions into l, in the order
// Legal returns them.
func (g *state) listLegal(l *actionList) {
	if g.Actions > 0 {
		if l.start(KindMove) {
			g.listMoves(l)
		}
		if l.start(KindFlip) {
			g.listFlips(l)
		}
		if l.start(KindRotate) {
			g.listRotations(l)
		}
		if l.start(KindTake) {
			g.listTakes(l)
		}
	}
	if l.start(KindPass) {
		g.listPasses(l)
	}
	if g.Actions > 0 && g.Players > 1 && g.PassTo < 0 && l.start(KindPassAction) {
		l.add()
	}
	if l.start(KindTime) {
		for _, id := range g.me().Cards {
			if HasBoost(id, TimeMachine) {
				l.add(id)
			}
		}
	}
	if l.start(KindDiscard) {
		g.listDiscards(l)
	}
	if l.start(KindEnd) {
		l.add()
	}
}

// me is the current player's hand.
func (g *state) me() *hand { return &g.Hands[g.Turn] }

// next is the seat after s.
func (g *state) next(s engine.Seat) engine.Seat { return (s + 1) % engine.Seat(g.Players) }

// listFlips: flip an adjacent dark tile, or any dark tile with a Useful
// Map.
func (g *state) listFlips(l *actionList) {
	at := g.Pos[g.Turn]
	mapCard := booster(g.me(), UsefulMap)
	tiles := adjacent[at] // without a map, only the tiles next to yours
	if mapCard >= 0 {
		tiles = 1<<NumTiles - 1
	}
	for ; tiles != 0; tiles &= tiles - 1 {
		i := bits.TrailingZeros32(tiles)
		if g.Tiles[i].Lit {
			continue
		}
		if Adjacent(at, i) {
			l.add(i)
		} else {
			l.add(i, mapCard)
		}
	}
}

// listRotations: rotate your tile or an adjacent lit one, either way. The
// compass and the crossroads look the same every way round, so turning
// them is not offered.
func (g *state) listRotations(l *actionList) {
	at := g.Pos[g.Turn]
	for tiles := adjacent[at] | 1<<at; tiles != 0; tiles &= tiles - 1 {
		i := bits.TrailingZeros32(tiles)
		if t := &g.Tiles[i]; t.Lit && t.Shape != ShapeCross {
			l.add(i, 1)
			l.add(i, -1)
		}
	}
}

// listTakes: take a Book, or one more with each Library Card played with
// it (several Reward cards may boost one action: with both Library Cards,
// three Books).
func (g *state) listTakes(l *actionList) {
	h := g.me()
	if h.room() < 1 { // each Library Card spent frees the slot of the Book it adds
		return
	}
	for gn := range NumGenres {
		if g.bookSupply(gn) > 0 {
			l.add(gn)
		}
	}
	var buf [4]int
	for k := 1; k <= 2; k++ {
		cards, ok := appendBoosters(buf[:0], h, LibraryCard, k)
		if !ok {
			break
		}
		for _, genres := range genreSets[k+1] {
			if !g.booksFor(genres) {
				continue
			}
			var args [5]int
			args[0] = genres[0]
			for i, c := range cards {
				args[1+2*i], args[2+2*i] = c, genres[i+1]
			}
			l.add(args[:1+2*k]...)
		}
	}
}

// genreSets[n] lists the multisets of n genres (n up to 3), each in
// ascending order, in lexicographic order.
var genreSets = func() [4][][]int {
	var out [4][][]int
	var sets func(n, from int) [][]int
	sets = func(n, from int) [][]int {
		if n == 0 {
			return [][]int{{}}
		}
		var out [][]int
		for gn := from; gn < NumGenres; gn++ {
			for _, rest := range sets(n-1, gn) {
				out = append(out, append([]int{gn}, rest...))
			}
		}
		return out
	}
	for n := range out {
		out[n] = sets(n, 0)
	}
	return out
}()

// booksFor reports whether the genre decks (with their discards) hold a
// Book for each of genres.
func (g *state) booksFor(genres []int) bool {
	for _, gn := range genres {
		if g.bookSupply(gn) < engine.Count(genres, gn) {
			return false
		}
	}
	return true
}

// listDiscards: the cards of your hand (solo: the Trolley's too).
func (g *state) listDiscards(l *actionList) {
	for _, id := range g.me().Cards {
		l.add(id)
	}
	if g.solo() {
		for _, id := range g.Trolley.Cards {
			l.add(id)
		}
	}
}
