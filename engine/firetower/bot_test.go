package firetower

import (
	"testing"

	"arcade/engine"
)

// TestBotsFinishAndBeatRandom seats a bot against a random player: the bot
// must always choose a legal move and win most games.
func TestBotsFinishAndBeatRandom(t *testing.T) {
	games := 30
	if raceEnabled || testing.Short() {
		games = 8
	}
	for _, level := range []string{"easy", "normal"} {
		b := Game{}.Bot(level)
		wins := 0
		for i := range games {
			g := newGame(t, 2, engine.Options{OptFirestorm: [2]string{"false", "true"}[i%2]}, uint64(i)+77)
			rng := engine.NewRNG(uint64(i))
			botSeat := engine.Seat(i % 2)
			for steps := 0; !g.Outcome().Done; steps++ {
				if steps > maxSteps {
					t.Fatalf("%s bot game %d does not end", level, i)
				}
				s := g.Pending()[0]
				legal := g.Legal(s)
				a := legal[rng.Intn(len(legal))]
				if s == botSeat {
					a = b.Choose(g.View(s), legal, &rng)
					if _, ok := engine.Find(legal, a); !ok {
						t.Fatalf("the bot chose %v, not a legal move", a)
					}
				}
				mustApply(t, g, move{s, a})
			}
			for _, w := range g.Outcome().Winners {
				if w == botSeat {
					wins++
				}
			}
		}
		t.Logf("%s bot won %d of %d against random play", level, wins, games)
		if wins*10 < games*7 {
			t.Errorf("%s bot won only %d of %d against random play", level, wins, games)
		}
	}
}

// TestBotNeedsOnlyTheView feeds the bot a view pointer and a bad view.
func TestBotNeedsOnlyTheView(t *testing.T) {
	g := newGame(t, 3, nil, 5)
	s := g.Pending()[0]
	legal := g.Legal(s)
	v := g.View(s).(View)
	rng := engine.NewRNG(1)
	for _, view := range []any{v, &v, "nonsense"} {
		a := Game{}.Bot("hard").Choose(view, legal, &rng)
		if _, ok := engine.Find(legal, a); !ok {
			t.Fatalf("illegal choice %v", a)
		}
	}
}

// midgame is a four-player game 40 moves in.
func midgame(b *testing.B) (*state, engine.Seat, *engine.RNG) {
	g := newGame(b, 4, nil, 1)
	rng := engine.NewRNG(1)
	for range 40 {
		mustApply(b, g, randomMove(g, &rng))
	}
	return g, g.Pending()[0], &rng
}

func BenchmarkLegal(b *testing.B) {
	g, s, _ := midgame(b)
	b.ResetTimer()
	for range b.N {
		g.Legal(s)
	}
}

func BenchmarkBot(b *testing.B) {
	g, s, rng := midgame(b)
	legal, view := g.Legal(s), g.View(s)
	bot := Game{}.Bot("normal")
	b.ResetTimer()
	for range b.N {
		bot.Choose(view, legal, rng)
	}
}
