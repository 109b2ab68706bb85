package labyrinth

import (
	"cmp"
	"slices"
)

// Which booster card a move uses. When several cards in a hand offer the
// effect a move needs, the move uses the card whose other option is worth
// least (this order), so that legal moves stay few and a player keeps the
// more useful options.
var boostWorth = [NumBoosts]int{
	LibraryCard: 0, TrolleyService: 1, UsefulMap: 2, LibraryLadder: 3, SecretPassage: 4, Photocopier: 5, TimeMachine: 6,
}

// boostOrder lists the cards offering effect b, cheapest to spend first.
var boostOrder = func() [NumBoosts][]int {
	var out [NumBoosts][]int
	for b := range Boost(NumBoosts) {
		for i, r := range Rewards {
			if !r.Item && (r.Options[0] == b || r.Options[1] == b) {
				out[b] = append(out[b], FirstReward+i)
			}
		}
		other := func(id int) int {
			o := Rewards[id-FirstReward].Options
			if o[0] == b {
				return boostWorth[o[1]]
			}
			return boostWorth[o[0]]
		}
		slices.SortStableFunc(out[b], func(x, y int) int { return cmp.Compare(other(x), other(y)) })
	}
	return out
}()

// appendBoosters appends to dst the n cards boosters picks, in ascending
// order; false if h has fewer.
func appendBoosters(dst []int, h *hand, b Boost, n int, skip ...int) ([]int, bool) {
	if n == 0 {
		return dst, true
	}
	start := len(dst)
	for _, id := range boostOrder[b] {
		if h.has(id) && !slices.Contains(skip, id) {
			dst = append(dst, id)
			if len(dst)-start == n {
				slices.Sort(dst[start:])
				return dst, true
			}
		}
	}
	return dst[:start], false
}

// booster is the card of h a move spends on effect b, or -1.
func booster(h *hand, b Boost, skip ...int) int {
	for _, id := range boostOrder[b] {
		if h.has(id) && !slices.Contains(skip, id) {
			return id
		}
	}
	return -1
}
