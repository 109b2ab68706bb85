package fireproto

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// This file holds the game's facts (what the rules record as a move's
// events, all public) and their words. Seats are named with
// engine.SeatRef, Turn Order cards by number and layout, colours by name.

// The rules of rules.md that more than one fact, refusal or test cites.
const (
	// ruleChoosing is the choice of Turn Order cards that starts a round.
	ruleChoosing engine.Rule = "a round starts with the players choosing Turn Order cards"
	// ruleTurns is the order of the turns in a round.
	ruleTurns engine.Rule = "The players take their turns in card order"
	// ruleDouse is a Bucket spent to douse a fire.
	ruleDouse engine.Rule = "Whenever you draw a fire you may spend a Bucket to douse it"
)

// seatGroup is a few seats in a given order, as a fact holds them.
type seatGroup struct {
	Seats [len(seats)]engine.Seat // room for a full table
	N     int
}

// groupOf is the group of ss, in their order.
func groupOf(ss []engine.Seat) seatGroup {
	var g seatGroup
	g.N = copy(g.Seats[:], ss)
	return g
}

// list is the group's seats.
func (g seatGroup) list() []engine.Seat { return g.Seats[:g.N] }

// seatList names seats in the given order: "{seat2}, then {seat0}".
func seatList(ss []engine.Seat) string {
	names := make([]string, len(ss))
	for i, s := range ss {
		names[i] = engine.SeatRef(s)
	}
	return strings.Join(names, ", then ")
}

// tokenName is a token as a log line names it: "a fire", "a White book".
func tokenName(t Token) string {
	if t == Fire {
		return "a fire"
	}
	return "a " + colours[t].Name + " book"
}

// roundBegan is a round from the second on starting with the players'
// choice of Turn Order cards.
type roundBegan struct{ Round int }

// Words says the fact.
func (f roundBegan) Words() string {
	return fmt.Sprintf("Round %d begins: players choose Turn Order cards, least knowledge first", f.Round)
}

// Rule cites the choice of cards at the start of a round.
func (roundBegan) Rule() engine.Rule { return ruleChoosing }

// tieDrawn is the random order drawn among players tied on knowledge.
type tieDrawn struct {
	Order     seatGroup
	Knowledge int
}

// Words says the fact.
func (f tieDrawn) Words() string {
	order := f.Order.list()
	return fmt.Sprintf("%s are tied on %d knowledge; the order among them is drawn at random: %s",
		engine.JoinSeats(slices.Sorted(slices.Values(order))), f.Knowledge, seatList(order))
}

// Rule cites the ruling on ties in the choice of cards.
func (tieDrawn) Rule() engine.Rule { return engine.Ruling(4) }

// cardTaken is a player taking a Turn Order card; Only when it was the
// only one left.
type cardTaken struct {
	Seat   engine.Seat
	Number int
	Only   bool
}

// Words says the fact.
func (f cardTaken) Words() string {
	note := ""
	if f.Only {
		note = " (the only one left)"
	}
	return fmt.Sprintf("%s takes the %s Turn Order card: %s%s", engine.SeatRef(f.Seat), engine.Ordinal(f.Number),
		layout(f.Number), note)
}

// Rule cites the last card going to the last chooser; a card chosen is
// the player's own choice.
func (f cardTaken) Rule() engine.Rule {
	if f.Only {
		return "The last player takes the card that is left"
	}
	return ""
}

// bagTaken is a player's turn starting: the holder of Turn Order card
// Number takes the bag.
type bagTaken struct {
	Seat   engine.Seat
	Number int
}

// Words says the fact.
func (f bagTaken) Words() string {
	return fmt.Sprintf("%s takes the bag (%s card: %s)", engine.SeatRef(f.Seat), engine.Ordinal(f.Number),
		layout(f.Number))
}

// Rule cites the order of the turns.
func (bagTaken) Rule() engine.Rule { return ruleTurns }

// tokenDrawn is a token drawn onto a space of Turn Order card Card:
// Burns when it is a fire that ends the turn unless doused, NoBucket when
// the player has no Bucket to douse it.
type tokenDrawn struct {
	Seat     engine.Seat
	Token    Token
	Card     int
	Space    int
	Burns    bool
	NoBucket bool
}

// Words says the fact.
func (f tokenDrawn) Words() string {
	where := fmt.Sprintf("%s drew %s onto space %d (%s)", engine.SeatRef(f.Seat), tokenName(f.Token), f.Space+1,
		spaceName(f.Card, f.Space))
	switch {
	case f.Token != Fire:
		return where
	case !f.Burns:
		return where + ": the first fire on a safe space is only a warning"
	}
	why := "it is on a risky space"
	if !risky(f.Card, f.Space) {
		why = "it is a second fire"
	}
	if f.NoBucket {
		return fmt.Sprintf("%s: %s and no Bucket can douse it", where, why)
	}
	return fmt.Sprintf("%s: %s; %s may spend a Bucket to douse it", where, why, engine.SeatRef(f.Seat))
}

// Rule cites the fire test for a fire; a book is just found.
func (f tokenDrawn) Rule() engine.Rule {
	if f.Token == Fire {
		return engine.Ruling(9)
	}
	return ""
}

// cardFull is a player's Turn Order card filling up, which scores it.
type cardFull struct{ Seat engine.Seat }

// Words says the fact.
func (f cardFull) Words() string { return engine.SeatRef(f.Seat) + "'s Turn Order card is full" }

// Rule cites the ruling that a full card scores.
func (cardFull) Rule() engine.Rule { return engine.Ruling(14) }

// doused is a Bucket spent on the fire on a space; Left Buckets remain.
type doused struct {
	Seat  engine.Seat
	Space int
	Left  int
}

// Words says the fact.
func (f doused) Words() string {
	return fmt.Sprintf("%s spends a Bucket and douses the fire on space %d (%d %s left)", engine.SeatRef(f.Seat),
		f.Space+1, f.Left, engine.Plural(f.Left, "Bucket", "Buckets"))
}

// Rule cites what a doused fire does: it keeps its space.
func (doused) Rule() engine.Rule { return engine.Ruling(3) }

// turnBurned is a turn ending in fire with Books books on the card.
type turnBurned struct {
	Seat  engine.Seat
	Books int
}

// Words says the fact.
func (f turnBurned) Words() string {
	if f.Books == 0 {
		return engine.SeatRef(f.Seat) + "'s turn ends in fire; no books were found, so none burn"
	}
	return fmt.Sprintf("%s's turn ends in fire: %d %s", engine.SeatRef(f.Seat), f.Books,
		engine.Plural(f.Books, "book burns", "books burn"))
}

// Rule cites the books burning, or the ruling on a card with none.
func (f turnBurned) Rule() engine.Rule {
	if f.Books == 0 {
		return engine.Ruling(13)
	}
	return "every book on your card burns"
}

// bookBurned is a burned book moving its colour's tracker: a book of
// that colour is worth Value now.
type bookBurned struct{ Colour, Value int }

// Words says the fact.
func (f bookBurned) Words() string {
	name := colours[f.Colour].Name
	return fmt.Sprintf("%s burns: a %s book is now worth %d", name, name, f.Value)
}

// Rule cites what burning a book does.
func (bookBurned) Rule() engine.Rule { return "Burning a book moves its tracker one space right" }

// wingCollapsed is a colour's tracker reaching its X.
type wingCollapsed struct{ Colour int }

// Words says the fact.
func (f wingCollapsed) Words() string {
	return colours[f.Colour].Name + " burns to the X: that wing of the library collapses!"
}

// Rule cites the ruling on a tracker reaching its X mid-burn.
func (wingCollapsed) Rule() engine.Rule { return engine.Ruling(12) }

// bucketsFull is a player who burned and holds two Buckets already.
type bucketsFull struct{ Seat engine.Seat }

// Words says the fact.
func (f bucketsFull) Words() string {
	return engine.SeatRef(f.Seat) + " already holds two Buckets and takes none"
}

// Rule cites the limit of two Buckets.
func (bucketsFull) Rule() engine.Rule { return engine.Ruling(11) }

// bucketTaken is a player who burned taking a Bucket, now holding Holds.
type bucketTaken struct {
	Seat  engine.Seat
	Holds int
}

// Words says the fact.
func (f bucketTaken) Words() string {
	return fmt.Sprintf("%s takes a Bucket (now holds %d)", engine.SeatRef(f.Seat), f.Holds)
}

// Rule cites the Bucket taken after a turn ends in fire.
func (bucketTaken) Rule() engine.Rule { return "you take a Bucket unless you already hold two" }

// scored is a player scoring the books on their card plus its bravery,
// reaching Total knowledge.
type scored struct {
	Seat                    engine.Seat
	Books, Knowledge, Brave int
	Total                   int
}

// Words says the fact.
func (f scored) Words() string {
	return fmt.Sprintf("%s scores %d %s: %d knowledge + %d bravery = %d (now %d)", engine.SeatRef(f.Seat), f.Books,
		engine.Plural(f.Books, "book", "books"), f.Knowledge, f.Brave, f.Knowledge+f.Brave, f.Total)
}

// Rule cites what a score is worth.
func (scored) Rule() engine.Rule {
	return "gain the current value of each book on your card plus your card's bravery"
}

// goalReached is a player reaching the knowledge that ends the game.
type goalReached struct {
	Seat  engine.Seat
	Total int
}

// Words says the fact.
func (f goalReached) Words() string {
	return fmt.Sprintf("%s reaches %d knowledge!", engine.SeatRef(f.Seat), f.Total)
}

// Rule cites the ruling on reaching 100.
func (goalReached) Rule() engine.Rule { return engine.Ruling(1) }

// gameOver is the end of the game in round Round: colour Shelf's tracker
// reached its X or, when Shelf is -1, Seat reached Total knowledge; the
// Winners lead with Best.
type gameOver struct {
	Round   int
	Shelf   int
	Seat    engine.Seat
	Total   int
	Winners seatGroup
	Best    int
}

// Words says the fact.
func (f gameOver) Words() string { return "Game over: " + f.summary() }

// Rule cites the end that came: a wing collapsing or a player reaching
// 100 knowledge.
func (f gameOver) Rule() engine.Rule {
	if f.Shelf >= 0 {
		return "when a tracker reaches the X of its shelf"
	}
	return "when a player reaches 100 knowledge"
}

// summary is the outcome's summary: why the game ended and who won.
func (f gameOver) summary() string {
	reason := fmt.Sprintf("%s reached %d knowledge in round %d.", engine.SeatRef(f.Seat), f.Total, f.Round)
	if f.Shelf >= 0 {
		reason = fmt.Sprintf("The %s shelf reached its X in round %d.", colours[f.Shelf].Name, f.Round)
	}
	return reason + " " + engine.WinText(f.Winners.list(), f.Best, "knowledge", "knowledge")
}
