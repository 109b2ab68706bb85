package labyrinth

import (
	"encoding/json"
	"reflect"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestSampleAgreesWithView: at every step of random games, a state
// sampled from a seat's view shows that seat exactly the same view, is
// valid, and its legal moves are the real ones.
func TestSampleAgreesWithView(t *testing.T) {
	randomGames(t, 10, 900, func(g *state, rng *engine.RNG) {
		seat := engine.Seat(rng.Intn(g.Players))
		view := g.View(seat)
		st, err := Sampler{}.Sample(view, seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(view)
		got, _ := json.Marshal(st.View(seat))
		enginetest.SameJSON(t, "sampled view", want, got)
		s := g.Pending()[0] // in setup, the first seat still choosing
		wl, _ := json.Marshal(g.Legal(s))
		gl, _ := json.Marshal(st.Legal(s))
		enginetest.SameJSON(t, "sampled legal moves", wl, gl)
	}, nil)
	if _, err := (Sampler{}).Sample(newGame(t, 2, nil, 1).View(0), 1, nil); err == nil {
		t.Fatal("sampled another seat's view")
	}
}

// TestBotViewIsView: at every step of random games, BotView shows every
// seat what View shows it but for PhaseText, in the real state and in a
// sampled one, called again and again on the same memory.
func TestBotViewIsView(t *testing.T) {
	randomGames(t, 10, 901, func(g *state, rng *engine.RNG) {
		seat := engine.Seat(rng.Intn(g.Players))
		st, err := Sampler{}.Sample(g.View(seat), seat, rng)
		if err != nil {
			t.Fatal(err)
		}
		for _, q := range []*state{g, st.(*state)} {
			for s := range engine.Seat(g.Players) {
				want := q.View(s).(View)
				want.PhaseText = ""
				got := *q.BotView(s).(*View)
				if !reflect.DeepEqual(got, want) {
					w, _ := json.Marshal(want)
					gj, _ := json.Marshal(got)
					t.Fatalf("BotView(%d) differs from View:\n%s\n%s", s, gj, w)
				}
			}
		}
	}, nil)
}
