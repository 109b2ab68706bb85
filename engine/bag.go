package engine

// Bag is a cloth bag of tokens drawn blind, counted by kind: Bag[k] is how
// many tokens of kind k it holds. Kinds are small numbers chosen by the
// game (book colours, fire). It serializes as a JSON array of counts.
type Bag []int

// Total is the number of tokens in the bag.
func (b Bag) Total() int {
	n := 0
	for _, c := range b {
		n += c
	}
	return n
}

// Draw takes one token out at random, every token equally likely, and
// returns its kind. It panics on an empty bag or a negative count: rules
// code must make sure the bag cannot run dry.
func (b Bag) Draw(r *RNG) int {
	for _, c := range b {
		if c < 0 {
			panic("engine: Bag with a negative count")
		}
	}
	x := r.Intn(b.Total())
	for k, c := range b {
		if x < c {
			b[k]--
			return k
		}
		x -= c
	}
	panic("engine: Bag count mismatch")
}
