package firelibrary

import (
	"encoding/json"
	"slices"

	"arcade/engine"
)

// Phase is where a round stands. Later phases (tool windows) add values.
type Phase string

// Phases of a round.
const (
	PhaseOrder Phase = "order" // step 1: choosing Turn Order cards
	PhaseSave  Phase = "save"  // step 2: the active player saves books
	PhaseTool  Phase = "tool"  // step 2: the active player takes a tool
	PhaseSwap  Phase = "swap"  // step 3: everyone may swap one tool
	PhaseOver  Phase = "over"  // the Library collapsed
)

// Swap decisions in step 3 (a hand index means "discard that tool").
const (
	swapUndecided = -2
	swapKeep      = -1
)

// state is a game in progress. Every field is serialized; the RNG is the
// only source of randomness.
type state struct {
	Players int         `json:"players"`
	RNG     engine.RNG  `json:"rng"`
	Round   int         `json:"round"`
	Phase   Phase       `json:"phase"`
	Active  engine.Seat `json:"active"` // active or choosing seat; -1 if none
	// Burned counts the cards removed from the top of each section.
	Burned [numSections]int `json:"burned"`
	// Bag counts the tokens in the bag by kind (books by section, fire).
	Bag     [numKinds]int `json:"bag"`
	Supply  int           `json:"supply"` // unused fire tokens
	Deck    []int         `json:"deck"`   // tool deck, top last
	Discard []int         `json:"discard"`
	Market  []int         `json:"market"`
	Cards   []orderCard   `json:"cards"` // Turn Order cards in play, by number
	Seats   []seatState   `json:"seats"`
	// Picks is the queue of seats still to choose a Turn Order card.
	Picks []engine.Seat `json:"picks"`
	Drawn int           `json:"drawn"` // tokens drawn this turn
	// ToolWhy says why the active player takes a tool: "spread" or "escape".
	ToolWhy string `json:"tool_why"`
	// Clock numbers arrivals on the score track, for tie-breaks.
	Clock     int         `json:"clock"`
	Last      Token       `json:"last"` // last token drawn; Empty if none
	LastBy    engine.Seat `json:"last_by"`
	Collapsed int         `json:"collapsed"` // section that burned down, -1
	Summary   string      `json:"summary"`

	ev []engine.Event // events of the Apply in progress
}

// orderCard is a Turn Order card in play this game.
type orderCard struct {
	Number int              `json:"number"` // 1..6
	Holder engine.Seat      `json:"holder"` // -1 while nobody holds it
	Spaces [numSpaces]Token `json:"spaces"`
}

// seatState is one player.
type seatState struct {
	Score int `json:"score"`
	// Arrived is the Clock value when the player reached their score.
	Arrived int   `json:"arrived"`
	Hand    []int `json:"hand"`
	Played  bool  `json:"played"` // took their turn this round
	Swap    int   `json:"swap"`   // step 3 decision
}

type stateJSON state // no methods: plain encoding

// MarshalJSON implements json.Marshaler.
func (g *state) MarshalJSON() ([]byte, error) { return json.Marshal((*stateJSON)(g)) }

func (g *state) clone() *state {
	data, err := g.MarshalJSON()
	if err != nil {
		panic(err)
	}
	c, err := restore(data)
	if err != nil {
		panic(err)
	}
	return c
}

// Pending implements engine.State.
func (g *state) Pending() []engine.Seat {
	switch g.Phase {
	case PhaseOrder, PhaseSave, PhaseTool:
		return []engine.Seat{g.Active}
	case PhaseSwap:
		return g.Responding()
	}
	return nil
}

// Responding implements engine.Responder: in step 3 every seat holding a
// tool decides at once whether to swap one.
func (g *state) Responding() []engine.Seat {
	if g.Phase != PhaseSwap {
		return nil
	}
	var out []engine.Seat
	for s, p := range g.Seats {
		if p.Swap == swapUndecided {
			out = append(out, engine.Seat(s))
		}
	}
	return out
}

func (g *state) pending(s engine.Seat) bool { return slices.Contains(g.Pending(), s) }

// Outcome implements engine.State.
func (g *state) Outcome() engine.Outcome {
	if g.Phase != PhaseOver {
		return engine.Outcome{}
	}
	return engine.Outcome{Done: true, Scores: g.scores(), Winners: g.winners(), Summary: g.Summary}
}

func (g *state) scores() []int {
	out := make([]int, g.Players)
	for s, p := range g.Seats {
		out[s] = p.Score
	}
	return out
}

func (g *state) winners() []engine.Seat {
	best := slices.Max(g.scores())
	var out []engine.Seat
	for s, p := range g.Seats {
		if p.Score == best {
			out = append(out, engine.Seat(s))
		}
	}
	return out
}

// card returns the Turn Order card with the given number, or nil.
func (g *state) card(number int) *orderCard {
	for i := range g.Cards {
		if g.Cards[i].Number == number {
			return &g.Cards[i]
		}
	}
	return nil
}

// cardOf returns the card seat s holds this round, or nil.
func (g *state) cardOf(s engine.Seat) *orderCard {
	for i := range g.Cards {
		if g.Cards[i].Holder == s {
			return &g.Cards[i]
		}
	}
	return nil
}

// top is the current top card of section i.
func (g *state) top(i int) libCard { return sections[i].Cards[g.Burned[i]] }

// value is the current knowledge value of a book of section i.
func (g *state) value(i int) int { return g.top(i).Value }

// emit records a public event.
func (g *state) emit(format string, args ...any) {
	g.ev = append(g.ev, engine.Public(format, args...))
}

// tell records an event only seat s may read.
func (g *state) tell(s engine.Seat, format string, args ...any) {
	g.ev = append(g.ev, engine.Private(s, format, args...))
}

var (
	_ engine.State     = (*state)(nil)
	_ engine.Responder = (*state)(nil)
	_ engine.BotMaker  = Game{}
)
