package labyrinth

import (
	"errors"
	"slices"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestRulesCited plays random games of every player count and the main
// option sets, trying moves that are not legal on the way: every rule a
// refusal or an automatic effect cites is in rules.md, and the common
// refusals cite theirs.
func TestRulesCited(t *testing.T) {
	seen := map[engine.Rule]bool{}
	for players := 1; players <= 5; players++ {
		for r := range enginetest.CheckRules(t, Game{}, players, allOptions()[players%4], 2) {
			seen[r] = true
		}
	}
	wantCited(t, seen, rulingStartBooks, ruleTurnOrder, ruleFlip, ruleRotate, rulingNoRotate, rulingOffTurn,
		rulingPassages, rulingTokenStop)
}

// TestEffectsCiteRules: the automatic effects of random games cite the
// rules that make them happen.
func TestEffectsCiteRules(t *testing.T) {
	seen := map[engine.Rule]bool{}
	for k := range 20 {
		g := newGame(t, 1+k%5, allOptions()[k%4], uint64(40+k))
		rng := engine.NewRNG(uint64(k))
		for !g.Outcome().Done {
			for _, e := range enginetest.MustApply(t, g, enginetest.RandomMove(g, &rng)) {
				seen[engine.RuleOf(e.Fact)] = true
			}
		}
	}
	wantCited(t, seen, ruleFirstTurn, ruleTurnOrder, ruleDisturb, rulingDoubleCurse, ruleStrikeDark,
		rulingStrikeTurns, ruleStrikeWake, ruleStrikeDim, ruleActivate, rulingSixTerrors, ruleOutOfTime,
		ruleReturnReward, ruleRewardTile)
}

// wantCited fails the test for each rule of want that is not in seen.
func wantCited(t *testing.T, seen map[engine.Rule]bool, want ...engine.Rule) {
	t.Helper()
	for _, r := range want {
		if !seen[r] {
			t.Errorf("nothing cited %q", r)
		}
	}
}

// refusal applies a move of seat s that must be refused and returns the
// refusal.
func refusal(t *testing.T, g *state, s engine.Seat, kind string, args ...int) *engine.RuleError {
	t.Helper()
	_, err := g.Apply(s, engine.Action{Kind: kind, Args: args})
	var re *engine.RuleError
	if !errors.As(err, &re) {
		t.Fatalf("%s%v by seat %d: %v, want a refusal", kind, args, s, err)
	}
	return re
}

// wantRefusal checks a refusal's words and rule.
func wantRefusal(t *testing.T, re *engine.RuleError, msg string, rule engine.Rule) {
	t.Helper()
	if re.Msg != msg || re.Rule != rule {
		t.Errorf("refused with %q (rule %q), want %q (rule %q)", re.Msg, re.Rule, msg, rule)
	}
}

// TestRefusalsSayWhy: the moves a player typically tries and may not
// make are refused in words that say why, citing the rule.
func TestRefusalsSayWhy(t *testing.T) {
	s := newScen(t, 3, nil, 30)
	g := s.g
	g.Wyrm = 0
	s.lay(c2, KindTerror, ShapeCorner, 1)  // open E, S
	s.terror(c2, terrorID("Big Bad Wolf")) // H A F
	s.lay(d3, KindShelf, ShapeT, 2)        // open S, W, N
	s.shelf(d3, int(Children))
	s.dark(b3, KindReward)
	jo, nzinga, circe := bookID("Jo March"), bookID("Nzinga"), bookID("Circe")
	tm := rewardID("Time Machine / Secret Passage")
	s.cards(0, jo, nzinga, 1, 2, tm, circe)
	basilisk := terrorID("Basilisk") // T F A: no Heart
	h := &g.Hands[0]
	h.remove(circe)
	h.Captured = append(h.Captured, capture{Terror: basilisk, Cards: []int{circe}})
	g.TerrorStack = slices.DeleteFunc(g.TerrorStack, func(id int) bool { return id == basilisk })
	s.lay(c4, KindCross, ShapeCross, 0)
	g.Pos[1] = c4
	s.check()

	cases := []struct {
		seat engine.Seat
		kind string
		args []int
		msg  string
		rule engine.Rule
	}{
		{1, KindEnd, nil, "It is not your turn: it is {seat0}'s.", ruleTurnOrder},
		{1, KindDiscard, []int{9}, "Out of turn you may discard only while your hand is full.", rulingOffTurn},
		{0, KindFlip, []int{24}, "E5 is not next to your tile (C3): you flip a tile next to yours, not diagonal, unless you play a Useful Map.", ruleFlip},
		{0, KindFlip, []int{c2}, "C2 is lit already.", ruleFlip},
		{0, KindRotate, []int{b3, 1}, "B3 is dark: only a lit tile is rotated, so flip it first.", ruleRotate},
		{0, KindRotate, []int{Centre, 1}, "C3 looks the same every way round: rotating it changes nothing.", rulingNoRotate},
		{0, KindTake, []int{0}, "Your hand is full (six slots): discard a card first.", ruleHandRoom},
		{0, KindMove, move(b3), "B3 is dark: moves go along lit tiles only.", ruleBlock},
		{0, KindMove, move(c2), "A move may end on the Big Bad Wolf only to capture it.", rulingTokenStop},
		{0, KindMove, move(c2, capturing(jo)), "Those cards do not show every symbol the Big Bad Wolf needs (HAF).", ruleCover},
		{0, KindMove, move(c2, capturing(1, jo, nzinga)), "Anne Shirley is not needed to capture the Big Bad Wolf: a capture uses only the cards it needs.", rulingCapture},
		{0, KindMove, move(d3, returning(basilisk)), "The Basilisk does not show the Heart symbol (H) of the Children's Fiction Shelf.", ruleReturnSymbol},
		{0, KindMove, move(d3, returning(terrorID("Kraken"))), "You hold no captured Kraken.", ""},
		{0, KindTime, []int{rewardID("Time Machine / Library Ladder")}, "You do not hold Time Machine / Library Ladder.", ""},
		{0, KindDiscard, []int{TerrorCard + 3}, "A captured Terror cannot be discarded: return it to a Shelf.", ruleKeepTerror},
		{0, KindPass, []int{c4, 1, jo, -1, -1}, "You and {seat1} are not on one tile: passing needs that, or a Trolley Service card.", rulePassTile},
	}
	for _, c := range cases {
		wantRefusal(t, refusal(t, g, c.seat, c.kind, c.args...), c.msg, c.rule)
	}

	s.do(KindPassAction)
	wantRefusal(t, refusal(t, g, 0, KindPassAction),
		"You have passed an action already: there is only one Pass-An-Action token.", rulingPassToken)
	s.do(KindRotate, c2, 1)
	s.do(KindRotate, c2, -1) // no actions left, but a Time Machine in hand
	wantRefusal(t, refusal(t, g, 0, KindFlip, b3),
		"You have no actions left this turn: play a Time Machine for one more, or end your actions.", ruleActions)
}

// TestSoloRefusalsSayWhy: the solo game's own refusals.
func TestSoloRefusalsSayWhy(t *testing.T) {
	s := newScen(t, 1, nil, 31)
	g := s.g
	s.lay(c2, KindCross, ShapeCross, 0)
	tm := rewardID("Time Machine / Library Ladder")
	s.cards(-1, tm)
	wantRefusal(t, refusal(t, g, 0, KindTime, tm),
		"Time Machine / Library Ladder is in the Trolley's hand: boosters are played from your own hand.", rulingOwnBoosters)
	wantRefusal(t, refusal(t, g, 0, KindPassAction), "The Pass-An-Action token is not used in the solo game.", rulingTokenReturns)
	s.do(KindMove, move(c2, piece(PieceTrolley))...)
	wantRefusal(t, refusal(t, g, 0, KindMove, move(Centre, piece(PieceRide))...),
		"The Trolley is not on your tile: to move and ride, both start on one tile.", rulingRideStart)
}
