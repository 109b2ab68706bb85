package fireproto

import (
	"fmt"
	"strings"
)

// This file holds the printed data: the scoreboard's value tracks (from
// the rulebook) and the Turn Order cards (proposed, the pictures being
// lost), with the cards' spaces and layouts in words.

// Token is a token from the bag: a book of one colour, or a fire.
type Token int

// Token kinds. Books use the index of their colour on the scoreboard, from
// the rarest (White) to the commonest (Green).
const (
	Empty  Token = -1 // an empty space
	White  Token = 0
	Black  Token = 1
	Yellow Token = 2
	Brown  Token = 3
	Green  Token = 4
	Fire   Token = 5 // a Fire token
)

const (
	numColours = 5
	numKinds   = 6 // five book colours and fire
	numSpaces  = 5 // spaces on a Turn Order card
	numFires   = 7
	numBooks   = 25
	setupBurns = 5   // books burned and set aside at setup
	numBuckets = 10  // Bucket tokens in the box
	maxBuckets = 2   // a player holds at most two ("two hands")
	goal       = 100 // reaching this much knowledge ends the game
)

// Book reports whether t is a book token.
func (t Token) Book() bool { return t >= White && t <= Green }

// Name is the token's lower-case name ("white", "fire"), or "" when empty.
func (t Token) Name() string {
	switch {
	case t.Book():
		return colours[t].Key
	case t == Fire:
		return "fire"
	}
	return ""
}

// colour is one book colour: its tokens and its shelf on the scoreboard.
type colour struct {
	Name  string // "White"
	Key   string // "white": the theme's palette name
	Books int    // book tokens of this colour
	// Track lists the values from the tracker's starting space to the last
	// one before the X. Every track has 2 x Books - 1 values.
	Track []int
}

// colours are the book colours; the index of a colour is its Token.
var colours = [numColours]colour{
	{"White", "white", 3, []int{3, 6, 9, 12, 15}},
	{"Black", "black", 4, []int{2, 5, 8, 10, 12, 14, 15}},
	{"Yellow", "yellow", 5, []int{3, 5, 7, 8, 9, 11, 12, 13, 15}},
	{"Brown", "brown", 6, []int{2, 4, 5, 6, 7, 8, 10, 11, 13, 14, 15}},
	{"Green", "green", 7, []int{2, 3, 4, 5, 6, 7, 9, 10, 11, 12, 13, 14, 15}},
}

// cardSpec describes a printed Turn Order card: its first Safe spaces are
// safe, the rest risky (marked X), and the flat bravery printed at its
// bottom is scored by a player who does not burn.
type cardSpec struct {
	Safe    int
	Bravery int
}

// cardSpecs are the Turn Order cards, 1st to 5th.
var cardSpecs = [5]cardSpec{{1, 4}, {2, 3}, {3, 2}, {4, 1}, {5, 0}}

func risky(number, space int) bool { return space >= cardSpecs[number-1].Safe }

func bravery(number int) int { return cardSpecs[number-1].Bravery }

// spaceName says whether a space of Turn Order card number is "safe" or
// "risky".
func spaceName(number, space int) string {
	if risky(number, space) {
		return "risky"
	}
	return "safe"
}

// layout renders a Turn Order card, e.g. "S S X X X, bravery 3": S is a
// safe space, X a risky one.
func layout(number int) string { return layouts[number-1] }

// layouts are the cards' layouts, by number - 1.
var layouts = func() (out [len(cardSpecs)]string) {
	for n := range out {
		parts := make([]string, numSpaces)
		for i := range parts {
			parts[i] = "S"
			if risky(n+1, i) {
				parts[i] = "X"
			}
		}
		out[n] = fmt.Sprintf("%s, bravery %d", strings.Join(parts, " "), bravery(n+1))
	}
	return out
}()

// cardNumbers lists the Turn Order cards a game uses: 1 to n, except that
// two players use the 2nd and the 3rd.
func cardNumbers(players int) []int {
	if players == 2 {
		return []int{2, 3}
	}
	out := make([]int, players)
	for i := range out {
		out[i] = i + 1
	}
	return out
}
