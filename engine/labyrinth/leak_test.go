package labyrinth

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// twin is a copy of g that differs only in what nobody may know: the lit
// sides of the dark tiles never seen, the order of every deck and stack,
// and the random generator.
func twin(g *state, rng *engine.RNG) *state {
	c := g.copy()
	var unseen []int
	var faces []tile
	for i, t := range c.Tiles {
		if !t.Seen {
			unseen = append(unseen, i)
			faces = append(faces, t)
		}
	}
	rng.Shuffle(len(faces), func(i, j int) { faces[i], faces[j] = faces[j], faces[i] })
	for k, i := range unseen {
		c.Tiles[i] = faces[k]
		c.Tiles[i].Rot = rng.Intn(4)
	}
	mix := func(xs []int) { rng.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] }) }
	for gn := range NumGenres {
		mix(c.BookDeck[gn])
	}
	mix(c.RewardDeck)
	mix(c.TerrorStack)
	mix(c.ShelfStack)
	mix(c.Disturb)
	c.RNG = engine.NewRNG(rng.Uint64())
	return c
}

// sameSight fails unless every seat (and a spectator) sees a and b alike:
// views, legal moves and the words of those moves, which come from the
// view alone (enginetest.CheckWords).
func sameSight(t *testing.T, a, b *state) {
	t.Helper()
	for s := engine.Seat(-1); int(s) < a.Players; s++ {
		va, _ := json.Marshal(a.View(s))
		vb, _ := json.Marshal(b.View(s))
		enginetest.SameJSON(t, "view", va, vb)
		la, _ := json.Marshal(a.Legal(s))
		lb, _ := json.Marshal(b.Legal(s))
		enginetest.SameJSON(t, "legal moves", la, lb)
		wa, wb := enginetest.Words(a.View(s), a.Legal(s)), enginetest.Words(b.View(s), b.Legal(s))
		if !slices.Equal(wa, wb) {
			t.Fatalf("the words of seat %d's moves differ:\n%q\n%q", s, wa, wb)
		}
		enginetest.CheckWords(t, a, s)
	}
}

// secretNames lists names an event must not show: unseen tiles, the
// Books and Reward cards in the decks and the Terrors in the stack.
func secretNames(g *state) []string {
	var out []string
	for i, t := range g.Tiles {
		if !t.Seen {
			out = append(out, TileName(i))
		}
	}
	for gn := range NumGenres {
		for _, id := range g.BookDeck[gn] {
			out = append(out, CardName(id))
		}
	}
	for _, id := range g.RewardDeck {
		out = append(out, CardName(id))
	}
	for _, id := range g.TerrorStack {
		out = append(out, "The "+Terrors[id].Name+" (")
	}
	return out
}

// TestNoLeaks plays random games; at every fifth step the state and a twin
// that differs only in hidden parts look the same to every seat (views,
// moves and their words), and no event names a card still in a deck, a
// Terror still in the stack or a tile never seen. All events are public
// (hands are open).
func TestNoLeaks(t *testing.T) {
	n := 0
	randomGames(t, 12, 500, func(g *state, rng *engine.RNG) {
		if n++; n%5 == 0 {
			sameSight(t, g, twin(g, rng))
		}
	}, func(g *state, ev []engine.Event) {
		secret := secretNames(g)
		for _, e := range ev {
			if e.To != engine.Everyone {
				t.Fatalf("a private event: %+v", e)
			}
			if i := slices.IndexFunc(secret, func(s string) bool { return strings.Contains(e.Text(), s) }); i >= 0 {
				t.Fatalf("event %q names the secret %q", e.Text(), secret[i])
			}
		}
	})
}
