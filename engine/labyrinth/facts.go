package labyrinth

import (
	"strconv"
	"strings"

	"arcade/engine"
)

// The game's events: each fact type below holds the numbers its words
// need, and says them here. Every event of the game is public.

// choseBook is a seat choosing the genre of its N-th starting Book, which
// stays hidden until the reveal.
type choseBook struct {
	Seat engine.Seat
	N    int
}

// Words implements engine.Fact.
func (f choseBook) Words() string {
	return seatRef(f.Seat) + " chooses a starting Book (" + strconv.Itoa(f.N) + " of " + strconv.Itoa(StartBooks) + ")."
}

// revealed is every seat having chosen: the starting Books are dealt.
type revealed struct{}

// Words implements engine.Fact.
func (revealed) Words() string { return "Everyone has chosen: the starting Books are revealed." }

// Rule implements engine.Ruled: the choices are revealed together.
func (revealed) Rule() engine.Rule { return rulingStartBooks }

// pickedBook is a starting Book dealt to a seat at the reveal: of the
// genre it asked for, or of the next one when that deck ran out.
type pickedBook struct {
	Seat               engine.Seat
	Book, Genre, Asked int
}

// Words implements engine.Fact.
func (f pickedBook) Words() string {
	s := seatRef(f.Seat) + " takes " + Books[f.Book].Name + " (" + GenreNames[f.Genre] + ")"
	if f.Asked != f.Genre {
		s += ": the " + GenreNames[f.Asked] + " deck ran out"
	}
	return s + "."
}

// Rule implements engine.Ruled: a Book of another genre is dealt when the
// genre asked for ran out; a Book of the genre chosen cites nothing.
func (f pickedBook) Rule() engine.Rule {
	if f.Asked != f.Genre {
		return rulingStartBooks
	}
	return ""
}

// firstTurn is the first turn beginning, seat 0's.
type firstTurn struct{ Actions int }

// Words implements engine.Fact.
func (f firstTurn) Words() string {
	return "Turn 1: " + seatRef(0) + " begins with " + strconv.Itoa(f.Actions) + " actions."
}

// Rule implements engine.Ruled: seat 1 plays first.
func (firstTurn) Rule() engine.Rule { return ruleFirstTurn }

// turnBegins is a later turn beginning.
type turnBegins struct {
	TurnNo  int
	Seat    engine.Seat
	Actions int
}

// Words implements engine.Fact.
func (f turnBegins) Words() string {
	return "Turn " + strconv.Itoa(f.TurnNo) + ": " + seatRef(f.Seat) + " has " + strconv.Itoa(f.Actions) + " actions."
}

// Rule implements engine.Ruled: the turn passes to the next seat.
func (turnBegins) Rule() engine.Rule { return ruleTurnOrder }

// playedTime is a Time Machine played for one more action.
type playedTime struct {
	Seat engine.Seat
	Card int
}

// Words implements engine.Fact.
func (f playedTime) Words() string {
	return seatRef(f.Seat) + " plays " + CardName(f.Card) + ": one more action."
}

// passedAction is the Pass-An-Action token given to the next seat.
type passedAction struct{ Seat, To engine.Seat }

// Words implements engine.Fact.
func (f passedAction) Words() string {
	return seatRef(f.Seat) + " passes an action to " + seatRef(f.To) + "."
}

// used is booster cards spent, each for one effect.
type used struct {
	Seat  engine.Seat
	N     int // Spent[:N] are the cards
	Spent [HandLimit + 2]spending
}

// add appends a card spent for an effect.
func (f *used) add(card int, effect Boost) {
	f.Spent[f.N] = spending{card, effect}
	f.N++
}

// usedOne is one booster card spent for an effect.
func usedOne(s engine.Seat, card int, effect Boost) used {
	u := used{Seat: s}
	u.add(card, effect)
	return u
}

// Words implements engine.Fact.
func (f used) Words() string {
	names := make([]string, f.N)
	for i, u := range f.Spent[:f.N] {
		names[i] = CardName(u.card) + " (" + u.effect.String() + ")"
	}
	return seatRef(f.Seat) + " uses " + strings.Join(names, ", ") + "."
}

// rotated is a tile turned a quarter turn by a player.
type rotated struct {
	Seat engine.Seat
	Tile int
	Anti bool // anticlockwise
}

// Words implements engine.Fact.
func (f rotated) Words() string {
	way := "clockwise"
	if f.Anti {
		way = "anticlockwise"
	}
	return seatRef(f.Seat) + " rotates " + TileName(f.Tile) + " " + way + "."
}

// tookBook is a Book drawn from a genre's deck by an action.
type tookBook struct {
	Seat        engine.Seat
	Book, Genre int
}

// Words implements engine.Fact.
func (f tookBook) Words() string {
	return seatRef(f.Seat) + " takes " + Books[f.Book].Name + " (" + GenreNames[f.Genre] + ", " + cardLetters[f.Book] + ")."
}

// passed is a card given to, or taken from, a pass partner: a seat, or
// the Trolley in the solo game.
type passed struct {
	Seat    engine.Seat
	Card    int
	Partner engine.Seat
	Solo    bool // the partner is the Trolley
	Took    bool // the card came from the partner
}

// Words implements engine.Fact.
func (f passed) Words() string {
	partner := "the Trolley"
	if !f.Solo {
		partner = seatRef(f.Partner)
	}
	if f.Took {
		return seatRef(f.Seat) + " takes " + CardName(f.Card) + " from " + partner + "."
	}
	return seatRef(f.Seat) + " gives " + CardName(f.Card) + " to " + partner + "."
}

// discarded is a card discarded from a hand or the Trolley's.
type discarded struct {
	Seat    engine.Seat
	Card    int
	Trolley bool // from the Trolley's hand
	OffTurn bool // out of turn, from the seat's own hand
}

// Words implements engine.Fact.
func (f discarded) Words() string {
	whose := ""
	switch {
	case f.Trolley:
		whose = " from the Trolley"
	case f.OffTurn:
		whose = " out of turn"
	}
	return seatRef(f.Seat) + " discards " + CardName(f.Card) + whose + "."
}

// moved is a piece moved from one tile to another.
type moved struct {
	Seat     engine.Seat
	Piece    int // PieceMeeple, PieceTrolley or PieceRide
	From, To int
}

// Words implements engine.Fact.
func (f moved) Words() string {
	how := " moves from "
	switch f.Piece {
	case PieceTrolley:
		how = " moves the Trolley from "
	case PieceRide:
		how = " rides with the Trolley from "
	}
	return seatRef(f.Seat) + how + TileName(f.From) + " to " + TileName(f.To) + "."
}

// drewReward is a Reward card drawn into a seat's hand or the Trolley's.
type drewReward struct {
	Seat     engine.Seat
	Card     int
	Trolley  bool // into the Trolley's hand
	Returned bool // for a Terror returned
}

// Words implements engine.Fact.
func (f drewReward) Words() string {
	who := "The Trolley"
	if !f.Trolley {
		who = seatRef(f.Seat)
	}
	return who + " draws the Reward card " + CardName(f.Card) + "."
}

// Rule implements engine.Ruled: a return draws a Reward card, and so does
// a move ending on a Reward tile (the Trolley's into its own hand).
func (f drewReward) Rule() engine.Rule {
	switch {
	case f.Returned:
		return ruleReturnReward
	case f.Trolley:
		return rulingTrolleyAlone
	}
	return ruleRewardTile
}

// captured is a Terror captured with cards, one of them perhaps
// photocopied.
type captured struct {
	Seat   engine.Seat
	Terror int
	N      int // Cards[:N] are the cards used
	Cards  [maxPool]int
	Copied int // -1: none
}

// Words implements engine.Fact.
func (f captured) Words() string {
	text := seatRef(f.Seat) + " captures the " + Terrors[f.Terror].Name + " with " + cardList(f.Cards[:f.N], false)
	if f.Copied >= 0 {
		text += " (" + CardName(f.Copied) + " photocopied)"
	}
	return text + "."
}

// Rule implements engine.Ruled: the cards go under the Terror, one slot.
func (captured) Rule() engine.Rule { return ruleCaptureSlot }

// returnedTerror is a captured Terror returned to a Shelf.
type returnedTerror struct {
	Seat          engine.Seat
	Terror, Shelf int
}

// Words implements engine.Fact.
func (f returnedTerror) Words() string {
	return seatRef(f.Seat) + " returns the " + Terrors[f.Terror].Name + " to the " + GenreNames[f.Shelf] + " Shelf."
}

// Rule implements engine.Ruled: the Terror goes back with the Shelf.
func (returnedTerror) Rule() engine.Rule { return ruleReturnSymbol }

// flipped is a dark tile flipped lit, by a player or the Bookwyrm.
type flipped struct {
	Seat  engine.Seat
	Wyrm  bool // the Bookwyrm flipped it
	Tile  int
	Kind  TileKind
	Shape Shape
}

// Words implements engine.Fact.
func (f flipped) Words() string {
	who := "The Bookwyrm"
	if !f.Wyrm {
		who = seatRef(f.Seat)
	}
	return who + " flips " + TileName(f.Tile) + ": " + describeTile(f.Kind, f.Shape) + "."
}

// Rule implements engine.Ruled: the Bookwyrm flips a dark tile lit; a
// player's flip is their own choice.
func (f flipped) Rule() engine.Rule {
	if f.Wyrm {
		return ruleStrikeDark
	}
	return ""
}

// shelfAppears is a Shelf token placed on a Shelf tile.
type shelfAppears struct{ Genre, Tile int }

// Words implements engine.Fact.
func (f shelfAppears) Words() string {
	return article(GenreNames[f.Genre]) + " Shelf appears on " + TileName(f.Tile) + "."
}

// Rule implements engine.Ruled: a Shelf tile activates when lit.
func (shelfAppears) Rule() engine.Rule { return ruleActivate }

// terrorAppears is a Terror token placed on a Terror tile: one just lit,
// or an empty one the Bookwyrm wakes (Woken).
type terrorAppears struct {
	Terror, Tile int
	Woken        bool
}

// Words implements engine.Fact.
func (f terrorAppears) Words() string {
	return "The " + Terrors[f.Terror].Name + " (" + terrorLetters[f.Terror] + ") appears on " + TileName(f.Tile) + "."
}

// Rule implements engine.Ruled: a Terror tile activates when lit, or the
// Bookwyrm wakes an empty one.
func (f terrorAppears) Rule() engine.Rule {
	if f.Woken {
		return ruleStrikeWake
	}
	return ruleActivate
}

// noToken is a tile left without the token it takes: the stack is empty.
type noToken struct {
	Tile   int
	Terror bool // a Terror token, else a Shelf token
}

// Words implements engine.Fact.
func (f noToken) Words() string {
	token := "Shelf"
	if f.Terror {
		token = "Terror"
	}
	return "No " + token + " token is left for " + TileName(f.Tile) + "."
}

// Rule implements engine.Ruled: an empty stack places nothing.
func (f noToken) Rule() engine.Rule {
	if f.Terror {
		return rulingNoTerror
	}
	return rulingNoShelf
}

// disturbance is a Disturbance card revealed.
type disturbance struct{ Card int }

// Words implements engine.Fact.
func (f disturbance) Words() string {
	return "Disturbance: " + disturbanceView(f.Card).Text + " of the Bookwyrm."
}

// Rule implements engine.Ruled: the turn's Disturbance card strikes; a
// double curse strikes two tiles.
func (f disturbance) Rule() engine.Rule {
	if len(disturbCorners(f.Card)) > 1 {
		return rulingDoubleCurse
	}
	return ruleDisturb
}

// wyrmStrike is how the Bookwyrm disturbs a lit tile.
type wyrmStrike int

// The Bookwyrm's strikes on a lit tile.
const (
	wyrmTurns wyrmStrike = iota // turns it clockwise
	wyrmWakes                   // wakes an empty Terror tile
	wyrmDims                    // flips it dark
)

// struck is the Bookwyrm striking a lit tile.
type struck struct {
	Tile   int
	Strike wyrmStrike
}

// Words implements engine.Fact.
func (f struck) Words() string {
	switch f.Strike {
	case wyrmTurns:
		return "The Bookwyrm turns " + TileName(f.Tile) + " clockwise."
	case wyrmWakes:
		return "The Bookwyrm wakes the Terror tile " + TileName(f.Tile) + "."
	}
	return "The Bookwyrm flips " + TileName(f.Tile) + " dark."
}

// Rule implements engine.Ruled: the row of the Disturbance table that
// applies to the tile.
func (f struck) Rule() engine.Rule {
	switch f.Strike {
	case wyrmTurns:
		return rulingStrikeTurns
	case wyrmWakes:
		return ruleStrikeWake
	}
	return ruleStrikeDim
}

// ending is how a game ends.
type ending int

// The ends of a game.
const (
	librarySaved ending = iota // every Shelf genre has its Terror back
	overrun                    // six Terrors on the grid
	outOfTime                  // the Disturbance deck ran out
)

// gameOver is the game's end, with the number of shelves filled.
type gameOver struct {
	End    ending
	Filled int
}

// Words implements engine.Fact.
func (f gameOver) Words() string {
	if f.End == librarySaved {
		return "Every Shelf genre has its Terror back: the library is saved!"
	}
	lost := "Out of Time"
	if f.End == overrun {
		lost = "Six Terrors overrun the library"
	}
	return lost + ": the game is lost (" + strconv.Itoa(f.Filled) + " of 6 shelves filled)."
}

// Rule implements engine.Ruled: the rule that ends the game.
func (f gameOver) Rule() engine.Rule {
	switch f.End {
	case librarySaved:
		return ruleWin
	case overrun:
		return rulingSixTerrors
	}
	return ruleOutOfTime
}

// describeTile names a lit tile's kind and shape.
func describeTile(kind TileKind, shape Shape) string {
	name := map[Shape]string{ShapeCross: "crossroads", ShapeT: "T-junction", ShapeCorner: "corner"}[shape]
	switch kind {
	case KindCross:
		return "a crossroads"
	case KindTerror:
		return "a Terror " + name
	case KindShelf:
		return "a Shelf " + name
	case KindReward:
		return "a Reward " + name
	}
	return "the compass"
}

// article puts "A" or "An" before a name: "An Amazing Lives".
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "An " + name
	}
	return "A " + name
}

// seatRefs are engine.SeatRef of the seats a game can have.
var seatRefs = func() (out [5]string) {
	for s := range out {
		out[s] = engine.SeatRef(engine.Seat(s))
	}
	return out
}()

// seatRef is engine.SeatRef(s), without formatting it anew.
func seatRef(s engine.Seat) string {
	if s >= 0 && int(s) < len(seatRefs) {
		return seatRefs[s]
	}
	return engine.SeatRef(s)
}
