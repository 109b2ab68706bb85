package firelibrary

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"arcade/engine"
	"arcade/engine/enginetest"
)

func viewJSON(t *testing.T, g *state, s engine.Seat) string {
	data, err := json.Marshal(g.View(s))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// otherHand returns a copy of g where seat o holds different tools: each
// hand card is exchanged with a card of another tool from the discard pile
// or deep in the deck, out of reach of the next few draws. ok is false if
// there are not enough such cards. The copy goes through JSON, as the
// world it is compared with does: restored, the setup's events are their
// saved words.
func otherHand(g *state, o engine.Seat) (*state, bool) {
	b := g.clone()
	if len(b.Deck) < 8 || len(b.Seats[o].Hand) == 0 {
		return nil, false
	}
	pool := []*int{}
	for i := range b.Discard {
		pool = append(pool, &b.Discard[i])
	}
	for i := range b.Deck[:len(b.Deck)-8] {
		pool = append(pool, &b.Deck[i])
	}
	for i, h := range b.Seats[o].Hand {
		j := slices.IndexFunc(pool, func(c *int) bool { return *c/copiesPerTool != h/copiesPerTool })
		if j < 0 {
			return nil, false
		}
		b.Seats[o].Hand[i], *pool[j] = *pool[j], h
		pool = pool[j+1:]
	}
	return b, true
}

func fmtJSON(t *testing.T, v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// TestNoLeaks changes one seat's hidden hand and checks that no other seat
// (nor a spectator) can tell: same views, same legal moves, the same
// choices of the bots in its seat, and the same visible events and views
// after the next move, whoever makes it.
func TestNoLeaks(t *testing.T) {
	checked, games := 0, 80
	if enginetest.RaceEnabled || testing.Short() {
		games = 10
	}
	cfgRNG := engine.NewRNG(4242)
	for i := range games {
		cfg := randomConfig(&cfgRNG)
		if i%4 == 0 { // the base game keeps its share
			cfg = config{2 + i%5, engine.Options{}}
		}
		g := newGameOpts(t, cfg.players, cfg.opts, uint64(i)+1000)
		rng := engine.NewRNG(uint64(i))
		checked += enginetest.CheckSecrets(t, g, &rng, enginetest.Secrets{
			Game: Game{}, Players: cfg.players, Every: 4,
			Twin: func(st engine.State, o engine.Seat) (engine.State, bool) {
				b, ok := otherHand(st.(*state), o)
				return b, ok
			},
			Observe: func(a, b engine.State, s, o engine.Seat) { sameBotChoices(t, a.(*state), b.(*state), s, o) },
			// Only playing a card depends on the hand that was changed.
			Depends: func(m enginetest.Move, o engine.Seat) bool { return m.Seat == o && m.Action.Kind == KindPlay },
		})
	}
	if checked < 5*games {
		t.Fatalf("only %d comparisons", checked)
	}
	t.Logf("%d comparisons", checked)
}

// leakChecks counts the bot comparisons, to ask the hard bot now and then.
var leakChecks int

// sameBotChoices checks that every bot in seat s (if s may act) chooses
// the same move in two worlds that differ only in seat o's hidden hand:
// a bot's inputs come from its view alone. The hard bot searches on games
// sampled from that view (a short search, cut by its playouts, so that it
// is deterministic). To keep the test short, the easy and normal bots are
// asked in one comparison of 3 (6 under the race detector), the hard bot
// in one of 60 (120).
func sameBotChoices(t *testing.T, a, b *state, s, o engine.Seat) {
	la, lb := a.Legal(s), b.Legal(s)
	if len(la) == 0 {
		return
	}
	every := 3
	if enginetest.RaceEnabled || testing.Short() {
		every = 6
	}
	var bots []engine.Bot
	if leakChecks++; leakChecks%every == 0 {
		bots = append(bots, easyBot{}, normalBot{})
	}
	if leakChecks%(20*every) == 0 {
		bots = append(bots, hardBot{iterations: 10, budget: time.Hour})
	}
	for _, bot := range bots {
		ra, rb := engine.NewRNG(uint64(leakChecks)), engine.NewRNG(uint64(leakChecks))
		if ca, cb := bot.Choose(context.Background(), a.View(s), la, &ra), bot.Choose(context.Background(), b.View(s), lb, &rb); !ca.Same(cb) || ra != rb {
			t.Fatalf("%T in seat %d chooses %v or %v depending on seat %d's hand", bot, s, ca, cb, o)
		}
	}
}

// TestViews checks what every view holds: a hand only for its own seat.
func TestViews(t *testing.T) {
	g := newGame(t, 5, 77)
	rng := engine.NewRNG(3)
	for step := 0; !g.Outcome().Done; step++ {
		spec := viewJSON(t, g, engine.Spectator)
		if strings.Contains(spec, `"hand"`) {
			t.Fatalf("spectator sees a hand: %s", spec)
		}
		for s := range engine.Seat(5) {
			v := g.View(s).(View)
			held := g.Seats[s].Hand
			if p := g.Seats[s].Play; p != nil {
				held = append(slices.Clone(held), p[0])
			}
			if v.You != s || len(v.Hand) != len(held) || len(v.Players) != 5 ||
				len(v.Sections) != 4 || len(v.Cards) != 5 {
				t.Fatalf("view %+v", v)
			}
			for k, h := range held {
				if v.Hand[k].Name != cardTool(h).Name || v.Hand[k].Text == "" || v.Hand[k].Timing == "" {
					t.Fatalf("hand %+v", v.Hand)
				}
			}
			bag := 0
			for _, sec := range v.Sections {
				bag += sec.InBag
			}
			if bag != v.Bag.Books || v.Bag.Total != v.Bag.Books+v.Bag.Fires {
				t.Fatalf("bag %+v", v.Bag)
			}
		}
		enginetest.MustApply(t, g, enginetest.RandomMove(g, &rng))
	}
	v := g.View(engine.Spectator).(View)
	if !v.Over || len(v.Winners) == 0 || v.Summary == "" || !strings.HasPrefix(v.PhaseText, "Game over") {
		t.Fatalf("final view %+v", v)
	}
}

func TestSampleView(t *testing.T) {
	g := sampleTurn(t)
	put(t, g, Yellow, Fire)
	v := g.View(1).(View)
	c := v.Cards[1]
	if c.Number != 2 || c.Holder != 0 || c.Layout != "S S R2 R4 R6" || c.Spaces[1].Token != "fire" ||
		c.Spaces[0].Token != "yellow" || !c.Spaces[2].Risky || c.Spaces[2].Bravery != 2 || !c.Spaces[0].Tool {
		t.Fatalf("card view %+v", c)
	}
	if v.Sections[0].Value != 2 || v.Sections[0].Cards != 6 || v.Sections[0].TopBurn != 5 || v.Sections[1].InBag != 5 {
		t.Fatalf("sections %+v", v.Sections)
	}
	if v.Bag.Fires != 6 || v.Supply != 10 || v.Active != 0 || v.Drawn != 2 ||
		v.PhaseText != "Round 1, step 2: {seat0} is saving books" {
		t.Fatalf("view %+v", v)
	}
}
