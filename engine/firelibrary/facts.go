package firelibrary

import (
	"fmt"
	"strings"

	"arcade/engine"
)

// This file holds the game's event words: the facts Apply records (small
// comparable values, engine.Fact), how each says itself and, where the
// rules made it happen or it is a tool's effect, the rule it cites
// (engine.Ruled; why.go names the rules). Seats are seat references; the
// Robot is named in words.

// notice is a fact that is one fixed sentence.
type notice uint8

// The fixed sentences.
const (
	cardsRenewed   notice = iota // solo: every Turn Order card was used
	swapsOpen                    // step 3: the swap window opens
	deckReshuffled               // the discard pile became the tool deck
	mapDeckEmpty                 // a Map finds no tool to draw
	wildNoTool                   // Wild Fire: no tool for escaping
	burnCalls                    // No Tool: everyone may call Burn!
)

var notices = [...]string{
	cardsRenewed:   "Every Turn Order card has been used: all six are available again",
	swapsOpen:      "Everyone may discard one tool and draw a new one",
	deckReshuffled: "The tool discard pile is shuffled into a new tool deck",
	mapDeckEmpty:   "No tool is left to draw",
	wildNoTool:     "Wild Fire: no tool for escaping early",
	burnCalls:      "Burn! Every player who calls it scores 1 point",
}

// Words implements engine.Fact.
func (n notice) Words() string { return notices[n] }

// Rule implements engine.Ruled.
func (n notice) Rule() engine.Rule { return noticeRules[n] }

// noticeRules are the rules behind the fixed sentences.
var noticeRules = [...]engine.Rule{
	cardsRenewed: ruleCardsBack, swapsOpen: ruleSwap, deckReshuffled: rulingEmptyDeck,
	mapDeckEmpty: rulingEmptyDeck, wildNoTool: ruleWildFire, burnCalls: ruleBurnCall,
}

// savedWords is an event of a saved state's setup, restored as the words
// and the rule (Why) it was saved with.
type savedWords struct {
	Text string
	Why  engine.Rule
}

// Words implements engine.Fact.
func (w savedWords) Words() string { return w.Text }

// Rule implements engine.Ruled.
func (w savedWords) Rule() engine.Rule { return w.Why }

// sectionBurned is the top card of Section burning: the next one is worth
// Value, or the section burned Down and the Library collapses. Why is the
// rule that burned it.
type sectionBurned struct {
	Section, Value int
	Down           bool
	Why            engine.Rule
}

// Words implements engine.Fact.
func (f sectionBurned) Words() string {
	sec := sections[f.Section]
	if f.Down {
		return fmt.Sprintf("%s (%s) burns down: the Library collapses!", sec.Name, sec.Colour)
	}
	return fmt.Sprintf("%s (%s) burns: now worth %d", sec.Name, sec.Colour, f.Value)
}

// Rule implements engine.Ruled.
func (f sectionBurned) Rule() engine.Rule {
	if f.Down {
		return rulingCollapse
	}
	return f.Why
}

// iconRevealed is a fire icon coming up in Section; Added: an unused fire
// went into the bag (none was left otherwise).
type iconRevealed struct {
	Section int
	Added   bool
}

// Words implements engine.Fact.
func (f iconRevealed) Words() string {
	if f.Added {
		return fmt.Sprintf("A fire icon is revealed in %s: a Fire token goes into the bag", sections[f.Section].Name)
	}
	return fmt.Sprintf("A fire icon is revealed in %s, but no unused Fire tokens are left", sections[f.Section].Name)
}

// Rule implements engine.Ruled.
func (f iconRevealed) Rule() engine.Rule { return rulingIcon }

// burnIndex is where the next burn strikes: the lowest burn Index, or for
// a burning Technology book (Tech) the highest, in Section. Why is the
// rule that burns the lowest.
type burnIndex struct {
	Section, Index int
	Tech           bool
	Why            engine.Rule
}

// Words implements engine.Fact.
func (f burnIndex) Words() string {
	if f.Tech {
		return fmt.Sprintf("A Technology book burns: the highest burn index is %d, in %s", f.Index,
			sections[f.Section].Name)
	}
	return fmt.Sprintf("The lowest burn index is %d, in %s", f.Index, sections[f.Section].Name)
}

// Rule implements engine.Ruled.
func (f burnIndex) Rule() engine.Rule {
	if f.Tech {
		return rulingTech
	}
	return f.Why
}

// lockboxScored is a Lockbox's Book scoring again at the end of the game.
type lockboxScored struct {
	Seat          engine.Seat
	Book          Token
	Points, Score int
}

// Words implements engine.Fact.
func (f lockboxScored) Words() string {
	return fmt.Sprintf("%s's Lockbox holds %s: %d points (score %d)", seat(f.Seat), tokenName(f.Book), f.Points, f.Score)
}

// Rule implements engine.Ruled.
func (f lockboxScored) Rule() engine.Rule { return toolRules[toolLockbox] }

// endBookScored is a Book left on Seat's card (or given to the Robot)
// scoring at the end of the game.
type endBookScored struct {
	Seat          engine.Seat
	Book          Token
	Points, Score int
}

// Words implements engine.Fact.
func (f endBookScored) Words() string {
	if f.Seat == robotSeat {
		return fmt.Sprintf("The Robot's %s scores %d at the end (score %d)", tokenName(f.Book), f.Points, f.Score)
	}
	return fmt.Sprintf("%s's %s on their Turn Order card scores %d (score %d)", seat(f.Seat), tokenName(f.Book),
		f.Points, f.Score)
}

// Rule implements engine.Ruled.
func (f endBookScored) Rule() engine.Rule {
	if f.Seat == robotSeat {
		return rulingRobot
	}
	return ruleEndBooks
}

// loneBurned is the Lone Librarian's loss for the Missed turns of a
// Library that burned down.
type loneBurned struct{ Missed, Points int }

// Words implements engine.Fact.
func (f loneBurned) Words() string {
	return fmt.Sprintf("The Library burned down with %d %s not taken: %d points", f.Missed,
		engine.Plural(f.Missed, "turn", "turns"), f.Points)
}

// Rule implements engine.Ruled.
func (f loneBurned) Rule() engine.Rule { return ruleLoneBurned }

// loneStanding is the Lone Librarian's gain for the Sections standing
// after all the turns.
type loneStanding struct{ Sections, Points int }

// Words implements engine.Fact.
func (f loneStanding) Words() string {
	return fmt.Sprintf("All %d turns taken with %d %s of the Library standing: +%d points", loneRounds, f.Sections,
		engine.Plural(f.Sections, "Section", "Sections"), f.Points)
}

// Rule implements engine.Ruled.
func (f loneStanding) Rule() engine.Rule { return ruleLoneStanding }

// gameOver is the end of the game with its Summary (the outcome's); Why
// is the rule that says who wins.
type gameOver struct {
	Summary string
	Why     engine.Rule
}

// Words implements engine.Fact.
func (f gameOver) Words() string { return "Game over: " + f.Summary }

// Rule implements engine.Ruled.
func (f gameOver) Rule() engine.Rule { return f.Why }

// tokenRow is a row of tokens kept in a comparable value: one byte per
// token.
type tokenRow string

// rowOf is the row of the tokens ts.
func rowOf(ts []Token) tokenRow {
	b := make([]byte, len(ts))
	for i, t := range ts {
		b[i] = byte(t)
	}
	return tokenRow(b)
}

// names lists the row's colour names, e.g. "yellow, black".
func (r tokenRow) names() string {
	names := make([]string, len(r))
	for i := range len(r) {
		names[i] = Token(int8(r[i])).Name()
	}
	return strings.Join(names, ", ")
}

// heldBooks are the Books given to the Robot and what they score now.
type heldBooks struct {
	Books  tokenRow
	Points int
}

// note describes the books, e.g. " + 5 for its yellow, black books" (""
// for none).
func (h heldBooks) note() string {
	if len(h.Books) == 0 {
		return ""
	}
	return fmt.Sprintf(" + %d for its %s %s", h.Points, h.Books.names(), engine.Plural(len(h.Books), "book", "books"))
}

// robotWhere names the Robot's Turn Order card (0: none), e.g. " (2nd
// card)".
func robotWhere(card int) string {
	if card == 0 {
		return ""
	}
	return " (" + ordinal(card) + " card)"
}

// robotTakesBest is the Solo Robot's turn after books burned: it scores
// the most valuable one, Best, and its Held books.
type robotTakesBest struct {
	Best  int
	Held  heldBooks
	Score int
}

// Words implements engine.Fact.
func (f robotTakesBest) Words() string {
	return fmt.Sprintf("The Robot's turn: books burned this round, so it scores the most valuable, %d%s (score %d)",
		f.Best, f.Held.note(), f.Score)
}

// Rule implements engine.Ruled.
func (f robotTakesBest) Rule() engine.Rule { return rulingSoloRobot }

// robotCannotFlip is the Robot's turn with no tool card left to flip: it
// scores its given books only. Card is its Turn Order card (0: none).
type robotCannotFlip struct{ Card, Points, Score int }

// Words implements engine.Fact.
func (f robotCannotFlip) Words() string {
	return fmt.Sprintf("The Robot's turn%s: no tool card is left to flip, it scores %d (score %d)", robotWhere(f.Card),
		f.Points, f.Score)
}

// Rule implements engine.Ruled.
func (f robotCannotFlip) Rule() engine.Rule { return rulingEmptyDeck }

// robotFlips is the Robot flipping tool card Flip, whose banners say which
// sections burn and which score. Card is its Turn Order card (0: none).
type robotFlips struct{ Card, Flip int }

// Words implements engine.Fact.
func (f robotFlips) Words() string {
	burn, scored := robotSections(f.Flip)
	return fmt.Sprintf("The Robot's turn%s: it flips %s, burns %s and %s, scores %s and %s", robotWhere(f.Card),
		cardTool(f.Flip).Name, sections[burn[0]].Name, sections[burn[1]].Name, sections[scored[0]].Name,
		sections[scored[1]].Name)
}

// Rule implements engine.Ruled.
func (f robotFlips) Rule() engine.Rule {
	if f.Card == 0 {
		return ruleSoloRobot
	}
	return ruleRobotTurn
}

// robotScores is the Robot scoring the Values of the two Sections its
// flip named, its Held books and Bravery; Solo: the Solo Robot's.
type robotScores struct {
	Sections, Values [2]int
	Held             heldBooks
	Bravery, Score   int
	Solo             bool
}

// Words implements engine.Fact.
func (f robotScores) Words() string {
	total := f.Values[0] + f.Values[1] + f.Held.Points + f.Bravery
	return fmt.Sprintf("The Robot scores %s %d + %s %d%s + %d bravery = %d (score %d)", sections[f.Sections[0]].Colour,
		f.Values[0], sections[f.Sections[1]].Colour, f.Values[1], f.Held.note(), f.Bravery, total, f.Score)
}

// Rule implements engine.Ruled.
func (f robotScores) Rule() engine.Rule {
	if f.Solo {
		return ruleSoloRobot
	}
	return rulingRobotBrave
}

// roundStart says how a round's Turn Order cards go out.
type roundStart uint8

// How the cards go out.
const (
	startChosen  roundStart = iota // players choose, lowest score first
	startSolo                      // the solo player chooses
	startLone                      // the Lone Librarian's numbered turns
	startInferno                   // dealt at random
)

// roundBegins is the start of Round from round 2.
type roundBegins struct {
	Round int
	How   roundStart
}

// Words implements engine.Fact.
func (f roundBegins) Words() string {
	switch f.How {
	case startLone:
		return fmt.Sprintf("Round %d of %d begins", f.Round, loneRounds)
	case startInferno:
		return fmt.Sprintf("Round %d begins: Inferno, Turn Order cards are dealt at random", f.Round)
	case startSolo:
		return fmt.Sprintf("Round %d begins", f.Round)
	}
	return fmt.Sprintf("Round %d begins: players choose Turn Order cards, lowest score first", f.Round)
}

// Rule implements engine.Ruled.
func (f roundBegins) Rule() engine.Rule { return startRules[f.How] }

// startRules are the rules of how the cards go out.
var startRules = [...]engine.Rule{
	startChosen: ruleChoosing, startSolo: ruleSoloCards, startLone: ruleLoneRounds, startInferno: ruleInferno,
}

// roundBurn says how the Library burns at the end of a round.
type roundBurn uint8

// How the Library burns.
const (
	burnOnce   roundBurn = iota // the lowest burn index burns
	burnTwice                   // Wild Fire
	burnRobot                   // robot variants: no burn in step 3
	burnSpread                  // Lone Librarian after Fire Spreading
)

// roundEnds is the end of Round and how the Library burns.
type roundEnds struct {
	Round int
	How   roundBurn
}

// Words implements engine.Fact.
func (f roundEnds) Words() string {
	switch f.How {
	case burnRobot:
		return fmt.Sprintf("End of round %d (with the Robot, the Library does not burn now)", f.Round)
	case burnSpread:
		return fmt.Sprintf("End of round %d: %s triggered Fire Spreading this turn, so no card burns", f.Round, seat(0))
	case burnTwice:
		return fmt.Sprintf("End of round %d: Wild Fire, the Library burns twice", f.Round)
	}
	return fmt.Sprintf("End of round %d: the Library burns", f.Round)
}

// Rule implements engine.Ruled.
func (f roundEnds) Rule() engine.Rule { return burnRules[f.How] }

// burnRules are the rules of how the Library burns at the end of a round.
var burnRules = [...]engine.Rule{
	burnOnce: ruleStep3Burn, burnTwice: ruleWildFire, burnRobot: ruleRobotNoBurn, burnSpread: rulingLone,
}

// cardHow says how a seat came to hold a Turn Order card.
type cardHow uint8

// How a card is taken.
const (
	cardChosen   cardHow = iota // the seat chose it
	cardEarliest                // the Robot takes the earliest free card
	cardOnly                    // the only card left
	cardDealt                   // dealt at random
)

// cardTaken is Seat taking (or being dealt) Turn Order card Card.
type cardTaken struct {
	Seat engine.Seat
	Card int
	How  cardHow
}

// Words implements engine.Fact.
func (f cardTaken) Words() string {
	if f.How == cardDealt {
		return fmt.Sprintf("%s is dealt the %s Turn Order card: %s", capSeat(f.Seat), ordinal(f.Card), layout(f.Card))
	}
	note := ""
	switch f.How {
	case cardEarliest:
		note = " (the earliest free card)"
	case cardOnly:
		note = " (the only one left)"
	}
	return fmt.Sprintf("%s takes the %s Turn Order card: %s%s", capSeat(f.Seat), ordinal(f.Card), layout(f.Card), note)
}

// Rule implements engine.Ruled.
func (f cardTaken) Rule() engine.Rule { return cardRules[f.How] }

// cardRules are the rules by which a card is taken without a choice.
var cardRules = [...]engine.Rule{cardEarliest: ruleRobotCard, cardOnly: ruleLastCard, cardDealt: ruleInferno}

// bagTaken is Seat's turn beginning with Turn Order card Card; Turn
// numbers the Lone Librarian's turns (0 otherwise).
type bagTaken struct {
	Seat       engine.Seat
	Card, Turn int
}

// Words implements engine.Fact.
func (f bagTaken) Words() string {
	turn := ""
	if f.Turn > 0 {
		turn = fmt.Sprintf(", turn %d of %d", f.Turn, loneRounds)
	}
	return fmt.Sprintf("%s takes the bag (%s card: %s%s)", seat(f.Seat), ordinal(f.Card), layout(f.Card), turn)
}

// Rule implements engine.Ruled.
func (f bagTaken) Rule() engine.Rule {
	if f.Turn > 0 {
		return ruleLoneRounds
	}
	return ruleTurnOrder
}

// swapDecided is, for the deciding seat only, its step 3 decision: the
// tool card it will discard, or -1 to keep its tools.
type swapDecided struct{ Card int }

// Words implements engine.Fact.
func (f swapDecided) Words() string {
	if f.Card < 0 {
		return "You will keep your tools"
	}
	return "You will discard " + cardTool(f.Card).Name
}

// swapMade is Seat swapping a tool in step 3, or keeping its tools (Kept).
type swapMade struct {
	Seat engine.Seat
	Kept bool
}

// Words implements engine.Fact.
func (f swapMade) Words() string {
	if f.Kept {
		return seat(f.Seat) + " keeps their tools"
	}
	return seat(f.Seat) + " swaps a tool"
}

// Rule implements engine.Ruled.
func (f swapMade) Rule() engine.Rule { return rulingSwaps }

// swapDrawn is, for the swapping seat only, the tool card it Discarded and
// the one it Drew.
type swapDrawn struct{ Discarded, Drew int }

// Words implements engine.Fact.
func (f swapDrawn) Words() string {
	return fmt.Sprintf("You discarded %s and drew %s", cardTool(f.Discarded).Name, cardTool(f.Drew).Name)
}

// Rule implements engine.Ruled.
func (f swapDrawn) Rule() engine.Rule { return rulingSwaps }

// marketAdded is tool card Card joining the market.
type marketAdded struct{ Card int }

// Words implements engine.Fact.
func (f marketAdded) Words() string { return cardTool(f.Card).Name + " is added to the tool market" }

// Rule implements engine.Ruled.
func (f marketAdded) Rule() engine.Rule { return ruleMarket }

// toolPlayed is Seat playing a Tool whose play needs no more words: Gloves,
// a Shovel, a Torch or a Cloak.
type toolPlayed struct {
	Seat engine.Seat
	Tool int
}

// Words implements engine.Fact.
func (f toolPlayed) Words() string {
	switch f.Tool {
	case toolGloves:
		return seat(f.Seat) + " plays Gloves: every space on their card is safe this turn (bravery still counts, " +
			"no tool for escaping)"
	case toolCloak:
		return seat(f.Seat) + " plays a Cloak: the fire still spreads"
	}
	return seat(f.Seat) + " plays a " + tools[f.Tool].Name
}

// Rule implements engine.Ruled.
func (f toolPlayed) Rule() engine.Rule { return toolRules[f.Tool] }

// bucketPlayed is Seat's Bucket taking the fire on Space (0-based).
type bucketPlayed struct {
	Seat  engine.Seat
	Space int
}

// Words implements engine.Fact.
func (f bucketPlayed) Words() string {
	return fmt.Sprintf("%s plays a Bucket: the fire on space %d goes on the Bucket, and the fire stops spreading",
		seat(f.Seat), f.Space+1)
}

// Rule implements engine.Ruled.
func (f bucketPlayed) Rule() engine.Rule { return toolRules[toolBucket] }

// axePlayed is Seat's Axe sending the fire and the Active player's Book
// back to the bag, Seat scoring Points.
type axePlayed struct {
	Seat, Active  engine.Seat
	Book          Token
	Points, Score int
}

// Words implements engine.Fact.
func (f axePlayed) Words() string {
	return fmt.Sprintf("%s plays an Axe: the fire and %s's %s go back to the bag, and %s scores %d (score %d)",
		seat(f.Seat), seat(f.Active), bookName(f.Book), seat(f.Seat), f.Points, f.Score)
}

// Rule implements engine.Ruled.
func (f axePlayed) Rule() engine.Rule { return toolRules[toolAxe] }

// collectorPlayed is Seat's Collector's Edition on a Book of which it
// Saved that many this turn.
type collectorPlayed struct {
	Seat                 engine.Seat
	Book                 Token
	Saved, Points, Score int
}

// Words implements engine.Fact.
func (f collectorPlayed) Words() string {
	return fmt.Sprintf("%s plays a Collector's Edition on %s: %d %s saved, +%d (score %d)", seat(f.Seat),
		tokenName(f.Book), f.Saved, engine.Plural(f.Saved, "such book", "such books"), f.Points, f.Score)
}

// Rule implements engine.Ruled.
func (f collectorPlayed) Rule() engine.Rule { return toolRules[toolCollector] }

// cartPlayed is Seat's Library Cart keeping Books out of the bag.
type cartPlayed struct {
	Seat  engine.Seat
	Books int
}

// Words implements engine.Fact.
func (f cartPlayed) Words() string {
	return fmt.Sprintf("%s plays a Library Cart: %d %s stay out of the bag until the end of the round", seat(f.Seat),
		f.Books, engine.Plural(f.Books, "book", "books"))
}

// Rule implements engine.Ruled.
func (f cartPlayed) Rule() engine.Rule { return toolRules[toolCart] }

// lockboxPlayed is Seat locking a Book in a Lockbox.
type lockboxPlayed struct {
	Seat engine.Seat
	Book Token
}

// Words implements engine.Fact.
func (f lockboxPlayed) Words() string {
	return fmt.Sprintf("%s locks %s in a Lockbox: it scores again at the end of the game", seat(f.Seat),
		tokenName(f.Book))
}

// Rule implements engine.Ruled.
func (f lockboxPlayed) Rule() engine.Rule { return toolRules[toolLockbox] }

// mapPlayed is Seat's Map scoring its Bravery again.
type mapPlayed struct {
	Seat           engine.Seat
	Bravery, Score int
}

// Words implements engine.Fact.
func (f mapPlayed) Words() string {
	return fmt.Sprintf("%s plays a Map: %d bravery again (score %d)", seat(f.Seat), f.Bravery, f.Score)
}

// Rule implements engine.Ruled.
func (f mapPlayed) Rule() engine.Rule { return toolRules[toolMap] }

// toolDrawn is Seat drawing a tool from the deck, as everyone sees it.
type toolDrawn struct{ Seat engine.Seat }

// Words implements engine.Fact.
func (f toolDrawn) Words() string { return seat(f.Seat) + " draws a tool from the deck" }

// Rule implements engine.Ruled.
func (f toolDrawn) Rule() engine.Rule { return toolRules[toolMap] }

// deckToolSeen is, for the drawing seat only, the tool Card it took from
// the deck, with a Map or after its turn.
type deckToolSeen struct {
	Card int
	Map  bool
}

// Words implements engine.Fact.
func (f deckToolSeen) Words() string {
	if f.Map {
		return "You drew " + cardTool(f.Card).Name + " with the Map"
	}
	return "You took " + cardTool(f.Card).Name + " from the deck"
}

// Rule implements engine.Ruled.
func (f deckToolSeen) Rule() engine.Rule {
	if f.Map {
		return toolRules[toolMap]
	}
	return ""
}

// slingshotPlayed is Seat's Slingshot sending the fire and a Book (Empty:
// none) To the Robot, aside (setAsideTo) or to the seat holding Turn
// Order card Card.
type slingshotPlayed struct {
	Seat, To engine.Seat
	Book     Token
	Card     int
}

// Words implements engine.Fact.
func (f slingshotPlayed) Words() string {
	what, n := "the fire", 1
	if f.Book != Empty {
		what, n = what+" and "+tokenName(f.Book), 2
	}
	switch f.To {
	case setAsideTo:
		return fmt.Sprintf("%s plays a Slingshot: nobody is left to play, so %s %s set aside until the round ends",
			seat(f.Seat), what, engine.Plural(n, "is", "are"))
	case robotSeat:
		return fmt.Sprintf("%s plays a Slingshot: %s fly to the Robot", seat(f.Seat), what)
	}
	return fmt.Sprintf("%s plays a Slingshot: %s fly to %s's %s card", seat(f.Seat), what, seat(f.To), ordinal(f.Card))
}

// Rule implements engine.Ruled.
func (f slingshotPlayed) Rule() engine.Rule { return toolRules[toolSlingshot] }

// knapsackPlayed is Seat's Knapsack with a Book drawing Drew: a fire burns
// the book's section, a book scores Points.
type knapsackPlayed struct {
	Seat          engine.Seat
	Book, Drew    Token
	Points, Score int
}

// Words implements engine.Fact.
func (f knapsackPlayed) Words() string {
	if f.Drew == Fire {
		return fmt.Sprintf("%s plays a Knapsack with %s and draws a Fire token: the book's section burns", seat(f.Seat),
			tokenName(f.Book))
	}
	return fmt.Sprintf("%s plays a Knapsack with %s and draws %s: +%d (score %d)", seat(f.Seat), tokenName(f.Book),
		tokenName(f.Drew), f.Points, f.Score)
}

// Rule implements engine.Ruled.
func (f knapsackPlayed) Rule() engine.Rule { return toolRules[toolKnapsack] }

// amuletDraw is one token an Amulet drew and the Turn Order card it went
// onto (0: it stays on the Amulet).
type amuletDraw struct {
	Token Token
	Card  int
}

// amuletPlayed is Seat's Amulet with its N Draws, one per card in play.
type amuletPlayed struct {
	Seat  engine.Seat
	N     int
	Draws [len(orderCards)]amuletDraw
}

// add records the next draw.
func (f *amuletPlayed) add(t Token, card int) {
	f.Draws[f.N] = amuletDraw{Token: t, Card: card}
	f.N++
}

// Words implements engine.Fact.
func (f amuletPlayed) Words() string {
	placed := make([]string, f.N)
	for i, d := range f.Draws[:f.N] {
		if d.Card == 0 {
			placed[i] = d.Token.Name() + " stays on the Amulet"
		} else {
			placed[i] = d.Token.Name() + " on the " + ordinal(d.Card) + " card"
		}
	}
	return fmt.Sprintf("%s plays an Amulet: %s", seat(f.Seat), strings.Join(placed, ", "))
}

// Rule implements engine.Ruled.
func (f amuletPlayed) Rule() engine.Rule { return toolRules[toolAmulet] }

// maxToolDraw is the most tokens one Shovel or Torch draw takes.
const maxToolDraw = 3

// toolDrew is Seat's Shovel or Torch (tool card Card) drawing tokens
// (Drawn, Empty past the last).
type toolDrew struct {
	Seat  engine.Seat
	Card  int
	Drawn [maxToolDraw]Token
}

// Words implements engine.Fact.
func (f toolDrew) Words() string {
	names := make([]string, 0, maxToolDraw)
	for _, t := range f.Drawn {
		if t != Empty {
			names = append(names, t.Name())
		}
	}
	return fmt.Sprintf("%s draws %s with the %s", seat(f.Seat), strings.Join(names, ", "), cardTool(f.Card).Name)
}

// Rule implements engine.Ruled.
func (f toolDrew) Rule() engine.Rule { return cardToolRule(f.Card) }

// tokenPlaced is Seat putting a Token it drew (or, Placed, one a Shovel or
// Torch drew) onto Space (0-based), Risky this turn or safe; Spreads: a
// fire there triggers Fire Spreading (on a safe space, a second fire).
type tokenPlaced struct {
	Seat                   engine.Seat
	Token                  Token
	Space                  int
	Risky, Placed, Spreads bool
}

// Words implements engine.Fact.
func (f tokenPlaced) Words() string {
	verb, kind := "drew", "safe"
	if f.Placed {
		verb = "places"
	}
	if f.Risky {
		kind = "risky"
	}
	where := fmt.Sprintf(" onto space %d (%s)", f.Space+1, kind)
	if f.Spreads {
		why := "a second fire"
		if f.Risky {
			why = "a risky space"
		}
		return fmt.Sprintf("%s %s a Fire token%s: %s, Fire Spreading!", seat(f.Seat), verb, where, why)
	}
	return seat(f.Seat) + " " + verb + " " + tokenName(f.Token) + where
}

// Rule implements engine.Ruled.
func (f tokenPlaced) Rule() engine.Rule {
	switch {
	case f.Spreads:
		return rulingBust
	case f.Token == Fire:
		return ruleSafeFire
	}
	return ""
}

// cardFull is Seat's Turn Order card filling up.
type cardFull struct{ Seat engine.Seat }

// Words implements engine.Fact.
func (f cardFull) Words() string { return seat(f.Seat) + "'s Turn Order card is full" }

// Rule implements engine.Ruled.
func (f cardFull) Rule() engine.Rule { return rulingFullCard }

// unplaced is the end of a Shovel or Torch (tool card Card) draw: unplaced
// Books go back to the bag, Fires stay on the tool.
type unplaced struct{ Books, Fires, Card int }

// Words implements engine.Fact.
func (f unplaced) Words() string {
	books := engine.Plural(f.Books, "book goes", "books go")
	fires := engine.Plural(f.Fires, "fire stays", "fires stay")
	name := cardTool(f.Card).Name
	switch {
	case f.Books > 0 && f.Fires > 0:
		return fmt.Sprintf("%d unplaced %s back to the bag, %d %s on the %s", f.Books, books, f.Fires, fires, name)
	case f.Books > 0:
		return fmt.Sprintf("%d unplaced %s back to the bag", f.Books, books)
	}
	return fmt.Sprintf("%d unplaced %s on the %s until the turn ends", f.Fires, fires, name)
}

// Rule implements engine.Ruled.
func (f unplaced) Rule() engine.Rule { return cardToolRule(f.Card) }

// escaped is Seat escaping with Books, scoring Knowledge and Bravery.
type escaped struct {
	Seat                             engine.Seat
	Books, Knowledge, Bravery, Score int
}

// Words implements engine.Fact.
func (f escaped) Words() string {
	return fmt.Sprintf("%s escaped with %d %s: %d knowledge + %d bravery = %d (score %d)", seat(f.Seat), f.Books,
		engine.Plural(f.Books, "book", "books"), f.Knowledge, f.Bravery, f.Knowledge+f.Bravery, f.Score)
}

// Rule implements engine.Ruled.
func (f escaped) Rule() engine.Rule { return rulingBravery }

// glovesWorn is Seat's escape taking no tool because of its Gloves.
type glovesWorn struct{ Seat engine.Seat }

// Words implements engine.Fact.
func (f glovesWorn) Words() string { return seat(f.Seat) + " wore Gloves: no tool for escaping" }

// Rule implements engine.Ruled.
func (f glovesWorn) Rule() engine.Rule { return toolRules[toolGloves] }

// cloakSaved is Seat's Cloak scoring the Book on Space (0-based).
type cloakSaved struct {
	Seat                             engine.Seat
	Book                             Token
	Space, Knowledge, Bravery, Score int
}

// Words implements engine.Fact.
func (f cloakSaved) Words() string {
	return fmt.Sprintf("%s's Cloak saves %s from space %d: %d knowledge + %d bravery (score %d)", seat(f.Seat),
		tokenName(f.Book), f.Space+1, f.Knowledge, f.Bravery, f.Score)
}

// Rule implements engine.Ruled.
func (f cloakSaved) Rule() engine.Rule { return toolRules[toolCloak] }

// noToolsLeft is Seat having no tool left to take.
type noToolsLeft struct{ Seat engine.Seat }

// Words implements engine.Fact.
func (f noToolsLeft) Words() string { return "No tools are left for " + seat(f.Seat) + " to take" }

// Rule implements engine.Ruled.
func (f noToolsLeft) Rule() engine.Rule { return rulingEmptyDeck }

// toolTaken is Seat taking tool card Card from the market, or (-1) an
// unseen one from the deck.
type toolTaken struct {
	Seat engine.Seat
	Card int
}

// Words implements engine.Fact.
func (f toolTaken) Words() string {
	if f.Card < 0 {
		return seat(f.Seat) + " took a tool from the deck"
	}
	return seat(f.Seat) + " took " + cardTool(f.Card).Name + " from the tool market"
}

// tableCleared is the Tokens on played tool card Card going back to the
// bag.
type tableCleared struct{ Tokens, Card int }

// Words implements engine.Fact.
func (f tableCleared) Words() string {
	return fmt.Sprintf("%d %s on the %s %s back to the bag", f.Tokens, engine.Plural(f.Tokens, "token", "tokens"),
		cardTool(f.Card).Name, engine.Plural(f.Tokens, "goes", "go"))
}

// Rule implements engine.Ruled.
func (f tableCleared) Rule() engine.Rule { return ruleToolTokens }

// answered is, for the answering seat only, its answer to a window: the
// Tool it plays, or -1 to pass.
type answered struct{ Tool int }

// Words implements engine.Fact.
func (f answered) Words() string {
	if f.Tool < 0 {
		return "You pass"
	}
	return "You play the " + tools[f.Tool].Name + "; it is used once everyone has answered"
}

// playReturned is Seat's Tool going back to its hand because Winner came
// first on the score track.
type playReturned struct {
	Seat, Winner engine.Seat
	Tool         int
}

// Words implements engine.Fact.
func (f playReturned) Words() string {
	return fmt.Sprintf("%s also played the %s, but %s comes first on the score track: it goes back to their hand",
		seat(f.Seat), tools[f.Tool].Name, seat(f.Winner))
}

// Rule implements engine.Ruled.
func (f playReturned) Rule() engine.Rule { return rulingSameTime }

// burnCalled is Seat calling Burn! (No Tool variant).
type burnCalled struct {
	Seat  engine.Seat
	Score int
}

// Words implements engine.Fact.
func (f burnCalled) Words() string {
	return fmt.Sprintf("%s calls Burn! and scores 1 point (score %d)", seat(f.Seat), f.Score)
}

// Rule implements engine.Ruled.
func (f burnCalled) Rule() engine.Rule { return rulingNoTool }
