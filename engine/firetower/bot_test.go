package firetower

import (
	"context"
	"slices"
	"testing"
	"time"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// quickHard is a hard bot cut down for the tests: few candidates and
// guesses and no clock, so that its games are quick and reproducible.
var quickHard = hardBot{p: normalParams, top: 3, samples: 2, budget: time.Hour}

// TestBotsFinishAndBeatRandom seats a bot against a random player: the bot
// must always choose a legal move and win most games.
func TestBotsFinishAndBeatRandom(t *testing.T) {
	games := 30
	if enginetest.RaceEnabled || testing.Short() {
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
					a = b.Choose(context.Background(), g.View(s), legal, &rng)
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

// TestBotLevels checks that the levels are the three different bots.
func TestBotLevels(t *testing.T) {
	if _, ok := (Game{}).Bot("easy").(easyBot); !ok {
		t.Error("easy")
	}
	if _, ok := (Game{}).Bot("normal").(normalBot); !ok {
		t.Error("normal")
	}
	if _, ok := (Game{}).Bot("hard").(hardBot); !ok {
		t.Error("hard")
	}
	if (Game{}).Bot("nonsense") != (Game{}).Bot("normal") {
		t.Error("an unknown level should play as normal")
	}
}

// TestBotsPlayLegalMoves seats every level at tables with every option
// (two to four players, teams, the Firestorm, each deck): every move a bot
// chooses must be one of the legal moves it was given.
func TestBotsPlayLegalMoves(t *testing.T) {
	tables := []struct {
		players int
		opts    engine.Options
	}{
		{2, engine.Options{OptDeck: DeckClassic}},
		{3, engine.Options{OptFirestorm: "true"}},
		{4, engine.Options{OptTeam: "true", OptFirestorm: "true", OptDeck: DeckDeluxe}},
		{4, engine.Options{OptDeck: DeckStandard}},
		{2, engine.Options{OptFirestorm: "true", OptDeck: DeckDeluxe}},
		{4, engine.Options{OptTeam: "true", OptDeck: DeckClassic}},
	}
	if enginetest.RaceEnabled || testing.Short() {
		tables = tables[:3]
	}
	levels := []engine.Bot{quickHard, normalBot{p: normalParams}, easyBot{}}
	for i, tb := range tables {
		g := newGame(t, tb.players, tb.opts, uint64(i)+31)
		rng := engine.NewRNG(uint64(i))
		for steps := 0; !g.Outcome().Done; steps++ {
			if steps > maxSteps {
				t.Fatalf("table %d: the game does not end", i)
			}
			s := g.Pending()[0]
			legal := g.Legal(s)
			a := levels[(int(s)+i)%3].Choose(context.Background(), g.View(s), slices.Clone(legal), &rng)
			if _, ok := engine.Find(legal, a); !ok {
				t.Fatalf("table %d: the %T bot chose %v, not a legal move (%s)", i, levels[(int(s)+i)%3], a, g.phase())
			}
			mustApply(t, g, move{s, a})
		}
	}
}

// TestHardBeatsEasy is a short reproducible match: the hard bot (without
// its clock) against the easy one, seats alternating.
func TestHardBeatsEasy(t *testing.T) {
	games := 6
	if enginetest.RaceEnabled || testing.Short() {
		games = 2
	}
	hard := hardDefault
	hard.budget = time.Hour // reproducible: never cut short by the clock
	hard.samples = 8        // and quick
	if enginetest.RaceEnabled {
		hard = quickHard
	}
	wins := 0
	for i := range games {
		g := newGame(t, 2, nil, uint64(i)+4242)
		rng := engine.NewRNG(uint64(i))
		hardSeat := engine.Seat(i % 2)
		for !g.Outcome().Done {
			s := g.Pending()[0]
			var b engine.Bot = easyBot{}
			if s == hardSeat {
				b = hard
			}
			mustApply(t, g, move{s, b.Choose(context.Background(), g.View(s), g.Legal(s), &rng)})
		}
		if slices.Contains(g.Outcome().Winners, hardSeat) {
			wins++
		}
	}
	t.Logf("hard won %d of %d against easy", wins, games)
	if wins < games-games/6 {
		t.Errorf("hard won only %d of %d against easy", wins, games)
	}
}

// TestBotNeedsOnlyTheView feeds the bots a view pointer and no view.
func TestBotNeedsOnlyTheView(t *testing.T) {
	g := newGame(t, 3, nil, 5)
	s := g.Pending()[0]
	legal := g.Legal(s)
	v := g.View(s).(View)
	rng := engine.NewRNG(1)
	for _, b := range []engine.Bot{easyBot{}, normalBot{p: normalParams}, quickHard} {
		for _, view := range []engine.View{v, &v, nil, (*View)(nil)} {
			a := b.Choose(context.Background(), view, legal, &rng)
			if _, ok := engine.Find(legal, a); !ok {
				t.Fatalf("illegal choice %v", a)
			}
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

func BenchmarkOptions(b *testing.B) {
	g, s, _ := midgame(b)
	v := g.View(s).(View)
	b.ResetTimer()
	for range b.N {
		options(&v, false)
	}
}

func BenchmarkBot(b *testing.B) {
	for _, level := range []string{"easy", "normal", "hard"} {
		b.Run(level, func(b *testing.B) {
			g, s, rng := midgame(b)
			legal, view := g.Legal(s), g.View(s)
			bot := Game{}.Bot(level)
			b.ResetTimer()
			for range b.N {
				bot.Choose(context.Background(), view, legal, rng)
			}
		})
	}
}

// TestSpendBreaks checks the hard judgement's BreakSpend: every firebreak
// card a move plays or discards adds the worth once, and nothing else
// does.
func TestSpendBreaks(t *testing.T) {
	v := &View{Hand: []Card{DozerLine, AirDrop, DeReforest, NorthWind, FlareUp}}
	cs := []choice{
		{a: engine.Action{Kind: KindPlay, Args: []int{0, 3, 4}}},    // Dozer Line: a firebreak
		{a: engine.Action{Kind: KindPlay, Args: []int{1, 3, 4}}},    // Air Drop: water
		{a: engine.Action{Kind: KindWind, Args: []int{3}}},          // a wind card
		{a: engine.Action{Kind: KindDiscard, Args: []int{0, 2, 4}}}, // two firebreaks and a fire card
		{a: engine.Action{Kind: KindDiscard, Args: []int{1, 4}}},    // no firebreak
		{a: engine.Action{Kind: KindBucket, Args: []int{5, 5, 0}}},  // not a card
	}
	spendBreaks(v, 7, cs)
	want := []float64{7, 0, 0, 14, 0, 0}
	for i, c := range cs {
		if c.score != want[i] {
			t.Errorf("%v: worth %v, want %v", c.a, c.score, want[i])
		}
	}
	spendBreaks(v, 0, cs) // no danger: nothing changes
	for i, c := range cs {
		if c.score != want[i] {
			t.Errorf("with no danger %v: worth %v, want %v", c.a, c.score, want[i])
		}
	}
}
