// Package engine defines the contract every game in the arcade implements,
// a deterministic serializable random number generator and small rule
// helpers shared by several games.
//
// Rules code never knows that SSH or a terminal exists. A game is a Game
// (metadata and a constructor); a game in progress is a State. Everything a
// player sees comes from State.View(seat), which contains only what that seat
// may know.
package engine

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Seat numbers a player's place at a table, 0..n-1.
type Seat int

// Spectator is the seat of a watcher who sees only public information.
const Spectator Seat = -1

// Everyone is the audience of an event every seat and spectator may read.
const Everyone Seat = -2

// Action is one move a seat can make. Kind names the move ("draw", "stop",
// "pick"); Args carry its parameters. Two actions are the same move when
// Kind and Args are equal. An action carries no words: the menu's text
// comes from the acting seat's view (see Describer), asked only for the
// moves the menu shows.
type Action struct {
	Kind string `json:"kind"`
	Args []int  `json:"args,omitempty"`
}

// UnmarshalJSON decodes an action strictly (no unknown fields), except
// that it accepts and drops the "key" that actions carried before hot keys
// moved to the ui, so that game records saved then still replay.
func (a *Action) UnmarshalJSON(data []byte) error {
	if string(data) == "null" {
		return nil
	}
	var v struct {
		Kind string `json:"kind"`
		Args []int  `json:"args"`
		Key  string `json:"key"` // read and dropped
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&v); err != nil {
		return err
	}
	*a = Action{Kind: v.Kind, Args: v.Args}
	return nil
}

// Same reports whether a and b are the same move.
func (a Action) Same(b Action) bool {
	return a.Kind == b.Kind && slices.Equal(a.Args, b.Args)
}

// Arg returns a.Args[i], or -1 when a has no argument i (a malformed
// move), so that a Describe can read arguments without checking lengths.
func (a Action) Arg(i int) int {
	if i < 0 || i >= len(a.Args) {
		return -1
	}
	return a.Args[i]
}

// String renders the action for logs and errors.
func (a Action) String() string {
	if len(a.Args) == 0 {
		return a.Kind
	}
	parts := make([]string, len(a.Args))
	for i, v := range a.Args {
		parts[i] = fmt.Sprint(v)
	}
	return a.Kind + "(" + strings.Join(parts, ",") + ")"
}

// Find returns the legal action that is the same move as a, with its key.
func Find(legal []Action, a Action) (Action, bool) {
	for _, l := range legal {
		if l.Same(a) {
			return l, true
		}
	}
	return Action{}, false
}

// Fact is one thing that happened in a game, recorded by Apply in the
// game's own terms: a value of one of the game's fact types (who did what
// to which card, as numbers), which puts itself in words only when asked.
// A game keeps its facts' words together in its facts.go, so rules code
// builds no prose, and a bot's imagined games cost no text. Fact types are
// comparable (no slices or maps), so events can be compared.
type Fact interface {
	// Words says the fact as a player reads it; seats are named with
	// SeatRef, which the ui turns into the players' names.
	Words() string
}

// Event is a fact and who may read it: every seat and spectator
// (Everyone) or one seat.
type Event struct {
	Fact Fact
	To   Seat
}

// Text is the event's words.
func (e Event) Text() string { return e.Fact.Words() }

// Public makes an event every seat and spectator may read.
func Public(f Fact) Event { return Event{Fact: f, To: Everyone} }

// Private makes an event only seat s may read.
func Private(s Seat, f Fact) Event { return Event{Fact: f, To: s} }

// VisibleTo reports whether seat s may read the event.
func (e Event) VisibleTo(s Seat) bool { return e.To == Everyone || e.To == s }

// RuleError is an illegal move explained in words a player can read. Apply
// returns one and changes nothing. Rule cites the rule it applies (see
// Refuse; "" for a move that is malformed rather than against a rule).
type RuleError struct {
	Msg  string
	Rule Rule
}

func (e *RuleError) Error() string { return e.Msg }

// Illegal builds a RuleError that cites no rule: for moves that are
// malformed or out of turn rather than against a rule (Refuse cites one).
func Illegal(format string, args ...any) error {
	return &RuleError{Msg: fmt.Sprintf(format, args...)}
}

// Info describes a game for the lobby, the help screen and `arcade games`.
type Info struct {
	ID         string       `json:"id"`
	Name       string       `json:"name"`
	Summary    string       `json:"summary"`
	MinPlayers int          `json:"min_players"`
	MaxPlayers int          `json:"max_players"`
	Options    []OptionSpec `json:"options"`
	// Cooperative: every seat wins or loses together, so no game of it
	// moves a rating.
	Cooperative bool `json:"cooperative,omitempty"`
	// Rules is the game's rules and rulings as plain text for the help screen.
	Rules string `json:"-"`
}

// Game is one game's description and constructor. There is no registry:
// cmd/arcade lists the games it serves and hands them to whatever needs them.
type Game interface {
	Info() Info
	// New sets up a game for the given number of players. opts have been
	// through Info().Resolve; New still refuses combinations the rules forbid.
	New(players int, opts Options, seed uint64) (State, error)
	// Restore rebuilds a state from the JSON that State.MarshalJSON produced.
	Restore(data []byte) (State, error)
	// DecodeView reads one of the game's views back from its JSON (a view
	// that travelled to another node); DecodeViewAs does it for a game
	// whose views are all of one type.
	DecodeView(data []byte) (View, error)
}

// DecodeViewAs reads data, the JSON of a view of type V, back into one.
func DecodeViewAs[V View](data []byte) (View, error) {
	var v V
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	return v, nil
}

// State is a game in progress. It is a value owned by one goroutine (the
// table); it holds its own random generator, so a seed and the list of
// applied actions replay a game exactly.
type State interface {
	json.Marshaler
	// Pending lists the seats that may act now; several at once during a
	// response window. Empty when the game is over.
	Pending() []Seat
	// Legal lists every legal action for seat s (empty if s may not act).
	Legal(s Seat) []Action
	// Apply performs a for seat s. An illegal action returns a *RuleError
	// and changes nothing. System steps that follow (burns, robot turns)
	// happen inside Apply. The events are those the rules wrote to the
	// state's Log during the move (none when it discards them).
	Apply(s Seat, a Action) ([]Event, error)
	// View is everything seat s may see (Spectator: public only), as a
	// game-specific value that serializes to JSON.
	View(s Seat) View
	// Outcome reports whether the game is over and how it ended.
	Outcome() Outcome
	// Timeout is the action taken for s when its time runs out or it leaves.
	Timeout(s Seat) Action
}

// View is what one seat may see of a game: a game-specific value that
// serializes to JSON. Viewer is the seat the view belongs to (Spectator for
// the public view).
type View interface {
	Viewer() Seat
}

// Describer is implemented by views that put their seat's moves in
// words. Describe returns the text of a, one of the legal moves of the
// view's seat in the position the view shows, as a player's move menu
// shows it ("Draw a token from the bag").
//
// The words are a function of the view alone: they name only what the
// seat may see (the leak tests compare them between worlds that differ in
// another seat's secrets), and a view that travelled as JSON to another
// node says the same words. They are made on the session's own goroutine,
// without the table: Legal formats no text, the UI asks Describe only for
// the moves its menu shows (a seat may have thousands of placements, so
// one move's words must be cheap), and bots never ask.
// The text has no width limit: the UI clips it to its own column.
type Describer interface {
	Describe(a Action) string
}

// Describe returns view's words for a, one of its seat's legal moves:
// the view's Describe, or a.String() when the view does not implement
// Describer, has no words for a or panics (a bug in a game must not take
// a screen down).
func Describe(view View, a Action) (text string) {
	d, ok := view.(Describer)
	if !ok {
		return a.String()
	}
	defer func() {
		if recover() != nil {
			text = a.String()
		}
	}()
	if text = d.Describe(a); text == "" {
		return a.String()
	}
	return text
}

// Responder is implemented by states with out-of-turn response windows. The
// table gives each returned seat a visible countdown and applies Timeout(s)
// when it expires.
type Responder interface {
	Responding() []Seat
}

// Outcome is the result of a game.
type Outcome struct {
	Done bool `json:"done"`
	// Scores per seat, in seat order.
	Scores []int `json:"scores,omitempty"`
	// Winners are the seats that won (several on a tie).
	Winners []Seat `json:"winners,omitempty"`
	// Summary explains the ending in one or two lines.
	Summary string `json:"summary,omitempty"`
}
