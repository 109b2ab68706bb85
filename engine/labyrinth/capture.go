package labyrinth

import (
	"cmp"
	"slices"
)

// Capturing (rulebook p.8, rulings C8.3-5): the cards picked must show
// every symbol the Terror needs; Books and magical items count, boosters
// do not. A Photocopier makes one chosen Book count its symbols twice.
// The legal captures are the minimal covering sets: no card can be left
// out, and a Photocopier is offered only where it saves a card.

// coverSets lists the minimal sets of cards from pool whose symbols cover
// need, smallest first. With copied >= 0 (a Book in pool) it lists the
// sets that include copied, cover need with copied counted twice, and do
// not cover it without the Photocopier.
func coverSets(pool []int, need Symbols, copied int) [][]int {
	var cards []int
	for _, id := range pool {
		if CardSymbols(id) != (Symbols{}) {
			cards = append(cards, id)
		}
	}
	slices.Sort(cards)
	n := len(cards)
	ci := -1
	if copied >= 0 {
		ci = slices.Index(cards, copied)
		if ci < 0 {
			return nil
		}
	}
	covers := func(mask int, doubled bool) bool {
		var have Symbols
		for i := range n {
			if mask&(1<<i) == 0 {
				continue
			}
			s := CardSymbols(cards[i])
			for gn := range have {
				have[gn] += s[gn]
				if doubled && i == ci {
					have[gn] += s[gn]
				}
			}
		}
		return have.Covers(need)
	}
	var out [][]int
	for mask := 1; mask < 1<<n; mask++ {
		if ci >= 0 && mask&(1<<ci) == 0 {
			continue
		}
		if !covers(mask, ci >= 0) || (ci >= 0 && covers(mask, false)) {
			continue
		}
		minimal := true
		for i := range n {
			if mask&(1<<i) != 0 && covers(mask&^(1<<i), ci >= 0 && i != ci) {
				minimal = false
				break
			}
		}
		if !minimal {
			continue
		}
		var set []int
		for i := range n {
			if mask&(1<<i) != 0 {
				set = append(set, cards[i])
			}
		}
		out = append(out, set)
	}
	slices.SortStableFunc(out, func(a, b []int) int {
		if c := cmp.Compare(len(a), len(b)); c != 0 {
			return c
		}
		return slices.Compare(a, b)
	})
	return out
}
