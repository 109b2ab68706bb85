package firelibrary

import (
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestNamedRulesResolve: every rule the package names is a ruling or a
// phrase that rules.md holds once.
func TestNamedRulesResolve(t *testing.T) {
	rules := []engine.Rule{ruleChoosing, ruleLastCard, ruleTurnOrder, ruleSafeFire, ruleSpreadBurns, ruleMarket,
		ruleStep3Burn, ruleSwap, ruleEndBooks, ruleToolTokens, ruleAsked, ruleModes, ruleChallenge, ruleRobotCard,
		ruleRobotTurn, ruleRobotNoBurn, ruleRobotWins, ruleSoloRobot, ruleSoloWin, ruleLoneRounds, ruleLoneBurned,
		ruleLoneStanding, ruleSoloCards, ruleCardsBack, ruleBurnCall, ruleNoTools, ruleWildFire,
		ruleInferno, rulingBust, rulingBravery, rulingIcon, rulingCollapse, rulingOnlyFires, rulingEmptyDeck,
		rulingCardSets, rulingEscape, rulingFullCard, rulingSwaps, rulingHighest, rulingSameTime, rulingRobot,
		rulingRobotBrave, rulingSoloRobot, rulingLone, rulingNoTool, rulingTech, rulingSaving, rulingSpreading,
		rulingAfter}
	rules = append(rules, toolRules[:]...)
	rules = append(rules, windowRules[windowOpen+1:]...)
	rules = append(rules, noticeRules[:]...)
	rules = append(rules, startRules[:]...)
	rules = append(rules, burnRules[:]...)
	rules = append(rules, cardRules[cardChosen+1:]...)
	for _, r := range phaseRules {
		rules = append(rules, r)
	}
	for _, l := range challenges {
		rules = append(rules, l.LoneRule)
	}
	checked := map[engine.Rule]bool{}
	for _, r := range rules {
		if checked[r] {
			continue
		}
		checked[r] = true
		if _, err := engine.Explain(rulesText, r); err != nil {
			t.Errorf("%q: %v", r, err)
		}
	}
}

// TestRulesCitedInPlay plays 20 random games of every mode and the main
// variants, each player count once (enginetest.CheckRules): every rule a
// refusal or an event cites is in rules.md, and the automatic effects of
// each mode cite theirs. (A random player often escapes at once, ruling
// 10, so that a single game seldom shows them all.)
func TestRulesCitedInPlay(t *testing.T) {
	for _, tc := range []struct {
		players int
		opts    engine.Options
		want    []engine.Rule
	}{
		{1, engine.Options{OptMode: ModeLone}, []engine.Rule{ruleLoneRounds, rulingLone, ruleLoneStanding,
			challenges[ChallengeRulebook].LoneRule, ruleSoloCards, ruleCardsBack, ruleStep3Burn}},
		{1, engine.Options{OptMode: ModeSoloRobot, OptFire: FireWild}, []engine.Rule{ruleSoloRobot, rulingSoloRobot,
			ruleSoloWin, ruleRobotNoBurn, ruleWildFire, rulingCollapse}},
		{2, engine.Options{OptMode: ModeRobot}, []engine.Rule{ruleRobotTurn, rulingRobotBrave, ruleRobotCard,
			ruleRobotWins, ruleRobotNoBurn, ruleChoosing, rulingFullCard}},
		{3, engine.Options{OptNoTools: "true"}, []engine.Rule{ruleBurnCall, rulingNoTool, rulingOnlyFires,
			rulingHighest, ruleStep3Burn}},
		{4, engine.Options{OptFire: FireInferno, OptTech: "true"}, []engine.Rule{ruleInferno, ruleWildFire,
			rulingTech, windowRules[shutAfter]}},
		{5, engine.Options{OptMode: ModeRobot, OptFire: FireWild}, []engine.Rule{rulingSameTime, ruleLastCard,
			toolRules[toolAxe], toolRules[toolSlingshot]}},
		{6, engine.Options{}, []engine.Rule{ruleTurnOrder, rulingBust, ruleSafeFire, ruleSpreadBurns, rulingIcon,
			ruleMarket, rulingSwaps, ruleSwap, ruleToolTokens, ruleEndBooks, rulingEmptyDeck, ruleAsked,
			windowRules[shutSpreading]}},
	} {
		cited := enginetest.CheckRules(t, Game{}, tc.players, tc.opts, 20)
		for _, r := range tc.want {
			if !cited[r] {
				t.Errorf("%d players %v: no event or refusal cites %q", tc.players, tc.opts, r)
			}
		}
	}
}

// refusal is a move that must be refused with a message and the rule it
// cites.
type refusal struct {
	s    engine.Seat
	a    engine.Action
	msg  string
	rule engine.Rule
}

// checkRefusals checks each refusal: its whole message and its rule.
func checkRefusals(t *testing.T, g *state, refusals ...refusal) {
	t.Helper()
	for _, r := range refusals {
		if got := refusedWith(t, g, r.s, r.a, r.msg); got != r.rule {
			t.Errorf("%v by seat %d cites %q, want %q", r.a, r.s, got, r.rule)
		}
		_, err := g.Apply(r.s, r.a)
		if err.Error() != r.msg {
			t.Errorf("%v by seat %d: %q, want %q", r.a, r.s, err, r.msg)
		}
	}
}

// TestRefusalsCiteRules: the moves a player tries against the rules are
// refused with the reason, citing the rule; a malformed move cites none.
func TestRefusalsCiteRules(t *testing.T) {
	t.Run("SavingBooks", func(t *testing.T) {
		g := sampleTurn(t)
		give(t, g, 0, toolMap, toolBucket, toolAmulet)
		give(t, g, 1, toolGloves)
		checkRefusals(t, g,
			refusal{1, act(KindDraw), "It is not your turn: {seat0} is saving books", ruleTurnOrder},
			refusal{0, act(KindOrder, 1), "You cannot order now: {seat0} is saving books", ruleTurnOrder},
			refusal{0, act(KindDig), "You have no Shovel draw left this turn (play a Shovel from your hand first)",
				toolRules[toolShovel]},
			refusal{0, act(KindPlay, toolMap), "You cannot play the Map now: the Map is an After Scoring tool: the " +
				"active player plays it after escaping and scoring, before the next turn", windowRules[shutAfter]},
			refusal{0, act(KindPlay, toolBucket), "You cannot play the Bucket now: the Bucket is played only when " +
				"Fire Spreading triggers", windowRules[shutSpreading]},
			refusal{0, act(KindPlay, toolAmulet), "You cannot play the Amulet now: the Amulet is played at the start " +
				"of step 1 (not in round 1), before any Turn Order card is chosen", toolRules[toolAmulet]},
			refusal{1, act(KindPlay, toolGloves), "You cannot play the Gloves now: the Gloves is a Saving Books " +
				"tool: the active player plays it after taking the bag, before escaping or Fire Spreading",
				windowRules[shutSaving]},
			refusal{0, act("fly"), `Unknown move "fly"`, ""},
			refusal{0, act(KindDraw, 1), `"draw" takes no arguments`, ""},
			refusal{engine.Spectator, act(KindDraw), "Only seated players can play", ""},
		)
	})
	t.Run("FireSpreading", func(t *testing.T) {
		g := toolGame(t, 1)
		give(t, g, 0, toolAxe, toolBucket, toolCloak, toolSlingshot)
		give(t, g, 1, toolAxe, toolBucket)
		bust(t, g, White, Yellow) // the fire on space 3; Yellow is worth more
		enginetest.MustApply(t, g, mv(1, act(KindPass)))
		checkRefusals(t, g,
			refusal{0, act(KindPlay, toolAxe, 0), "You cannot play the Axe now: the Axe is played only by a player " +
				"who is not active", windowRules[shutAxe]},
			refusal{1, act(KindPlay, toolBucket), "You cannot play the Bucket now: only the active player may play " +
				"the Bucket", windowRules[shutActive]},
			refusal{1, act(KindPass), "You have already answered, or are not asked: Fire Spreading on {seat0}'s " +
				"card: waiting for answers", ruleAsked},
			refusal{0, act(KindDraw), "You cannot draw now: Fire Spreading on {seat0}'s card: waiting for answers",
				phaseRules[PhaseSpread]},
			refusal{0, act(KindPlay, toolCloak, 2), "The Cloak saves a book: there is none on space 3",
				toolRules[toolCloak]},
			refusal{0, act(KindPlay, toolSlingshot, 1, 0), "The Slingshot moves the most valuable book: choose one " +
				"of those", toolRules[toolSlingshot]},
		)
	})
	t.Run("AfterScoring", func(t *testing.T) {
		g := toolGame(t, 1)
		give(t, g, 0, toolAxe, toolKnapsack, toolCollector, toolCart)
		put(t, g, White, White, Yellow) // on the R2: no tool to take
		enginetest.MustApply(t, g, mv(0, act(KindStop)))
		checkRefusals(t, g,
			refusal{0, act(KindPlay, toolCollector, int(Black)), "The Collector's Edition takes a book you saved " +
				"this turn: you saved no such book", toolRules[toolCollector]},
			refusal{0, act(KindPlay, toolCart, 1), "That is not a way to play the Library Cart now", ""},
		)
		g.Bag = make(engine.Bag, numKinds) // as if nothing were left to draw
		g.edited()
		checkRefusals(t, g, refusal{0, act(KindPlay, toolKnapsack, int(White)),
			"The Knapsack needs a token in the bag to draw", toolRules[toolKnapsack]})
	})
	t.Run("ChoosingTurnOrder", func(t *testing.T) {
		g := newGame(t, 4, 5)
		finishTurns(t, g)
		deciding := g.Pending()
		for _, s := range deciding[1:] {
			enginetest.MustApply(t, g, mv(s, act(KindKeep)))
		}
		checkRefusals(t, g, refusal{deciding[1], act(KindSwap, 0),
			"You have already decided about your tools this round", rulingSwaps})
		enginetest.MustApply(t, g, mv(deciding[0], act(KindKeep)))
		passAll(t, g)
		first := g.Active
		enginetest.MustApply(t, g, mv(first, act(KindOrder, 3)))
		waiting := (g.Active + 1) % 4
		checkRefusals(t, g,
			refusal{g.Active, act(KindOrder, 3), "The 3rd Turn Order card is already taken by " + seat(first),
				ruleChoosing},
			refusal{g.Active, act(KindOrder, 5), "There is no Turn Order card 5 in this game (cards 1-4 are in " +
				"play)", rulingCardSets},
			refusal{waiting, act(KindOrder, 1), "It is not your turn: " + seat(g.Active) + " is choosing a Turn " +
				"Order card", ruleChoosing},
		)
	})
	t.Run("NoTool", func(t *testing.T) {
		g := newGameOpts(t, 3, engine.Options{OptNoTools: "true"}, 6)
		activate(t, g, 0, 2)
		checkRefusals(t, g, refusal{0, act(KindPlay, toolGloves), "There are no tools in the No Tool variant",
			ruleNoTools})
		bustRisky(t, g, White)
		enginetest.MustApply(t, g, mv(0, act(KindBurn)))
		checkRefusals(t, g, refusal{0, act(KindBurn), "You have already called Burn! or passed: Fire Spreading " +
			"on {seat0}'s card: every player may call Burn!", rulingNoTool})
	})
	t.Run("Options", func(t *testing.T) {
		for _, tc := range []struct {
			players int
			opts    engine.Options
			rule    engine.Rule
		}{
			{1, engine.Options{}, ruleModes},
			{6, engine.Options{OptMode: ModeRobot}, ruleModes},
			{2, engine.Options{OptMode: ModeLone}, ruleModes},
			{2, engine.Options{OptChallenge: ChallengeHard}, ruleChallenge},
		} {
			_, err := Game{}.New(tc.players, tc.opts, 1)
			if re, ok := err.(*engine.RuleError); !ok || re.Rule != tc.rule {
				t.Errorf("%d players %v: %v, want a refusal citing %q", tc.players, tc.opts, err, tc.rule)
			}
		}
	})
}
