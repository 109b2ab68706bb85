package firelibrary

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestOptions creates a table for every combination of options and player
// count: those the rulebook allows start, the others are refused with a
// reason.
func TestOptions(t *testing.T) {
	in := Game{}.Info()
	keys := []string{}
	for _, o := range in.Options {
		keys = append(keys, o.Key)
		if o.Help == "" || o.Name == "" {
			t.Errorf("option %s has no help", o.Key)
		}
	}
	if !slices.Equal(keys, []string{OptMode, OptNoTools, OptFire, OptTech, OptChallenge}) {
		t.Fatalf("options %v", keys)
	}
	allowed := map[string][]int{ModeStandard: {2, 3, 4, 5, 6}, ModeRobot: {2, 3, 4, 5},
		ModeSoloRobot: {1}, ModeLone: {1}}
	n := 0
	for _, mode := range optionSpecs[0].Choices {
		for _, fire := range optionSpecs[2].Choices {
			for _, flags := range [][2]string{{"false", "false"}, {"true", "false"}, {"false", "true"}, {"true", "true"}} {
				opts := engine.Options{OptMode: mode, OptFire: fire, OptNoTools: flags[0], OptTech: flags[1]}
				for players := 1; players <= 6; players++ {
					st, err := Game{}.New(players, opts, uint64(players))
					ok := slices.Contains(allowed[mode], players)
					var re *engine.RuleError
					switch {
					case ok && err != nil:
						t.Fatalf("%d players %v refused: %v", players, opts, err)
					case !ok && (!errors.As(err, &re) || re.Msg == ""):
						t.Fatalf("%d players %v: %v, want a reason", players, opts, err)
					case ok:
						n++
						if err := st.(*state).validate(); err != nil {
							t.Fatalf("%d players %v: %v", players, opts, err)
						}
					}
				}
			}
		}
	}
	if n != 4*3*11 {
		t.Fatalf("%d tables", n)
	}
	for _, tc := range []struct {
		players int
		opts    engine.Options
		want    string
	}{
		{1, engine.Options{}, "One player needs a solo mode: choose solo-robot or lone-librarian"},
		{6, engine.Options{OptMode: ModeRobot}, "The Robot Player variant needs fewer than six players"},
		{1, engine.Options{OptMode: ModeRobot}, "The Robot Player variant is for 2 to 5 players"},
		{2, engine.Options{OptMode: ModeLone}, "The lone-librarian variant is for exactly one player, not 2"},
		{3, engine.Options{OptMode: ModeSoloRobot}, "The solo-robot variant is for exactly one player, not 3"},
		{2, engine.Options{OptFire: "blaze"}, "option fire must be one of normal, wild, inferno"},
		{7, engine.Options{}, "needs 1 to 6 players"},
	} {
		_, err := Game{}.New(tc.players, tc.opts, 1)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%d players %v: %v, want %q", tc.players, tc.opts, err, tc.want)
		}
	}
}

// topDeck puts a tool card on top of the deck.
func topDeck(t *testing.T, g *state, card int) {
	t.Helper()
	for _, pile := range []*[]int{&g.Deck, &g.Discard} {
		if i := slices.Index(*pile, card); i >= 0 {
			*pile = slices.Delete(*pile, i, i+1)
			g.Deck = append(g.Deck, card)
			return
		}
	}
	t.Fatalf("tool card %d is not in the deck or the discard pile", card)
}

// robotGame is a 2-player Robot Player game in round 1: seat 0 holds the
// 1st card and is active, the Robot the 2nd, seat 1 the 3rd.
func robotGame(t *testing.T, seed uint64) *state {
	g := newGameOpts(t, 2, engine.Options{OptMode: ModeRobot}, seed)
	emptyHands(g)
	g.Pre = nil
	for i := range g.Cards {
		g.Cards[i].Holder = []engine.Seat{0, robotSeat, 1}[i]
		g.returnTokens(&g.Cards[i])
	}
	g.Robot = &robotState{Arrived: 2, Flip: -1, Tokens: []Token{}}
	g.Burned = [numSections]int{}
	g.Bag = engine.Bag{7, 6, 5, 4, 7, 0}
	g.Supply = 10
	g.Phase, g.Active, g.Drawn = PhaseSave, 0, 0
	for s := range g.Seats {
		g.Seats[s].Played = false
	}
	if err := g.validate(); err != nil {
		t.Fatal(err)
	}
	return g
}

func TestRobotPlayer(t *testing.T) {
	g := robotGame(t, 1)
	if len(g.Cards) != 3 || g.View(0).(View).Robot == nil || g.View(0).(View).Variant != "Robot Player" {
		t.Fatal("the Robot takes a Turn Order card")
	}
	// Map, first copy: banners White and Black; it scores Yellow and
	// Purple, and two books on the 2nd card's safe spaces give no bravery.
	topDeck(t, g, toolMap*copiesPerTool)
	put(t, g, Yellow, Yellow)
	ev := enginetest.MustApply(t, g, mv(0, act(KindStop)))
	for _, want := range []string{
		"{seat0} escaped with 2 books: 4 knowledge + 2 bravery = 6 (score 6)",
		"The Robot's turn (2nd card): it flips Map, burns Geography and History, scores War and Fables",
		"Geography (white) burns: now worth 2",
		"History (black) burns: now worth 4",
		"The Robot scores yellow 2 + purple 4 + 0 bravery = 6 (score 6)",
		"{seat1} takes the bag (3rd card: S S S R3 R5)",
	} {
		if !enginetest.HasText(ev, 1, want) {
			t.Fatalf("no %q in %q", want, enginetest.Texts(ev, 1))
		}
	}
	v := g.View(engine.Spectator).(View)
	if v.Robot.Score != 6 || v.Robot.Flip != "Map" || !v.Robot.Played || v.Robot.Card != 2 || g.Discard[len(g.Discard)-1] != toolMap*3 {
		t.Fatalf("robot view %+v", v.Robot)
	}
	// The Library does not burn at the end of the round.
	burned := g.Burned
	finishTurns(t, g)
	if g.Burned != burned {
		t.Fatalf("step 3 burned %v -> %v", burned, g.Burned)
	}
	nextRound(t, g)
	// Round 2: the Robot chooses at its place in score order, the
	// earliest free card.
	if g.Phase != PhaseOrder {
		t.Fatalf("phase %s", g.Phase)
	}
	low := g.Picks[0]
	if g.Robot.Score < g.Seats[0].Score && g.Robot.Score < g.Seats[1].Score && low != robotSeat {
		t.Fatal("the Robot has the lowest score and chooses first")
	}
	for g.Phase == PhaseOrder {
		enginetest.MustApply(t, g, mv(g.Active, g.Legal(g.Active)[len(g.Legal(g.Active))-1]))
	}
	if c := g.cardOf(robotSeat); c == nil {
		t.Fatal("the Robot holds no card")
	}
}

func TestRobotSlingshotAndBravery(t *testing.T) {
	g := robotGame(t, 2)
	give(t, g, 0, toolSlingshot)
	topDeck(t, g, toolSlingshot*copiesPerTool+2) // banners Black and Purple
	bust(t, g, Black)                            // the fire on risky space 2 of the 1st card
	legal := g.Legal(0)
	if len(legal) != 3 || moveWords(g, 0, legal[1]) != "Slingshot to the Robot: fire + black" {
		t.Fatalf("choices %v", legal)
	}
	enginetest.MustApply(t, g, mv(0, legal[1]))
	if !slices.Equal(g.Robot.Tokens, []Token{Fire, Black}) || !slices.Equal(g.View(1).(View).Robot.Tokens, []string{"fire", "black"}) {
		t.Fatalf("robot tokens %v", g.Robot.Tokens)
	}
	put(t, g, White, White)
	ev := enginetest.MustApply(t, g, mv(0, act(KindStop)))
	// Three books fill spaces 1-3 of the 2nd card: bravery 2; the fire is
	// ignored. Black burned to 4 before it scores.
	if !enginetest.HasText(ev, 1, "The Robot scores white 1 + yellow 2 + 4 for its black book + 2 bravery = 9 (score 9)") {
		t.Fatalf("events %q", enginetest.Texts(ev, 1))
	}
	// The Robot's burns revealed one fire icon (History 4/7; Fables 5/9
	// has none): the bag holds 8 fires.
	if len(g.Robot.Tokens) != 0 || g.Bag[Fire] != 8 || g.Supply != 9 {
		t.Fatal("the Robot's tokens go back after its turn")
	}
}

func TestRobotCollapseAndWin(t *testing.T) {
	g := robotGame(t, 3)
	g.Burned[White] = 6 // Geography worth 7, its last live card
	g.Seats[0].Score, g.Seats[0].Arrived = 30, 3
	g.Robot.Score, g.Clock = 40, 4
	topDeck(t, g, toolMap*copiesPerTool) // burns White: the Library collapses
	put(t, g, Yellow, Black)
	ev := enginetest.MustApply(t, g, mv(0, act(KindStop)))
	out := g.Outcome()
	if !out.Done || g.Robot.Score != 40 || len(out.Winners) != 0 ||
		out.Summary != "Geography burned down in round 1. The Robot wins with 40 points." {
		t.Fatalf("outcome %+v: %q", out, enginetest.Texts(ev, 1))
	}
}

// soloGame is a Solo Robot game at the start of the player's first turn
// with the given card.
func soloGame(t *testing.T, seed uint64, card int) *state {
	g := newGameOpts(t, 1, engine.Options{OptMode: ModeSoloRobot}, seed)
	emptyHands(g)
	if g.Phase != PhaseOrder || len(g.Legal(0)) != 6 {
		t.Fatalf("the solo player chooses any card in round 1: %v", g.Legal(0))
	}
	enginetest.MustApply(t, g, mv(0, act(KindOrder, card)))
	return g
}

func TestSoloRobot(t *testing.T) {
	g := soloGame(t, 1, 2)
	// No books burned: the Robot flips a card and gains 2 bravery for its
	// second book.
	topDeck(t, g, toolTorch*copiesPerTool+1) // banners Yellow and Black
	put(t, g, White, White, Purple)
	ev := enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if !enginetest.HasText(ev, 0, "The Robot's turn: it flips Torch, burns War and History, scores Geography and Fables") ||
		!enginetest.HasText(ev, 0, "The Robot scores white 1 + purple 4 + 2 bravery = 7 (score 7)") {
		t.Fatalf("events %q", enginetest.Texts(ev, 0))
	}
	// Round 2: the cards used so far are set aside.
	passAll(t, g)
	if got := g.freeCards(); !slices.Equal(got, []int{1, 3, 4, 5, 6}) || !slices.Equal(g.View(0).(View).Used, []int{2}) {
		t.Fatalf("free cards %v", got)
	}
	refusedWith(t, g, 0, act(KindOrder, 2), "The 2nd Turn Order card was used already in this cycle of six")
	enginetest.MustApply(t, g, mv(0, act(KindOrder, 3)))
	// Books burned: the Robot scores the most valuable one instead.
	g.Burned[Black] = 2 // History worth 5
	ev = bust(t, g, White, Black, Fire)
	ev = append(ev, enginetest.MustApply(t, g, mv(0, act(KindTool, deckSlot)))...)
	if !enginetest.HasText(ev, 0, "The Robot's turn: books burned this round, so it scores the most valuable, 5 (score 12)") {
		t.Fatalf("events %q", enginetest.Texts(ev, 0))
	}
}

func TestSoloRobotOutcome(t *testing.T) {
	for _, tc := range []struct {
		player, robot int
		win           bool
	}{{20, 19, true}, {20, 20, false}, {5, 30, false}} {
		g := soloGame(t, 2, 1)
		g.Seats[0].Score, g.Robot.Score = tc.player, tc.robot
		g.Burned[Purple] = 3
		bust(t, g, Purple)
		out := g.Outcome()
		if !out.Done || (len(out.Winners) == 1) != tc.win {
			t.Fatalf("%d vs %d: %+v", tc.player, tc.robot, out)
		}
	}
}

func TestLoneLibrarian(t *testing.T) {
	g := newGameOpts(t, 1, engine.Options{OptMode: ModeLone}, 3)
	emptyHands(g)
	rounds := map[int]bool{}
	for !g.Outcome().Done {
		if g.Phase == PhaseOrder && g.Round == 7 && len(g.freeCards()) != 6 {
			t.Fatalf("round 7 starts a new cycle of six cards: %v", g.freeCards())
		}
		if g.Phase == PhaseSave && g.Drawn == 0 {
			rounds[g.Round] = true
			forceNext(t, g, Yellow) // never a fire: 12 calm turns
		}
		s := g.Pending()[0]
		enginetest.MustApply(t, g, mv(s, g.Timeout(s)))
	}
	out := g.Outcome()
	// The rulebook: "If the Player Played 12 Turns: Gain 2 points for every
	// remaining Section of the Library." 12 turns, one burn after each: 10
	// live cards left, but all 4 Sections stand, +8 (not +2 per card).
	if len(rounds) != 12 || g.Round != 12 || g.Bonus != 8 || g.Collapsed != -1 ||
		!strings.HasPrefix(out.Summary, "The Lone Librarian took all 12 turns.") || out.Scores[0] != g.Seats[0].Score+8 {
		t.Fatalf("rounds %d bonus %d: %+v", len(rounds), g.Bonus, out)
	}
	// The board shows the score the game ended on, the table included.
	if v := g.View(0).(View); v.Players[0].Score != out.Scores[0] {
		t.Fatalf("the view's score %d, the outcome's %d", v.Players[0].Score, out.Scores[0])
	}
	// The rulebook: "If the Library Burned Down: Lose 10 points for each
	// unused Turn Order Card." A collapse in round 3: -10 for each of the 9
	// turns not taken; no burn after a turn in which the fire spread.
	g = newGameOpts(t, 1, engine.Options{OptMode: ModeLone}, 4)
	enginetest.MustApply(t, g, mv(0, act(KindOrder, 1)))
	burned := g.Burned
	ev := bust(t, g, Fire)
	ev = append(ev, passAll(t, g)...)
	if g.Phase == PhaseTool {
		ev = append(ev, enginetest.MustApply(t, g, mv(0, act(KindTool, deckSlot)))...)
	}
	passAll(t, g)
	if !enginetest.HasText(ev, 0, "End of round 1: {seat0} triggered Fire Spreading this turn, so no card burns") ||
		g.Burned[White] != burned[White]+1 {
		t.Fatalf("events %q", enginetest.Texts(ev, 0))
	}
	nextRound(t, g)
	g.Round = 3
	g.Seats[0].Score = 50
	for g.Phase != PhaseSave {
		enginetest.MustApply(t, g, mv(0, g.Timeout(0)))
	}
	g.Burned[Purple] = 3
	bustRisky(t, g, Purple)
	passAll(t, g)
	if out := g.Outcome(); g.Bonus != -90 || out.Scores[0] != 50-90 || len(out.Winners) != 0 {
		t.Fatalf("bonus %d: %+v", g.Bonus, out)
	}
}

// TestLoneLibrarianCollapseInTurn12: the Library burns down in the 12th
// turn. Both rows of the rulebook's table apply: "If the Library Burned
// Down: Lose 10 points for each unused Turn Order Card." (none is unused)
// and "If the Player Played 12 Turns: Gain 2 points for every remaining
// Section of the Library." (three remain), so +6.
func TestLoneLibrarianCollapseInTurn12(t *testing.T) {
	g := newGameOpts(t, 1, engine.Options{OptMode: ModeLone}, 4)
	emptyHands(g)
	enginetest.MustApply(t, g, mv(0, act(KindOrder, 1)))
	g.Round = 12
	g.Seats[0].Score = 100
	g.Burned[Purple] = 3
	g.Burned[White] = 4
	ev := bustRisky(t, g, Purple)
	ev = append(ev, passAll(t, g)...)
	if out := g.Outcome(); !out.Done || g.Collapsed != int(Purple) || g.Bonus != 6 || out.Scores[0] != 106 ||
		!enginetest.HasText(ev, 0, "All 12 turns taken with 3 Sections of the Library standing: +6 points") {
		t.Fatalf("bonus %d: %+v %q", g.Bonus, out, enginetest.Texts(ev, 0))
	}
}

// TestLoneLibrarianStoppedFire: the rulebook says "After each Turn Order
// Card is used, a Section of the Library burns, unless you triggered Fire
// Spreading." A Bucket or a Slingshot stops the fire, but the player
// triggered Fire Spreading all the same: no card burns after that turn.
func TestLoneLibrarianStoppedFire(t *testing.T) {
	for _, tc := range []struct {
		name   string
		tool   int
		choice []int
	}{{"Bucket", toolBucket, nil}, {"Slingshot", toolSlingshot, []int{-2, 0}}} {
		t.Run(tc.name, func(t *testing.T) {
			g := newGameOpts(t, 1, engine.Options{OptMode: ModeLone}, 4)
			emptyHands(g)
			enginetest.MustApply(t, g, mv(0, act(KindOrder, 1)))
			give(t, g, 0, tc.tool)
			burned := g.Burned
			bust(t, g, White) // the fire lands on space 2, risky
			ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, tc.tool, tc.choice...)))
			if g.Phase != PhaseSave || g.Burned != burned {
				t.Fatalf("the %s did not stop the fire: %q", tc.name, enginetest.Texts(ev, 0))
			}
			for g.Round == 1 && g.Phase != PhaseOver {
				s := g.Pending()[0]
				ev = append(ev, enginetest.MustApply(t, g, mv(s, g.Timeout(s)))...)
			}
			if g.Burned != burned ||
				!enginetest.HasText(ev, 0, "End of round 1: {seat0} triggered Fire Spreading this turn, so no card burns") {
				t.Fatalf("burned %v, was %v: %q", g.Burned, burned, enginetest.Texts(ev, 0))
			}
		})
	}
}

func TestLoneLibrarianThresholds(t *testing.T) {
	for _, tc := range []struct {
		score int
		want  string
	}{{125, "not more than 125, a loss"}, {126, "more than 125, a win!"}, {161, "a win with honours!"}} {
		g := newGameOpts(t, 1, engine.Options{OptMode: ModeLone}, 5)
		g.Round = 12
		g.Seats[0].Score = tc.score - 2*numSections // the end-of-game table adds 2 per Section standing
		g.takeEvents()
		g.finish("test.")
		out := g.Outcome()
		if !strings.Contains(out.Summary, tc.want) || (len(out.Winners) == 1) != (tc.score > 125) {
			t.Errorf("score %d: %+v", tc.score, out)
		}
	}
}

// TestChallengeLevels: the solo modes' house-rule levels raise the Lone
// Librarian's scores to beat and give the Solo Robot a head start, say so
// in the variant line, survive a save and a bot's reading of the view, and
// are refused outside the solo modes.
func TestChallengeLevels(t *testing.T) {
	for _, tc := range []struct {
		score int
		want  string
	}{{147, "not more than 147, a loss"}, {148, "more than 147, a win!"}, {183, "a win with honours!"}} {
		g := newGameOpts(t, 1, engine.Options{OptMode: ModeLone, OptChallenge: ChallengeHard}, 5)
		g.Round = 12
		g.Seats[0].Score = tc.score - 2*numSections
		g.takeEvents()
		g.finish("test.")
		out := g.Outcome()
		if !strings.Contains(out.Summary, tc.want) || (len(out.Winners) == 1) != (tc.score > 147) {
			t.Errorf("hard, score %d: %+v", tc.score, out)
		}
	}
	g := newGameOpts(t, 1, engine.Options{OptMode: ModeSoloRobot, OptChallenge: ChallengeExpert}, 5)
	v := g.View(0).(View)
	if g.Robot.Score != challenges[ChallengeExpert].RobotStart || !strings.Contains(v.Variant, "Expert challenge (house rule)") {
		t.Fatalf("expert Solo Robot: the Robot has %d, variant %q", g.Robot.Score, v.Variant)
	}
	if back, err := parseVariantText(v); err != nil || back.Challenge != ChallengeExpert {
		t.Fatalf("the view's variant reads back as %+v, %v", back, err)
	}
	data, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	st, err := Game{}.Restore(data)
	if err != nil || st.(*state).Var.level() != challenges[ChallengeExpert] {
		t.Fatalf("restored: %v", err)
	}
	if _, err := (Game{}).New(2, engine.Options{OptMode: ModeStandard, OptFire: FireNormal, OptChallenge: ChallengeHard}, 1); err == nil {
		t.Fatal("a challenge level was taken for a two-player game")
	}
}

func TestNoToolVariant(t *testing.T) {
	g := newGameOpts(t, 3, engine.Options{OptNoTools: "true"}, 6)
	if len(g.Market) != 0 || len(g.Seats[0].Hand) != 0 || g.View(0).(View).Variant != "No Tool" {
		t.Fatal("no tools are dealt")
	}
	activate(t, g, 0, 2)
	refusedWith(t, g, 0, act(KindPlay, toolGloves), "There are no tools in the No Tool variant")
	// A safe escape gives no tool.
	put(t, g, White)
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Phase != PhaseSave || g.Active == 0 || len(g.Seats[0].Hand) != 0 {
		t.Fatalf("phase %s", g.Phase)
	}
	// Fire Spreading. The rulebook: "Players earn an additional point for
	// exclaiming 'Burn!' whenever any player triggers Fire Spreading." Every
	// player may call it once, the one who triggered the fire included, and
	// each who does scores; the fire spreads once everyone has answered.
	a := g.Active
	bustRisky(t, g, White)
	if g.Phase != PhaseSpread || !slices.Equal(g.Responding(), []engine.Seat{0, 1, 2}) {
		t.Fatalf("phase %s responding %v, want every seat", g.Phase, g.Responding())
	}
	if got := g.Legal(a); len(got) != 2 || got[0].Kind != KindBurn || got[1].Kind != KindPass {
		t.Fatalf("legal %v", got)
	}
	callers, passer := []engine.Seat{a, (a + 1) % 3}, (a+2)%3
	before := []int{g.Seats[0].Score, g.Seats[1].Score, g.Seats[2].Score}
	for _, s := range callers {
		ev := enginetest.MustApply(t, g, mv(s, act(KindBurn)))
		if g.Seats[s].Score != before[s]+1 || g.Phase != PhaseSpread ||
			!enginetest.HasText(ev, passer, fmt.Sprintf("%s calls Burn! and scores 1 point (score %d)", seat(s), before[s]+1)) {
			t.Fatalf("score %d, phase %s: %q", g.Seats[s].Score, g.Phase, enginetest.Texts(ev, passer))
		}
	}
	refusedWith(t, g, a, act(KindBurn), "You have already called Burn! or passed: Fire Spreading on "+seat(a)+
		"'s card: every player may call Burn!")
	enginetest.MustApply(t, g, mv(passer, act(KindPass)))
	if g.Phase == PhaseSpread || g.Seats[passer].Score != before[passer] || g.Seats[a].Score != before[a]+1 {
		t.Fatalf("after the last answer: phase %s, scores %d %d %d", g.Phase, g.Seats[0].Score, g.Seats[1].Score,
			g.Seats[2].Score)
	}
	// Nobody holds tools, so step 3 has no swaps.
	finishTurns(t, g)
	if g.Phase != PhaseOrder || g.Round != 2 {
		t.Fatalf("phase %s round %d", g.Phase, g.Round)
	}
}

// TestNoToolSolo: a solo player who triggers Fire Spreading may call
// Burn! too, in a window with no countdown (rulings 34 and 36); the Lone
// Librarian's burn after the turn is still skipped (ruling 32).
func TestNoToolSolo(t *testing.T) {
	g := newGameOpts(t, 1, engine.Options{OptMode: ModeLone, OptNoTools: "true"}, 4)
	for g.Phase != PhaseSave {
		enginetest.MustApply(t, g, mv(0, g.Timeout(0)))
	}
	bustRisky(t, g, White)
	if g.Phase != PhaseSpread || !slices.Equal(g.Pending(), []engine.Seat{0}) || g.Responding() != nil {
		t.Fatalf("phase %s pending %v responding %v: the solo player answers, untimed", g.Phase, g.Pending(),
			g.Responding())
	}
	total := func() int { return g.Burned[0] + g.Burned[1] + g.Burned[2] + g.Burned[3] }
	before, burned, books := g.Seats[0].Score, total(), len(booksOn(g.cardOf(0).Spaces))
	enginetest.MustApply(t, g, mv(0, act(KindBurn)))
	if g.Seats[0].Score != before+1 || g.Phase == PhaseSpread {
		t.Fatalf("phase %s score %d, want %d", g.Phase, g.Seats[0].Score, before+1)
	}
	if total() != burned+books {
		t.Fatalf("%d cards burned, want one per book (%d), and no burn after the turn", total()-burned, books)
	}
}

func TestWildFire(t *testing.T) {
	g := newGameOpts(t, 3, engine.Options{OptFire: FireWild}, 7)
	emptyHands(g)
	activate(t, g, 0, 3)
	put(t, g, White)
	ev := enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Phase != PhaseSave || g.Active == 0 || !enginetest.HasText(ev, 1, "Wild Fire: no tool for escaping early") {
		t.Fatalf("phase %s: %q", g.Phase, enginetest.Texts(ev, 1))
	}
	burned := g.Burned
	finishTurns(t, g)
	total := func(b [numSections]int) int { return b[0] + b[1] + b[2] + b[3] }
	if total(g.Burned) < total(burned)+2 {
		t.Fatalf("two cards burn at the end of a round: %v -> %v", burned, g.Burned)
	}
}

func TestInferno(t *testing.T) {
	g := newGameOpts(t, 4, engine.Options{OptFire: FireInferno}, 8)
	emptyHands(g)
	nextRound(t, g)
	if g.Round != 2 || g.Phase != PhaseSave || len(g.Picks) != 0 {
		t.Fatalf("Inferno deals the cards at random: phase %s round %d", g.Phase, g.Round)
	}
	for s := range engine.Seat(4) {
		if g.cardOf(s) == nil {
			t.Fatalf("seat %d has no card", s)
		}
	}
}

func TestTechnologyBooks(t *testing.T) {
	g := newGameOpts(t, 3, engine.Options{OptTech: "true"}, 9)
	if !slices.Equal(g.Bag, engine.Bag{7, 6, 5, 4, 8, 3}) || g.Supply != 10 {
		t.Fatalf("bag %v supply %d", g.Bag, g.Supply)
	}
	emptyHands(g)
	activate(t, g, 0, 2)
	if g.worth(Tech) != 4 || g.View(0).(View).TechValue != 4 || g.View(0).(View).Bag.Tech != 3 {
		t.Fatal("a Technology book is worth the highest section value")
	}
	// Burning: the sections first, the Technology book last, on the card
	// with the highest burn index (Fables, 4).
	ev := bust(t, g, Tech, Black)
	ev = append(ev, passAll(t, g)...)
	if g.Burned != [numSections]int{0, 0, 2, 0} ||
		!enginetest.HasText(ev, 1, "A Technology book burns: the highest burn index is 7, in History") {
		t.Fatalf("burned %v: %q", g.Burned, enginetest.Texts(ev, 1))
	}
	// Escaping with one: the highest value, now Fables' 5.
	enginetest.MustApply(t, g, mv(0, act(KindTool, deckSlot)))
	passAll(t, g)
	a := g.Active
	put(t, g, Tech)
	ev = enginetest.MustApply(t, g, mv(a, act(KindStop)))
	if g.Seats[a].Score != 5 {
		t.Fatalf("score %d: %q", g.Seats[a].Score, enginetest.Texts(ev, 1))
	}
}

// TestSoloWindowsUntimed: a solo player's windows wait for them without a
// countdown (Pending, not Responding).
func TestSoloWindowsUntimed(t *testing.T) {
	g := soloGame(t, 3, 2)
	give(t, g, 0, toolBucket)
	bust(t, g, White, Yellow)
	if g.Phase != PhaseSpread || !slices.Equal(g.Pending(), []engine.Seat{0}) || len(g.Responding()) != 0 {
		t.Fatalf("phase %s pending %v responding %v", g.Phase, g.Pending(), g.Responding())
	}
	enginetest.MustApply(t, g, mv(0, act(KindPass)))
	enginetest.MustApply(t, g, mv(0, act(KindTool, deckSlot)))
	if g.Phase != PhaseSwap || !slices.Equal(g.Pending(), []engine.Seat{0}) || len(g.Responding()) != 0 {
		t.Fatalf("phase %s pending %v responding %v", g.Phase, g.Pending(), g.Responding())
	}
}
