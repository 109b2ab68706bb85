package fireproto

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

func TestRegistered(t *testing.T) {
	et.CheckGame(t, Game{})
	in := Game{}.Info()
	if in.ID != "fireproto" || in.Name != "Fire in the Library (prototype)" || in.MinPlayers != 2 || in.MaxPlayers != 5 {
		t.Fatalf("bad info %+v", in)
	}
	if _, err := (Game{}).New(6, engine.Options{}, 1); err == nil ||
		err.Error() != "Fire in the Library (prototype) needs 2 to 5 players, not 6" {
		t.Fatalf("6 players: %v", err)
	}
}

func TestRulesText(t *testing.T) {
	rules := Game{}.Info().Rules
	for _, want := range []string{"RULINGS", "IMMEDIATELY", "reaching 100 or more", "risky space too",
		"keeps its space", "broken at random", "2nd and 3rd"} {
		if !strings.Contains(rules, want) {
			t.Errorf("rules lack %q", want)
		}
	}
	words := " " + strings.Join(strings.Fields(rules), " ") + " "
	for _, col := range colours {
		row := col.Name
		for _, v := range col.Track {
			row += " " + strconv.Itoa(v)
		}
		if !strings.Contains(words, " "+row+" X ") {
			t.Errorf("rules lack the %s shelf %q", col.Name, row)
		}
	}
}

func TestData(t *testing.T) {
	books := 0
	for _, col := range colours {
		books += col.Books
		if len(col.Track) != 2*col.Books-1 || !slices.IsSorted(col.Track) || slices.Max(col.Track) != 15 {
			t.Errorf("%s track %v", col.Name, col.Track)
		}
	}
	if books != numBooks {
		t.Fatalf("%d books", books)
	}
	for n := 1; n <= 5; n++ {
		if layout(n) != map[int]string{1: "S X X X X, bravery 4", 2: "S S X X X, bravery 3",
			3: "S S S X X, bravery 2", 4: "S S S S X, bravery 1", 5: "S S S S S, bravery 0"}[n] {
			t.Errorf("card %d: %s", n, layout(n))
		}
	}
}

func TestSetup(t *testing.T) {
	for players := 2; players <= 5; players++ {
		for seed := range uint64(50) {
			g := newGame(t, players, seed)
			valid(t, g)
			burned, aside := 0, 0
			for c := range colours {
				burned += g.Pos[c]
				aside += g.Aside[c]
				if g.Bag[c]+g.Aside[c] != colours[c].Books {
					t.Fatalf("%s: %d in the bag, %d aside", colours[c].Name, g.Bag[c], g.Aside[c])
				}
			}
			if burned != setupBurns || aside != setupBurns || g.Bag.Total() != 27 || g.Bag[Fire] != 7 {
				t.Fatalf("setup burned %d, set aside %d, bag %v", burned, aside, g.Bag)
			}
			if g.Supply != 10 || g.Round != 1 || g.Phase != PhaseSearch || g.Drawn != 0 {
				t.Fatalf("setup %+v", g)
			}
			var nums []int
			for _, c := range g.Cards {
				nums = append(nums, c.Number)
				if c.Holder < 0 {
					t.Fatal("round 1 must deal every card")
				}
			}
			want := []int{1, 2, 3, 4, 5}[:players]
			if players == 2 {
				want = []int{2, 3}
			}
			if !slices.Equal(nums, want) || g.Active != g.Cards[0].Holder {
				t.Fatalf("%d players: cards %v, active %d", players, nums, g.Active)
			}
			for _, p := range g.Seats {
				if p.Buckets != 0 {
					t.Fatal("nobody starts with a Bucket")
				}
			}
		}
	}
	// The deal and the burns are random: over many seeds seat 0 gets each
	// card and each colour gets burned.
	got, colour := map[int]bool{}, [numColours]bool{}
	for seed := range uint64(100) {
		g := newGame(t, 3, seed)
		got[g.cardOf(0).Number] = true
		for c := range colours {
			colour[c] = colour[c] || g.Aside[c] > 0
		}
	}
	if len(got) != 3 || colour != [numColours]bool{true, true, true, true, true} {
		t.Fatalf("deal %v burns %v", got, colour)
	}
}

// fresh is a 5-player game at the start of seat 0's turn holding card n,
// with every tracker on its first space except Green's (worth 7).
func fresh(t *testing.T, n int) *state {
	g := newGame(t, 5, 1)
	for c := range colours {
		g.Pos[c] = 0
		g.Bag[c] += g.Aside[c]
		g.Aside[c] = 0
	}
	g.Aside[Green], g.Pos[Green], g.Bag[Green] = 5, 5, 2 // Green worth 7
	activate(t, g, 0, n)
	return g
}

func TestScoringExamples(t *testing.T) {
	for _, tc := range []struct {
		card   int
		tokens []Token
		score  int
		text   string
	}{
		{2, []Token{White}, 6, "{seat0} scores 1 book: 3 knowledge + 3 bravery = 6 (now 6)"},
		{2, []Token{White, Black, Yellow}, 11, "{seat0} scores 3 books: 8 knowledge + 3 bravery = 11 (now 11)"},
		{1, []Token{Brown, Green}, 13, "{seat0} scores 2 books: 9 knowledge + 4 bravery = 13 (now 13)"},
		{5, []Token{Fire, Green}, 7, "{seat0} scores 1 book: 7 knowledge + 0 bravery = 7 (now 7)"},
		{3, []Token{Fire}, 2, "{seat0} scores 0 books: 0 knowledge + 2 bravery = 2 (now 2)"},
	} {
		g := fresh(t, tc.card)
		put(t, g, tc.tokens...)
		legal := g.Legal(0)
		if a, ok := engine.Find(legal, act(KindScore)); !ok ||
			!strings.HasPrefix(moveWords(g, 0, a), "Score "+strconv.Itoa(tc.score)+": ") {
			t.Fatalf("legal %v", legal)
		}
		ev := apply(t, g, 0, act(KindScore))
		if g.Track.Scores[0] != tc.score || !et.HasText(ev, 1, tc.text) {
			t.Fatalf("card %d %v: scored %d: %q", tc.card, tc.tokens, g.Track.Scores[0], et.Texts(ev, 1))
		}
		if !g.Seats[0].Played || g.Active == 0 || g.cardOf(0).Spaces != emptySpaces() || g.Bag.Total() != 27 {
			t.Fatal("scoring must return the tokens and pass the bag")
		}
		valid(t, g)
	}
	// Values are read when scoring: a burned colour is worth more.
	g := fresh(t, 2)
	g.Pos[White], g.Aside[White], g.Pos[Green], g.Aside[Green] = 2, 2, 3, 3
	g.Bag[White], g.Bag[Green] = 1, 4
	put(t, g, White, Green)
	apply(t, g, 0, act(KindScore))
	if g.Track.Scores[0] != 9+5+3 {
		t.Fatalf("score %d", g.Track.Scores[0])
	}
}

func TestFullCardScoresAtOnce(t *testing.T) {
	g := fresh(t, 5)
	put(t, g, Green, Brown, Fire, Yellow)
	ev := drawForced(t, g, Black)
	if g.Track.Scores[0] != 7+2+3+2 || !et.HasText(ev, 0, "{seat0}'s Turn Order card is full") || g.Active == 0 {
		t.Fatalf("score %d: %q", g.Track.Scores[0], et.Texts(ev, 0))
	}
}

func TestFireWarningThenBurn(t *testing.T) {
	g := fresh(t, 3)
	ev := drawForced(t, g, Fire)
	if g.Phase != PhaseSearch || g.Active != 0 ||
		!et.HasText(ev, 0, "{seat0} drew a fire onto space 1 (safe): the first fire on a safe space is only a warning") {
		t.Fatalf("a first fire on a safe space must be a warning: %q", et.Texts(ev, 0))
	}
	put(t, g, Brown)
	ev = drawForced(t, g, Fire)
	want := []string{
		"{seat0} drew a fire onto space 3 (safe): it is a second fire and no Bucket can douse it",
		"{seat0}'s turn ends in fire: 1 book burns",
		"Brown burns: a Brown book is now worth 4",
		"{seat0} takes a Bucket (now holds 1)",
	}
	if got := et.Texts(ev, 1); !slices.Equal(got[:4], want) {
		t.Fatalf("events %q", got)
	}
	if g.Pos[Brown] != 1 || g.Seats[0].Buckets != 1 || g.Supply != 9 || g.Track.Scores[0] != 0 || g.Active == 0 {
		t.Fatal("the books must burn and a Bucket be taken")
	}
}

func TestRiskyFireBurnsEveryBook(t *testing.T) {
	g := fresh(t, 2)
	put(t, g, Green, Green)
	ev := drawForced(t, g, Fire)
	if g.Pos[Green] != 7 || g.value(int(Green)) != 10 || g.Seats[0].Buckets != 1 ||
		!et.HasText(ev, 0, "{seat0} drew a fire onto space 3 (risky): it is on a risky space and no Bucket can douse it") {
		t.Fatalf("pos %v: %q", g.Pos, et.Texts(ev, 0))
	}
	// A fire with no books burns nothing but still gives a Bucket.
	g = fresh(t, 1)
	put(t, g, Fire)
	ev = drawForced(t, g, Fire)
	if g.Pos != [numColours]int{0, 0, 0, 0, 5} || g.Seats[0].Buckets != 1 ||
		!et.HasText(ev, 0, "{seat0}'s turn ends in fire; no books were found, so none burn") {
		t.Fatalf("pos %v: %q", g.Pos, et.Texts(ev, 0))
	}
}

func TestBucketDousesAndKeepsSpace(t *testing.T) {
	g := fresh(t, 2)
	g.Seats[0].Buckets, g.Supply = 1, 9
	put(t, g, White, Black)
	ev := drawForced(t, g, Fire)
	if g.Phase != PhaseFire || g.Active != 0 || g.Pos[White] != 0 ||
		!et.HasText(ev, 1, "{seat0} drew a fire onto space 3 (risky): it is on a risky space; {seat0} may spend a Bucket to douse it") {
		t.Fatalf("phase %s: %q", g.Phase, et.Texts(ev, 1))
	}
	legal := g.Legal(0)
	if len(legal) != 2 || legal[0].Kind != KindDouse || legal[1].Kind != KindBurn ||
		moveWords(g, 0, legal[1]) != "Let it burn: 2 books, +1 Bucket" {
		t.Fatalf("legal %v", legal)
	}
	if g.Timeout(0).Kind != KindDouse {
		t.Fatal("the timeout must douse")
	}
	for _, k := range []string{KindDraw, KindScore} {
		refused(t, g, 0, act(k), "First decide about the fire on space 3: douse it with a Bucket or let it burn",
			engine.Ruling(10))
	}
	ev = apply(t, g, 0, act(KindDouse))
	c := g.cardOf(0)
	if g.Phase != PhaseSearch || !c.Doused[2] || c.Spaces[2] != Fire || g.Seats[0].Buckets != 0 || g.Supply != 10 ||
		!et.HasText(ev, 1, "{seat0} spends a Bucket and douses the fire on space 3 (0 Buckets left)") {
		t.Fatalf("after dousing: %q", et.Texts(ev, 1))
	}
	valid(t, g)
	// The doused fire keeps its space: the next token goes on space 4.
	drawForced(t, g, Yellow)
	if c.Spaces[3] != Yellow || g.Drawn != 4 {
		t.Fatalf("card %v", c.Spaces)
	}
	// A doused fire is not a fire: one more fire on a risky space burns.
	drawForced(t, g, Fire)
	if g.Active == 0 || g.Pos[White] != 1 || g.Pos[Black] != 1 || g.Pos[Yellow] != 1 || g.Bag[Fire] != 7 {
		t.Fatalf("pos %v bag %v", g.Pos, g.Bag)
	}
}

func TestDousedFireIsNotAFirstFire(t *testing.T) {
	// Card 5: a first safe fire, then a second one (doused), then a third:
	// the doused fire does not count, but the first undoused one does.
	g := fresh(t, 5)
	g.Seats[0].Buckets, g.Supply = 2, 8
	drawForced(t, g, Fire)
	if g.Phase != PhaseSearch {
		t.Fatal("first safe fire")
	}
	drawForced(t, g, Fire)
	if g.Phase != PhaseFire {
		t.Fatal("a second fire threatens even on a safe space")
	}
	apply(t, g, 0, act(KindDouse))
	drawForced(t, g, Fire)
	if g.Phase != PhaseFire || g.Seats[0].Buckets != 1 {
		t.Fatal("the first fire still counts")
	}
	ev := apply(t, g, 0, act(KindBurn))
	if g.Active == 0 || g.Seats[0].Buckets != 2 || !et.HasText(ev, 0, "{seat0} takes a Bucket (now holds 2)") {
		t.Fatalf("after burning: %q", et.Texts(ev, 0))
	}
	// Dousing the harmless first fire makes a later safe fire a warning.
	g = fresh(t, 5)
	g.Seats[0].Buckets, g.Supply = 1, 9
	drawForced(t, g, Fire)
	a, ok := engine.Find(g.Legal(0), act(KindDouse))
	if !ok || moveWords(g, 0, a) != "Douse this harmless fire (Bucket)" {
		t.Fatalf("legal %v", g.Legal(0))
	}
	apply(t, g, 0, act(KindDouse))
	refused(t, g, 0, act(KindDouse), "You hold no Bucket: you take one when a turn of yours ends in fire", ruleDouse)
	ev = drawForced(t, g, Fire)
	if g.Phase != PhaseSearch || !et.HasText(ev, 0,
		"{seat0} drew a fire onto space 2 (safe): the first fire on a safe space is only a warning") {
		t.Fatalf("phase %s: %q", g.Phase, et.Texts(ev, 0))
	}
}

func TestDouseOnlyTheFireJustDrawn(t *testing.T) {
	g := fresh(t, 5)
	g.Seats[0].Buckets, g.Supply = 2, 8
	drawForced(t, g, Fire)
	drawForced(t, g, Green)
	refused(t, g, 0, act(KindDouse), "A Bucket can only douse the fire you have just drawn", engine.Ruling(10))
	refused(t, g, 0, act(KindBurn), "Nothing is burning: you may draw or score", engine.Ruling(9))
}

func TestBucketLimitTwo(t *testing.T) {
	g := fresh(t, 1)
	g.Seats[0].Buckets, g.Supply = 2, 8
	drawForced(t, g, Fire)
	if g.Phase != PhaseSearch {
		t.Fatal("space 1 is safe")
	}
	drawForced(t, g, Fire)
	legal := g.Legal(0)
	if moveWords(g, 0, legal[1]) != "Let it burn: no books" {
		t.Fatalf("legal %v", legal)
	}
	ev := apply(t, g, 0, act(KindBurn))
	if g.Seats[0].Buckets != 2 || g.Supply != 8 || !et.HasText(ev, 0, "{seat0} already holds two Buckets and takes none") {
		t.Fatalf("buckets %d: %q", g.Seats[0].Buckets, et.Texts(ev, 0))
	}
}

func TestCollapseEndsAtOnce(t *testing.T) {
	g := fresh(t, 2)
	g.Pos[White] = 4 // worth 15, one burn from the X
	g.Track.Add(2, 30)
	g.Track.Add(1, 30)
	put(t, g, Black, White, White)
	ev := drawForced(t, g, Fire)
	out := g.Outcome()
	if !out.Done || g.Collapsed != int(White) || g.Pos[White] != 5 || g.Pos[Black] != 1 || len(g.Pending()) != 0 {
		t.Fatalf("the game must end: %q", et.Texts(ev, 0))
	}
	if !et.HasText(ev, 0, "White burns to the X: that wing of the library collapses!") ||
		out.Summary != "The White shelf reached its X in round 1. {seat1} and {seat2} share the win with 30 knowledge." ||
		!slices.Equal(out.Winners, []engine.Seat{1, 2}) {
		t.Fatalf("outcome %+v: %q", out, et.Texts(ev, 0))
	}
	// The second White book did not burn and no Bucket was taken.
	if g.Seats[0].Buckets != 0 || g.cardOf(0).Spaces[2] != White {
		t.Fatal("nothing may happen after the collapse")
	}
	valid(t, g)
	if _, err := g.Apply(0, act(KindDraw)); err == nil || err.Error() != "The game is over" {
		t.Fatalf("move after the end: %v", err)
	}
	v := g.View(engine.Spectator).(View)
	if !v.Over || !v.Tracks[White].Collapsed || v.Tracks[White].Value != 0 || v.Tracks[White].ToX != 0 ||
		v.PhaseText != "Game over: "+out.Summary {
		t.Fatalf("final view %+v", v)
	}
}

func TestReaching100Ends(t *testing.T) {
	g := fresh(t, 1)
	g.Track.Add(0, 90)
	g.Track.Add(1, 99)
	put(t, g, Green)
	ev := apply(t, g, 0, act(KindScore)) // 7 + 4 = 11
	out := g.Outcome()
	if !out.Done || g.Track.Scores[0] != 101 || !slices.Equal(out.Winners, []engine.Seat{0}) ||
		out.Summary != "{seat0} reached 101 knowledge in round 1. {seat0} wins with 101 knowledge." ||
		!et.HasText(ev, 0, "{seat0} reaches 101 knowledge!") {
		t.Fatalf("outcome %+v", out)
	}
	valid(t, g)
	// Exactly 100 is enough; 99 is not.
	for _, tc := range []struct {
		before int
		done   bool
	}{{89, true}, {88, false}} {
		g = fresh(t, 1)
		g.Track.Add(0, tc.before)
		put(t, g, Green)
		apply(t, g, 0, act(KindScore))
		if g.Outcome().Done != tc.done || g.Track.Scores[0] != tc.before+11 {
			t.Fatalf("from %d: %+v", tc.before, g.Outcome())
		}
		valid(t, g)
	}
	// A score of 100 or more mid-game is a damaged state.
	g = fresh(t, 1)
	g.Track.Add(1, 100)
	if g.validate() == nil {
		t.Fatal("a score of 100 mid-game must be invalid")
	}
}

// TestRefusals checks the words and the rule of the refusals a player
// meets at the start of a turn.
func TestRefusals(t *testing.T) {
	g := fresh(t, 2)
	before := et.Marshal(t, g)
	for _, tc := range []struct {
		s    engine.Seat
		a    engine.Action
		want string
		rule engine.Rule
	}{
		{0, act(KindScore), "Your turn starts with a draw: draw at least one token before scoring", engine.Ruling(7)},
		{0, act(KindDouse), "You hold no Bucket: you take one when a turn of yours ends in fire", ruleDouse},
		{0, act(KindBurn), "Nothing is burning: you may draw or score", engine.Ruling(9)},
		{1, act(KindDraw), "It is not your turn: {seat0} is searching the library", ruleTurns},
		{0, act(KindOrder, 1), "You cannot choose a Turn Order card now: {seat0} is searching the library",
			"In round 1 the cards are dealt at random"},
		{0, act("fly"), `Unknown move "fly"`, ""},
		{0, act(KindDraw, 1), `"draw" takes no arguments`, ""},
		{engine.Spectator, act(KindDraw), "Only seated players can play", ""},
		{7, act(KindDraw), "Only seated players can play", ""},
	} {
		refused(t, g, tc.s, tc.a, tc.want, tc.rule)
		et.SameJSON(t, "state after a refusal", before, et.Marshal(t, g))
	}
}

// TestRefusalsMidTurn checks the refusals about fires and Buckets, and
// the choice of a card outside the choosing.
func TestRefusalsMidTurn(t *testing.T) {
	g := fresh(t, 5)
	g.Seats[0].Buckets, g.Supply = 2, 8
	drawForced(t, g, Fire)
	refused(t, g, 0, act(KindBurn),
		"That fire is only a warning: it is on a safe space and no other fire counts; you may draw or score",
		engine.Ruling(9))
	apply(t, g, 0, act(KindDouse))
	refused(t, g, 0, act(KindDouse), "That fire is already doused", "no longer counts as a fire for ending your turn")
	refused(t, g, 0, act(KindBurn), "Nothing is burning: you may draw or score", engine.Ruling(9))
	finishRound(t, g)
	for g.Phase != PhaseSearch {
		apply(t, g, g.Active, g.Timeout(g.Active))
	}
	refused(t, g, g.Active, act(KindOrder, 1), "You cannot choose a Turn Order card now: "+g.doing(), ruleChoosing)
}

// finishRound plays every turn of the round with timeouts.
func finishRound(t *testing.T, g *state) {
	r := g.Round
	for g.Round == r && !g.Outcome().Done {
		apply(t, g, g.Active, g.Timeout(g.Active))
	}
}

func TestTurnOrderChoice(t *testing.T) {
	g := newGame(t, 4, 5)
	finishRound(t, g)
	if g.Phase != PhaseOrder || g.Round != 2 {
		t.Fatalf("phase %s round %d", g.Phase, g.Round)
	}
	// Force the knowledge: seat 3 least, seats 0 and 2 tied, seat 1 most.
	g.Track.Scores = []int{10, 20, 10, 5}
	g.Phase, g.Picks = PhaseSearch, []engine.Seat{}
	for i := range g.Cards {
		g.Cards[i].Holder = engine.Seat(i)
		g.Seats[i].Played = true
	}
	g.log.Take()
	firsts := map[engine.Seat]int{}
	for k := range 400 {
		c := g.copy()
		c.RNG = engine.NewRNG(uint64(k))
		c.startRound()
		valid(t, c)
		if c.Picks[0] != 3 || c.Picks[3] != 1 || c.Active != 3 || c.Phase != PhaseOrder {
			t.Fatalf("pick order %v", c.Picks)
		}
		firsts[c.Picks[1]]++
		want := "{seat0} and {seat2} are tied on 10 knowledge; the order among them is drawn at random: " +
			engine.SeatRef(c.Picks[1]) + ", then " + engine.SeatRef(c.Picks[2])
		if ev := c.log.Take(); !slices.Contains(et.Texts(ev, 0), want) {
			t.Fatalf("events %q", et.Texts(ev, 0))
		}
	}
	if firsts[0] < 150 || firsts[2] < 150 {
		t.Fatalf("tie-break not random: %v", firsts)
	}
	g.startRound()
	g.log.Take()
	first := g.Picks[1]
	if a := g.Timeout(3); !a.Same(act(KindOrder, 1)) ||
		moveWords(g, 3, a) != "1st card: S X X X X, bravery 4" {
		t.Fatalf("order timeout %v", a)
	}
	refused(t, g, 1, act(KindOrder, 1), "It is not your turn: {seat3} is choosing a Turn Order card", engine.Ruling(5))
	apply(t, g, 3, act(KindOrder, 4))
	for _, tc := range []struct {
		a    engine.Action
		want string
		rule engine.Rule
	}{
		{act(KindOrder, 4), "The 4th Turn Order card is already taken by {seat3}", engine.Ruling(5)},
		{act(KindOrder, 5), "There is no Turn Order card 5 in this game (in play: 1, 2, 3, 4)",
			"With n players cards 1 to n are used"},
		{act(KindOrder), `"order" needs exactly one number`, ""},
		{act(KindDraw), "You cannot draw now: " + engine.SeatRef(first) + " is choosing a Turn Order card",
			ruleChoosing},
	} {
		refused(t, g, first, tc.a, tc.want, tc.rule)
	}
	apply(t, g, first, act(KindOrder, 2))
	ev := apply(t, g, g.Picks[0], act(KindOrder, 3))
	// Seat 1 gets the last card automatically; the 1st card's holder starts.
	if g.cardOf(1).Number != 1 || g.Phase != PhaseSearch || g.Active != 1 ||
		!et.HasText(ev, 0, "{seat1} takes the 1st Turn Order card: S X X X X, bravery 4 (the only one left)") {
		t.Fatalf("events %q", et.Texts(ev, 0))
	}
	// Turns follow the card numbers.
	var order []engine.Seat
	for r := g.Round; g.Round == r; {
		if g.Drawn == 0 && g.Phase == PhaseSearch {
			order = append(order, g.Active)
		}
		apply(t, g, g.Active, g.Timeout(g.Active))
	}
	if !slices.Equal(order, []engine.Seat{1, first, 2 - first, 3}) {
		t.Fatalf("turn order %v", order)
	}
}

func TestTwoPlayerCards(t *testing.T) {
	g := newGame(t, 2, 8)
	if len(g.Cards) != 2 || g.Cards[0].Number != 2 || g.Cards[1].Number != 3 {
		t.Fatalf("cards %+v", g.Cards)
	}
	finishRound(t, g)
	if g.Phase != PhaseOrder || g.Round != 2 {
		t.Fatalf("phase %s", g.Phase)
	}
	legal := g.Legal(g.Active)
	if len(legal) != 2 || !legal[0].Same(act(KindOrder, 2)) || !legal[1].Same(act(KindOrder, 3)) {
		t.Fatalf("legal %v", legal)
	}
	refused(t, g, g.Active, act(KindOrder, 1), "There is no Turn Order card 1 in this game (in play: 2, 3)",
		"With n players cards 1 to n are used")
	chooser := g.Active
	apply(t, g, chooser, act(KindOrder, 3))
	if g.Phase != PhaseSearch || g.Active == chooser || g.cardOf(1-chooser).Number != 2 {
		t.Fatal("the other player must get the 2nd card and start")
	}
	// The chooser is whoever has less knowledge.
	for seed := range uint64(30) {
		g := newGame(t, 2, seed)
		finishRound(t, g)
		if g.Outcome().Done {
			continue
		}
		if sc := g.Track.Scores; sc[0] != sc[1] && sc[g.Active] > sc[1-g.Active] {
			t.Fatalf("scores %v, chooser %d", sc, g.Active)
		}
	}
}

func TestTimeouts(t *testing.T) {
	g := fresh(t, 2)
	if a := g.Timeout(0); a.Kind != KindDraw || moveWords(g, 0, a) != "Draw a token onto space 1 (safe)" {
		t.Fatalf("first timeout %v", a)
	}
	if a := g.Timeout(1); a.Kind != "" {
		t.Fatalf("timeout for a waiting seat %v", a)
	}
	put(t, g, White)
	if a := g.Timeout(0); a.Kind != KindScore {
		t.Fatalf("second timeout %v", a)
	}
}

func TestRestoreRejectsDamage(t *testing.T) {
	g := newGame(t, 4, 2)
	good := string(et.Marshal(t, g))
	if _, err := (Game{}).Restore([]byte(good)); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{
		"", "{}", "[]", `{"players":4}`, good + "{}",
		strings.Replace(good, `"supply":10`, `"supply":9`, 1),
		strings.Replace(good, `"players":4`, `"players":6`, 1),
		strings.Replace(good, `"phase":"search"`, `"phase":"dance"`, 1),
		strings.Replace(good, `"rng"`, `"extra":1,"rng"`, 1),
		strings.Replace(good, `"bag":[`, `"bag":[9,`, 1),
	} {
		if bad == good {
			t.Fatalf("damage did not apply")
		}
		if _, err := (Game{}).Restore([]byte(bad)); err == nil {
			t.Errorf("accepted %.80q", bad)
		}
	}
}

// TestValidateFindsDamage breaks one invariant at a time: Restore must
// refuse each (they would otherwise panic or play wrong).
func TestValidateFindsDamage(t *testing.T) {
	ordering := func() *state {
		g := newGame(t, 3, 4)
		finishRound(t, g)
		if g.Phase != PhaseOrder {
			t.Fatalf("phase %s", g.Phase)
		}
		return g
	}
	for name, tc := range map[string]struct {
		start  func() *state
		damage func(g *state)
	}{
		"fire with no draw":   {func() *state { return fresh(t, 2) }, func(g *state) { g.Phase = PhaseFire }},
		"harmless fire phase": {func() *state { s := fresh(t, 2); put(t, s, White); return s }, func(g *state) { g.Phase = PhaseFire }},
		"a gap":               {func() *state { s := fresh(t, 2); put(t, s, White); return s }, func(g *state) { g.Drawn = 2 }},
		"third bucket":        {func() *state { return fresh(t, 2) }, func(g *state) { g.Seats[0].Buckets, g.Supply = 3, 7 }},
		"lost bucket":         {func() *state { return fresh(t, 2) }, func(g *state) { g.Supply = 9 }},
		"lost book":           {func() *state { return fresh(t, 2) }, func(g *state) { g.Bag[Green]-- }},
		"doused book":         {func() *state { s := fresh(t, 2); put(t, s, White); return s }, func(g *state) { g.cardOf(0).Doused[0] = true }},
		"tracker past X":      {func() *state { return fresh(t, 2) }, func(g *state) { g.Pos[White] = 6 }},
		"collapse mid-game":   {func() *state { return fresh(t, 2) }, func(g *state) { g.Pos[White] = 5 }},
		"chooser twice":       {ordering, func(g *state) { g.Picks = append(g.Picks, g.Picks[0]) }},
		"chooser missing":     {ordering, func(g *state) { g.Picks = g.Picks[:len(g.Picks)-1] }},
		"wrong chooser":       {ordering, func(g *state) { g.Active = g.Picks[1] }},
	} {
		g := tc.start()
		valid(t, g)
		tc.damage(g)
		if _, err := (Game{}).Restore(et.Marshal(t, g)); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
