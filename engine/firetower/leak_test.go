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
	if raceEnabled || testing.Short() {
		games = 8
	}
	for i := range games {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i)+1000)
		rng := engine.NewRNG(uint64(i))
		for step := 0; !g.Outcome().Done; step++ {
			m := randomMove(g, &rng)
			if step%4 == 0 {
				for o := range engine.Seat(players) {
					if b, ok := otherHand(g, o); ok {
						checked++
						compareWorlds(t, g.copy(), b, o, m)
					}
				}
			}
			mustApply(t, g, m)
		}
	}
	if checked < 20*games {
		t.Fatalf("only %d comparisons", checked)
	}
	t.Logf("%d comparisons", checked)
}

func compareWorlds(t *testing.T, a, b *state, o engine.Seat, m move) {
	t.Helper()
	observers := []engine.Seat{engine.Spectator}
	for s := range engine.Seat(a.Players) {
		if s != o {
			observers = append(observers, s)
		}
	}
	for _, s := range observers {
		if va, vb := viewJSON(t, a, s), viewJSON(t, b, s); va != vb {
			t.Fatalf("seat %d sees seat %d's hand:\n%s\n%s", s, o, va, vb)
		}
		la, _ := json.Marshal(a.Legal(s))
		lb, _ := json.Marshal(b.Legal(s))
		if string(la) != string(lb) {
			t.Fatalf("seat %d's moves depend on seat %d's hand", s, o)
		}
	}
	if viewJSON(t, a, o) == viewJSON(t, b, o) {
		t.Fatal("the owner must see their own hand")
	}
	if m.Seat == o {
		return // the owner's own move may depend on the hand
	}
	eva, erra := a.Apply(m.Seat, m.Action)
	evb, errb := b.Apply(m.Seat, m.Action)
	if erra != nil || errb != nil {
		t.Fatalf("%v: %v / %v", m.Action, erra, errb)
	}
	for _, s := range observers {
		if !slices.Equal(enginetest.Visible(eva, s), enginetest.Visible(evb, s)) {
			t.Fatalf("seat %d's log depends on seat %d's hand:\n%v\n%v", s, o, enginetest.Visible(eva, s), enginetest.Visible(evb, s))
		}
		if tookCards(eva, s, o) {
			continue // the eliminator takes the cards: the rules show them
		}
		if va, vb := viewJSON(t, a, s), viewJSON(t, b, s); va != vb {
			t.Fatalf("after %v seat %d sees seat %d's hand:\n%s\n%s", m.Action, s, o, va, vb)
		}
	}
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
		if strings.HasPrefix(e.Text, engine.SeatRef(s)+" takes "+engine.SeatRef(o)+"'s ") {
			return true
		}
	}
	return false
}
