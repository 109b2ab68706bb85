package firetower

import (
	"errors"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestCitedRulesResolve: every rule the game cites, and what each card
// does, is in rules.md once.
func TestCitedRulesResolve(t *testing.T) {
	doc := Game{}.Info().Rules
	rules := []engine.Rule{
		ruleStart, ruleTurnOrder, rulePartsOrder, rulePart2, ruleCardWind, ruleBucketOnce, ruleReshuffle,
		ruleDrawUp, ruleWindCards, ruleWindGem, ruleWindRoll, ruleEmberCard, ruleBreakOnto, ruleBreakApart,
		ruleStorm, ruleStormRedraw, ruleStormWind, ruleOut, ruleTakeCards, ruleKeepCards, ruleHandGrows,
		ruleDeadWind, ruleTeams, ruleTeamBurn,
		rulingWindStep, rulingBreakAreas, rulingTouchFire, rulingExplosion, rulingWater, rulingBucket,
		rulingFirestorm, rulingOwnTower, rulingChange, rulingEmber, rulingPartial, rulingWindRoll, rulingEmberBack,
	}
	for c := range numCards {
		rules = append(rules, c.rule())
	}
	for _, r := range rules {
		if _, err := engine.Explain(doc, r); err != nil {
			t.Errorf("%q: %v", r, err)
		}
	}
}

// TestRulesCitedInPlay plays random games of each player count and the
// main options: every rule cited resolves, and the automatic effects cite
// theirs (the turn passing, the wind's gem, the draw, the reshuffle, a
// burned tower and what follows it, the Firestorm).
func TestRulesCitedInPlay(t *testing.T) {
	always := []engine.Rule{ruleTurnOrder, rulingWindStep, ruleDrawUp, ruleReshuffle, FlareUp.rule()}
	for _, c := range []struct {
		players int
		opts    engine.Options
		want    []engine.Rule
	}{
		{2, nil, []engine.Rule{ruleOut}},
		{3, engine.Options{OptFirestorm: "true"}, []engine.Rule{
			ruleOut, rulingPartial, ruleTakeCards, ruleHandGrows, rulingFirestorm, ruleStorm, ruleStormWind}},
		{4, engine.Options{OptTeam: "true", OptDeck: DeckClassic}, []engine.Rule{ruleTeamBurn, rulingPartial, ruleStormWind}},
	} {
		got := enginetest.CheckRules(t, Game{}, c.players, c.opts, 1)
		for _, r := range append(c.want, always...) {
			if !got[r] {
				t.Errorf("%d players, %v: no event cites %q", c.players, c.opts, r)
			}
		}
	}
}

// TestRefusalsSayWhy: the moves a player tries out of turn, out of step
// or against a card's rules are refused with a reason and its rule; a
// malformed move cites none.
func TestRefusalsSayWhy(t *testing.T) {
	for _, c := range []struct {
		name  string
		setup func(t *testing.T, g *state)
		seat  engine.Seat
		a     engine.Action
		msg   string
		rule  engine.Rule
	}{
		{"out of turn", nil, 1, act(KindSpread, at(t, "H7")...),
			"It is not your turn", ruleTurnOrder},
		{"action before the wind", nil, 0, act(KindWind, 0),
			"First the wind spreads the fire", rulePartsOrder},
		{"wind twice", func(t *testing.T, g *state) { g.Part = PartAction }, 0, act(KindSpread, at(t, "H7")...),
			"Part 1 is over", rulePartsOrder},
		{"end before acting", func(t *testing.T, g *state) { g.Part = PartAction }, 0, act(KindEnd),
			"Take your action first", rulePart2},
		{"a second action", func(t *testing.T, g *state) { g.Part = PartEnd }, 0, act(KindWind, 0),
			"You have taken this turn's action", rulePart2},
		{"a fire card as wind", func(t *testing.T, g *state) { g.Part = PartAction }, 0, act(KindRoll, 1),
			"Flare Up is not a wind card", ruleWindCards},
		{"the wind's gem off the wind", nil, 0, act(KindSpread, at(t, "J8")...),
			"just north of fire; J8 is not", rulingWindStep},
		{"a Flare Up far from fire", func(t *testing.T, g *state) { g.Part = PartAction }, 0,
			act(KindPlay, with([]int{1}, with(at(t, "M3"), 0)...)...),
			"must touch fire", rulingTouchFire},
		{"a second Bucket", func(t *testing.T, g *state) { g.Seats[0].Bucket = false }, 0, act(KindBucket, 0, 0, 0),
			"You have used your Bucket", ruleBucketOnce},
		{"a card while the Ember's gem is up", func(t *testing.T, g *state) {
			g.Part, g.EmberFrom = PartEmber, new(sq(t, "H7"))
		}, 0, act(KindWind, 0), "First land the Ember's gem", rulingEmber},
		{"a card before trimming", trimming, 0, act(KindSpread, at(t, "H7")...),
			"First discard down to 5 cards", ruleKeepCards},
		{"out of turn while trimming", trimming, 1, act(KindTrim, 0),
			"It is not your turn", ruleKeepCards},
		{"a move the game does not have", nil, 0, act("fly", 1),
			"is not one of your moves now", ""},
		{"too few arguments", nil, 0, act(KindSpread, 7),
			"is not one of your moves now", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := newGame(t, 2, nil, 1)
			ready(g, 0, PartSpread, North)
			setHand(t, g, 0, NorthWind, FlareUp, EastWind, AirDrop, DozerLine)
			if c.setup != nil {
				c.setup(t, g)
			}
			_, err := g.Apply(c.seat, c.a)
			var re *engine.RuleError
			if !errors.As(err, &re) {
				t.Fatalf("%v by seat %d: %v, want a refusal", c.a, c.seat, err)
			}
			if !strings.Contains(re.Msg, c.msg) || re.Rule != c.rule {
				t.Errorf("%v by seat %d refused with %q citing %q, want %q citing %q", c.a, c.seat, re.Msg, re.Rule, c.msg, c.rule)
			}
		})
	}
}

// trimming makes seat 0 an eliminator with a card too many to discard.
func trimming(t *testing.T, g *state) {
	g.Seats[0].Hand = append(g.Seats[0].Hand, takeFromDeck(t, g, SouthWind))
	g.Tasks = []task{{Kind: taskTrim, Seat: 0}}
}
