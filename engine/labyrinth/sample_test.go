package labyrinth

import (
	"encoding/json"
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
		wl, _ := json.Marshal(g.Legal(g.Turn))
		gl, _ := json.Marshal(st.Legal(g.Turn))
		enginetest.SameJSON(t, "sampled legal moves", wl, gl)
	}, nil)
	if _, err := (Sampler{}).Sample(newGame(t, 2, nil, 1).View(0), 1, nil); err == nil {
		t.Fatal("sampled another seat's view")
	}
}
