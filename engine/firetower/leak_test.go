package firetower

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

func viewJSON(t *testing.T, g *state, s engine.Seat) string {
	t.Helper()
	data, err := json.Marshal(g.View(s))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// otherHand returns a copy of g where seat o holds different cards, swapped
// with cards of other kinds from deep in the draw pile (out of reach of the
// next draws), or false when there are not enough.
func otherHand(g *state, o engine.Seat) (*state, bool) {
	b := g.copy()
	if len(b.Deck) < 20 || len(b.Seats[o].Hand) == 0 {
		return nil, false
	}
	pool := b.Deck[:len(b.Deck)-12]
	used := map[int]bool{}
	for i, h := range b.Seats[o].Hand {
		j := slices.IndexFunc(pool, func(c Card) bool { return c != h && c != Firestorm })
		for j >= 0 && used[j] {
			next := slices.IndexFunc(pool[j+1:], func(c Card) bool { return c != h && c != Firestorm })
			if next < 0 {
				j = -1
				break
			}
			j += next + 1
		}
		if j < 0 {
			return nil, false
		}
		used[j] = true
		b.Seats[o].Hand[i], pool[j] = pool[j], h
	}
	return b, true
}

// TestNoLeaks changes one seat's hidden hand and checks that no other seat
// (nor a spectator) can tell: same views, same legal moves, and the same
// visible events and views after the next move made by someone else.
func TestNoLeaks(t *testing.T) {
	checked, games := 0, 16
	if enginetest.RaceEnabled || testing.Short() {
		games = 8
	}
	for i := range games {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)+1000)
		rng := engine.NewRNG(uint64(i))
		checked += enginetest.CheckSecrets(t, g, &rng, enginetest.Secrets{
			Game: Game{}, Players: players, Every: 4, Choose: chooseMove,
			Twin: func(st engine.State, o engine.Seat) (engine.State, bool) {
				b, ok := otherHand(st.(*state), o)
				return b, ok
			},
			Shown: tookCards, // the eliminator takes the cards: the rules show them
		})
	}
	if checked < 20*games {
		t.Fatalf("only %d comparisons", checked)
	}
	t.Logf("%d comparisons", checked)
}

// TestViews checks what a view holds: a hand only for its own seat, every
// card name in it spelled out, and the public facts.
func TestViews(t *testing.T) {
	g := newGame(t, 3, nil, 77)
	rng := engine.NewRNG(3)
	for step := 0; !g.Outcome().Done; step++ {
		if strings.Contains(viewJSON(t, g, engine.Spectator), `"hand":`) {
			t.Fatal("the spectator sees a hand")
		}
		for s := range engine.Seat(3) {
			v := g.View(s).(View)
			if v.You != s || !slices.Equal(v.Hand, g.Seats[s].Hand) || len(v.Seats) != 3 || v.Board != g.Pos.Board {
				t.Fatalf("view %+v", v)
			}
			for _, sv := range v.Seats {
				if sv.HandSize != len(g.Seats[sv.Seat].Hand) {
					t.Fatal("hand sizes")
				}
			}
		}
		mustApply(t, g, randomMove(g, &rng))
	}
	if v := g.View(0).(View); !v.Over || v.Acting != -1 || len(v.Winners) == 0 {
		t.Fatalf("final view %+v", v)
	}
}

// tookCards reports whether the events say that s took o's cards.
func tookCards(evs []engine.Event, s, o engine.Seat) bool {
	for _, e := range evs {
		if strings.HasPrefix(e.Text(), engine.SeatRef(s)+" takes "+engine.SeatRef(o)+"'s ") {
			return true
		}
	}
	return false
}
