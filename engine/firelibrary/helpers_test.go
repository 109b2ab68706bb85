package firelibrary

import (
	"bytes"
	"slices"
	"testing"

	"arcade/engine"
)

func newGame(t testing.TB, players int, seed uint64) *state {
	t.Helper()
	st, err := Game{}.New(players, engine.Options{}, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

func marshal(t testing.TB, g *state) []byte {
	data, err := g.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// move is one applied action.
type move struct {
	Seat   engine.Seat   `json:"seat"`
	Action engine.Action `json:"action"`
}

// randomMove picks a random pending seat and one of its legal actions.
func randomMove(g *state, rng *engine.RNG) move {
	p := g.Pending()
	s := p[rng.Intn(len(p))]
	legal := g.Legal(s)
	a := legal[rng.Intn(len(legal))]
	return move{s, engine.Action{Kind: a.Kind, Args: a.Args}}
}

// mustApply applies a move that must be legal.
func mustApply(t testing.TB, g *state, m move) []engine.Event {
	ev, err := g.Apply(m.Seat, m.Action)
	if err != nil {
		t.Fatalf("%v by seat %d refused: %v", m.Action, m.Seat, err)
	}
	return ev
}

// maxSteps bounds a game: at most 19 rounds (each burns a card), each with
// a pick, up to five draws and a tool per player, and a swap each.
func maxSteps(players int) int { return 19 * players * 8 }

// sameJSON fails unless a and b are byte-identical.
func sameJSON(t testing.TB, what string, a, b []byte) {
	t.Helper()
	if !bytes.Equal(a, b) {
		t.Fatalf("%s differs:\n%s\n%s", what, a, b)
	}
}

// activate makes seat s the active player holding Turn Order card number
// at the start of its turn.
func activate(t testing.TB, g *state, s engine.Seat, number int) {
	t.Helper()
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

// texts lists the texts of the events visible to s.
func texts(ev []engine.Event, s engine.Seat) []string {
	var out []string
	for _, e := range ev {
		if e.VisibleTo(s) {
			out = append(out, e.Text)
		}
	}
	return out
}

func hasText(ev []engine.Event, s engine.Seat, want string) bool {
	for _, x := range texts(ev, s) {
		if x == want {
			return true
		}
	}
	return false
}

func act(kind string, args ...int) engine.Action { return engine.Action{Kind: kind, Args: args} }

// copy is a fast deep copy of a state (clone goes through JSON).
func (g *state) copy() *state {
	c := *g
	c.Deck = slices.Clone(g.Deck)
	c.Discard = slices.Clone(g.Discard)
	c.Market = slices.Clone(g.Market)
	c.Cards = slices.Clone(g.Cards)
	c.Picks = slices.Clone(g.Picks)
	c.Seats = slices.Clone(g.Seats)
	for i := range c.Seats {
		c.Seats[i].Hand = slices.Clone(g.Seats[i].Hand)
	}
	c.ev = nil
	return &c
}
