package fireproto

import (
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// TestEasyBotBeatsRandom seats the easy bot against random players: it must
// finish every game with legal moves and win far more than its share.
func TestEasyBotBeatsRandom(t *testing.T) {
	gm := Game{}
	for _, level := range []string{"easy", "normal", "hard", ""} {
		// The table compares bots: comparing must not panic.
		if b := gm.Bot(level); b == nil || b == gm.Bot(level) {
			t.Fatalf("level %q: bot %v", level, b)
		}
	}
	bot := gm.Bot("easy")
	games := 400
	if et.RaceEnabled {
		games = 100
	}
	wins, fair := 0.0, 0.0
	for i := range games {
		players := 2 + i%4
		g := newGame(t, players, uint64(i)+500)
		rng := engine.NewRNG(uint64(i))
		hero := engine.Seat(i % players)
		for !g.Outcome().Done {
			s := g.Active
			var a engine.Action
			if s == hero {
				a = bot.Choose(g.View(s), g.Legal(s), &rng)
			} else {
				a = engine.RandomBot{}.Choose(g.View(s), g.Legal(s), &rng)
			}
			et.MustApply(t, g, et.Move{Seat: s, Action: a})
		}
		out := g.Outcome()
		for _, w := range out.Winners {
			if w == hero {
				wins += 1 / float64(len(out.Winners))
			}
		}
		fair += 1 / float64(players)
	}
	t.Logf("easy bot: %.0f wins in %d games (fair share %.0f)", wins, games, fair)
	if wins < 2.5*fair {
		t.Fatalf("the easy bot won only %.0f of %d games against random players", wins, games)
	}
}

// TestBotChoices checks the bot's decisions in clear-cut spots, and that it
// takes a view by value or by pointer.
func TestBotChoices(t *testing.T) {
	bot := Game{}.Bot("easy")
	rng := engine.NewRNG(1)
	g := fresh(t, 2)
	put(t, g, White)
	// Space 2 is safe and no fire is on the card: a free draw.
	if a := bot.Choose(g.View(0), g.Legal(0), &rng); a.Kind != KindDraw {
		t.Fatalf("chose %v", a)
	}
	v := g.View(0).(View)
	if a := bot.Choose(&v, g.Legal(0), &rng); a.Kind != KindDraw {
		t.Fatalf("chose %v with a pointer", a)
	}
	// 22 at stake (7+7+3+2 and bravery 3) before a risky space: score.
	g = fresh(t, 2)
	put(t, g, Green, Green, Yellow, Brown)
	if a := bot.Choose(g.View(0), g.Legal(0), &rng); a.Kind != KindScore {
		t.Fatalf("chose %v with %d at stake", a, stake(g.View(0).(View), mine(g.View(0).(View))))
	}
	// A fire threatens 14 + 3 and the bot holds a Bucket: douse.
	g = fresh(t, 2)
	g.Seats[0].Buckets, g.Supply = 1, 9
	put(t, g, Green, Green)
	drawForced(t, g, Fire)
	if a := bot.Choose(g.View(0), g.Legal(0), &rng); a.Kind != KindDouse {
		t.Fatalf("chose %v", a)
	}
	// Nothing at stake on the 5th card: keep the Bucket, let it burn.
	g = fresh(t, 5)
	g.Seats[0].Buckets, g.Supply = 1, 9
	put(t, g, Fire)
	drawForced(t, g, Fire)
	if a := bot.Choose(g.View(0), g.Legal(0), &rng); a.Kind != KindBurn {
		t.Fatalf("chose %v", a)
	}
	// An unknown view: a random legal move.
	legal := g.Legal(0)
	if _, ok := engine.Find(legal, bot.Choose("junk", legal, &rng)); !ok {
		t.Fatal("not a legal move")
	}
}
