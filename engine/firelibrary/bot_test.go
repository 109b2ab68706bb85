package firelibrary

import (
	"context"
	"slices"
	"testing"
	"time"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// playBots plays one game with a bot per seat and returns it finished. A
// refused move fails the test.
func playBots(t *testing.T, g *state, bots []engine.Bot, rng *engine.RNG) {
	t.Helper()
	for step := 0; !g.Outcome().Done; step++ {
		if step > maxSteps(g.Players) {
			t.Fatalf("no end after %d moves", step)
		}
		s := g.Pending()[0]
		legal := g.Legal(s)
		a := bots[s].Choose(context.Background(), g.View(s), slices.Clone(legal), rng)
		if _, ok := engine.Find(legal, a); !ok {
			t.Fatalf("bot %T in seat %d chose %v, not legal in phase %s: %v", bots[s], s, a, g.Phase, legal)
		}
		enginetest.MustApply(t, g, mv(s, a))
	}
}

// TestEasyBotBeatsRandom seats the easy bot against random players: it must
// finish every game with legal moves and score more on average.
func TestEasyBotBeatsRandom(t *testing.T) {
	bot := Game{}.Bot("easy")
	games := 300
	if enginetest.RaceEnabled || testing.Short() {
		games = 100
	}
	botTotal, botWins := 0, 0
	fair := 0.0 // the bot's fair share of wins: 1/2 of 2-player games, ...
	for i := range games {
		players := 2 + i%5
		fair += 1 / float64(players)
		g := newGame(t, players, uint64(i)+500)
		rng := engine.NewRNG(uint64(i))
		bots := []engine.Bot{bot}
		for range players - 1 {
			bots = append(bots, engine.RandomBot{})
		}
		playBots(t, g, bots, &rng)
		out := g.Outcome()
		botTotal += out.Scores[0]
		if slices.Contains(out.Winners, 0) {
			botWins++
		}
	}
	t.Logf("easy bot: %d points, %d wins in %d games", botTotal, botWins, games)
	// The easy bot must win at least twice its fair share.
	if float64(botWins) < 2*fair {
		t.Fatalf("the easy bot won only %d of %d games against random players", botWins, games)
	}
}

// TestBotLevels checks the levels: every level has its own bot, unknown
// levels get the normal one, and each bot is comparable.
func TestBotLevels(t *testing.T) {
	for level, want := range map[string]engine.Bot{"easy": easyBot{}, "normal": normalBot{}, "hard": hardBot{},
		"": normalBot{}, "expert": normalBot{}} {
		if got := (Game{}).Bot(level); got != want {
			t.Errorf("level %q: %T, want %T", level, got, want)
		}
	}
}

// TestBotsPlayLegally plays games in random variants with easy and normal
// bots in random seats, and asks the hard bot (a short search) for a move
// in some positions: every move must be legal, no bot escapes before its
// first draw (earlyEscape), and every bot calls Burn! when it may.
func TestBotsPlayLegally(t *testing.T) {
	games, hardEvery := 120, 7
	if enginetest.RaceEnabled || testing.Short() {
		games, hardEvery = 15, 40
	}
	cfgRNG := engine.NewRNG(31)
	hard := hardBot{iterations: 60, budget: time.Hour}
	asked := 0
	for i := range games {
		cfg := randomConfig(&cfgRNG)
		g := newGameOpts(t, cfg.players, cfg.opts, uint64(i)+77)
		rng := engine.NewRNG(uint64(i))
		bots := make([]engine.Bot, cfg.players)
		for s := range bots {
			bots[s] = []engine.Bot{easyBot{}, normalBot{}}[rng.Intn(2)]
		}
		for step := 0; !g.Outcome().Done; step++ {
			if step > maxSteps(g.Players) {
				t.Fatalf("%v: no end after %d moves", cfg, step)
			}
			s := g.Pending()[0]
			legal := g.Legal(s)
			early := g.Phase == PhaseSave && earlyEscape(g.Drawn, g.Bag.Total())
			burn := slices.ContainsFunc(legal, func(a engine.Action) bool { return a.Kind == KindBurn })
			wrong := func(a engine.Action) bool {
				return !slices.ContainsFunc(legal, a.Same) || early && a.Kind == KindStop || burn && a.Kind != KindBurn
			}
			if step%hardEvery == 0 || early || burn {
				asked++
				if a := hard.Choose(context.Background(), g.View(s), slices.Clone(legal), &rng); wrong(a) {
					t.Fatalf("%v: the hard bot chose %v in phase %s: %v", cfg, a, g.Phase, legal)
				}
			}
			a := bots[s].Choose(context.Background(), g.View(s), slices.Clone(legal), &rng)
			if wrong(a) {
				t.Fatalf("%v: %T chose %v in phase %s: %v", cfg, bots[s], a, g.Phase, legal)
			}
			enginetest.MustApply(t, g, mv(s, a))
		}
	}
	t.Logf("%d games, the hard bot asked %d times", games, asked)
}

// TestHardBeatsEasy is a short seeded match, the same on every run (the
// search is cut by its playouts, never by the clock): the hard bot must
// win clearly more than its share against easy bots, in two- and
// four-player games.
//
// "Clearly more" is 1.5 times its fair share. Measured with arcade sim
// (--bots hard,easy --playouts 60 --games 100, seeds 900 and 1900 for
// both seatings in 2 players, 900 in 4 players), this hard bot wins about
// 91% of 2-player and 70% of 4-player games against easy bots (with the
// data first proposed: 88.5% and 65%), so it scores 6.4 of these 8 games
// on average (6.1 then). Twice the fair share (6 of 8) asked for nearly
// every 2-player game: the seeds decided. The 8 games are played under
// -race and -short too: in 4 games a single game weighs more than the
// expected margin over the bound, too few to tell skill from luck.
func TestHardBeatsEasy(t *testing.T) {
	const games = 8
	hard := hardBot{iterations: 60, budget: time.Hour}
	wins, fair := 0.0, 0.0
	for i := range games {
		players := 2 + 2*(i%2)
		g := newGame(t, players, uint64(i)+900)
		rng := engine.NewRNG(uint64(i) + 5)
		seat := i % players
		bots := make([]engine.Bot, players)
		for s := range bots {
			bots[s] = easyBot{}
		}
		bots[seat] = hard
		playBots(t, g, bots, &rng)
		fair += 1 / float64(players)
		if w := g.Outcome().Winners; slices.Contains(w, engine.Seat(seat)) {
			wins += 1 / float64(len(w))
		}
	}
	t.Logf("hard bot: %.1f wins in %d games (fair share %.1f)", wins, games, fair)
	if wins < 1.5*fair {
		t.Fatalf("the hard bot won %.1f of %d games against easy bots (fair share %.1f)", wins, games, fair)
	}
}

// TestBotsUseEveryTool plays games between normal bots (easy ones in a
// few seats) and counts the tools they play: every one of the thirteen
// tools must be played, the Amulet and Fire Spreading windows must be
// answered by players who are not active (out of turn), and the swap of
// step 3 must be used.
func TestBotsUseEveryTool(t *testing.T) {
	games := 80
	if enginetest.RaceEnabled || testing.Short() {
		games = 30
	}
	played := map[int]int{}
	outOfTurn := map[Phase]int{}
	swaps := 0
	for i := range games {
		players := 2 + i%5
		g := newGame(t, players, uint64(i)+4000)
		rng := engine.NewRNG(uint64(i))
		bots := make([]engine.Bot, players)
		for s := range bots {
			bots[s] = normalBot{}
		}
		bots[i%players] = easyBot{}
		for step := 0; !g.Outcome().Done; step++ {
			if step > maxSteps(g.Players) {
				t.Fatalf("no end after %d moves", step)
			}
			s := g.Pending()[0]
			legal := g.Legal(s)
			a := bots[s].Choose(context.Background(), g.View(s), slices.Clone(legal), &rng)
			switch {
			case a.Kind == KindPlay:
				played[a.Args[0]]++
				if (g.Phase == PhaseSpread || g.Phase == PhaseAmulet) && s != g.Active {
					outOfTurn[g.Phase]++
				}
			case g.Phase == PhaseSwap && a.Kind != KindKeep:
				swaps++
			}
			enginetest.MustApply(t, g, mv(s, a))
		}
	}
	t.Logf("tools played %v, out of turn %v, swaps %d", played, outOfTurn, swaps)
	for tl := range numTools {
		if played[tl] == 0 {
			t.Errorf("no bot played the %s in %d games", tools[tl].Name, games)
		}
	}
	if outOfTurn[PhaseSpread] == 0 || outOfTurn[PhaseAmulet] == 0 {
		t.Errorf("bots never answered a window out of turn: %v", outOfTurn)
	}
	if swaps == 0 {
		t.Error("bots never swapped a tool in step 3")
	}
}

// TestRateWinsThenMargin checks the hard bot's rating of a finished game:
// any win beats any loss, a shared win lies between, and within a win or
// a loss a wider margin rates higher.
func TestRateWinsThenMargin(t *testing.T) {
	rated := func(mine, theirs int) float64 {
		g := newGame(t, 2, 1)
		g.Phase = PhaseOver
		g.Seats[0].Score, g.Seats[1].Score = mine, theirs
		return rate(g, 0)
	}
	order := []struct {
		name  string
		value float64
	}{
		{"a loss by 40", rated(60, 100)},
		{"a loss by 5", rated(95, 100)},
		{"a loss by 1", rated(99, 100)},
		{"a tie", rated(100, 100)},
		{"a win by 1", rated(101, 100)},
		{"a win by 5", rated(105, 100)},
		{"a win by 40", rated(140, 100)},
	}
	for i := 1; i < len(order); i++ {
		if order[i].value <= order[i-1].value {
			t.Errorf("%s rates %.3f, no more than %s (%.3f)", order[i].name, order[i].value,
				order[i-1].name, order[i-1].value)
		}
	}
	if lo, hi := order[2].value, order[4].value; hi-lo < winWeight {
		t.Errorf("a win by 1 rates only %.3f above a loss by 1, less than the weight of winning %.1f", hi-lo, winWeight)
	}
}
