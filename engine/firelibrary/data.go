package firelibrary

// This file holds the printed card data (the rulebook's, with what its pictures carried).

// Token is a token from the bag: a book of one section's colour, a
// Technology book, or a fire.
type Token int

// Token kinds. Books of the four sections use the index of their section.
const (
	Empty  Token = -1 // an empty space
	White  Token = 0  // Geography book
	Yellow Token = 1  // War book
	Black  Token = 2  // History book
	Purple Token = 3  // Fables book
	Fire   Token = 4  // fire token
	Tech   Token = 5  // Technology book (micro expansion)
)

const (
	numSections = 4
	numKinds    = 6 // four book colours, fire and Technology
	numSpaces   = 5 // spaces on a turn order card
	totalFires  = 17
	startFires  = 7 // fires in the bag at setup; the rest are the supply
	techBooks   = 3 // Technology books (and one more fire) with the expansion
	marketSize  = 3
	deckSlot    = 3 // "tool" argument that draws from the deck
)

// Book reports whether t is a book token (Technology books included).
func (t Token) Book() bool { return t >= White && t <= Purple || t == Tech }

// Section reports whether t is a book of one of the four sections.
func (t Token) Section() bool { return t >= White && t <= Purple }

// Name is the token's colour name ("white", "teal", "fire"), or "" when
// empty.
func (t Token) Name() string {
	switch {
	case t.Section():
		return sections[t].Colour
	case t == Tech:
		return "teal"
	case t == Fire:
		return "fire"
	}
	return ""
}

// libCard is one Library card. The last card of each section is the
// destroyed card worth 10, which has no burn index and no icon.
type libCard struct {
	Value     int
	Burn      int
	Icon      bool
	Destroyed bool
}

// section is one of the four stacks of Library cards, top card first.
type section struct {
	Name   string
	Colour string
	Books  int // book tokens of this colour
	Cards  []libCard
}

func live(v, burn int, icon bool) libCard { return libCard{Value: v, Burn: burn, Icon: icon} }

var destroyed = libCard{Value: 10, Destroyed: true}

// sections are the Library's sections; the index of a section is its book colour. Two
// PROPOSED parts were recalibrated (rules.md, CALIBRATED DATA): the fire
// icon of the 3rd card of Geography, War and History sits on their 2nd
// card instead, and the burn indexes 18 and 19 are swapped (Fables' last
// live card 18, Geography's 6th card 19).
var sections = [numSections]section{
	{"Geography", "white", 7, []libCard{live(1, 1, false), live(2, 5, true), live(3, 8, false),
		live(4, 11, false), live(5, 15, true), live(6, 19, false), live(7, 22, true), destroyed}},
	{"War", "yellow", 6, []libCard{live(2, 2, false), live(3, 6, true), live(4, 10, false),
		live(5, 13, false), live(6, 17, true), live(7, 21, true), destroyed}},
	{"History", "black", 5, []libCard{live(3, 3, false), live(4, 7, true), live(5, 12, false),
		live(6, 16, false), live(7, 20, true), destroyed}},
	{"Fables", "purple", 4, []libCard{live(4, 4, false), live(5, 9, false), live(6, 14, true),
		live(7, 18, true), destroyed}},
}

// orderCards are the bravery under each space of the six Turn
// Order cards; 0 marks a safe space (which shows the tool icon). The 5th
// and 6th cards were recalibrated (rules.md, CALIBRATED DATA).
var orderCards = [6][numSpaces]int{
	{0, 2, 4, 6, 8},
	{0, 0, 2, 4, 6},
	{0, 0, 0, 3, 5},
	{0, 0, 0, 2, 4},
	{0, 0, 0, 1, 1},
	{0, 0, 0, 1, 1},
}

// Timing is the window in which a tool may be played.
type Timing int

// Tool timings (the four timing icons).
const (
	ChoosingOrder Timing = iota
	SavingBooks
	FireSpreading
	AfterScoring
)

var timingNames = [...]string{"Choosing Turn Order", "Saving Books", "Fire Spreading", "After Scoring"}

// String is the timing icon's name, e.g. "Fire Spreading".
func (t Timing) String() string { return timingNames[t] }

// tool is one of the 13 tools; the deck holds three copies of each.
type tool struct {
	Name   string
	Timing Timing
	Text   string
	// Robot lists, per copy, the two sections the Robot burns (banners);
	// it scores the other two (robot variants).
	Robot [3][2]int
}

const (
	toolAmulet = iota
	toolAxe
	toolBucket
	toolCloak
	toolCollector
	toolGloves
	toolKnapsack
	toolCart
	toolLockbox
	toolMap
	toolShovel
	toolSlingshot
	toolTorch
	numTools
)

const copiesPerTool = 3

// Banner pairs by section letter: W white, Y yellow, K black, P purple.
var (
	wy = [2]int{0, 1}
	wk = [2]int{0, 2}
	wp = [2]int{0, 3}
	yk = [2]int{1, 2}
	yp = [2]int{1, 3}
	kp = [2]int{2, 3}
)

// tools are the tool cards, with texts condensed from the rulebook glossary.
var tools = [numTools]tool{
	{"Amulet", ChoosingOrder, "Play at the start of Step 1 (not in round 1), before any Turn Order " +
		"card is chosen. Draw one token per Turn Order card in play (solo: per card not used yet) and " +
		"put one on the leftmost empty space of each card. A fire that would cause Fire Spreading " +
		"stays on the Amulet until the round ends. Books on a card go to whoever takes it; a book " +
		"still on a card at game end scores (10 if its section burned down).", [3][2]int{wy, wk, yk}},
	{"Axe", FireSpreading, "Only a player who is not active may use it, when Fire Spreading " +
		"triggers. Return the fire that would end the active player's turn and their most valuable " +
		"book to the bag; you score that book's knowledge. The active player carries on saving books.",
		[3][2]int{wy, wk, yk}},
	{"Bucket", FireSpreading, "Stop Fire Spreading: move the triggering Fire token onto the " +
		"Bucket; its space is empty again. The fire returns to the bag when your turn ends.",
		[3][2]int{wy, wk, yk}},
	{"Cloak", FireSpreading, "Fire still spreads, but you score one saved book of your choice, " +
		"plus bravery if it sits on a risky space. The other books burn; if none are left, the " +
		"card with the lowest burn index burns.", [3][2]int{wy, wk, yk}},
	{"Collector's Edition", AfterScoring, "Pick a book you saved this turn and put it on this " +
		"card. Gain 2 points for each book of that colour you saved this turn, the picked one " +
		"included.", [3][2]int{wy, wk, yk}},
	{"Gloves", SavingBooks, "For this turn every space on your Turn Order card is safe. You still " +
		"score bravery as if the spaces were risky, but gain no tool for escaping.",
		[3][2]int{wy, wp, yk}},
	{"Knapsack", AfterScoring, "Put one of your saved books on the Knapsack and draw a token. A " +
		"book: score both books again. A fire: the Knapsack book's section burns one card.",
		[3][2]int{wy, wp, yp}},
	{"Library Cart", AfterScoring, "Put the books you saved this turn on the Library Cart. They " +
		"stay out of the bag until the end of the round.", [3][2]int{wy, wp, yp}},
	{"Lockbox", AfterScoring, "Put one book you saved this turn in the Lockbox for the rest of " +
		"the game. At game end it scores again: 10 if its section burned down, otherwise the " +
		"section's value.", [3][2]int{wy, wp, yp}},
	{"Map", AfterScoring, "Score your bravery points again, then draw a tool from the Tool Deck.",
		[3][2]int{wk, wp, yp}},
	{"Shovel", SavingBooks, "Twice this turn, draw two tokens instead of one and place one of " +
		"them. An unplaced book goes back to the bag; an unplaced fire stays on the Shovel until " +
		"your turn ends.", [3][2]int{wk, wp, yp}},
	{"Slingshot", FireSpreading, "Stop Fire Spreading: move the Fire token and your most " +
		"valuable book to the Turn Order card of a player who has not played this round (or to the " +
		"Robot). It may not make that player spread fire. If nobody is left to play, set them aside " +
		"until the round ends.", [3][2]int{wk, wp, kp}},
	{"Torch", SavingBooks, "Once this turn, draw three tokens instead of one and place one or " +
		"more of them, in the order you choose. Unplaced books go back to the bag; unplaced fires " +
		"stay on the Torch until your turn ends.", [3][2]int{wk, yk, kp}},
}

// A tool card is numbered tool*3 + copy (0..38).
func cardTool(card int) tool { return tools[card/copiesPerTool] }

// removedSmall reports whether a tool is left out of 1-3 player games.
func removedSmall(t int) bool { return t == toolAxe || t == toolCart }

// toolDeck lists the tool cards used with the given number of players.
func toolDeck(players int) []int {
	var deck []int
	for c := 0; c < numTools*copiesPerTool; c++ {
		if players <= 3 && removedSmall(c/copiesPerTool) {
			continue
		}
		deck = append(deck, c)
	}
	return deck
}
