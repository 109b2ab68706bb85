package labyrinth

import (
	"cmp"
	"math/bits"
	"slices"
)

// Capturing (rulebook p.8, rulings C8.3-5): the cards picked must show
// every symbol the Terror needs; Books and magical items count, boosters
// do not. A Photocopier makes one chosen Book count its symbols twice.
// The legal captures are the minimal covering sets: no card can be left
// out, and a Photocopier is offered only where it saves a card.

// maxPool is the most cards a capture can draw on: a hand and, in a ride,
// the Trolley's.
const maxPool = 2 * HandLimit

// packed holds symbol counts one byte per genre, so that adding,
// removing and comparing sets of symbols are single operations (counts
// stay far below 128: a card shows at most a few symbols).
type packed uint64

// highBits has the top bit of each genre's byte set.
const highBits packed = 0x808080808080

// pack packs symbol counts.
func pack(s Symbols) packed {
	var p packed
	for gn := range NumGenres {
		p |= packed(s[gn]) << (8 * gn)
	}
	return p
}

// covers reports whether have holds at least every symbol of need (byte
// by byte: no byte borrows from the next, since have's top bits are set
// and need's are clear).
func (have packed) covers(need packed) bool {
	return ((have|highBits)-need)&highBits == highBits
}

// cardSyms[id] is CardSymbols(id), packed.
var cardSyms = func() (out [NumCards]packed) {
	for id := range out {
		out[id] = pack(CardSymbols(id))
	}
	return out
}()

// coverPool is the cards of a pool that show symbols, ascending, with
// their symbols packed.
type coverPool struct {
	n     int
	cards [maxPool]int
	syms  [maxPool]packed
}

// newCoverPool reads a pool of at most maxPool cards.
func newCoverPool(pool []int) coverPool {
	var c coverPool
	for _, id := range pool {
		if id >= 0 && id < NumCards && cardSyms[id] != 0 && c.n < maxPool {
			c.cards[c.n] = id
			c.n++
		}
	}
	slices.Sort(c.cards[:c.n])
	for i, id := range c.cards[:c.n] {
		c.syms[i] = cardSyms[id]
	}
	return c
}

// minimal appends to dst the minimal sets (as masks over c.cards) that
// cover need, smallest first, then in the order of their cards. With
// copied >= 0 (one of the cards) it lists the sets that include copied,
// cover need with copied counted twice, and do not cover it without the
// Photocopier.
func (c *coverPool) minimal(dst []uint16, need Symbols, copied int) []uint16 {
	ci := -1
	if copied >= 0 {
		ci = slices.Index(c.cards[:c.n], copied)
		if ci < 0 {
			return dst
		}
	}
	want := pack(need)
	var genres packed // the bytes of the genres need names
	for gn, n := range need {
		if n > 0 {
			genres |= 0xff << (8 * gn)
		}
	}
	// A card showing none of those symbols is in no minimal set (leaving
	// it out still covers), and copying it saves nothing.
	useful := 0
	var all packed // every useful card, the copied one twice
	for i := range c.n {
		if c.syms[i]&genres != 0 {
			useful |= 1 << i
			all += c.syms[i]
		}
	}
	if ci >= 0 {
		if useful&(1<<ci) == 0 {
			return dst
		}
		all += c.syms[ci]
	}
	if !all.covers(want) {
		return dst // the usual case: the cards at hand cannot capture
	}
	start := len(dst)
	for mask := useful; mask != 0; mask = (mask - 1) & useful { // every subset of the useful cards
		if ci >= 0 && mask&(1<<ci) == 0 {
			continue
		}
		var have packed
		for m := mask; m != 0; m &= m - 1 {
			have += c.syms[bits.TrailingZeros(uint(m))]
		}
		doubled := have
		if ci >= 0 {
			doubled += c.syms[ci]
			if have.covers(want) {
				continue // the Photocopier saves nothing
			}
		}
		if !doubled.covers(want) {
			continue
		}
		minimal := true
		for m := mask; m != 0; m &= m - 1 {
			i := bits.TrailingZeros(uint(m))
			without := doubled - c.syms[i]
			if i == ci {
				without = have - c.syms[i]
			}
			if without.covers(want) {
				minimal = false
				break
			}
		}
		if minimal {
			dst = append(dst, uint16(mask))
		}
	}
	slices.SortFunc(dst[start:], func(a, b uint16) int {
		if c := cmp.Compare(bits.OnesCount16(a), bits.OnesCount16(b)); c != 0 {
			return c
		}
		// Same size: the set whose first differing card comes first (the
		// lower bit where they differ is in it) sorts first.
		low := (a ^ b) & -(a ^ b)
		if a&low != 0 {
			return -1
		}
		return 1
	})
	return dst
}

// set appends the cards of mask to dst.
func (c *coverPool) set(dst []int, mask uint16) []int {
	for m := mask; m != 0; m &= m - 1 {
		dst = append(dst, c.cards[bits.TrailingZeros16(m)])
	}
	return dst
}

// coverSets lists the minimal sets of cards from pool whose symbols cover
// need, smallest first (see coverPool.minimal).
func coverSets(pool []int, need Symbols, copied int) [][]int {
	c := newCoverPool(pool)
	var out [][]int
	for _, mask := range c.minimal(nil, need, copied) {
		out = append(out, c.set(nil, mask))
	}
	return out
}
