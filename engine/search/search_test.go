package search

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"arcade/engine"
)

// pile is a toy game with a hidden part: players take 1 to 3 counters from
// a pile in turn, whoever takes the last wins; each seat also holds a hidden
// "bonus" number that never matters, so that sampling must guess it.
type pile struct {
	Left, Turn int
	Bonus      [2]int
	Winner     int
}

// pileView is what a seat sees: the pile, whose turn, its own bonus.
type pileView struct {
	You   engine.Seat
	Left  int
	Turn  int
	Bonus int
}

func (v pileView) Viewer() engine.Seat { return v.You }

func (p *pile) MarshalJSON() ([]byte, error) {
	type plain pile
	return json.Marshal((*plain)(p))
}
func (p *pile) Pending() []engine.Seat {
	if p.Winner >= 0 {
		return nil
	}
	return []engine.Seat{engine.Seat(p.Turn)}
}
func (p *pile) Legal(s engine.Seat) []engine.Action {
	if p.Winner >= 0 || int(s) != p.Turn {
		return nil
	}
	var out []engine.Action
	for n := 1; n <= min(3, p.Left); n++ {
		out = append(out, engine.Action{Kind: "take", Args: []int{n}})
	}
	return out
}
func (p *pile) Apply(s engine.Seat, a engine.Action) ([]engine.Event, error) {
	if _, ok := engine.Find(p.Legal(s), a); !ok {
		return nil, engine.Illegal("no")
	}
	p.Left -= a.Args[0]
	if p.Left == 0 {
		p.Winner = p.Turn
	}
	p.Turn = 1 - p.Turn
	return nil, nil
}
func (p *pile) View(s engine.Seat) engine.View {
	v := pileView{You: s, Left: p.Left, Turn: p.Turn}
	if s >= 0 {
		v.Bonus = p.Bonus[s]
	}
	return v
}
func (p *pile) Outcome() engine.Outcome {
	if p.Winner < 0 {
		return engine.Outcome{}
	}
	sc := []int{0, 0}
	sc[p.Winner] = 1
	return engine.Outcome{Done: true, Scores: sc, Winners: []engine.Seat{engine.Seat(p.Winner)}}
}
func (p *pile) Timeout(engine.Seat) engine.Action { return engine.Action{Kind: "take", Args: []int{1}} }

// sampler deals a state from a view, guessing the other seat's bonus; it
// records that it only ever got views.
type sampler struct {
	calls int
	seats map[engine.Seat]bool
}

func (s *sampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	v := view.(pileView)
	s.calls++
	if s.seats == nil {
		s.seats = map[engine.Seat]bool{}
	}
	s.seats[seat] = true
	p := &pile{Left: v.Left, Turn: v.Turn, Winner: -1}
	p.Bonus[seat] = v.Bonus
	p.Bonus[1-seat] = rng.Intn(10)
	return p, nil
}

func TestSearchBeatsRandomPlay(t *testing.T) {
	smp := &sampler{}
	bot := Bot{Sampler: smp, Iterations: 300}
	rng := engine.NewRNG(9)
	wins := 0
	const games = 60
	for g := 0; g < games; g++ {
		p := &pile{Left: 17 + g%5, Turn: g % 2, Winner: -1, Bonus: [2]int{rng.Intn(10), rng.Intn(10)}}
		for p.Winner < 0 {
			s := engine.Seat(p.Turn)
			legal := p.Legal(s)
			var a engine.Action
			if s == 0 {
				a = bot.Choose(context.Background(), p.View(s), legal, &rng)
			} else {
				a = engine.RandomBot{}.Choose(context.Background(), p.View(s), legal, &rng)
			}
			if _, err := p.Apply(s, a); err != nil {
				t.Fatalf("the bot chose an illegal move %v", a)
			}
		}
		if p.Winner == 0 {
			wins++
		}
	}
	if wins < games*8/10 {
		t.Fatalf("search won %d of %d against random play", wins, games)
	}
	if smp.calls == 0 {
		t.Fatal("the sampler was never asked")
	}
}

func TestScore(t *testing.T) {
	o := engine.Outcome{Done: true, Scores: []int{10, 30, 20}, Winners: []engine.Seat{1}}
	if !(Score(o, 1) > Score(o, 2) && Score(o, 2) > Score(o, 0)) {
		t.Fatalf("scores %v %v %v", Score(o, 0), Score(o, 1), Score(o, 2))
	}
	tie := engine.Outcome{Done: true, Scores: []int{5, 5}, Winners: []engine.Seat{0, 1}}
	if Score(tie, 0) != Score(tie, 1) {
		t.Fatal("a tie scores unequally")
	}
}

// TestSearchesForTheViewer: the search plays for the view's Viewer, and
// without a view it plays the first legal move without sampling.
func TestSearchesForTheViewer(t *testing.T) {
	smp := &sampler{}
	bot := Bot{Sampler: smp, Iterations: 20}
	rng := engine.NewRNG(3)
	p := &pile{Left: 9, Turn: 1, Winner: -1}
	bot.Choose(context.Background(), p.View(1), p.Legal(1), &rng)
	if len(smp.seats) != 1 || !smp.seats[1] {
		t.Fatalf("sampled for seats %v, want only seat 1", smp.seats)
	}
	smp.calls = 0
	if a := bot.Choose(context.Background(), nil, p.Legal(1), &rng); !a.Same(p.Legal(1)[0]) || smp.calls != 0 {
		t.Fatalf("without a view: %v after %d samples", a, smp.calls)
	}
}

// takeBot always takes the same number of counters (or the most it may).
type takeBot int

func (b takeBot) Choose(_ context.Context, _ engine.View, legal []engine.Action, _ *engine.RNG) engine.Action {
	return legal[min(int(b), len(legal))-1]
}

// TestPriorStandsUnlessClearlyBeaten: with a Prior, the search keeps the
// prior's move when it is as good as any, and leaves it for a move that
// wins clearly more.
func TestPriorStandsUnlessClearlyBeaten(t *testing.T) {
	rng := engine.NewRNG(4)
	smp := &sampler{}
	// Three counters left: taking all three wins at once, taking one
	// rarely does; the search must leave the prior (take 1) for take 3.
	p := &pile{Left: 3, Winner: -1}
	bot := Bot{Sampler: smp, Prior: takeBot(1), Iterations: 300}
	if a := bot.Choose(context.Background(), p.View(0), p.Legal(0), &rng); a.Args[0] != 3 {
		t.Fatalf("with 3 left the search took %d, want 3", a.Args[0])
	}
	// Two left: the prior (take 2) wins at once; nothing beats it.
	p = &pile{Left: 2, Winner: -1}
	bot.Prior = takeBot(2)
	if a := bot.Choose(context.Background(), p.View(0), p.Legal(0), &rng); a.Args[0] != 2 {
		t.Fatalf("with 2 left the search took %d, want the prior's 2", a.Args[0])
	}
	// A random prior improved by the search still beats random play:
	// the search leaves the prior wherever a move is clearly better.
	wins := 0
	for g := range 40 {
		p := &pile{Left: 17 + g%5, Turn: g % 2, Winner: -1}
		for p.Winner < 0 {
			s := engine.Seat(p.Turn)
			var a engine.Action
			if s == 0 {
				a = Bot{Sampler: smp, Prior: engine.RandomBot{}, Iterations: 300}.Choose(context.Background(), p.View(s), p.Legal(s), &rng)
			} else {
				a = engine.RandomBot{}.Choose(context.Background(), p.View(s), p.Legal(s), &rng)
			}
			if _, err := p.Apply(s, a); err != nil {
				t.Fatalf("illegal move %v", a)
			}
		}
		if p.Winner == 0 {
			wins++
		}
	}
	if wins < 30 {
		t.Fatalf("a search over a random prior won only %d of 40 against random play", wins)
	}
}

// TestCancelledSearchStops: with its context done, the search deals no
// guess and plays at once: the prior's move, or without one the first.
func TestCancelledSearchStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rng := engine.NewRNG(5)
	smp := &sampler{}
	p := &pile{Left: 9, Winner: -1}
	if a := (Bot{Sampler: smp, Prior: takeBot(2)}).Choose(ctx, p.View(0), p.Legal(0), &rng); a.Args[0] != 2 || smp.calls != 0 {
		t.Fatalf("cancelled with a prior: took %d after %d samples", a.Args[0], smp.calls)
	}
	if a := (Bot{Sampler: smp}).Choose(ctx, p.View(0), p.Legal(0), &rng); !a.Same(p.Legal(0)[0]) || smp.calls != 0 {
		t.Fatalf("cancelled: %v after %d samples", a, smp.calls)
	}
}

// TestPlayoutBudget: a playout budget in the context replaces Iterations
// and the clock: exactly that many guesses, however short Budget is.
func TestPlayoutBudget(t *testing.T) {
	rng := engine.NewRNG(6)
	p := &pile{Left: 9, Winner: -1}
	for _, n := range []int{7, 50} {
		smp := &sampler{}
		bot := Bot{Sampler: smp, Iterations: 400, Budget: time.Nanosecond}
		bot.Choose(engine.WithPlayouts(context.Background(), n), p.View(0), p.Legal(0), &rng)
		if smp.calls != n {
			t.Fatalf("a budget of %d playouts dealt %d guesses", n, smp.calls)
		}
	}
}

// TestEval: the search maximises its Eval, not the outcome: rated by
// losing, it never takes the last three counters.
func TestEval(t *testing.T) {
	rng := engine.NewRNG(7)
	lose := func(st engine.State, seat engine.Seat) float64 {
		if st.(*pile).Winner == int(seat) {
			return 0
		}
		return 1
	}
	p := &pile{Left: 3, Winner: -1}
	if a := (Bot{Sampler: &sampler{}, Iterations: 300, Eval: lose}).Choose(context.Background(), p.View(0), p.Legal(0), &rng); a.Args[0] == 3 {
		t.Fatal("the search took the last counters: its Eval was not used")
	}
	if a := (Bot{Sampler: &sampler{}, Iterations: 300}).Choose(context.Background(), p.View(0), p.Legal(0), &rng); a.Args[0] != 3 {
		t.Fatalf("by the outcome the search took %d, want 3", a.Args[0])
	}
}

// seenPile is a pile whose bots inside playouts read BotView, counting
// the calls of View and BotView.
type seenPile struct {
	pile
	views, botViews *int
}

func (p *seenPile) View(s engine.Seat) engine.View { *p.views++; return p.pile.View(s) }
func (p *seenPile) BotView(s engine.Seat) engine.View {
	*p.botViews++
	return pileView{You: s, Left: p.Left, Turn: p.Turn}
}

// seenSampler deals seenPiles.
type seenSampler struct{ views, botViews int }

func (s *seenSampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	st, err := (&sampler{}).Sample(view, seat, rng)
	if err != nil {
		return nil, err
	}
	return &seenPile{pile: *st.(*pile), views: &s.views, botViews: &s.botViews}, nil
}

// viewBot plays the first move and checks that it was handed a view.
type viewBot struct{ t *testing.T }

func (b viewBot) Choose(_ context.Context, v engine.View, legal []engine.Action, _ *engine.RNG) engine.Action {
	if _, ok := v.(pileView); !ok {
		b.t.Fatalf("the playout bot got %T", v)
	}
	return legal[0]
}

// TestBotView: the playout bots read BotView when the imagined game has
// one, never View.
func TestBotView(t *testing.T) {
	rng := engine.NewRNG(8)
	smp := &seenSampler{}
	p := &pile{Left: 20, Winner: -1}
	bot := Bot{Sampler: smp, Playout: viewBot{t}, Iterations: 30}
	bot.Choose(context.Background(), p.View(0), p.Legal(0), &rng)
	if smp.views != 0 || smp.botViews == 0 {
		t.Fatalf("View called %d times, BotView %d", smp.views, smp.botViews)
	}
}
