package firelibrary

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

func TestInfo(t *testing.T) {
	var gm engine.Game = Game{}
	in := gm.Info()
	if in.Name != "Fire in the Library" || in.MinPlayers != 1 || in.MaxPlayers != 6 {
		t.Fatalf("bad info %+v", in)
	}
	if _, ok := gm.(engine.BotMaker); !ok {
		t.Fatal("no bots")
	}
	for _, n := range []int{0, 1, 7} {
		if _, err := gm.New(n, engine.Options{}, 1); err == nil {
			t.Fatalf("%d players accepted", n)
		}
	}
	if _, err := gm.New(3, engine.Options{"wild": "true"}, 1); err == nil {
		t.Fatal("unknown option accepted")
	}
}

func TestRulesText(t *testing.T) {
	rules := Game{}.Info().Rules
	for i, line := range strings.Split(rules, "\n") {
		if len([]rune(line)) > 78 {
			t.Errorf("rules line %d is %d characters", i+1, len(line))
		}
	}
	for _, want := range []string{"RULINGS", "at least one token", "Slingshot", "IMMEDIATELY"} {
		if !strings.Contains(rules, want) {
			t.Errorf("rules lack %q", want)
		}
	}
	for _, tl := range tools {
		if !strings.Contains(rules, tl.Name+" ("+tl.Timing.String()) {
			t.Errorf("rules lack the %s entry", tl.Name)
		}
	}
}

func TestSetup(t *testing.T) {
	for players := 2; players <= 6; players++ {
		g := newGame(t, players, uint64(players))
		if err := g.validate(); err != nil {
			t.Fatal(err)
		}
		want := engine.Bag{7, 6, 5, 4, 7, 0}
		if !slices.Equal(g.Bag, want) || g.Supply != 10 {
			t.Fatalf("%d players: bag %v supply %d", players, g.Bag, g.Supply)
		}
		for i, v := range []int{1, 2, 3, 4} {
			if g.value(i) != v {
				t.Fatalf("section %d starts at %d", i, g.value(i))
			}
		}
		deck := 39
		if players <= 3 {
			deck = 33
		}
		if len(g.Deck)+len(g.Market)+2*players != deck || len(g.Market) != 3 {
			t.Fatalf("%d players: deck %d market %d", players, len(g.Deck), len(g.Market))
		}
		for _, p := range g.Seats {
			if len(p.Hand) != 2 {
				t.Fatalf("hand %v", p.Hand)
			}
		}
		if players <= 3 {
			for _, c := range toolDeck(players) {
				if n := cardTool(c).Name; n == "Axe" || n == "Library Cart" {
					t.Fatalf("%s in a %d player game", n, players)
				}
			}
		}
		if len(g.Cards) != map[int]int{2: 3, 3: 4, 4: 4, 5: 5, 6: 6}[players] {
			t.Fatalf("%d players use %d cards", players, len(g.Cards))
		}
		first := g.Cards[0].Holder
		if first < 0 {
			first = g.Cards[1].Holder
		}
		if g.Phase != PhaseSave || g.Round != 1 || g.Active != first {
			t.Fatalf("round 1 starts with %s, active %d", g.Phase, g.Active)
		}
	}
}

// sampleTurn is the rulebook's sample: the 2nd card with Yellow 2, White 2
// and Black 4.
func sampleTurn(t *testing.T) *state {
	g := newGame(t, 3, 1)
	g.Burned[White], g.Burned[Black] = 1, 1
	activate(t, g, 0, 2)
	if g.value(int(Yellow)) != 2 || g.value(int(White)) != 2 || g.value(int(Black)) != 4 {
		t.Fatal("sample values wrong")
	}
	return g
}

func TestSampleTurn(t *testing.T) {
	for _, tc := range []struct {
		tokens []Token
		score  int
		text   string
	}{
		{[]Token{Yellow, Fire, White}, 6, "{seat0} escaped with 2 books: 4 knowledge + 2 bravery = 6 (score 6)"},
		{[]Token{Yellow, Fire, White, Black}, 12, "{seat0} escaped with 3 books: 8 knowledge + 4 bravery = 12 (score 12)"},
	} {
		g := sampleTurn(t)
		put(t, g, tc.tokens...)
		ev := applyPass(t, g, mv(0, act(KindStop)))
		if g.Seats[0].Score != tc.score || !enginetest.HasText(ev, 1, tc.text) {
			t.Fatalf("scored %d: %q", g.Seats[0].Score, enginetest.Texts(ev, 1))
		}
		if g.Phase != PhaseSave || g.Active == 0 || len(g.Seats[0].Hand) != 2 {
			t.Fatal("a risky escape must end the turn without a tool")
		}
	}
	// Drawing on: a second fire spreads the fire and scores nothing.
	g := sampleTurn(t)
	put(t, g, Yellow, Fire, White, Black)
	forceNext(t, g, Fire)
	ev := applyPass(t, g, mv(0, act(KindDraw)))
	if g.Seats[0].Score != 0 || g.Phase != PhaseTool || g.value(int(Black)) != 5 || g.value(int(Yellow)) != 3 {
		t.Fatalf("after the second fire: %q", enginetest.Texts(ev, 0))
	}
}

func TestBustTest(t *testing.T) {
	g := sampleTurn(t)
	forceNext(t, g, Fire)
	enginetest.MustApply(t, g, mv(0, act(KindDraw)))
	if g.Phase != PhaseSave {
		t.Fatal("a first fire on a safe space must not spread")
	}
	forceNext(t, g, Fire)
	ev := applyPass(t, g, mv(0, act(KindDraw)))
	if g.Phase != PhaseTool || !enginetest.HasText(ev, 0, "{seat0} drew a Fire token onto space 2 (safe): a second fire, Fire Spreading!") {
		t.Fatalf("a second fire must spread: %q", enginetest.Texts(ev, 0))
	}
	// Only fires: the lowest burn index (War 2) burns (ruling 5).
	if g.Burned != [numSections]int{1, 1, 1, 0} {
		t.Fatalf("burned %v", g.Burned)
	}
	g = sampleTurn(t)
	put(t, g, White, Black)
	forceNext(t, g, Fire)
	ev = applyPass(t, g, mv(0, act(KindDraw)))
	if g.Phase != PhaseTool || g.Burned != [numSections]int{2, 0, 2, 0} {
		t.Fatalf("a fire on a risky space must spread and burn the books: %q", enginetest.Texts(ev, 0))
	}
	// Neither revealed card (Geography 3/8, History 5/12) shows a fire icon.
	if g.cardOf(0).Spaces != emptySpaces() || g.Bag[White] != 7 || g.Bag[Fire] != 7 || g.Supply != 10 {
		t.Fatal("tokens must go back to the bag")
	}
}

func TestFireIcons(t *testing.T) {
	g := sampleTurn(t)
	// War worth 2: the next card (3/6) has an icon, the one after (4/10)
	// has none.
	put(t, g, Yellow, Yellow)
	forceNext(t, g, Fire)
	ev := applyPass(t, g, mv(0, act(KindDraw)))
	if g.Burned[Yellow] != 2 || g.Supply != 9 || g.Bag[Fire] != 8 {
		t.Fatalf("burned %v supply %d bag %v: %q", g.Burned, g.Supply, g.Bag, enginetest.Texts(ev, 0))
	}
	if !enginetest.HasText(ev, 0, "A fire icon is revealed in War: a Fire token goes into the bag") {
		t.Fatalf("no icon event: %q", enginetest.Texts(ev, 0))
	}
	// With the supply empty an icon adds nothing (ruling 3).
	g = newGame(t, 2, 3)
	g.Bag[Fire] += g.Supply
	g.Supply = 0
	g.Burned[Black] = 0 // the next card (4/7) has an icon
	ended := g.burnTop(int(Black), ruleStep3Burn)
	if ended || g.Bag[Fire] != 17 || g.Supply != 0 {
		t.Fatal("an icon with an empty supply must add nothing")
	}
}

func TestCollapseEndsAtOnce(t *testing.T) {
	g := sampleTurn(t)
	g.Burned[Purple] = 3 // Fables worth 7, the last live card
	g.Seats[1].Score, g.Seats[1].Arrived, g.Clock = 9, 3, 4
	put(t, g, Purple, Purple)
	forceNext(t, g, Fire)
	ev := applyPass(t, g, mv(0, act(KindDraw)))
	out := g.Outcome()
	if !out.Done || g.Burned[Purple] != 4 || g.Collapsed != int(Purple) || len(g.Pending()) != 0 {
		t.Fatalf("the game must end: %q", enginetest.Texts(ev, 0))
	}
	if !slices.Equal(out.Winners, []engine.Seat{1}) || out.Scores[0] != 0 ||
		out.Summary != "Fables burned down in round 1. {seat1} wins with 9 points." {
		t.Fatalf("outcome %+v", out)
	}
	if err := g.validate(); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Apply(0, act(KindDraw)); err == nil || err.Error() != "The game is over" {
		t.Fatalf("move after the end: %v", err)
	}
	// End of round burn can also end it, and ties share the win.
	g = newGame(t, 2, 9)
	g.Burned = [numSections]int{6, 5, 4, 3} // top burn indexes 22, 21, 20, 19
	finishTurns(t, g)
	out = g.Outcome()
	if !out.Done || g.Collapsed != int(Purple) || !strings.HasPrefix(out.Summary, "Fables burned down in round 1.") {
		t.Fatalf("phase %s: %+v", g.Phase, out)
	}
	if out.Scores[0] == out.Scores[1] && len(out.Winners) != 2 {
		t.Fatal("a tie must share the win")
	}
}

func TestRefusals(t *testing.T) {
	g := sampleTurn(t)
	before := enginetest.Marshal(t, g)
	for _, tc := range []struct {
		s    engine.Seat
		a    engine.Action
		want string
	}{
		{1, act(KindDraw), "It is not your turn: {seat0} is saving books"},
		{0, act(KindOrder, 1), "You cannot order now: {seat0} is saving books"},
		{0, act("fly"), `Unknown move "fly"`},
		{0, act(KindDraw, 1), `"draw" takes no arguments`},
		{engine.Spectator, act(KindDraw), "Only seated players can play"},
	} {
		_, err := g.Apply(tc.s, tc.a)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Msg != tc.want {
			t.Errorf("%v by %d: got %v, want %q", tc.a, tc.s, err, tc.want)
		}
		enginetest.SameJSON(t, "state after a refusal", before, enginetest.Marshal(t, g))
	}
}

func TestSafeEscapeTakesTool(t *testing.T) {
	g := sampleTurn(t)
	put(t, g, White, Fire)
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Phase != PhaseTool || g.Active != 0 || g.Seats[0].Score != 2 {
		t.Fatalf("phase %s score %d", g.Phase, g.Seats[0].Score)
	}
	legal := g.Legal(0)
	if len(legal) != 4 || !legal[3].Same(act(KindTool, deckSlot)) || !legal[0].Same(act(KindTool, 0)) {
		t.Fatalf("tool choices %v", legal)
	}
	top := g.Deck[len(g.Deck)-1]
	ev := applyPass(t, g, mv(0, act(KindTool, deckSlot)))
	name := cardTool(top).Name
	if !enginetest.HasText(ev, 0, "You took "+name+" from the deck") || !enginetest.HasText(ev, 1, "{seat0} took a tool from the deck") {
		t.Fatalf("events %q", enginetest.Texts(ev, 0))
	}
	for _, x := range enginetest.Texts(ev, 1) {
		if strings.Contains(x, "You took") {
			t.Fatal("private event leaked")
		}
	}
	if len(g.Seats[0].Hand) != 3 || !g.Seats[0].Played || g.Active == 0 {
		t.Fatal("tool not taken or turn not over")
	}
	// From the market: the slot is refilled from the deck.
	g = sampleTurn(t)
	put(t, g, White)
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	want, next := g.Market[1], g.Deck[len(g.Deck)-1]
	applyPass(t, g, mv(0, act(KindTool, 1)))
	if g.Seats[0].Hand[2] != want || len(g.Market) != 3 || g.Market[2] != next {
		t.Fatalf("market %v hand %v", g.Market, g.Seats[0].Hand)
	}
}

// TestEscapeBeforeDrawing: the rulebook gives the Active Player "several
// choices available to them: Saving Books, playing a Saving Books Tool, or
// Scoring Knowledge", Saving Books "any number of times", and "At any
// point before they trigger Fire Spreading, the Active Player can score
// points for every book they saved!" An escape before the first draw
// scores no points, and "If the Active Player did not place any tokens on
// risky spaces this round, they do not gain any Bravery Points. Instead,
// they may draw the top card from the Tool deck or select one from the
// Market" (not with Gloves, in Wild Fire or with No Tool; ruling 10).
func TestEscapeBeforeDrawing(t *testing.T) {
	g := sampleTurn(t)
	if _, ok := engine.Find(g.Legal(0), act(KindStop)); !ok {
		t.Fatalf("no escape before the first draw: %v", g.Legal(0))
	}
	ev := enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Seats[0].Score != 0 || g.Phase != PhaseTool || g.Active != 0 ||
		!enginetest.HasText(ev, 1, "{seat0} escaped with 0 books: 0 knowledge + 0 bravery = 0 (score 0)") {
		t.Fatalf("phase %s score %d: %q", g.Phase, g.Seats[0].Score, enginetest.Texts(ev, 1))
	}
	applyPass(t, g, mv(0, act(KindTool, deckSlot)))
	if len(g.Seats[0].Hand) != 3 || !g.Seats[0].Played || g.Active == 0 {
		t.Fatal("the escape must give a tool and end the turn")
	}

	// A book an Amulet put on the card scores, and the tool follows.
	g = sampleTurn(t)
	g.Bag[Black]--
	g.cardOf(0).Spaces[0] = Black
	g.edited()
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Seats[0].Score != 4 || g.Phase != PhaseTool {
		t.Fatalf("phase %s score %d, want the book's 4 and a tool", g.Phase, g.Seats[0].Score)
	}

	// The limits of a safe escape's tool hold.
	for _, tc := range []struct {
		name string
		opts engine.Options
		say  string
	}{
		{"Gloves", engine.Options{}, "{seat0} wore Gloves: no tool for escaping"},
		{"Wild Fire", engine.Options{OptFire: FireWild}, "Wild Fire: no tool for escaping early"},
		{"No Tool", engine.Options{OptNoTools: "true"}, ""},
	} {
		g := newGameOpts(t, 3, tc.opts, 6)
		activate(t, g, 0, 2)
		var ev []engine.Event
		if tc.name == "Gloves" {
			give(t, g, 0, toolGloves)
			ev = enginetest.MustApply(t, g, mv(0, act(KindPlay, toolGloves)))
		}
		hand := len(g.Seats[0].Hand)
		ev = append(ev, applyPass(t, g, mv(0, act(KindStop)))...)
		if g.Active == 0 || g.Phase == PhaseTool || len(g.Seats[0].Hand) != hand ||
			tc.say != "" && !enginetest.HasText(ev, 1, tc.say) {
			t.Errorf("%s: phase %s, hand %d -> %d: %q", tc.name, g.Phase, hand, len(g.Seats[0].Hand),
				enginetest.Texts(ev, 1))
		}
	}
}

func TestDeckReshuffle(t *testing.T) {
	g := sampleTurn(t)
	g.Discard = append(g.Discard, g.Deck...)
	g.Deck = []int{}
	put(t, g, White)
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	n := len(g.Discard)
	ev := enginetest.MustApply(t, g, mv(0, act(KindTool, 0)))
	if len(g.Discard) != 0 || len(g.Deck) != n-1 || len(g.Market) != 3 ||
		!enginetest.HasText(ev, 1, "The tool discard pile is shuffled into a new tool deck") {
		t.Fatalf("deck %d discard %d: %q", len(g.Deck), len(g.Discard), enginetest.Texts(ev, 1))
	}
	// Nothing left anywhere: the market stays short and no tool is owed.
	g = sampleTurn(t)
	g.Seats[1].Hand = append(g.Seats[1].Hand, g.Deck...)
	g.Seats[1].Hand = append(g.Seats[1].Hand, g.Market...)
	g.Deck, g.Market = []int{}, []int{}
	put(t, g, White)
	ev = applyPass(t, g, mv(0, act(KindStop)))
	if g.Phase != PhaseSave || g.Active == 0 || !enginetest.HasText(ev, 2, "No tools are left for {seat0} to take") {
		t.Fatalf("phase %s: %q", g.Phase, enginetest.Texts(ev, 2))
	}
}

func TestFullCardScores(t *testing.T) {
	g := sampleTurn(t)
	put(t, g, White, White, Black, Yellow)
	forceNext(t, g, Purple)
	ev := applyPass(t, g, mv(0, act(KindDraw)))
	// 2+2+4+2+4 knowledge, 6 bravery.
	if g.Seats[0].Score != 20 || !enginetest.HasText(ev, 0, "{seat0}'s Turn Order card is full") {
		t.Fatalf("score %d: %q", g.Seats[0].Score, enginetest.Texts(ev, 0))
	}
}

// playRound finishes step 2 with escapes after one draw each.
func finishTurns(t *testing.T, g *state) {
	for g.Phase == PhaseSave || g.Phase == PhaseTool || g.Phase == PhasePlace || g.Phase == PhaseSpread ||
		g.Phase == PhaseAfter {
		s := g.Pending()[0]
		enginetest.MustApply(t, g, mv(s, g.Timeout(s)))
	}
}

func TestEndOfRoundSwap(t *testing.T) {
	g := newGame(t, 4, 11)
	finishTurns(t, g)
	if g.Phase != PhaseSwap {
		t.Fatalf("phase %s", g.Phase)
	}
	if !slices.Equal(g.Pending(), []engine.Seat{0, 1, 2, 3}) || !slices.Equal(g.Responding(), g.Pending()) {
		t.Fatalf("pending %v", g.Pending())
	}
	if a := g.Timeout(2); a.Kind != KindKeep {
		t.Fatalf("swap timeout %v", a)
	}
	hand0 := slices.Clone(g.Seats[0].Hand)
	ev := enginetest.MustApply(t, g, mv(0, act(KindSwap, 1)))
	if len(enginetest.Texts(ev, 1)) != 0 || !slices.Equal(g.Seats[0].Hand, hand0) {
		t.Fatal("a swap must wait for everyone, in secret")
	}
	if _, err := g.Apply(0, act(KindKeep)); err == nil {
		t.Fatal("decided twice")
	}
	enginetest.MustApply(t, g, mv(1, act(KindKeep)))
	enginetest.MustApply(t, g, mv(3, act(KindSwap, 0)))
	hand2 := slices.Clone(g.Seats[2].Hand)
	ev = enginetest.MustApply(t, g, mv(2, act(KindKeep)))
	if g.Phase != PhaseAmulet || g.Round != 2 || !slices.Equal(g.Responding(), []engine.Seat{0, 1, 2, 3}) {
		t.Fatalf("phase %s", g.Phase)
	}
	passAll(t, g)
	if g.Phase != PhaseOrder || g.Round != 2 {
		t.Fatalf("phase %s", g.Phase)
	}
	if g.Seats[0].Hand[0] != hand0[0] || slices.Contains(g.Seats[0].Hand, hand0[1]) && hand0[0]/3 != hand0[1]/3 ||
		!slices.Equal(g.Seats[2].Hand, hand2) || !slices.Contains(g.Discard, hand0[1]) {
		t.Fatalf("hands %v discard %v", g.Seats, g.Discard)
	}
	if !enginetest.HasText(ev, 1, "{seat0} swaps a tool") || !enginetest.HasText(ev, 0, "{seat1} keeps their tools") {
		t.Fatalf("events %q", enginetest.Texts(ev, 1))
	}
	for _, x := range enginetest.Texts(ev, 1) {
		if strings.HasPrefix(x, "You discarded") {
			t.Fatal("another seat's swap leaked")
		}
	}
}

func TestTurnOrderChoice(t *testing.T) {
	g := newGame(t, 4, 5)
	finishTurns(t, g)
	for _, s := range g.Pending() {
		enginetest.MustApply(t, g, mv(s, act(KindKeep)))
	}
	passAll(t, g)
	// Force scores: seat 3 and seat 1 tied at 5, seat 1 got there first;
	// seats 0 and 2 never scored.
	g.Seats[0].Score, g.Seats[0].Arrived = 0, 0
	g.Seats[2].Score, g.Seats[2].Arrived = 0, 2
	g.Seats[1].Score, g.Seats[1].Arrived = 5, 7
	g.Seats[3].Score, g.Seats[3].Arrived = 5, 9
	g.Clock = 10
	g.Picks = g.scoreOrder()
	g.Active = g.Picks[0]
	if !slices.Equal(g.Picks, []engine.Seat{0, 2, 1, 3}) {
		t.Fatalf("pick order %v", g.Picks)
	}
	if _, err := g.Apply(1, act(KindOrder, 1)); err == nil ||
		err.Error() != "It is not your turn: {seat0} is choosing a Turn Order card" {
		t.Fatalf("got %v", err)
	}
	if a := g.Timeout(0); !a.Same(act(KindOrder, 1)) {
		t.Fatalf("order timeout %v", a)
	}
	enginetest.MustApply(t, g, mv(0, act(KindOrder, 3)))
	if _, err := g.Apply(2, act(KindOrder, 3)); err == nil ||
		err.Error() != "The 3rd Turn Order card is already taken by {seat0}" {
		t.Fatalf("got %v", err)
	}
	if _, err := g.Apply(2, act(KindOrder, 5)); err == nil ||
		err.Error() != "There is no Turn Order card 5 in this game (cards 1-4 are in play)" {
		t.Fatalf("got %v", err)
	}
	enginetest.MustApply(t, g, mv(2, act(KindOrder, 1)))
	ev := enginetest.MustApply(t, g, mv(1, act(KindOrder, 4)))
	// Seat 3 gets the last card automatically; seat 2 (1st card) starts.
	if g.cardOf(3).Number != 2 || g.Phase != PhaseSave || g.Active != 2 ||
		!enginetest.HasText(ev, 0, "{seat3} takes the 2nd Turn Order card: S S R2 R4 R6 (the only one left)") {
		t.Fatalf("events %q", enginetest.Texts(ev, 0))
	}
}

func TestTwoPlayerUnusedCard(t *testing.T) {
	g := newGame(t, 2, 8)
	finishTurns(t, g)
	for _, s := range g.Pending() {
		enginetest.MustApply(t, g, mv(s, act(KindKeep)))
	}
	passAll(t, g)
	if g.Phase != PhaseOrder || len(g.Legal(g.Active)) != 3 {
		t.Fatalf("phase %s legal %v", g.Phase, g.Legal(g.Active))
	}
	first := g.Active
	enginetest.MustApply(t, g, mv(first, act(KindOrder, 2)))
	if g.Phase != PhaseOrder || len(g.Legal(1-first)) != 2 {
		t.Fatal("the second player must choose between the two cards left")
	}
	enginetest.MustApply(t, g, mv(1-first, act(KindOrder, 3)))
	if g.Active != first || g.card(1).Holder != -1 {
		t.Fatal("card 1 must stay unused")
	}
}

func TestTimeouts(t *testing.T) {
	g := sampleTurn(t)
	if a := g.Timeout(0); a.Kind != KindDraw {
		t.Fatalf("first timeout %v", a)
	}
	if a := g.Timeout(1); a.Kind != "" {
		t.Fatalf("timeout for a waiting seat %v", a)
	}
	put(t, g, White)
	if a := g.Timeout(0); a.Kind != KindStop {
		t.Fatalf("second timeout %v", a)
	}
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if a := g.Timeout(0); !a.Same(act(KindTool, deckSlot)) {
		t.Fatalf("tool timeout %v", a)
	}
}
