package horror

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
	"arcade/engine/sim"
)

var matches = flag.Bool("matches", false, "print bot match results")

// TestBotsPlayLegally plays whole games with every level at the table:
// every move a bot picks is legal and the games end.
func TestBotsPlayLegally(t *testing.T) {
	levels := []string{"easy", "normal", "hard"}
	for i := range 3 {
		players := 2 + i*2
		g := newGame(t, players, engine.Options{OptRounds: "30"}, uint64(i)+90)
		bots := make([]engine.Bot, players)
		for s := range bots {
			bots[s] = Game{}.Bot(levels[(s+i)%3])
		}
		rng := engine.NewRNG(uint64(i))
		ctx := engine.WithPlayouts(context.Background(), 12)
		et.PlayChecked(t, g, &rng, et.Playthrough{Game: Game{}, Players: players, Valid: validState, SeatsEvery: 13,
			Fork: -1, Choose: func(st engine.State, rng *engine.RNG) et.Move {
				s := st.Pending()[0]
				a := bots[s].Choose(ctx, st.View(s), st.Legal(s), rng)
				return et.Move{Seat: s, Action: engine.Action{Kind: a.Kind, Args: a.Args}}
			}})
	}
}

// TestSamplerFitsTheView: every sampled state shows the seat exactly the
// view it was dealt from.
func TestSamplerFitsTheView(t *testing.T) {
	for i := range 5 {
		players := 2 + i
		g := newGame(t, players, engine.Options{OptColourMatch: fmt.Sprint(i%2 == 0)}, uint64(i)+300)
		rng := engine.NewRNG(uint64(i))
		et.PlayRandom(t, g, &rng, 40+i*60, func(m et.Move, _ []engine.Event) {
			for s := range engine.Seat(players) {
				v := g.View(s)
				st, err := sampler{}.Sample(v, s, &rng)
				if err != nil {
					t.Fatalf("seat %d: %v", s, err)
				}
				if a, b := toJSON(t, v), toJSON(t, st.View(s)); a != b {
					t.Fatalf("the sample shows seat %d another view:\n%s\n%s", s, a, b)
				}
			}
		})
	}
}

func toJSON(t testing.TB, v engine.View) string {
	data, err := jsonMarshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestBotStrength: normal and hard beat easy clearly in two-player games
// (seats both ways round).
func TestBotStrength(t *testing.T) {
	if testing.Short() || et.RaceEnabled {
		t.Skip("slow")
	}
	for _, c := range []struct {
		a, b  string
		games int
		min   float64
	}{{"normal", "easy", 60, 0.65}, {"hard", "easy", 30, 0.65}} {
		wins, total := 0.0, 0
		for k, bots := range [][]string{{c.a, c.b}, {c.b, c.a}} {
			r, err := sim.Run(sim.Config{Game: Game{}, Players: 2, Bots: bots, Games: c.games / 2,
				Seed: uint64(1000 * (k + 1)), Playouts: 60, Workers: 2})
			if err != nil || r.IllegalActions != 0 {
				t.Fatalf("%v, %d illegal", err, r.IllegalActions)
			}
			wins += float64(r.Seats[k].Wins)
			total += r.Games
			if *matches {
				t.Logf("%v: %+v (mean moves %.0f)", bots, r.Seats, r.MeanMoves)
			}
		}
		if rate := wins / float64(total); rate < c.min {
			t.Errorf("%s beats %s in %.0f%% of games", c.a, c.b, 100*rate)
		} else if *matches {
			t.Logf("%s beats %s in %.0f%%", c.a, c.b, 100*rate)
		}
	}
}

var jsonMarshal = json.Marshal
