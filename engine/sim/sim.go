// Package sim plays games between bots with no terminal: many seeded games
// at once, with per-seat results, decision times and a count of the illegal
// actions bots attempted. `arcade sim` prints what it returns.
package sim

import (
	"context"
	"fmt"
	"runtime"
	"slices"
	"sync"
	"time"

	"arcade/engine"
)

// Config says what to play.
type Config struct {
	Game    engine.Game
	Players int
	// Bots are the levels by seat ("easy", "normal", "hard"); a shorter list
	// repeats its last level.
	Bots    []string
	Games   int
	Seed    uint64
	Options engine.Options
	// Workers play games in parallel (0: GOMAXPROCS).
	Workers int
	// MaxMoves stops a game that does not end (0: 100000).
	MaxMoves int
	// Record, when set, receives every finished game's record (one call at
	// a time, in no particular order).
	Record func(engine.Record)
	// Playouts, when positive, is the searching bots' budget per decision
	// in playouts instead of time (engine.WithPlayouts): the same seed
	// then gives the same games on every machine, and the decision times
	// are left out of the result (0) so that it is the same too.
	Playouts int
}

// SeatResult sums up one seat over all games.
type SeatResult struct {
	Bot       string  `json:"bot"`
	Wins      int     `json:"wins"`
	WinRate   float64 `json:"win_rate"`
	MeanScore float64 `json:"mean_score"`
	P50ms     float64 `json:"decision_p50_ms"`
	P99ms     float64 `json:"decision_p99_ms"`
	MaxMs     float64 `json:"decision_max_ms"`
}

// Result sums up a run. A tie counts as a win for every winner, so win
// rates may add up to more than 1.
type Result struct {
	Game    string         `json:"game"`
	Players int            `json:"players"`
	Games   int            `json:"games"`
	Seed    uint64         `json:"seed"`
	Options engine.Options `json:"options"`
	// Playouts is Config.Playouts (omitted when 0: bots on the clock).
	Playouts       int          `json:"playouts,omitempty"`
	IllegalActions int          `json:"illegal_actions"`
	MeanMoves      float64      `json:"mean_moves"`
	Seats          []SeatResult `json:"seats"`
}

// gameResult is one game's outcome and timings.
type gameResult struct {
	outcome engine.Outcome
	moves   int
	illegal int
	times   [][]time.Duration // by seat
	err     error
}

// Run plays cfg.Games games and sums them up.
func Run(cfg Config) (Result, error) {
	g := cfg.Game
	if g == nil {
		return Result{}, fmt.Errorf("no game to play")
	}
	in := g.Info()
	if cfg.Players < in.MinPlayers || cfg.Players > in.MaxPlayers {
		return Result{}, fmt.Errorf("%s takes %d to %d players", in.Name, in.MinPlayers, in.MaxPlayers)
	}
	if cfg.Games <= 0 {
		return Result{}, fmt.Errorf("the number of games must be at least 1")
	}
	opts, err := in.Resolve(cfg.Options)
	if err != nil {
		return Result{}, err
	}
	if len(cfg.Bots) == 0 {
		cfg.Bots = []string{"easy"}
	}
	levels := make([]string, cfg.Players)
	for i := range levels {
		levels[i] = cfg.Bots[min(i, len(cfg.Bots)-1)]
	}
	if cfg.MaxMoves <= 0 {
		cfg.MaxMoves = 100000
	}
	workers := cfg.Workers
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	// Check the setup once so that a bad option combination fails fast.
	if _, err := g.New(cfg.Players, opts, cfg.Seed); err != nil {
		return Result{}, err
	}

	if rec := cfg.Record; rec != nil {
		var mu sync.Mutex
		cfg.Record = func(r engine.Record) {
			mu.Lock()
			defer mu.Unlock()
			rec(r)
		}
	}
	results := make([]gameResult, cfg.Games)
	var wg sync.WaitGroup
	next := make(chan int)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				results[i] = play(g, cfg, opts, levels, cfg.Seed+uint64(i))
			}
		}()
	}
	for i := 0; i < cfg.Games; i++ {
		next <- i
	}
	close(next)
	wg.Wait()

	res := Result{Game: in.ID, Players: cfg.Players, Games: cfg.Games, Seed: cfg.Seed, Options: opts,
		Playouts: max(cfg.Playouts, 0)}
	times := make([][]time.Duration, cfg.Players)
	scores := make([]float64, cfg.Players)
	wins := make([]int, cfg.Players)
	totalMoves := 0
	for _, r := range results {
		if r.err != nil {
			return Result{}, r.err
		}
		res.IllegalActions += r.illegal
		totalMoves += r.moves
		for s := 0; s < cfg.Players; s++ {
			times[s] = append(times[s], r.times[s]...)
			if s < len(r.outcome.Scores) {
				scores[s] += float64(r.outcome.Scores[s])
			}
			if slices.Contains(r.outcome.Winners, engine.Seat(s)) {
				wins[s]++
			}
		}
	}
	res.MeanMoves = float64(totalMoves) / float64(cfg.Games)
	for s := 0; s < cfg.Players; s++ {
		sr := SeatResult{
			Bot: levels[s], Wins: wins[s], WinRate: float64(wins[s]) / float64(cfg.Games),
			MeanScore: scores[s] / float64(cfg.Games),
		}
		if res.Playouts == 0 {
			sr.P50ms, sr.P99ms, sr.MaxMs = percentileMs(times[s], 50), percentileMs(times[s], 99), percentileMs(times[s], 100)
		}
		res.Seats = append(res.Seats, sr)
	}
	return res, nil
}

// play runs one game to its end. A bot's illegal action is counted and
// replaced by the seat's Timeout move so the game can go on.
func play(g engine.Game, cfg Config, opts engine.Options, levels []string, seed uint64) gameResult {
	r := gameResult{times: make([][]time.Duration, cfg.Players)}
	st, err := g.New(cfg.Players, opts, seed)
	if err != nil {
		r.err = err
		return r
	}
	bots := make([]engine.Bot, cfg.Players)
	for s := range bots {
		bots[s] = engine.RandomBot{}
		if bm, ok := g.(engine.BotMaker); ok {
			if b := bm.Bot(levels[s]); b != nil {
				bots[s] = b
			}
		}
	}
	ctx := context.Background()
	if cfg.Playouts > 0 {
		ctx = engine.WithPlayouts(ctx, cfg.Playouts)
	}
	rng := engine.NewRNG(seed ^ 0x5eed5eed5eed5eed)
	rec := engine.Record{Game: g.Info().ID, Players: cfg.Players, Options: opts, Seed: seed}
	for r.moves < cfg.MaxMoves {
		pending := st.Pending()
		if len(pending) == 0 {
			break
		}
		s := pending[0]
		legal := st.Legal(s)
		var a engine.Action
		if len(legal) == 0 {
			a = st.Timeout(s)
		} else {
			start := time.Now()
			a = bots[s].Choose(ctx, st.View(s), slices.Clone(legal), &rng)
			r.times[s] = append(r.times[s], time.Since(start))
		}
		if _, err := st.Apply(s, a); err != nil {
			r.illegal++
			a = st.Timeout(s)
			if _, err := st.Apply(s, a); err != nil {
				r.err = fmt.Errorf("seed %d: seat %d's timeout move %s is illegal too: %v", seed, int(s)+1, a, err)
				return r
			}
		}
		rec.Moves = append(rec.Moves, engine.Move{Seat: s, Action: engine.Action{Kind: a.Kind, Args: a.Args}})
		r.moves++
	}
	r.outcome = st.Outcome()
	if !r.outcome.Done {
		r.err = fmt.Errorf("seed %d: the game did not end within %d moves", seed, cfg.MaxMoves)
		return r
	}
	if cfg.Record != nil {
		out := r.outcome
		rec.Outcome = &out
		cfg.Record(rec)
	}
	return r
}

func percentileMs(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := min(len(s)-1, len(s)*p/100)
	return float64(s[i].Microseconds()) / 1000
}
