package engine

import (
	"encoding/json"
	"fmt"
	"io"
)

// Move is one applied action and the seat that made it.
type Move struct {
	Seat   Seat   `json:"seat"`
	Action Action `json:"action"`
}

// Record is everything needed to replay a game exactly: the game, its
// setup and every applied move in order. Because all randomness lives in the
// state, New(Players, Options, Seed) followed by the moves rebuilds the game.
type Record struct {
	Game    string  `json:"game"`
	Players int     `json:"players"`
	Options Options `json:"options,omitempty"`
	Seed    uint64  `json:"seed"`
	Moves   []Move  `json:"moves"`
	// Names are the seats' display names and Bots their bot levels ("" for
	// a human), when the record comes from a table; replays show them.
	Names []string `json:"names,omitempty"`
	Bots  []string `json:"bots,omitempty"`
	// Outcome is the result the game reached when it was recorded; Replay
	// checks that it is reached again.
	Outcome *Outcome `json:"outcome,omitempty"`
	// Result is the outcome's summary in words, with the players' names,
	// for people reading an exported record; Replay does not read it.
	Result string `json:"result,omitempty"`
	// EndedEarly is set when the table ended the game before the rules
	// did (a correspondence game whose player kept running out of time):
	// Outcome is then the table's, with no winner, and Replay checks the
	// moves only.
	EndedEarly bool `json:"ended_early,omitempty"`
	// Rated is set when the table rated the game: its players' ratings
	// counted it.
	Rated bool `json:"rated,omitempty"`
}

// Replay rebuilds the game a record describes with g and returns its final
// state. It fails if the record is of another game, a move is illegal, or
// the recorded outcome is not reached again.
func Replay(g Game, r Record) (State, error) {
	if id := g.Info().ID; r.Game != id {
		return nil, fmt.Errorf("the record is of game %q, not %q", r.Game, id)
	}
	opts, err := g.Info().Resolve(r.Options)
	if err != nil {
		return nil, err
	}
	st, err := g.New(r.Players, opts, r.Seed)
	if err != nil {
		return nil, err
	}
	for i, m := range r.Moves {
		if _, err := st.Apply(m.Seat, m.Action); err != nil {
			return nil, fmt.Errorf("move %d (seat %d, %s): %w", i+1, int(m.Seat)+1, m.Action, err)
		}
	}
	if r.Outcome != nil && !r.EndedEarly {
		got := st.Outcome()
		a, _ := json.Marshal(got)
		b, _ := json.Marshal(r.Outcome)
		if string(a) != string(b) {
			return st, fmt.Errorf("replay ended with %s, the record says %s", a, b)
		}
	}
	return st, nil
}

// ReadRecord decodes a record (JSON), refusing unknown fields and anything
// over maxBytes.
func ReadRecord(r io.Reader, maxBytes int64) (Record, error) {
	var rec Record
	dec := json.NewDecoder(io.LimitReader(r, maxBytes))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&rec); err != nil {
		return Record{}, fmt.Errorf("not a game record: %w", err)
	}
	return rec, nil
}
