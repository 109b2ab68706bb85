package rooms

import (
	"context"
	"encoding/json"
	"fmt"
	"runtime"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"arcade/engine"
)

// The toy counting game: seats take turns adding 1 or 2 to a shared count;
// whoever reaches the target wins. Each seat has a hidden secret (100*(s+1)
// plus noise) that only its own view shows; the outcome's scores reveal all
// secrets, so tests can check which seat a view belonged to. With the option
// window=true, every add opens a response window for the other seats, who
// answer "ok" or "bump" (bump adds 1); with reask=true too, a bump asks
// every seat that already answered, the bumper included, again (a new
// window for them). Action
// "boom" panics, to test that a broken game cannot take the server down.

const (
	toyID     = "toy-test"     // no BotMaker: tables fall back to RandomBot
	toyBotsID = "toybots-test" // with a BotMaker returning spy bots
	toyPoolID = "toypool-test" // with a BotMaker returning gauge bots
	toyNapID  = "toynap-test"  // its Timeout is never legal (an engine bug)
)

// toyGames are the games of every test hub.
var toyGames = []engine.Game{
	toyGame{id: toyID},
	toyBotGame{toyGame{id: toyBotsID}},
	toyPoolGame{toyGame{id: toyPoolID}},
	toyNapGame{toyGame{id: toyNapID}},
}

type toyGame struct{ id string }

func (g toyGame) Info() engine.Info {
	return engine.Info{
		ID: g.id, Name: "Toy " + g.id, Summary: "count to the target",
		MinPlayers: 1, MaxPlayers: 4,
		Options: []engine.OptionSpec{
			{Key: "target", Name: "Target", Kind: engine.Choice, Choices: []string{"3", "10", "50", "1000000"}, Default: "10"},
			{Key: "window", Name: "Response window", Kind: engine.Bool, Default: "false"},
			{Key: "reask", Name: "A bump asks again", Kind: engine.Bool, Default: "false"},
			{Key: "stay", Name: "A move that keeps the turn", Kind: engine.Bool, Default: "false"},
		},
	}
}

func (g toyGame) New(n int, opts engine.Options, seed uint64) (engine.State, error) {
	target, err := strconv.Atoi(opts["target"])
	if err != nil {
		return nil, engine.Illegal("bad target %q", opts["target"])
	}
	st := &toyState{N: n, Target: target, Window: opts.Bool("window"), Reask: opts.Bool("reask"), Stay: opts.Bool("stay"),
		RNG: engine.NewRNG(seed), Winner: -1}
	for i := range n {
		st.Secrets = append(st.Secrets, 100*(i+1)+st.RNG.Intn(50))
	}
	return st, nil
}

func (g toyGame) Restore(data []byte) (engine.State, error) {
	var st toyState
	err := json.Unmarshal(data, &st)
	return &st, err
}

func (toyGame) DecodeView(data []byte) (engine.View, error) {
	return engine.DecodeViewAs[toyView](data)
}

type toyBotGame struct{ toyGame }

func (toyBotGame) Bot(level string) engine.Bot { return &spyBot{level: level} }

type toyState struct {
	N, Target, Count, Turn int
	Window, Reask, Stay    bool
	Answering              []engine.Seat // seats still to answer in the window
	Secrets                []int
	RNG                    engine.RNG
	Winner                 engine.Seat
	Done                   bool
}

// toyView is what one seat sees.
type toyView struct {
	Seat      engine.Seat
	Count     int
	Target    int
	Turn      int
	Secret    int // this seat's own secret; -1 for spectators
	Pending   []engine.Seat
	Answering []engine.Seat
}

func (v toyView) Viewer() engine.Seat { return v.Seat }

// Describe puts the adding moves in words, up to the target (the other
// moves keep their Action.String, engine.Describe's fallback).
func (v toyView) Describe(a engine.Action) string {
	if a.Kind == addOne.Kind && len(a.Args) == 1 {
		return fmt.Sprintf("Add %d (%d to go)", a.Args[0], v.Target-v.Count-a.Args[0])
	}
	return ""
}

var (
	addOne = engine.Action{Kind: "add", Args: []int{1}}
	addTwo = engine.Action{Kind: "add", Args: []int{2}}
	okAct  = engine.Action{Kind: "ok"}
	bump   = engine.Action{Kind: "bump"}
	stay   = engine.Action{Kind: "stay"} // keeps the turn (option stay)
)

func (s *toyState) MarshalJSON() ([]byte, error) {
	type plain toyState
	return json.Marshal((*plain)(s))
}

func (s *toyState) Pending() []engine.Seat {
	switch {
	case s.Done:
		return nil
	case len(s.Answering) > 0:
		return slices.Clone(s.Answering)
	}
	return []engine.Seat{engine.Seat(s.Turn)}
}

func (s *toyState) Responding() []engine.Seat { return slices.Clone(s.Answering) }

func (s *toyState) Legal(seat engine.Seat) []engine.Action {
	switch {
	case s.Done:
		return nil
	case len(s.Answering) > 0:
		if slices.Contains(s.Answering, seat) {
			return []engine.Action{okAct, bump}
		}
		return nil
	case int(seat) == s.Turn && s.Stay:
		return []engine.Action{addOne, addTwo, stay}
	case int(seat) == s.Turn:
		return []engine.Action{addOne, addTwo}
	}
	return nil
}

func (s *toyState) Apply(seat engine.Seat, a engine.Action) ([]engine.Event, error) {
	if a.Kind == "boom" {
		panic("toy: boom")
	}
	if _, ok := engine.Find(s.Legal(seat), a); !ok {
		return nil, engine.Illegal("seat %d cannot %v now", seat, a)
	}
	if len(s.Answering) > 0 {
		s.Answering = slices.DeleteFunc(s.Answering, func(x engine.Seat) bool { return x == seat })
		var evs []engine.Event
		if a.Kind == "bump" {
			s.Count++
			evs = append(evs, engine.Public(toyNote(fmt.Sprintf("seat %d bumps", seat))))
			for i := range engine.Seat(s.N) {
				if s.Reask && int(i) != s.Turn && !slices.Contains(s.Answering, i) {
					s.Answering = append(s.Answering, i)
				}
			}
		}
		if len(s.Answering) == 0 {
			s.Turn = (s.Turn + 1) % s.N
		}
		return evs, nil
	}
	if a.Kind == "stay" {
		return nil, nil
	}
	s.Count += a.Args[0]
	evs := []engine.Event{
		engine.Public(toyNote(fmt.Sprintf("seat %d adds %d", seat, a.Args[0]))),
		engine.Private(seat, toyNote(fmt.Sprintf("your secret is %d", s.Secrets[seat]))),
	}
	switch {
	case s.Count >= s.Target:
		s.Done, s.Winner = true, seat
	case s.Window && s.N > 1:
		for i := range s.N {
			if i != int(seat) {
				s.Answering = append(s.Answering, engine.Seat(i))
			}
		}
	default:
		s.Turn = (s.Turn + 1) % s.N
	}
	return evs, nil
}

func (s *toyState) View(seat engine.Seat) engine.View {
	v := toyView{Seat: seat, Count: s.Count, Target: s.Target, Turn: s.Turn, Secret: -1,
		Pending: s.Pending(), Answering: slices.Clone(s.Answering)}
	if seat >= 0 && int(seat) < s.N {
		v.Secret = s.Secrets[seat]
	}
	return v
}

func (s *toyState) Outcome() engine.Outcome {
	if !s.Done {
		return engine.Outcome{}
	}
	return engine.Outcome{Done: true, Scores: slices.Clone(s.Secrets), Winners: []engine.Seat{s.Winner},
		Summary: fmt.Sprintf("seat %d reached %d", s.Winner, s.Target)}
}

func (s *toyState) Timeout(seat engine.Seat) engine.Action {
	if slices.Contains(s.Answering, seat) {
		return okAct
	}
	return addOne
}

// toyNapGame is the toy game with a bug: its timeout move, "nap", is
// never legal.
type toyNapGame struct{ toyGame }

func (g toyNapGame) New(n int, opts engine.Options, seed uint64) (engine.State, error) {
	st, err := g.toyGame.New(n, opts, seed)
	if err != nil {
		return nil, err
	}
	return &toyNapState{st.(*toyState)}, nil
}

type toyNapState struct{ *toyState }

func (*toyNapState) Timeout(engine.Seat) engine.Action { return engine.Action{Kind: "nap"} }

// spyBot plays randomly and records every view it was given, so tests can
// check that bots get only their own seat's view.
type spyBot struct{ level string }

var spy struct {
	sync.Mutex
	views []toyView
	bad   []string
}

func (b *spyBot) Choose(_ context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	spy.Lock()
	defer spy.Unlock()
	if v, ok := view.(toyView); ok {
		spy.views = append(spy.views, v)
	} else {
		spy.bad = append(spy.bad, fmt.Sprintf("%T", view))
	}
	return legal[rng.Intn(len(legal))]
}

func resetSpy() {
	spy.Lock()
	defer spy.Unlock()
	spy.views, spy.bad = nil, nil
}

type toyPoolGame struct{ toyGame }

func (toyPoolGame) Bot(level string) engine.Bot { return gaugeBot{level: level} }

// gaugeBot plays randomly and measures how many bot decisions run at once
// (gauge); gauge.hook, when set, runs inside every decision. It thinks on
// the clock (engine.Thinker), for an hour.
type gaugeBot struct{ level string }

var gauge struct {
	running, peak, calls atomic.Int64
	hook                 atomic.Pointer[func(ctx context.Context, level string)]
}

func (gaugeBot) ThinkTime() time.Duration { return time.Hour }

func resetGauge() {
	gauge.running.Store(0)
	gauge.peak.Store(0)
	gauge.calls.Store(0)
	gauge.hook.Store(nil)
}

func (b gaugeBot) Choose(ctx context.Context, view engine.View, legal []engine.Action, rng *engine.RNG) engine.Action {
	n := gauge.running.Add(1)
	defer gauge.running.Add(-1)
	gauge.calls.Add(1)
	for p := gauge.peak.Load(); n > p && !gauge.peak.CompareAndSwap(p, n); p = gauge.peak.Load() {
	}
	if f := gauge.hook.Load(); f != nil {
		(*f)(ctx, b.level)
	}
	// Give other workers, if any, the chance to overlap with this one.
	for range 20 {
		runtime.Gosched()
	}
	return legal[rng.Intn(len(legal))]
}

// toyNote is a toy fact: its words as they are.
type toyNote string

func (n toyNote) Words() string { return string(n) }
