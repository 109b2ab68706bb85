package firelibrary

import (
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// toolGame is a 4-player game in round 1 with empty hands, seat 0 active
// with the 2nd Turn Order card (S S R2 R4 R6), every other seat still to
// play.
func toolGame(t *testing.T, seed uint64) *state {
	g := newGame(t, 4, seed)
	emptyHands(g)
	activate(t, g, 0, 2)
	return g
}

// checkWindow checks that seat s may play exactly the tools want now, and
// that any other tool it holds is refused with a reason naming its window.
func checkWindow(t *testing.T, g *state, s engine.Seat, want ...int) {
	t.Helper()
	if got := playsOffered(g, s); !slices.Equal(got, want) {
		t.Fatalf("phase %s: seat %d may play %v, want %v", g.Phase, s, got, want)
	}
	for tl := range numTools {
		if slices.Contains(want, tl) || g.heldCard(s, tl) < 0 {
			continue
		}
		refusedWith(t, g, s, act(KindPlay, tl, 0, 0), "You cannot play the "+tools[tl].Name+" now: ")
	}
}

// TestToolWindows offers each tool only in its timing window and refuses
// it elsewhere with the reason: one subtest per window, in the order a
// game meets them.
func TestToolWindows(t *testing.T) {
	g := toolGame(t, 1)
	all := make([]int, numTools)
	for i := range all {
		all[i] = i
	}
	give(t, g, 0, all...)
	give(t, g, 1, toolAxe, toolBucket)
	steps := []struct {
		name string
		run  func(t *testing.T)
	}{
		{"SavingBooks", func(t *testing.T) {
			// The active player's Gloves, Shovel and Torch.
			checkWindow(t, g, 0, toolGloves, toolShovel, toolTorch)
			refusedWith(t, g, 0, act(KindPlay, toolAmulet), "the Amulet is played at the start of step 1 (not in round 1)")
			refusedWith(t, g, 1, act(KindPlay, toolAxe, 0), "the Axe is played only when Fire Spreading triggers")
			refusedWith(t, g, 0, act(KindPlay, toolMap), "After Scoring tool")
			refusedWith(t, g, 1, act(KindPlay, toolShovel), "You hold no Shovel")
		}},
		{"FireSpreading", func(t *testing.T) {
			// Bucket, Cloak, Slingshot for the active player, the Axe for
			// the others, all at once.
			bust(t, g, White, Yellow)
			if g.Phase != PhaseSpread || !slices.Equal(g.Responding(), []engine.Seat{0, 1}) {
				t.Fatalf("phase %s responding %v", g.Phase, g.Responding())
			}
			checkWindow(t, g, 0, toolBucket, toolCloak, toolSlingshot)
			checkWindow(t, g, 1, toolAxe)
			refusedWith(t, g, 0, act(KindPlay, toolAxe, 0), "the Axe is played only by a player who is not active")
			refusedWith(t, g, 1, act(KindPlay, toolBucket), "only the active player may play the Bucket")
			refusedWith(t, g, 0, act(KindDraw), "You cannot draw now: Fire Spreading")
			enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolBucket)))
			refusedWith(t, g, 0, act(KindPlay, toolCloak, 0), "You have already answered")
			enginetest.MustApply(t, g, mv(1, act(KindPass)))
			if g.Phase != PhaseSave || g.Active != 0 {
				t.Fatalf("the Bucket must stop the fire: phase %s", g.Phase)
			}
		}},
		{"AfterScoring", func(t *testing.T) {
			// Collector's Edition, Knapsack, Library Cart, Lockbox, Map.
			put(t, g, Black)
			enginetest.MustApply(t, g, mv(0, act(KindStop)))
			if g.Phase != PhaseAfter {
				t.Fatalf("phase %s", g.Phase)
			}
			checkWindow(t, g, 0, toolCollector, toolKnapsack, toolCart, toolLockbox, toolMap)
			refusedWith(t, g, 0, act(KindPlay, toolGloves), "Saving Books tool")
			refusedWith(t, g, 1, act(KindPlay, toolAxe, 0), "the Axe is played only when Fire Spreading triggers")
			enginetest.MustApply(t, g, mv(0, act(KindDone)))
			// Other phases offer no tool at all.
			finishTurns(t, g)
			for _, s := range g.Pending() {
				checkWindow(t, g, s)
				enginetest.MustApply(t, g, mv(s, act(KindKeep)))
			}
		}},
		{"ChoosingTurnOrder", func(t *testing.T) {
			// From round 2: the Amulet, for anyone, before the first pick.
			if g.Phase != PhaseAmulet || g.Round != 2 {
				t.Fatalf("phase %s round %d", g.Phase, g.Round)
			}
			checkWindow(t, g, 0, toolAmulet)
			checkWindow(t, g, 1)
			refusedWith(t, g, 1, act(KindPlay, toolAxe, 0), "the Axe is played only when Fire Spreading triggers")
			passAll(t, g)
			if g.Phase != PhaseOrder {
				t.Fatalf("phase %s", g.Phase)
			}
			checkWindow(t, g, g.Active)
			refusedWith(t, g, 0, act(KindPlay, toolAmulet), "before any Turn Order card is chosen")
		}},
	}
	for _, st := range steps {
		if !t.Run(st.name, st.run) {
			return
		}
	}
}

// TestSimultaneousTools: two players answer Fire Spreading at once; the
// lower score uses their tool and the other goes back to its owner's hand;
// on equal scores, whoever reached the score first goes first.
func TestSimultaneousTools(t *testing.T) {
	for _, tc := range []struct {
		name           string
		score0, score1 int
		arr0, arr1     int
		winner         engine.Seat
	}{
		{"lower score", 10, 6, 4, 5, 1},
		{"lower score, active", 6, 10, 4, 5, 0},
		{"tie, first arrival", 8, 8, 5, 4, 1},
		{"tie, active first", 8, 8, 4, 5, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := toolGame(t, 2)
			g.Seats[0].Score, g.Seats[0].Arrived = tc.score0, tc.arr0
			g.Seats[1].Score, g.Seats[1].Arrived = tc.score1, tc.arr1
			g.Seats[2].Arrived, g.Seats[3].Arrived, g.Clock = 2, 3, 6
			give(t, g, 0, toolBucket)
			give(t, g, 1, toolAxe)
			bust(t, g, White, Black) // black (3) is the Axe's book
			// Both answer; neither answer shows to anyone else yet.
			ev := enginetest.MustApply(t, g, mv(1, findPlay(t, g, 1, toolAxe, 1)))
			if len(enginetest.Texts(ev, 0)) != 0 || len(enginetest.Texts(ev, 2)) != 0 || g.View(0).(View).Players[1].HandSize != 1 {
				t.Fatalf("an answer leaked: %q", enginetest.Texts(ev, 0))
			}
			ev = enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolBucket)))
			c := g.cardOf(0)
			switch tc.winner {
			case 1:
				if !enginetest.HasText(ev, 2, "{seat0} also played the Bucket, but {seat1} comes first on the score track: it goes back to their hand") ||
					g.heldCard(0, toolBucket) < 0 || g.heldCard(1, toolAxe) >= 0 ||
					g.Seats[1].Score != tc.score1+3 || c.Spaces[1] != Empty || c.Spaces[2] != Empty {
					t.Fatalf("the Axe must win: %q", enginetest.Texts(ev, 2))
				}
			case 0:
				if !enginetest.HasText(ev, 2, "{seat1} also played the Axe, but {seat0} comes first on the score track: it goes back to their hand") ||
					g.heldCard(1, toolAxe) < 0 || g.heldCard(0, toolBucket) >= 0 ||
					g.Seats[1].Score != tc.score1 || c.Spaces[1] != Black || c.Spaces[2] != Empty {
					t.Fatalf("the Bucket must win: %q", enginetest.Texts(ev, 2))
				}
			}
			if g.Phase != PhaseSave || g.Active != 0 {
				t.Fatalf("the fire was stopped: phase %s", g.Phase)
			}
		})
	}
}

func TestAxe(t *testing.T) {
	g := toolGame(t, 3)
	give(t, g, 1, toolAxe)
	give(t, g, 2, toolMap) // any tool: seat 2 is asked too, and passes
	g.Burned[Yellow] = 1   // War worth 3, like History
	ev := bust(t, g, Yellow, Black)
	if !slices.Equal(g.Responding(), []engine.Seat{1, 2}) || !enginetest.HasText(ev, 3, "{seat0} drew a Fire token onto space 3 (risky): a risky space, Fire Spreading!") ||
		g.View(3).(View).PhaseText != "Round 1, step 2: Fire Spreading on {seat0}'s card: waiting for answers" {
		t.Fatalf("responding %v: %q", g.Responding(), enginetest.Texts(ev, 3))
	}
	// Two books tie at 3: the Axe user chooses.
	legal := g.Legal(1)
	if len(legal) != 3 || legal[0].Kind != KindPass || moveWords(g, 1, legal[1]) != "Axe: take yellow (space 1), score 3" {
		t.Fatalf("Axe choices %v", legal)
	}
	if got := g.Legal(2); len(got) != 1 || got[0].Kind != KindPass {
		t.Fatalf("seat 2 without an Axe may only pass: %v", got)
	}
	enginetest.MustApply(t, g, mv(1, legal[2]))
	bag := slices.Clone(g.Bag)
	ev = enginetest.MustApply(t, g, mv(2, act(KindPass)))
	if !enginetest.HasText(ev, 3, "{seat1} plays an Axe: the fire and {seat0}'s History book (black) go back to the bag, and {seat1} scores 3 (score 3)") {
		t.Fatalf("events %q", enginetest.Texts(ev, 3))
	}
	if g.Phase != PhaseSave || g.Active != 0 || g.Bag[Black] != bag[Black]+1 || g.Bag[Fire] != bag[Fire]+1 ||
		g.cardOf(0).Spaces != [numSpaces]Token{Yellow, Empty, Empty, Empty, Empty} || g.Drawn != 3 {
		t.Fatalf("after the Axe: phase %s card %v", g.Phase, g.cardOf(0).Spaces)
	}
	// The active player carries on: the next draw fills space 2.
	forceNext(t, g, Purple)
	enginetest.MustApply(t, g, mv(0, act(KindDraw)))
	if g.cardOf(0).Spaces[1] != Purple {
		t.Fatal("the next draw must fill the leftmost empty space")
	}
	// With 1-3 players the Axe is out of the game: nobody else is asked.
	g = newGame(t, 3, 4)
	emptyHands(g)
	activate(t, g, 0, 2)
	give(t, g, 1, toolMap)
	give(t, g, 0, toolMap)
	bust(t, g, White, Yellow)
	if !slices.Equal(g.Responding(), []engine.Seat{0}) {
		t.Fatalf("3 players: responding %v", g.Responding())
	}
}

func TestBucket(t *testing.T) {
	g := toolGame(t, 5)
	give(t, g, 0, toolBucket, toolMap)
	bust(t, g, White, Yellow)
	fires := g.Bag[Fire]
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolBucket)))
	if !enginetest.HasText(ev, 1, "{seat0} plays a Bucket: the fire on space 3 goes on the Bucket, and the fire stops spreading") ||
		g.Phase != PhaseSave || g.cardOf(0).Spaces[2] != Empty || g.Bag[Fire] != fires || len(g.Table) != 1 {
		t.Fatalf("events %q", enginetest.Texts(ev, 1))
	}
	if v := g.View(2).(View); len(v.Table) != 1 || v.Table[0].Name != "Bucket" || !slices.Equal(v.Table[0].Tokens, []string{"fire"}) {
		t.Fatalf("table view %+v", v.Table)
	}
	put(t, g, Black)
	ev = applyPass(t, g, mv(0, act(KindStop)))
	if g.Seats[0].Score != 1+2+3+2 || g.Bag[Fire] != fires+1 || len(g.Table) != 0 || g.Discard[len(g.Discard)-1]/3 != toolBucket ||
		!enginetest.HasText(ev, 1, "1 token on the Bucket goes back to the bag") {
		t.Fatalf("score %d: %q", g.Seats[0].Score, enginetest.Texts(ev, 1))
	}
}

func TestCloak(t *testing.T) {
	g := toolGame(t, 6)
	give(t, g, 0, toolCloak, toolCloak)
	// W on space 1, K on 2, Y on the risky space 3 (bravery 2); the fire
	// lands on space 4.
	bust(t, g, White, Black, Yellow)
	legal := g.Legal(0)
	if len(legal) != 4 || moveWords(g, 0, legal[3]) != "Cloak: save yellow (space 3)" {
		t.Fatalf("Cloak choices %v", legal)
	}
	ev := enginetest.MustApply(t, g, mv(0, legal[3]))
	if g.Seats[0].Score != 2+2 || g.Burned != [numSections]int{1, 0, 1, 0} || g.Phase != PhaseTool ||
		!enginetest.HasText(ev, 1, "{seat0}'s Cloak saves a War book (yellow) from space 3: 2 knowledge + 2 bravery (score 4)") {
		t.Fatalf("score %d burned %v: %q", g.Seats[0].Score, g.Burned, enginetest.Texts(ev, 1))
	}
	// The only book cloaked: the lowest burn index burns instead.
	g = toolGame(t, 7)
	give(t, g, 0, toolCloak)
	bust(t, g, Fire, Black) // a fire on space 1, black on 2, the second fire on 3
	enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolCloak, 1)))
	if g.Seats[0].Score != 3 || g.Burned != [numSections]int{1, 0, 0, 0} {
		t.Fatalf("score %d burned %v", g.Seats[0].Score, g.Burned)
	}
}

// escapeWith puts books on seat 0's card (card 2) and escapes.
func escapeWith(t *testing.T, g *state, books ...Token) []engine.Event {
	t.Helper()
	put(t, g, books...)
	ev := enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Phase != PhaseAfter {
		t.Fatalf("phase %s after the escape", g.Phase)
	}
	return ev
}

func TestCollectorsEdition(t *testing.T) {
	g := toolGame(t, 8)
	give(t, g, 0, toolCollector, toolMap)
	escapeWith(t, g, Yellow, Black, Yellow) // 2+3+2 + 2 bravery = 9
	if got := g.Legal(0); len(got) != 4 || moveWords(g, 0, got[1]) != "Collector's Ed. on yellow: +4" {
		t.Fatalf("choices %v", got)
	}
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolCollector, int(Yellow))))
	if g.Seats[0].Score != 9+4 || g.Phase != PhaseAfter || g.cardOf(0).Spaces[0] != Empty ||
		!enginetest.HasText(ev, 2, "{seat0} plays a Collector's Edition on a War book (yellow): 2 such books saved, +4 (score 13)") {
		t.Fatalf("score %d: %q", g.Seats[0].Score, enginetest.Texts(ev, 2))
	}
}

func TestGloves(t *testing.T) {
	g := toolGame(t, 9)
	give(t, g, 0, toolGloves, toolMap)
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolGloves)))
	if !g.Turn.Gloves || !g.View(3).(View).Gloves || len(playsOffered(g, 0)) != 0 {
		t.Fatalf("gloves not on: %q", enginetest.Texts(ev, 3))
	}
	put(t, g, White, Yellow)
	forceNext(t, g, Fire)
	ev = enginetest.MustApply(t, g, mv(0, act(KindDraw)))
	if g.Phase != PhaseSave || !enginetest.HasText(ev, 1, "{seat0} drew a Fire token onto space 3 (safe)") {
		t.Fatalf("a fire on a risky space must not spread with Gloves: %q", enginetest.Texts(ev, 1))
	}
	// Bravery still counts as if the spaces were risky.
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Seats[0].Score != 1+2+2 {
		t.Fatalf("score %d", g.Seats[0].Score)
	}
	// A second fire still spreads; a safe-only escape gives no tool.
	g = toolGame(t, 10)
	activate(t, g, 0, 3)
	give(t, g, 0, toolGloves, toolGloves)
	enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolGloves)))
	put(t, g, White)
	ev = enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if g.Phase != PhaseAfter || !enginetest.HasText(ev, 1, "{seat0} wore Gloves: no tool for escaping") {
		t.Fatalf("phase %s: %q", g.Phase, enginetest.Texts(ev, 1))
	}
}

func TestKnapsack(t *testing.T) {
	g := toolGame(t, 11)
	give(t, g, 0, toolKnapsack, toolKnapsack, toolMap)
	escapeWith(t, g, White, Black, Yellow) // 1+3+2 + 2 bravery
	forceNext(t, g, Yellow)
	bag := slices.Clone(g.Bag)
	bag[Black]++ // the Knapsack's book goes back too
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolKnapsack, int(Black))))
	if g.Seats[0].Score != 8+3+2 || !slices.Equal(g.Bag, bag) || g.cardOf(0).Spaces[1] != Empty ||
		!enginetest.HasText(ev, 1, "{seat0} plays a Knapsack with a History book (black) and draws a War book (yellow): +5 (score 13)") {
		t.Fatalf("score %d: %q", g.Seats[0].Score, enginetest.Texts(ev, 1))
	}
	forceNext(t, g, Fire)
	bag[White]++
	bag[Fire]++ // Geography's 2nd card (2/5) shows a fire icon
	ev = enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolKnapsack, int(White))))
	if g.Seats[0].Score != 13 || g.Burned[White] != 1 || !slices.Equal(g.Bag, bag) ||
		!enginetest.HasText(ev, 1, "Geography (white) burns: now worth 2") ||
		!enginetest.HasText(ev, 1, "A fire icon is revealed in Geography: a Fire token goes into the bag") {
		t.Fatalf("a fire must burn the book's section: %q", enginetest.Texts(ev, 1))
	}
}

func TestLibraryCart(t *testing.T) {
	g := toolGame(t, 12)
	give(t, g, 0, toolCart, toolMap)
	escapeWith(t, g, White, Black, Black)
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolCart)))
	if g.Bag[Black] != 3 || g.Bag[White] != 6 || len(g.Table) != 1 ||
		!enginetest.HasText(ev, 1, "{seat0} plays a Library Cart: 3 books stay out of the bag until the end of the round") {
		t.Fatalf("bag %v: %q", g.Bag, enginetest.Texts(ev, 1))
	}
	enginetest.MustApply(t, g, mv(0, act(KindDone)))
	if g.Bag[Black] != 3 {
		t.Fatal("the books must stay out until the end of the round")
	}
	finishTurns(t, g)
	if g.Bag[Black] != 5 || g.Bag[White] != 7 || len(g.Table) != 0 {
		t.Fatalf("the Cart's books must go back at the end of the round: %v", g.Bag)
	}
}

func TestLockbox(t *testing.T) {
	for _, collapse := range []bool{false, true} {
		g := toolGame(t, 13)
		give(t, g, 0, toolLockbox, toolMap)
		escapeWith(t, g, White, Black, Yellow)
		enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolLockbox, int(Black))))
		if g.Bag[Black] != 4 || len(g.Table) != 1 || g.Table[0].Until != "game" {
			t.Fatalf("bag %v table %+v", g.Bag, g.Table)
		}
		enginetest.MustApply(t, g, mv(0, act(KindDone)))
		finishTurns(t, g) // the end of round 1 burns War: the Lockbox stays
		if len(g.Table) != 1 || g.Bag[Black] != 4 {
			t.Fatal("the Lockbox keeps its book for the rest of the game")
		}
		// End the game: History burns down (the Lockbox scores 10) or
		// Fables does (the Lockbox scores History's value, 3).
		want, sec := 3, Purple
		if collapse {
			want, sec = 10, Black
		}
		before := g.Seats[0].Score
		g.Burned[sec] = sections[sec].Books - 1
		g.Collapsed = -1
		g.takeEvents()
		g.burnTop(int(sec), ruleStep3Burn)
		if g.Phase != PhaseOver || g.Seats[0].Score != before+want {
			t.Fatalf("collapse %v: score %d, want %d: %q", collapse, g.Seats[0].Score, before+want,
				enginetest.Texts(g.takeEvents(), 1))
		}
	}
}

func TestMap(t *testing.T) {
	g := toolGame(t, 14)
	give(t, g, 0, toolMap)
	escapeWith(t, g, White, Black, Yellow, Yellow) // 1+3+2+2 + 4 bravery
	top := g.Deck[len(g.Deck)-1]
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolMap)))
	if g.Seats[0].Score != 12+4 || !slices.Equal(g.Seats[0].Hand, []int{top}) ||
		!enginetest.HasText(ev, 0, "You drew "+cardTool(top).Name+" with the Map") || !enginetest.HasText(ev, 1, "{seat0} draws a tool from the deck") {
		t.Fatalf("score %d hand %v: %q", g.Seats[0].Score, g.Seats[0].Hand, enginetest.Texts(ev, 0))
	}
	for _, x := range enginetest.Texts(ev, 1) {
		if strings.Contains(x, cardTool(top).Name) && !strings.Contains(x, "market") {
			t.Fatalf("the drawn tool leaked: %q", x)
		}
	}
}

func TestShovel(t *testing.T) {
	g := toolGame(t, 15)
	give(t, g, 0, toolShovel)
	forceSeq(t, g, White, Fire)
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolShovel)))
	if g.Phase != PhasePlace || !enginetest.HasText(ev, 1, "{seat0} draws white, fire with the Shovel") {
		t.Fatalf("phase %s: %q", g.Phase, enginetest.Texts(ev, 1))
	}
	refusedWith(t, g, 0, act(KindRest), "A Shovel draw must place one of the two tokens")
	refusedWith(t, g, 0, act(KindDraw), "You cannot draw now")
	ev = enginetest.MustApply(t, g, mv(0, act(KindPlace, int(White))))
	if g.Phase != PhaseSave || g.cardOf(0).Spaces[0] != White || len(g.Table) != 1 || !slices.Equal(g.Table[0].Tokens, []Token{Fire}) ||
		!enginetest.HasText(ev, 1, "1 unplaced fire stays on the Shovel until the turn ends") {
		t.Fatalf("after placing: %q", enginetest.Texts(ev, 1))
	}
	// The second use: an unplaced book goes back to the bag.
	forceSeq(t, g, Yellow, Black)
	yellow := g.Bag[Yellow]
	if dig, ok := engine.Find(g.Legal(0), act(KindDig)); !ok || moveWords(g, 0, dig) != "Shovel: draw 2, place 1 (last use)" {
		t.Fatalf("no second Shovel draw: %v", g.Legal(0))
	}
	enginetest.MustApply(t, g, mv(0, act(KindDig)))
	enginetest.MustApply(t, g, mv(0, act(KindPlace, int(Black))))
	if g.Bag[Yellow] != yellow || g.cardOf(0).Spaces[1] != Black || g.Phase != PhaseSave {
		t.Fatalf("bag %v card %v", g.Bag, g.cardOf(0).Spaces)
	}
	if _, ok := engine.Find(g.Legal(0), act(KindDig)); ok {
		t.Fatal("a Shovel works twice only")
	}
	refusedWith(t, g, 0, act(KindDig), "You have no Shovel draw left this turn")
	put(t, g, Yellow) // a risky space: no tool for escaping
	fires := g.Bag[Fire]
	applyPass(t, g, mv(0, act(KindStop)))
	if g.Bag[Fire] != fires+1 || len(g.Table) != 0 {
		t.Fatal("the Shovel's fire goes back when the turn ends")
	}
}

func TestTorch(t *testing.T) {
	g := toolGame(t, 16)
	give(t, g, 0, toolTorch, toolTorch)
	forceSeq(t, g, Fire, White, Yellow)
	enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolTorch)))
	legal := g.Legal(0)
	if g.Phase != PhasePlace || len(legal) != 3 || moveWords(g, 0, legal[0]) != "Place a Fire token" {
		t.Fatalf("choices %v", legal)
	}
	refusedWith(t, g, 0, act(KindRest), "Place at least one of the tokens the Torch drew first")
	// The player chooses the order: yellow, then white.
	enginetest.MustApply(t, g, mv(0, act(KindPlace, int(Yellow))))
	enginetest.MustApply(t, g, mv(0, act(KindPlace, int(White))))
	if g.Phase != PhasePlace || g.cardOf(0).Spaces != [numSpaces]Token{Yellow, White, Empty, Empty, Empty} {
		t.Fatalf("card %v", g.cardOf(0).Spaces)
	}
	ev := enginetest.MustApply(t, g, mv(0, act(KindRest)))
	if g.Phase != PhaseSave || !slices.Equal(g.Table[0].Tokens, []Token{Fire}) ||
		!enginetest.HasText(ev, 1, "1 unplaced fire stays on the Torch until the turn ends") {
		t.Fatalf("rest: %q", enginetest.Texts(ev, 1))
	}
	// A second Torch: a placed fire is checked as usual and spreads on a
	// risky space; the unplaced book goes back.
	forceSeq(t, g, Purple, Fire, Black)
	enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolTorch)))
	black := g.Bag[Black]
	ev = enginetest.MustApply(t, g, mv(0, act(KindPlace, int(Fire))))
	if g.Phase != PhaseSpread && g.Phase != PhaseTool || g.Bag[Black] < black+1 ||
		!enginetest.HasText(ev, 1, "{seat0} places a Fire token onto space 3 (risky): a risky space, Fire Spreading!") {
		t.Fatalf("phase %s: %q", g.Phase, enginetest.Texts(ev, 1))
	}
}

func TestSlingshot(t *testing.T) {
	g := toolGame(t, 17)
	give(t, g, 0, toolSlingshot, toolSlingshot, toolSlingshot)
	bust(t, g, Yellow, Black) // the fire on space 3
	// Every other player still has to play: holders of cards 1, 3, 4.
	legal := g.Legal(0)
	if len(legal) != 4 || moveWords(g, 0, legal[1]) != "Slingshot to 1st card: fire + black" {
		t.Fatalf("choices %v", legal)
	}
	to := g.card(3).Holder
	ev := enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolSlingshot, int(to), 1)))
	if g.Phase != PhaseSave || g.card(3).Spaces != [numSpaces]Token{Fire, Black, Empty, Empty, Empty} ||
		g.cardOf(0).Spaces != [numSpaces]Token{Yellow, Empty, Empty, Empty, Empty} ||
		!enginetest.HasText(ev, 1, "{seat0} plays a Slingshot: the fire and a History book (black) fly to "+seat(to)+"'s 3rd card") {
		t.Fatalf("after the Slingshot: %q", enginetest.Texts(ev, 1))
	}
	// No tool can make another player burn: the 3rd card now holds a
	// fire, and the 1st card's next space is risky once it holds a token.
	g.card(1).Spaces[0] = White
	g.Bag[White]--
	bust(t, g, White)
	for _, a := range g.Legal(0) {
		if a.Kind == KindPlay && (a.Args[1] == int(to) || a.Args[1] == int(g.card(1).Holder)) {
			t.Fatalf("a Slingshot that makes a player burn: %v", a)
		}
	}
	refusedWith(t, g, 0, act(KindPlay, toolSlingshot, int(to), 0), "may not make that player spread fire")
	enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolSlingshot, int(g.card(4).Holder), 0)))
	// The last player of the round sets the tokens aside until it ends.
	for s := range g.Seats {
		g.Seats[s].Played = s != 0
		if s != 0 {
			g.returnTokens(g.cardOf(engine.Seat(s)))
		}
	}
	bust(t, g, Purple)
	legal = g.Legal(0)
	if len(legal) != 2 || moveWords(g, 0, legal[1]) != "Slingshot aside: fire + purple" {
		t.Fatalf("choices %v", legal)
	}
	enginetest.MustApply(t, g, mv(0, legal[1]))
	if len(g.Table) != 1 || g.Table[0].Until != "round" || len(g.Table[0].Tokens) != 2 {
		t.Fatalf("table %+v", g.Table)
	}
	enginetest.MustApply(t, g, mv(0, act(KindStop)))
	if len(g.Table) != 1 {
		t.Fatal("the tokens set aside stay until the round ends")
	}
	finishTurns(t, g)
	if len(g.Table) != 0 {
		t.Fatal("the tokens set aside go back at the end of the round")
	}
}

// TestAmulet plays two Amulets at the start of round 2: a fire that would
// spread stays on the Amulet until the round ends, books go to whoever
// takes the card.
func TestAmulet(t *testing.T) {
	g := newGame(t, 4, 18)
	emptyHands(g)
	give(t, g, 2, toolAmulet, toolAmulet)
	refusedWith(t, g, 2, act(KindPlay, toolAmulet), "(not in round 1)")
	finishTurns(t, g)
	for _, s := range g.Pending() {
		enginetest.MustApply(t, g, mv(s, act(KindKeep)))
	}
	if g.Phase != PhaseAmulet || !slices.Contains(g.Responding(), 2) {
		t.Fatalf("phase %s responding %v", g.Phase, g.Responding())
	}
	forceSeq(t, g, Fire, White, Fire, Yellow)
	ev := amuletBy(t, g, 2)
	want := [][numSpaces]Token{{Fire, Empty}, {White, Empty}, {Fire, Empty}, {Yellow, Empty}}
	for i, w := range want {
		w[2], w[3], w[4] = Empty, Empty, Empty
		if g.Cards[i].Spaces != w {
			t.Fatalf("card %d: %v (%q)", i+1, g.Cards[i].Spaces, enginetest.Texts(ev, 0))
		}
	}
	// The window opens again: a second Amulet. The 1st card's next space
	// is risky and the 3rd card holds a fire: both fires stay on it.
	if g.Phase != PhaseAmulet {
		t.Fatalf("phase %s", g.Phase)
	}
	forceSeq(t, g, Fire, Black, Fire, Purple)
	ev = amuletBy(t, g, 2)
	if !enginetest.HasText(ev, 0, "{seat2} plays an Amulet: fire stays on the Amulet, black on the 2nd card, fire stays on the Amulet, purple on the 4th card") ||
		len(g.Table) != 1 || !slices.Equal(g.Table[0].Tokens, []Token{Fire, Fire}) {
		t.Fatalf("events %q table %+v", enginetest.Texts(ev, 0), g.Table)
	}
	passAll(t, g)
	if g.Phase != PhaseOrder {
		t.Fatalf("phase %s", g.Phase)
	}
	if err := g.validate(); err != nil {
		t.Fatal(err)
	}
	// Picks: whoever takes the 2nd card starts with white and black on it.
	for g.Phase == PhaseOrder {
		n := 2
		if g.card(2).Holder != noHolder {
			n = g.freeCards()[0]
		}
		enginetest.MustApply(t, g, mv(g.Active, act(KindOrder, n)))
	}
	h := g.card(2).Holder
	for g.Active != h {
		enginetest.MustApply(t, g, mv(g.Active, g.Timeout(g.Active)))
		passAll(t, g)
	}
	before := g.Seats[h].Score
	put(t, g, Purple)
	applyPass(t, g, mv(h, act(KindStop)))
	if g.Seats[h].Score != before+g.value(0)+g.value(2)+g.value(3)+2 { // the purple book is on risky space 3
		t.Fatalf("the Amulet's books score for the card's holder: %d -> %d", before, g.Seats[h].Score)
	}
	finishTurns(t, g)
	if len(g.Table) != 0 {
		t.Fatal("the Amulet's fires go back at the end of the round")
	}
}

// TestBooksOnCardsAtGameEnd: a book an Amulet left on the card of a player
// still to play scores at the end of the game, 10 if its section burned
// down (ruling 4); the active player's books do not.
func TestBooksOnCardsAtGameEnd(t *testing.T) {
	g := toolGame(t, 19)
	g.Burned[Purple] = 3
	other := g.card(3).Holder
	g.card(3).Spaces[0] = Purple
	g.Bag[Purple]--
	bust(t, g, Purple, White)
	if g.Phase != PhaseOver || g.Seats[other].Score != 10 || g.Seats[0].Score != 0 {
		t.Fatalf("phase %s scores %v", g.Phase, g.scores())
	}
}

// amuletBy answers the open Amulet window: seat s plays an Amulet, every
// other seat passes. It returns the events.
func amuletBy(t *testing.T, g *state, s engine.Seat) []engine.Event {
	t.Helper()
	var ev []engine.Event
	ev = append(ev, enginetest.MustApply(t, g, mv(s, findPlay(t, g, s, toolAmulet)))...)
	for _, o := range g.Responding() {
		ev = append(ev, enginetest.MustApply(t, g, mv(o, act(KindPass)))...)
	}
	return ev
}

// TestMarketRefillsFromDiscards: with the deck and the discard pile empty
// the market stays short, until a played tool is discarded.
func TestMarketRefillsFromDiscards(t *testing.T) {
	g := toolGame(t, 20)
	give(t, g, 0, toolBucket)
	g.Seats[3].Hand = append(g.Seats[3].Hand, g.Deck...)
	g.Seats[3].Hand = append(g.Seats[3].Hand, g.Discard...)
	g.Seats[3].Hand = append(g.Seats[3].Hand, g.Market[1:]...)
	g.Deck, g.Discard, g.Market = []int{}, []int{}, g.Market[:1]
	bust(t, g, White, Yellow)
	enginetest.MustApply(t, g, mv(0, findPlay(t, g, 0, toolBucket)))
	passAll(t, g) // seat 3 holds tools: it is asked too
	put(t, g, Black)
	ev := applyPass(t, g, mv(0, act(KindStop)))
	if len(g.Market) != 2 || len(g.Discard) != 0 || !enginetest.HasText(ev, 1, "Bucket is added to the tool market") {
		t.Fatalf("market %v: %q", g.Market, enginetest.Texts(ev, 1))
	}
}
