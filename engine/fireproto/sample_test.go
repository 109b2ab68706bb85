package fireproto

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// positions plays random games (a mix of random and easy-bot moves, so
// that games get far) and calls visit at every step.
func positions(t *testing.T, games int, visit func(g *state, rng *engine.RNG)) {
	t.Helper()
	easy := Game{}.Bot("easy")
	for i := range games {
		players := 2 + i%4
		g := newGame(t, players, uint64(i)*31+7)
		rng := engine.NewRNG(uint64(i) + 99)
		for !g.Outcome().Done {
			visit(g, &rng)
			s := g.Active
			a := easy.Choose(context.Background(), g.View(s), g.Legal(s), &rng)
			if rng.Intn(3) == 0 {
				a = et.RandomMove(g, &rng).Action
			}
			et.MustApply(t, g, et.Move{Seat: s, Action: a})
		}
		visit(g, &rng)
	}
}

// lean blanks the fields BotView leaves out.
func lean(v View) View {
	v.PhaseText, v.Summary = "", ""
	return v
}

func sameView(t *testing.T, what string, got, want View) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		g, _ := json.Marshal(got)
		w, _ := json.Marshal(want)
		t.Fatalf("%s differs:\n%s\n%s", what, g, w)
	}
}

// TestSampleAgreesWithView rebuilds states from the views of every seat at
// every step of many games: the rebuilt state is valid and shows the seat
// exactly the view it was built from, and so does its BotView (without
// its text fields), made in its own buffers or in the buffers that a
// sampler hands every state it deals (games of every size in turn).
func TestSampleAgreesWithView(t *testing.T) {
	games := 60
	if et.RaceEnabled || testing.Short() {
		games = 6
	}
	shared := sampler{bot: new(botView)}
	positions(t, games, func(g *state, rng *engine.RNG) {
		for s := range engine.Seat(g.Players) {
			v := g.View(s).(View)
			for _, smp := range []sampler{{}, shared} {
				st, err := smp.Sample(v, s, rng)
				if err != nil {
					t.Fatalf("sample: %v\n%s", err, et.Marshal(t, g))
				}
				sameView(t, "bot view", *st.(*state).BotView(s).(*View), lean(v))
			}
			back, err := fromView(&v, engine.NewRNG(rng.Uint64()))
			if err != nil {
				t.Fatal(err)
			}
			sameView(t, "sampled view", back.View(s).(View), v)
			// Only the bag's order is guessed: the rest is the real state.
			back.RNG, back.Track.Arrived, back.Track.Clock = g.RNG, g.Track.Arrived, g.Track.Clock
			et.SameJSON(t, "sampled state", et.Marshal(t, back), et.Marshal(t, g))
		}
	})
}

// TestSampleRefusesJunk: a sampler given anything but a sound view of the
// seat reports an error.
func TestSampleRefusesJunk(t *testing.T) {
	g := newGame(t, 3, 5)
	rng := engine.NewRNG(1)
	v := g.View(1).(View)
	for _, bad := range []engine.View{nil, (*View)(nil)} {
		if _, err := (sampler{}).Sample(bad, 1, &rng); err == nil {
			t.Fatalf("sampled from a %T", bad)
		}
	}
	if _, err := (sampler{}).Sample(v, 2, &rng); err == nil {
		t.Fatal("sampled seat 2 from seat 1's view")
	}
	broken := g.View(1).(View)
	broken.Bag.Fires++
	broken.Cards = broken.Cards[:2]
	if _, err := (sampler{}).Sample(broken, 1, &rng); err == nil {
		t.Fatal("sampled from a view with too few cards")
	}
	broken = g.View(1).(View)
	broken.Bag.Fires++
	if _, err := (sampler{}).Sample(&broken, 1, &rng); err == nil {
		t.Fatal("sampled from a view with an eighth fire")
	}
	if st, err := (sampler{}).Sample(&v, 1, &rng); err != nil || st == nil {
		t.Fatalf("a pointer to a view: %v", err)
	}
}

// TestQuietFollowsTheRules plays the same moves on the real game and on a
// copy that discards its events (as the hard bot's imagined games do),
// with the same random generator: at every step both are the same state,
// BotView is View without its texts, and Apply's check (allows) takes
// exactly the moves Legal lists.
func TestQuietFollowsTheRules(t *testing.T) {
	games := 150
	if et.RaceEnabled || testing.Short() {
		games = 30
	}
	for i := range games {
		players := 2 + i%4
		g := newGame(t, players, uint64(i)+4000)
		rng := engine.NewRNG(uint64(i))
		// Fork the quiet game at a random step, sometimes at the start.
		for range rng.Intn(40) {
			if g.Outcome().Done {
				break
			}
			et.MustApply(t, g, et.RandomMove(g, &rng))
		}
		q := g.copy()
		q.log.Discard()
		for {
			et.SameJSON(t, "quiet game", et.Marshal(t, q), et.Marshal(t, g))
			for s := engine.Seat(-1); int(s) <= players; s++ {
				for _, a := range probes {
					if _, legal := engine.Find(g.Legal(s), a); q.allows(s, a) != legal {
						t.Fatalf("seat %d, %v: allows says %v, Legal %v", s, a, !legal, legal)
					}
				}
				if s >= 0 && int(s) < players {
					sameView(t, "bot view", *q.BotView(s).(*View), lean(g.View(s).(View)))
				}
			}
			if g.Outcome().Done {
				break
			}
			m := et.RandomMove(g, &rng)
			et.MustApply(t, g, m)
			if ev, err := q.Apply(m.Seat, m.Action); err != nil || ev != nil {
				t.Fatalf("the quiet game refused %v (%v) or told %v", m, err, ev)
			}
		}
		if got, want := q.Outcome(), g.Outcome(); !reflect.DeepEqual(got, want) {
			t.Fatalf("outcome %+v, want %+v", got, want)
		}
	}
}

// probes are moves to try in every position: every kind, with and
// without arguments, and order with every card number and then some.
var probes = func() []engine.Action {
	out := []engine.Action{{Kind: "fly"}, {Kind: KindOrder}, {Kind: KindOrder, Args: []int{1, 2}}}
	for n := -1; n <= 6; n++ {
		out = append(out, engine.Action{Kind: KindOrder, Args: []int{n}})
	}
	for _, k := range []string{KindDraw, KindScore, KindDouse, KindBurn} {
		out = append(out, engine.Action{Kind: k}, engine.Action{Kind: k, Args: []int{1}})
	}
	return out
}()
