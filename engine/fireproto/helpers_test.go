package fireproto

import (
	"errors"
	"slices"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

func newGame(t testing.TB, players int, seed uint64) *state {
	t.Helper()
	st, err := Game{}.New(players, engine.Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

func act(kind string, args ...int) engine.Action { return engine.Action{Kind: kind, Args: args} }

// apply applies a legal move of seat s.
func apply(t testing.TB, g *state, s engine.Seat, a engine.Action) []engine.Event {
	t.Helper()
	return et.MustApply(t, g, et.Move{Seat: s, Action: a})
}

// valid fails the test if g breaks an invariant.
func valid(t testing.TB, g *state) {
	t.Helper()
	if err := g.validate(); err != nil {
		t.Fatalf("invalid state: %v\n%s", err, et.Marshal(t, g))
	}
}

// activate makes seat s the active player holding Turn Order card number
// at the start of its turn, with a fresh round.
func activate(t testing.TB, g *state, s engine.Seat, number int) {
	t.Helper()
	if g.Phase != PhaseSearch || g.Drawn != 0 {
		t.Fatalf("activate in phase %s after %d draws", g.Phase, g.Drawn)
	}
	old, c := g.cardOf(s), g.card(number)
	old.Holder, c.Holder = c.Holder, s
	g.Active = s
	for i := range g.Seats {
		g.Seats[i].Played = false
	}
	valid(t, g)
}

// put places tokens from the bag on the active player's card as if drawn
// (fires that would end the turn are not allowed here).
func put(t testing.TB, g *state, tokens ...Token) {
	t.Helper()
	c := g.cardOf(g.Active)
	for _, tok := range tokens {
		if g.Bag[tok] == 0 {
			t.Fatalf("no %s token in the bag", tok.Name())
		}
		g.Bag[tok]--
		c.Spaces[g.Drawn] = tok
		g.Drawn++
		g.Last, g.LastBy = tok, g.Active
	}
	valid(t, g)
}

// forceNext reseeds the RNG so that the next token drawn is tok.
func forceNext(t testing.TB, g *state, tok Token) {
	t.Helper()
	for k := uint64(1); k < 10000; k++ {
		r := engine.NewRNG(k)
		if Token(slices.Clone(g.Bag).Draw(&r)) == tok {
			g.RNG = engine.NewRNG(k)
			return
		}
	}
	t.Fatalf("cannot force a %s token", tok.Name())
}

// drawForced draws tok for the active player.
func drawForced(t testing.TB, g *state, tok Token) []engine.Event {
	t.Helper()
	forceNext(t, g, tok)
	ev := apply(t, g, g.Active, act(KindDraw))
	valid(t, g)
	return ev
}

// copy is a fast deep copy of a state (Restore goes through JSON).
func (g *state) copy() *state {
	c := *g
	c.Bag = slices.Clone(g.Bag)
	c.Cards = slices.Clone(g.Cards)
	c.Seats = slices.Clone(g.Seats)
	c.Picks = slices.Clone(g.Picks)
	c.Track.Scores = slices.Clone(g.Track.Scores)
	c.Track.Arrived = slices.Clone(g.Track.Arrived)
	c.log = engine.Log{}
	return &c
}

// maxSteps bounds a random game; real games end far sooner.
func maxSteps(players int) int { return 400 * players }

// moveWords is seat s's words for its legal move a, from its view.
func moveWords(g *state, s engine.Seat, a engine.Action) string { return g.View(s).(View).Describe(a) }

// refused checks that seat s's move a is refused with msg, citing rule
// ("" for a malformed move that no rule is about), and that the rule is
// in the rules doc.
func refused(t testing.TB, g *state, s engine.Seat, a engine.Action, msg string, rule engine.Rule) {
	t.Helper()
	_, err := g.Apply(s, a)
	var re *engine.RuleError
	if !errors.As(err, &re) || re.Msg != msg || re.Rule != rule {
		t.Fatalf("%v by seat %d: got %v (citing %q), want %q citing %q", a, s, err, ruleOf(re), msg, rule)
	}
	if _, err := engine.Explain(rulesText, rule); rule != "" && err != nil {
		t.Fatalf("%v by seat %d cites %q: %v", a, s, rule, err)
	}
}

// ruleOf is the rule a refusal cites, if it is one.
func ruleOf(re *engine.RuleError) engine.Rule {
	if re == nil {
		return ""
	}
	return re.Rule
}
