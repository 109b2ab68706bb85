package firetower

import (
	"context"
	"fmt"
	"testing"

	"arcade/engine"
)

// move is one seat's action.
type move struct {
	Seat   engine.Seat
	Action engine.Action
}

// newGame starts a game or fails the test.
func newGame(t testing.TB, players int, opts engine.Options, seed uint64) *state {
	t.Helper()
	st, err := Game{}.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	return st.(*state)
}

// randomMove picks a pending seat's move: half the time a random legal
// one, otherwise the easy bot's choice, so games both wander and end.
func randomMove(g *state, rng *engine.RNG) move {
	s := g.Pending()[0]
	legal := g.Legal(s)
	if rng.Intn(2) == 0 {
		return move{s, legal[rng.Intn(len(legal))]}
	}
	return move{s, Game{}.Bot("easy").Choose(context.Background(), g.View(s), legal, rng)}
}

// mustApply applies a move or fails the test.
func mustApply(t testing.TB, g *state, m move) []engine.Event {
	t.Helper()
	evs, err := g.Apply(m.Seat, m.Action)
	if err != nil {
		t.Fatalf("%v by seat %d: %v", m.Action, m.Seat, err)
	}
	return evs
}

// setHand gives seat s exactly these cards, taken from the draw pile (its
// old hand goes back under the pile), so every card stays accounted for.
func setHand(t testing.TB, g *state, s engine.Seat, cards ...Card) {
	t.Helper()
	g.Deck = append(append([]Card{}, g.Seats[s].Hand...), g.Deck...)
	g.Seats[s].Hand = nil
	for _, c := range cards {
		g.Seats[s].Hand = append(g.Seats[s].Hand, takeFromDeck(t, g, c))
	}
}

// stackDeck puts these cards on top of the draw pile, first drawn first.
func stackDeck(t testing.TB, g *state, cards ...Card) {
	t.Helper()
	var top []Card
	for _, c := range cards {
		top = append([]Card{takeFromDeck(t, g, c)}, top...)
	}
	g.Deck = append(g.Deck, top...)
}

func takeFromDeck(t testing.TB, g *state, c Card) Card {
	t.Helper()
	for i := len(g.Deck) - 1; i >= 0; i-- {
		if g.Deck[i] == c {
			g.Deck = append(g.Deck[:i], g.Deck[i+1:]...)
			return c
		}
	}
	for i, d := range g.Discard {
		if d == c {
			g.Discard = append(g.Discard[:i], g.Discard[i+1:]...)
			return c
		}
	}
	t.Fatalf("no %s left in the deck", c)
	return c
}

// sq reads a square's name ("H8").
func sq(t testing.TB, name string) Point {
	t.Helper()
	var p Point
	if _, err := fmt.Sscanf(name, "%c%d", new(rune), &p.Y); err != nil || len(name) < 2 {
		t.Fatalf("bad square %q", name)
	}
	p.X, p.Y = int(name[0]-'A'), p.Y-1
	if !p.On() {
		t.Fatalf("bad square %q", name)
	}
	return p
}

// act builds an action.
func act(kind string, args ...int) engine.Action { return engine.Action{Kind: kind, Args: args} }

// clearHands puts every hand back under the draw pile.
func clearHands(g *state) {
	for s := range g.Seats {
		g.Deck = append(append([]Card{}, g.Seats[s].Hand...), g.Deck...)
		g.Seats[s].Hand = nil
	}
}
