package engine

import "fmt"

// Bot chooses moves for a seat. It sees only what a human in that seat would:
// the seat's view and its legal actions, never the state.
type Bot interface {
	// Choose picks one of legal (never empty) given the seat's view.
	Choose(view View, legal []Action, rng *RNG) Action
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
func (RandomBot) Choose(_ View, legal []Action, rng *RNG) Action {
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
