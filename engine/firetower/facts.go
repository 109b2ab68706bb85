package firetower

import (
	"strconv"

	"arcade/engine"
)

// This file holds the game's facts (what the rules record as a move's
// events) and their words. Seats are named with seatRef, squares, cards,
// winds and towers by their names.

// started is the die's first wind and the player it chooses.
type started struct {
	Wind  Dir
	Seat  engine.Seat
	Tower Tower
}

// Words says the fact.
func (f started) Words() string {
	return "The die shows " + f.Wind.String() + ": " + seatRef(f.Seat) + " (" + f.Tower.String() + " tower, " + f.Tower.Compass() + ") starts."
}

// Rule implements engine.Ruled.
func (f started) Rule() engine.Rule {
	return ruleStart
}

// teamsFormed is the line-up of the team variant: seats 0 and 2 against
// seats 1 and 3.
type teamsFormed struct{}

// Words says the fact.
func (teamsFormed) Words() string {
	return "Teams: " + seatRef(0) + " and " + seatRef(2) + " against " + seatRef(1) + " and " + seatRef(3) + "."
}

// Rule implements engine.Ruled.
func (teamsFormed) Rule() engine.Rule {
	return ruleTeams
}

// turnBegan is a player's turn starting under the current wind.
type turnBegan struct {
	Seat engine.Seat
	Wind Dir
}

// Words says the fact.
func (f turnBegan) Words() string {
	return seatRef(f.Seat) + "'s turn (wind " + f.Wind.String() + ")."
}

// Rule implements engine.Ruled.
func (turnBegan) Rule() engine.Rule {
	return ruleTurnOrder
}

// fireSpread is a player's wind step setting fire to a square.
type fireSpread struct {
	Seat engine.Seat
	Wind Dir
	At   Point
}

// Words says the fact.
func (f fireSpread) Words() string {
	return seatRef(f.Seat) + ": the " + lower(f.Wind) + " wind spreads the fire to " + f.At.String() + "."
}

// Rule implements engine.Ruled.
func (fireSpread) Rule() engine.Rule {
	return rulingWindStep
}

// noSpread is a wind step skipped because the wind reaches no square.
type noSpread struct{ Wind Dir }

// Words says the fact.
func (f noSpread) Words() string {
	return "The " + lower(f.Wind) + " wind finds no square to spread to."
}

// Rule implements engine.Ruled.
func (noSpread) Rule() engine.Rule {
	return rulingWindStep
}

// played is a pattern card played on the board: a wind card puts one gem
// on its squares, the others change them as Changed counts.
type played struct {
	Seat    engine.Seat
	Card    Card
	Where   stretch
	Changed tally
}

// Words says the fact.
func (f played) Words() string {
	if f.Card.IsWind() {
		return seatRef(f.Seat) + " plays " + f.Card.Name() + " to put a gem on " + f.Where.String() + "."
	}
	return seatRef(f.Seat) + " plays " + f.Card.Name() + " on " + f.Where.String() + ": " + f.Changed.String() + "."
}

// Rule implements engine.Ruled.
func (f played) Rule() engine.Rule {
	return f.Card.rule()
}

// emberLifted is the Ember card lifting the gem on a square.
type emberLifted struct {
	Seat engine.Seat
	At   Point
}

// Words says the fact.
func (f emberLifted) Words() string {
	return seatRef(f.Seat) + " plays Ember and lifts the gem on " + f.At.String() + "."
}

// Rule implements engine.Ruled.
func (emberLifted) Rule() engine.Rule {
	return ruleEmberCard
}

// emberMoved is the Ember's lifted gem landing on another square.
type emberMoved struct {
	Seat     engine.Seat
	From, To Point
}

// Words says the fact.
func (f emberMoved) Words() string {
	return seatRef(f.Seat) + " moves the Ember's gem from " + f.From.String() + " to " + f.To.String() + "."
}

// Rule implements engine.Ruled.
func (emberMoved) Rule() engine.Rule {
	return rulingEmber
}

// emberBack is the Ember's gem going back where it was lifted, with
// nowhere left to land.
type emberBack struct{ At Point }

// Words says the fact.
func (f emberBack) Words() string {
	return "The Ember's gem has nowhere left to land: it goes back to " + f.At.String() + "."
}

// Rule implements engine.Ruled.
func (emberBack) Rule() engine.Rule {
	return rulingEmberBack
}

// windRolled is a card played to roll the die for a new wind.
type windRolled struct {
	Seat engine.Seat
	Card Card
	Wind Dir
}

// Words says the fact.
func (f windRolled) Words() string {
	return seatRef(f.Seat) + " plays " + f.Card.Name() + " to roll the die: the wind will blow " + f.Wind.String() + "."
}

// Rule implements engine.Ruled.
func (windRolled) Rule() engine.Rule {
	return ruleWindRoll
}

// windDead is a wind card whose direction threatens no tower, so the die
// chose the wind.
type windDead struct {
	Seat engine.Seat
	Card Card
	Wind Dir
}

// Words says the fact.
func (f windDead) Words() string {
	return seatRef(f.Seat) + " plays " + f.Card.Name() + ", but " + f.Card.Dir().String() + " threatens no tower: the die says " + f.Wind.String() + "."
}

// Rule implements engine.Ruled.
func (windDead) Rule() engine.Rule {
	return rulingWindRoll
}

// windSet is a wind card setting the wind to its own direction.
type windSet struct {
	Seat engine.Seat
	Card Card
}

// Words says the fact.
func (f windSet) Words() string {
	return seatRef(f.Seat) + " plays " + f.Card.Name() + ": the wind will blow " + f.Card.Dir().String() + "."
}

// Rule implements engine.Ruled.
func (windSet) Rule() engine.Rule {
	return ruleCardWind
}

// bucketEmptied is a player's Bucket used on a line of squares.
type bucketEmptied struct {
	Seat    engine.Seat
	Where   stretch
	Changed tally
}

// Words says the fact.
func (f bucketEmptied) Words() string {
	return seatRef(f.Seat) + " empties the Bucket on " + f.Where.String() + ": " + f.Changed.String() + "."
}

// Rule implements engine.Ruled.
func (bucketEmptied) Rule() engine.Rule {
	return rulingBucket
}

// handKept is a Firestorm redraw in which a player keeps every card.
type handKept struct{ Seat engine.Seat }

// Words says the fact.
func (f handKept) Words() string { return seatRef(f.Seat) + " keeps their hand." }

// discarded is a player discarding cards, without naming them.
type discarded struct {
	Seat  engine.Seat
	Cards int
}

// Words says the fact.
func (f discarded) Words() string {
	return seatRef(f.Seat) + " discards " + plural(f.Cards, "card") + "."
}

// reshuffled is the discard pile becoming the new draw pile.
type reshuffled struct{}

// Words says the fact.
func (reshuffled) Words() string { return "The discard pile is shuffled into a new draw pile." }

// Rule implements engine.Ruled.
func (reshuffled) Rule() engine.Rule {
	return ruleReshuffle
}

// drew is the cards a player drew at once, told to that player: the
// first N of Cards.
type drew struct {
	Cards [8]Card // a hand's worth
	N     int
}

// Words says the fact.
func (f drew) Words() string { return "You drew " + cardList(f.Cards[:f.N]) + "." }

// Rule implements engine.Ruled.
func (drew) Rule() engine.Rule {
	return ruleDrawUp
}

// firestormDrawn is a player drawing the Firestorm card.
type firestormDrawn struct{ Seat engine.Seat }

// Words says the fact.
func (f firestormDrawn) Words() string { return seatRef(f.Seat) + " draws the Firestorm!" }

// Rule implements engine.Ruled.
func (firestormDrawn) Rule() engine.Rule {
	return rulingFirestorm
}

// stormed is a firestorm (the card's, or the partial one after a burned
// tower) blowing one way and setting Gems new gems at once.
type stormed struct {
	Partial bool
	Dir     Dir
	Gems    int
}

// Words says the fact.
func (f stormed) Words() string {
	what := "The Firestorm"
	if f.Partial {
		what = "A partial firestorm"
	}
	return what + " blows " + f.Dir.String() + ": " + plural(f.Gems, "new gem") + "."
}

// Rule implements engine.Ruled.
func (f stormed) Rule() engine.Rule {
	if f.Partial {
		return rulingPartial
	}
	return ruleStorm
}

// windRerolled is the die setting the wind after a firestorm.
type windRerolled struct{ Wind Dir }

// Words says the fact.
func (f windRerolled) Words() string { return "The die sets the wind to " + f.Wind.String() + "." }

// Rule implements engine.Ruled.
func (windRerolled) Rule() engine.Rule {
	return ruleStormWind
}

// towerBurned is a player's tower catching fire; Out when that puts the
// player out of the game (always, but in the team variant).
type towerBurned struct {
	Seat  engine.Seat
	Tower Tower
	Out   bool
}

// Words says the fact.
func (f towerBurned) Words() string {
	burns := seatRef(f.Seat) + "'s " + f.Tower.String() + " tower burns"
	if f.Out {
		return burns + ": " + seatRef(f.Seat) + " is out of the game!"
	}
	return burns + "!"
}

// Rule implements engine.Ruled.
func (f towerBurned) Rule() engine.Rule {
	if f.Out {
		return ruleOut
	}
	return ruleTeamBurn
}

// cardsTaken is an eliminator taking the cards of the player put out.
type cardsTaken struct {
	By, From engine.Seat
	Cards    int
}

// Words says the fact.
func (f cardsTaken) Words() string {
	return seatRef(f.By) + " takes " + seatRef(f.From) + "'s " + plural(f.Cards, "card") + "."
}

// Rule implements engine.Ruled.
func (cardsTaken) Rule() engine.Rule {
	return ruleTakeCards
}

// cardsDropped is the cards of a player put out going to the discard pile.
type cardsDropped struct {
	Seat  engine.Seat
	Cards int
}

// Words says the fact.
func (f cardsDropped) Words() string {
	return seatRef(f.Seat) + "'s " + plural(f.Cards, "card") + " go to the discard pile."
}

// Rule implements engine.Ruled.
func (cardsDropped) Rule() engine.Rule {
	return rulingOwnTower
}

// handGrew is the hand size after an elimination.
type handGrew struct{ Size int }

// Words says the fact.
func (f handGrew) Words() string {
	return "Everyone now plays with " + strconv.Itoa(f.Size) + " cards."
}

// Rule implements engine.Ruled.
func (handGrew) Rule() engine.Rule {
	return ruleHandGrows
}
