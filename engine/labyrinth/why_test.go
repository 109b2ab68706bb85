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

// TestWhyNotIsApplys: at every step of random games, a view's WhyNot
// refuses each pending seat's near misses (a move with an argument off by
// one, another seat's move) in Apply's words, citing Apply's rule, and
// passes its legal moves.
func TestWhyNotIsApplys(t *testing.T) {
	randomGames(t, 10, 950, func(g *state, rng *engine.RNG) {
		pending := g.Pending()
		s := pending[rng.Intn(len(pending))]
		legal := g.Legal(s)
		a := legal[rng.Intn(len(legal))]
		v := g.View(s).(View)
		if err := v.WhyNot(a); err != nil {
			t.Fatalf("seat %d's legal %v: %v", s, a, err)
		}
		tries := []engine.Action{{Kind: KindEnd}, {Kind: KindFlip, Args: []int{rng.Intn(NumTiles)}}}
		if len(a.Args) > 0 {
			args := slices.Clone(a.Args)
			args[rng.Intn(len(args))] += 1 - 2*rng.Intn(2)
			tries = append(tries, engine.Action{Kind: a.Kind, Args: args})
		}
		for _, b := range tries {
			if _, ok := engine.Find(legal, b); ok {
				continue
			}
			_, want := g.copy().Apply(s, b)
			got := v.WhyNot(b)
			if got == nil {
				got = notNow(b) // Apply's word when no check finds a reason
			}
			var wre, gre *engine.RuleError
			if !errors.As(want, &wre) || !errors.As(got, &gre) || *gre != *wre {
				t.Fatalf("seat %d's %v: WhyNot says %v, Apply %v", s, b, got, want)
			}
		}
	}, nil)
}

// TestWhyNotOnCites: at every step of random games, for every tile and
// every kind of move aimed at a tile of which the player whose turn it
// is has none there, WhyNotOn gives a reason that cites a rule of
// rules.md.
func TestWhyNotOnCites(t *testing.T) {
	doc := Game{}.Info().Rules
	step := 0
	randomGames(t, 6, 960, func(g *state, _ *engine.RNG) {
		if step++; step%3 != 0 {
			return
		}
		s := g.Pending()[0]
		legal := g.Legal(s)
		v := g.View(s).(View)
		for i := range NumTiles {
			for _, kind := range []string{KindFlip, KindRotate, KindMove, KindPass} {
				if slices.ContainsFunc(legal, func(a engine.Action) bool { return a.Kind == kind && a.Arg(0) == i }) {
					continue
				}
				err := v.WhyNotOn(kind, i)
				var re *engine.RuleError
				if !errors.As(err, &re) {
					t.Fatalf("seat %d, %s on %s: %v", s, kind, TileName(i), err)
				}
				if _, err := engine.Explain(doc, re.Rule); err != nil {
					t.Fatalf("seat %d, %s on %s: %q cites %q: %v", s, kind, TileName(i), re.Msg, re.Rule, err)
				}
			}
		}
	}, nil)
}
