package labyrinth

import (
	"context"
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

// otherChoice returns a copy of g in which seat o's last hidden choice of
// a starting Book is another genre (ok is false outside setup or before
// o has chosen).
func otherChoice(g *state, o engine.Seat) (*state, bool) {
	if g.Phase != PhaseSetup || len(g.Chosen[o]) == 0 {
		return nil, false
	}
	c := g.copy()
	picks := c.Chosen[o]
	picks[len(picks)-1] = (picks[len(picks)-1] + 1) % NumGenres
	return c, true
}

// TestHiddenChoices: while the starting Books are chosen, no other seat
// (nor a spectator) can tell which genres a seat chose (ruling 14): the
// same views, legal moves and their words, the same bot choices, and the
// same events and views after the next move, until the last choice
// reveals them all; and whichever genre a seat chooses now, the others
// read the same events and see the same views (choiceUnseen).
func TestHiddenChoices(t *testing.T) {
	checked := 0
	for k := range 10 {
		players := 2 + k%4
		g := newGame(t, players, allOptions()[k%4], uint64(700+k))
		rng := engine.NewRNG(uint64(k))
		checked += enginetest.CheckSecrets(t, g, &rng, enginetest.Secrets{
			Game: Game{}, Players: players, Every: 1,
			Choose: func(st engine.State, rng *engine.RNG) enginetest.Move {
				m := enginetest.RandomMove(st, rng)
				choiceUnseen(t, g, m.Seat)
				return m
			},
			Twin: func(st engine.State, o engine.Seat) (engine.State, bool) {
				return otherChoice(st.(*state), o)
			},
			Observe: func(a, b engine.State, s, _ engine.Seat) {
				if la := a.Legal(s); len(la) > 0 {
					ra, rb := engine.NewRNG(1), engine.NewRNG(1)
					ca := normalBot{}.Choose(context.Background(), a.View(s), la, &ra)
					cb := normalBot{}.Choose(context.Background(), b.View(s), b.Legal(s), &rb)
					if !ca.Same(cb) {
						t.Fatalf("the bot in seat %d chooses %v or %v", s, ca, cb)
					}
				}
			},
			// The seat's own choices, and the last choice of all, which
			// deals every seat's Books.
			Depends: func(m enginetest.Move, o engine.Seat) bool { return m.Seat == o || choicesLeft(g) == 1 },
		})
	}
	if checked < 30 {
		t.Fatalf("only %d comparisons", checked)
	}
}

// choicesLeft counts the starting Books still to be chosen.
func choicesLeft(g *state) int {
	n := 0
	for _, picks := range g.Chosen {
		n += StartBooks - len(picks)
	}
	return n
}

// choiceUnseen fails unless every other seat and a spectator read the
// same events and see the same view whichever genre seat s chooses now,
// in setup and before the last choice, which reveals them all.
func choiceUnseen(t *testing.T, g *state, s engine.Seat) {
	t.Helper()
	if g.Phase != PhaseSetup || choicesLeft(g) == 1 {
		return
	}
	seen := map[engine.Seat]string{}
	for gn := range NumGenres {
		c := g.copy()
		ev := enginetest.MustApply(t, c, enginetest.Move{Seat: s, Action: engine.Action{Kind: KindGenre, Args: []int{gn}}})
		for o := engine.Spectator; int(o) < g.Players; o++ {
			if o == s {
				continue
			}
			view, _ := json.Marshal(c.View(o))
			got := strings.Join(enginetest.Texts(ev, o), "\n") + "\n" + string(view)
			if gn > 0 && got != seen[o] {
				t.Fatalf("seat %d sees which genre seat %d chose:\n%s\n%s", o, s, seen[o], got)
			}
			seen[o] = got
		}
	}
}
