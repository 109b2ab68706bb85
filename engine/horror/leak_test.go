package horror

import (
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// twin is a copy of g in which seat o's secret differs: its first held
// Blessing or Curse swapped with a card of another kind from deep in its
// deck, or (holding none and with nothing placed yet) its Horror swapped
// for one nobody holds.
func twin(t testing.TB, g *state, o engine.Seat) (engine.State, bool) {
	c := et.Restored(t, Game{}, g).(*state)
	p := &c.Seats[o]
	if len(p.Cards) > 0 {
		held := p.Cards[0]
		deck := &c.Curses
		if isBlessing(held) {
			deck = &c.Blessings
		}
		for i := len(*deck) - 1; i >= 2; i-- {
			x := (*deck)[i]
			if cardKinds[x] != cardKinds[held] && !isImmediate(cardKinds[x]) {
				p.Cards[0], (*deck)[i] = x, held
				return c, true
			}
		}
	}
	if len(p.Placed) > 0 {
		return nil, false
	}
	for h := range numHorrors {
		if !slices.ContainsFunc(c.Seats, func(q seatState) bool { return q.Horror == h }) &&
			!slices.ContainsFunc(p.Spare, func(x int) bool { return x/numColours == h }) {
			p.Horror = h
			return c, true
		}
	}
	return nil, false
}

// TestSecretsDoNotLeak is the leak test: no seat (nor a spectator) sees
// another's Horror card or held Blessings and Curses, in its view, its
// legal moves or its log lines.
func TestSecretsDoNotLeak(t *testing.T) {
	games := 16
	if et.RaceEnabled || testing.Short() {
		games = 4
	}
	checked := 0
	for i := range games {
		players := 2 + i%5
		g := newGame(t, players, engine.Options{OptRounds: "30"}, uint64(i)+500)
		rng := engine.NewRNG(uint64(i))
		checked += et.CheckSecrets(t, g, &rng, et.Secrets{Game: Game{}, Players: players, Every: 3,
			Twin: func(st engine.State, o engine.Seat) (engine.State, bool) { return twin(t, st.(*state), o) },
			Depends: func(m et.Move, o engine.Seat) bool {
				return m.Seat == o || m.Action.Kind == KindLoot && m.Action.Arg(0) == int(o)
			}})
	}
	if checked < 100 {
		t.Fatalf("only %d comparisons", checked)
	}
}

// TestLogNamesNoSecrets: public log lines never name a Horror, a
// component or a held card's kind except the weapons and Protections
// played face up and the immediate Curses.
func TestLogNamesNoSecrets(t *testing.T) {
	for i := range 6 {
		players := 2 + i%5
		g := newGame(t, players, nil, uint64(i)+700)
		rng := engine.NewRNG(uint64(i))
		et.PlayRandom(t, g, &rng, -1, func(m et.Move, ev []engine.Event) {
			for _, e := range ev {
				if e.To != engine.Everyone {
					continue
				}
				for _, h := range horrors {
					if strings.Contains(e.Text(), h.Name) && !strings.Contains(e.Text(), "wins the game") {
						t.Fatalf("public line names a Horror: %q", e.Text())
					}
					for _, it := range h.Items {
						if strings.Contains(e.Text(), it) {
							t.Fatalf("public line names a component: %q", e.Text())
						}
					}
				}
				for _, k := range []int{FreeTravel, LockPicks, Restore} {
					if strings.Contains(e.Text(), kindNames[k]) && !strings.Contains(e.Text(), "plays") {
						t.Fatalf("public line names a held card: %q", e.Text())
					}
				}
			}
		})
	}
}
