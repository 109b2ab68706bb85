package engine

import (
	"context"
	"fmt"
	"time"
)

// Bot chooses moves for a seat. It sees only what a human in that seat would:
// the seat's view and its legal actions, never the state.
type Bot interface {
	// Choose picks one of legal (never empty) given the seat's view.
	// A bot that searches thinks until ctx's deadline (without one, for
	// its own time budget), or for the playouts ctx carries (Playouts);
	// once ctx is done it returns promptly: its best move so far, or a
	// sensible legal one.
	Choose(ctx context.Context, view View, legal []Action, rng *RNG) Action
}

// Thinker is implemented by bots that think on the clock (the searching
// hard bots): ThinkTime is their time budget per decision, the deadline a
// caller gives Choose's context (a context without one gets the same).
type Thinker interface {
	ThinkTime() time.Duration
}

// playoutsKey is the context key of a playout budget.
type playoutsKey struct{}

// WithPlayouts returns a context that asks searching bots to stop after n
// playouts per decision instead of on the clock, so that their moves do
// not depend on the machine's speed (n <= 0: the clock again). A deadline
// or cancellation of ctx still stops them.
func WithPlayouts(ctx context.Context, n int) context.Context {
	return context.WithValue(ctx, playoutsKey{}, max(n, 0))
}

// Playouts is the playout budget per decision that ctx carries (0: none,
// the bot thinks on the clock).
func Playouts(ctx context.Context) int {
	n, _ := ctx.Value(playoutsKey{}).(int)
	return n
}

// ThinkUntil is when a searching bot handed ctx stops thinking: ctx's
// deadline, or budget from now without one; the zero time when ctx
// carries a playout budget (the bot then never reads the clock).
func ThinkUntil(ctx context.Context, budget time.Duration) time.Time {
	if Playouts(ctx) > 0 {
		return time.Time{}
	}
	if d, ok := ctx.Deadline(); ok {
		return d
	}
	return time.Now().Add(budget)
}

// Late reports whether a bot that thinks until until (ThinkUntil) must
// stop: ctx is done, or until has passed.
func Late(ctx context.Context, until time.Time) bool {
	return ctx.Err() != nil || !until.IsZero() && time.Now().After(until)
}

// BotMaker is implemented by games that provide bots. Level is "easy",
// "normal" or "hard"; an unknown level falls back to the nearest one.
type BotMaker interface {
	Bot(level string) Bot
}

// RandomBot plays a uniformly random legal move: the fallback for games
// without bots of their own.
type RandomBot struct{}

// Choose implements Bot.
func (RandomBot) Choose(_ context.Context, _ View, legal []Action, rng *RNG) Action {
	return legal[rng.Intn(len(legal))]
}

// ViewAs reads the view a bot or a board is handed as a V: the value itself or a
// non-nil pointer to one (rooms hands over values; tests and searches may
// pass pointers). It returns a pointer to the view, or false for anything
// else.
func ViewAs[V View](view View) (*V, bool) {
	switch x := any(view).(type) {
	case V:
		return &x, true
	case *V:
		return x, x != nil
	}
	return nil, false
}

// Pick finds the legal action of the given kind and arguments.
func Pick(legal []Action, kind string, args ...int) (Action, bool) {
	return Find(legal, Action{Kind: kind, Args: args})
}

// SeatView reads the view a Sampler is given as seat's own view of game
// id: a V (or *V) whose Viewer is seat. Anything else is an error naming
// what was wrong.
func SeatView[V View](id string, view View, seat Seat) (*V, error) {
	v, ok := ViewAs[V](view)
	switch {
	case !ok:
		return nil, fmt.Errorf("%s: cannot sample from a %T", id, view)
	case (*v).Viewer() != seat:
		return nil, fmt.Errorf("%s: the view is seat %d's, not seat %d's", id, (*v).Viewer(), seat)
	}
	return v, nil
}
