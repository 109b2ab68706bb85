package firetower

import (
	"slices"

	"arcade/engine"
)

// Card is one action card (or the Firestorm).
type Card int

// The cards. The four winds come first, in die order, so that a wind card's
// direction is Dir(card).
const (
	NorthWind Card = iota
	EastWind
	SouthWind
	WestWind
	FlareUp
	BurningSnag
	Explosion
	Ember
	AirDrop
	FireEngine
	Smokejumper
	DozerLine
	ScratchLine
	DeReforest
	Firestorm
	numCards
)

// Type is a card's family, the colour of its back in the box.
type Type int

// The card families.
const (
	WindType Type = iota
	FireType
	WaterType
	BreakType
	EventType
)

// String names the family.
func (t Type) String() string {
	return [...]string{"wind", "fire", "water", "firebreak", "event"}[t]
}

// cardInfo is the printed face of a card.
type cardInfo struct {
	name  string
	typ   Type
	shape Shape
	text  string
	rule  engine.Rule // what the rules doc says the card does
}

var cards = [numCards]cardInfo{
	NorthWind:   {"North", WindType, Single, windText, ruleWindGem},
	EastWind:    {"East", WindType, Single, windText, ruleWindGem},
	SouthWind:   {"South", WindType, Single, windText, ruleWindGem},
	WestWind:    {"West", WindType, Single, windText, ruleWindGem},
	FlareUp:     {"Flare Up", FireType, Line3, "Up to 3 gems in a straight line; one must touch fire. A firebreak stops the line.", "Flare Up up to 3 gems"},
	BurningSnag: {"Burning Snag", FireType, Square, "Up to 4 gems in a 2x2 square; one must touch fire. Jumps firebreaks.", "Burning Snag up to 4 gems"},
	Explosion:   {"Explosion", FireType, Single, "Turn a fire gem into a firebreak and put gems on all 8 squares around it that are empty.", "Explosion turn a fire gem"},
	Ember:       {"Ember", FireType, Single, "Move a gem from outside the tower areas to an empty square next to fire.", ruleEmberCard},
	AirDrop:     {"Air Drop", WaterType, Line3, "Put out up to 3 gems in a straight line (not in tower areas).", "Air Drop up to 3 gems"},
	FireEngine:  {"Fire Engine", WaterType, Square, "Put out up to 4 gems in a 2x2 square (not in tower areas).", "Fire Engine up to 4 gems"},
	Smokejumper: {"Smokejumper", WaterType, Single, "Pick a gem outside the tower areas: put out the gems on the 8 squares around it.", "Smokejumper pick a gem"},
	DozerLine:   {"Dozer Line", BreakType, Dozer, "2 firebreaks side by side on empty squares.", "Dozer Line 2 firebreaks"},
	ScratchLine: {"Scratch Line", BreakType, Scratch, "2 firebreaks in a line with one square between them.", "Scratch Line 2 firebreaks"},
	DeReforest:  {"De/Reforest", BreakType, Single, "Add one firebreak, or remove any one firebreak.", "De/Reforest add 1 firebreak"},
	Firestorm:   {"Firestorm", EventType, None, "Played when drawn: the fire spreads from every gem in a rolled direction.", rulingFirestorm},
}

const windText = "Set the wind to this direction, or roll a new wind, or put a gem next to fire in this direction."

// BucketText is the Bucket's text (the Bucket is not a Card of the deck).
const BucketText = "Once per game, besides your turn: put out up to 3 gems in a line, one at least in your tower area."

// Name is the card's title.
func (c Card) Name() string {
	if c < 0 || c >= numCards {
		return "?"
	}
	return cards[c].name
}

// String is the card's title.
func (c Card) String() string { return c.Name() }

// Type is the card's family.
func (c Card) Type() Type { return cards[c].typ }

// Text is what the card does, in one line.
func (c Card) Text() string { return cards[c].text }

// rule is the rule that says what the card does.
func (c Card) rule() engine.Rule { return cards[c].rule }

// Shape is the pattern the card is placed in.
func (c Card) Shape() Shape { return cards[c].shape }

// IsWind reports whether c is one of the four wind cards.
func (c Card) IsWind() bool { return c >= NorthWind && c <= WestWind }

// Dir is a wind card's direction.
func (c Card) Dir() Dir { return Dir(c) }

// cardNames are the cards' titles, by card.
var cardNames = func() []string {
	out := make([]string, numCards)
	for i, ci := range cards {
		out[i] = ci.name
	}
	return out
}()

// MarshalText writes the card's name.
func (c Card) MarshalText() ([]byte, error) { return enumText(int(c), cardNames, "card") }

// UnmarshalText reads a card's name.
func (c *Card) UnmarshalText(b []byte) error { return enumParse((*int)(c), cardNames, b, "card") }

// Deck choices (the "deck" option).
const (
	DeckStandard = "standard" // 50 cards: 3 Explosion, 3 Flare Up, 3 Burning Snag, 3 Ember
	DeckDeluxe   = "deluxe"   // 52 cards: 4 Explosion, 3 Flare Up, 4 Burning Snag, 3 Ember
	DeckClassic  = "classic"  // 50 cards without Ember: 4 Explosion, 4 Flare Up, 4 Burning Snag
)

// deckCounts lists how many of each card a deck holds (the Firestorm is
// added separately).
func deckCounts(name string) map[Card]int {
	m := map[Card]int{
		NorthWind: 4, EastWind: 4, SouthWind: 4, WestWind: 4,
		AirDrop: 4, FireEngine: 4, Smokejumper: 4,
		DozerLine: 3, ScratchLine: 3, DeReforest: 4,
	}
	switch name {
	case DeckDeluxe:
		m[Explosion], m[FlareUp], m[BurningSnag], m[Ember] = 4, 3, 4, 3
	case DeckClassic:
		m[Explosion], m[FlareUp], m[BurningSnag] = 4, 4, 4
	default:
		m[Explosion], m[FlareUp], m[BurningSnag], m[Ember] = 3, 3, 3, 3
	}
	return m
}

// buildDeck lists a deck's cards in card order (unshuffled).
func buildDeck(name string) []Card {
	counts := deckCounts(name)
	var out []Card
	for c := range numCards {
		for range counts[c] {
			out = append(out, c)
		}
	}
	return out
}

// DeckCards lists the distinct cards of a deck, in card order.
func DeckCards(name string) []Card {
	var out []Card
	for c, n := range deckCounts(name) {
		if n > 0 {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	return out
}
