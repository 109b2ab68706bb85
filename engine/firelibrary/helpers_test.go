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

// baseGame is the variant of a table created with the default options.
var baseGame = variant{Mode: ModeStandard, Fire: FireNormal}

func newGame(t testing.TB, players int, seed uint64) *state {
	t.Helper()
	return newGameOpts(t, players, engine.Options{}, seed)
}

func newGameOpts(t testing.TB, players int, opts engine.Options, seed uint64) *state {
	t.Helper()
	st, err := Game{}.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// edited is called by the helpers that change a game by hand (not by
// Apply): the legal moves Legal keeps until the next Apply are gone.
func (g *state) edited() { g.legal = nil }

// mv is seat s's move a.
func mv(s engine.Seat, a engine.Action) enginetest.Move { return enginetest.Move{Seat: s, Action: a} }

// maxSteps bounds a game: every round burns at least one of the 26
// Library cards, and a round takes far fewer than 40 moves per player
// (picks, draws, placements, window answers, tools, swaps).
func maxSteps(players int) int { return 26 * (players + 1) * 40 }

// activate makes seat s the active player holding Turn Order card number
// at the start of its turn.
func activate(t testing.TB, g *state, s engine.Seat, number int) {
	t.Helper()
	defer g.edited()
	if g.Phase != PhaseSave {
		t.Fatalf("activate in phase %s", g.Phase)
	}
	old := g.cardOf(s)
	c := g.card(number)
	old.Holder, c.Holder = c.Holder, s
	g.Active = s
	g.Drawn = 0
	for i := range g.Seats {
		g.Seats[i].Played = false
	}
}

// put places tokens from the bag on the active player's card as if drawn.
func put(t testing.TB, g *state, tokens ...Token) {
	t.Helper()
	defer g.edited()
	c := g.cardOf(g.Active)
	for _, tok := range tokens {
		i := 0
		for c.Spaces[i] != Empty {
			i++
		}
		if g.Bag[tok] == 0 {
			t.Fatalf("no %s token in the bag", tok.Name())
		}
		g.Bag[tok]--
		c.Spaces[i] = tok
		g.Drawn++
	}
	if err := g.validate(); err != nil {
		t.Fatal(err)
	}
}

// forceNext reseeds the RNG so that the next token drawn is tok.
func forceNext(t testing.TB, g *state, tok Token) {
	t.Helper()
	defer g.edited()
	for k := uint64(1); k < 10000; k++ {
		c := g.clone()
		c.RNG.S = k
		if c.drawToken() == tok {
			g.RNG.S = k
			return
		}
	}
	t.Fatalf("cannot force a %s token", tok.Name())
}

func act(kind string, args ...int) engine.Action { return engine.Action{Kind: kind, Args: args} }

// copy is a fast deep copy of a state (clone goes through JSON).
func (g *state) copy() *state {
	c := *g
	c.Bag = slices.Clone(g.Bag)
	c.Deck = slices.Clone(g.Deck)
	c.Discard = slices.Clone(g.Discard)
	c.Market = slices.Clone(g.Market)
	c.Cards = slices.Clone(g.Cards)
	c.Picks = slices.Clone(g.Picks)
	c.Used = slices.Clone(g.Used)
	c.Pre = slices.Clone(g.Pre)
	c.Seats = slices.Clone(g.Seats)
	for i := range c.Seats {
		c.Seats[i].Hand = slices.Clone(g.Seats[i].Hand)
		c.Seats[i].Play = slices.Clone(g.Seats[i].Play)
	}
	c.Table = slices.Clone(g.Table)
	for i := range c.Table {
		c.Table[i].Tokens = slices.Clone(g.Table[i].Tokens)
	}
	c.Turn.Drawing = slices.Clone(g.Turn.Drawing)
	c.Turn.Saved = slices.Clone(g.Turn.Saved)
	if g.Robot != nil {
		r := *g.Robot
		r.Tokens = slices.Clone(g.Robot.Tokens)
		c.Robot = &r
	}
	c.log, c.events, c.seen = engine.Log{}, nil, nil // memory of its own
	return &c
}

// passAll answers every open window with a pass and ends After Scoring,
// as the base game without tool plays would go on.
func passAll(t testing.TB, g *state) []engine.Event {
	t.Helper()
	var ev []engine.Event
	for g.Phase == PhaseSpread || g.Phase == PhaseAmulet || g.Phase == PhaseAfter {
		s := g.Pending()[0]
		ev = append(ev, enginetest.MustApply(t, g, mv(s, g.Timeout(s)))...)
	}
	return ev
}

// applyPass applies m, then passAll; it returns all the events.
func applyPass(t testing.TB, g *state, m enginetest.Move) []engine.Event {
	t.Helper()
	ev := enginetest.MustApply(t, g, m)
	return append(ev, passAll(t, g)...)
}

// config is a table's player count and options.
type config struct {
	players int
	opts    engine.Options
}

func (c config) String() string {
	return fmt.Sprintf("%d players %s/%s/no_tools=%s/tech=%s", c.players, c.opts[OptMode], c.opts[OptFire],
		c.opts[OptNoTools], c.opts[OptTech])
}

// randomConfig draws a combination of options the rulebook allows.
func randomConfig(rng *engine.RNG) config {
	modes := optionSpecs[0].Choices
	fires := optionSpecs[2].Choices
	c := config{opts: engine.Options{OptMode: modes[rng.Intn(len(modes))], OptFire: fires[rng.Intn(len(fires))],
		OptNoTools: fmt.Sprint(rng.Intn(3) == 0), OptTech: fmt.Sprint(rng.Intn(2) == 0)}}
	switch c.opts[OptMode] {
	case ModeStandard:
		c.players = 2 + rng.Intn(5)
	case ModeRobot:
		c.players = 2 + rng.Intn(4)
	default:
		c.players = 1
	}
	return c
}

// give moves one card of each tool into seat s's hand, from the deck, the
// discard pile or the market (which is refilled).
func give(t testing.TB, g *state, s engine.Seat, tls ...int) {
	t.Helper()
	defer g.edited()
	for _, tl := range tls {
		found := false
		for _, pile := range []*[]int{&g.Deck, &g.Discard, &g.Market} {
			i := slices.IndexFunc(*pile, func(c int) bool { return c/copiesPerTool == tl })
			if i >= 0 {
				c := (*pile)[i]
				*pile = slices.Delete(*pile, i, i+1)
				g.Seats[s].Hand = append(g.Seats[s].Hand, c)
				found = true
				break
			}
		}
		if !found {
			t.Fatalf("no %s left to give", tools[tl].Name)
		}
	}
	g.refillMarket()
	g.takeEvents()
	if err := g.validate(); err != nil {
		t.Fatal(err)
	}
}

// emptyHands discards every seat's tools.
func emptyHands(g *state) {
	defer g.edited()
	for s := range g.Seats {
		g.Discard = append(g.Discard, g.Seats[s].Hand...)
		g.Seats[s].Hand = []int{}
	}
}

// forceSeq reseeds the RNG so that the next draws from the bag are toks.
func forceSeq(t testing.TB, g *state, toks ...Token) {
	t.Helper()
	defer g.edited()
	for k := uint64(1); k < 2_000_000; k++ {
		c := g.copy()
		c.RNG.S = k
		ok := true
		for _, want := range toks {
			if c.drawToken() != want {
				ok = false
				break
			}
		}
		if ok {
			g.RNG.S = k
			return
		}
	}
	t.Fatalf("cannot force the draws %v", toks)
}

// playsOffered lists the tools seat s may play now.
func playsOffered(g *state, s engine.Seat) []int {
	var out []int
	for _, a := range g.Legal(s) {
		if a.Kind == KindPlay && !slices.Contains(out, a.Args[0]) {
			out = append(out, a.Args[0])
		}
	}
	slices.Sort(out)
	return out
}

// findPlay returns seat s's legal play of tool tl with the given choices.
func findPlay(t testing.TB, g *state, s engine.Seat, tl int, choice ...int) engine.Action {
	t.Helper()
	a, ok := engine.Find(g.Legal(s), act(KindPlay, append([]int{tl}, choice...)...))
	if !ok {
		t.Fatalf("seat %d may not play %s %v now: %v", s, tools[tl].Name, choice, g.Legal(s))
	}
	return a
}

// refusedWith applies a, which must be refused with a message containing
// want, and must change nothing. It returns the rule the refusal cites,
// which must be in the rules.
func refusedWith(t testing.TB, g *state, s engine.Seat, a engine.Action, want string) engine.Rule {
	t.Helper()
	before := enginetest.Marshal(t, g)
	_, err := g.Apply(s, a)
	var re *engine.RuleError
	if !errors.As(err, &re) || !strings.Contains(re.Msg, want) {
		t.Fatalf("%v by seat %d: got %v, want %q", a, s, err, want)
	}
	enginetest.SameJSON(t, "state after a refusal", before, enginetest.Marshal(t, g))
	if re.Rule != "" {
		if _, err := engine.Explain(rulesText, re.Rule); err != nil {
			t.Fatalf("%v by seat %d is refused citing %q: %v", a, s, re.Rule, err)
		}
	}
	return re.Rule
}

// bust makes the active player (holding card number) trigger Fire
// Spreading with the given books on the card: the fire lands on the first
// risky space after them.
func bust(t testing.TB, g *state, books ...Token) []engine.Event {
	t.Helper()
	put(t, g, books...)
	forceNext(t, g, Fire)
	return enginetest.MustApply(t, g, mv(g.Active, act(KindDraw)))
}

// bustRisky puts books on the active player's card, fills its safe spaces
// with yellow books, and draws a fire onto its first risky space.
func bustRisky(t testing.TB, g *state, books ...Token) []engine.Event {
	t.Helper()
	put(t, g, books...)
	c := g.cardOf(g.Active)
	for i := slices.Index(c.Spaces[:], Empty); !risky(c.Number, i); i = slices.Index(c.Spaces[:], Empty) {
		put(t, g, Yellow)
	}
	forceNext(t, g, Fire)
	return enginetest.MustApply(t, g, mv(g.Active, act(KindDraw)))
}

// nextRound plays Timeout moves until the next round's step 1 or 2.
func nextRound(t testing.TB, g *state) {
	t.Helper()
	r := g.Round
	for g.Round == r && g.Phase != PhaseOver {
		s := g.Pending()[0]
		enginetest.MustApply(t, g, mv(s, g.Timeout(s)))
	}
	for g.Phase == PhaseAmulet {
		s := g.Pending()[0]
		enginetest.MustApply(t, g, mv(s, g.Timeout(s)))
	}
}

// moveWords is seat s's words for its legal move a, from its view.
func moveWords(g *state, s engine.Seat, a engine.Action) string { return g.View(s).(View).Describe(a) }
