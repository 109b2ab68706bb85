package firetower

import (
	"encoding/json"
	"fmt"
	"slices"

	"arcade/engine"
)

// Part is the step of the turn (or the decision) the game waits for.
type Part string

// The steps a game waits in.
const (
	PartSpread Part = "spread" // Part 1: the wind spreads the blaze
	PartAction Part = "action" // Part 2: play a card, or discard and draw
	PartEmber  Part = "ember"  // Part 2, an Ember lifted: where does it land?
	PartEnd    Part = "end"    // Part 2 done: use the Bucket or end the turn
	PartTrim   Part = "trim"   // an eliminator discards down to the hand size
	PartRedraw Part = "redraw" // after a Firestorm: discard and redraw any cards
	PartOver   Part = "over"
)

// seatState is one player's hidden and public facts.
type seatState struct {
	Tower  Tower  `json:"tower"`
	Hand   []Card `json:"hand"`
	Bucket bool   `json:"bucket"` // still has the Bucket
	Burned bool   `json:"burned"` // the tower's corner has burned
	Out    bool   `json:"out"`    // eliminated (never in the team variant)
	// OutAt is the number of eliminations before this one (its place).
	OutAt int `json:"out_at"`
}

// task is a decision that interrupts the turn (trim, redraw) or a system
// step queued behind them (stormEnd).
type task struct {
	Kind string      `json:"kind"`
	Seat engine.Seat `json:"seat"`
}

// Task kinds.
const (
	taskTrim     = "trim"
	taskRedraw   = "redraw"
	taskStormEnd = "storm_end" // the Firestorm goes to the discard pile
)

// state is a game of Fire Tower. Exported fields are its saved form.
type state struct {
	Players   int           `json:"players"`
	TeamPlay  bool          `json:"team"`
	Storms    bool          `json:"firestorm"` // the Firestorm card is in the game
	DeckName  string        `json:"deck_name"`
	Pos       Position      `json:"position"`
	Seats     []seatState   `json:"seats"`
	Deck      []Card        `json:"deck"` // draw pile, top last
	Discard   []Card        `json:"discard"`
	StormOut  bool          `json:"storm_out"` // the Firestorm is being resolved
	HandSize  int           `json:"hand_size"`
	Elims     int           `json:"eliminations"`
	Turn      engine.Seat   `json:"turn"`
	Part      Part          `json:"part"`
	TurnNo    int           `json:"turn_no"`
	EmberFrom *Point        `json:"ember_from,omitempty"`
	Tasks     []task        `json:"tasks,omitempty"`
	RNG       engine.RNG    `json:"rng"`
	Over      bool          `json:"over"`
	Winners   []engine.Seat `json:"winners,omitempty"`
	Summary   string        `json:"summary,omitempty"`
	Last      []Point       `json:"last,omitempty"`   // squares the last move changed
	Recent    []string      `json:"recent,omitempty"` // the last public log lines

	log       engine.Log // the events of the move in progress
	gridCache gridCache  // the position last read into square sets
	slab      *moveSlab  // where Legal's lists are cut from
}

// stateJSON has state's fields without its methods.
type stateJSON state

// MarshalJSON implements engine.State.
func (g *state) MarshalJSON() ([]byte, error) { return json.Marshal((*stateJSON)(g)) }

// copy returns a deep copy.
func (g *state) copy() *state {
	c := *g
	c.slab = nil // the copy cuts its own lists
	c.Seats = slices.Clone(g.Seats)
	for i := range c.Seats {
		c.Seats[i].Hand = slices.Clone(g.Seats[i].Hand)
	}
	c.Deck = slices.Clone(g.Deck)
	c.Discard = slices.Clone(g.Discard)
	c.Tasks = slices.Clone(g.Tasks)
	c.Winners = slices.Clone(g.Winners)
	c.Last = slices.Clone(g.Last)
	c.Recent = slices.Clone(g.Recent)
	if g.EmberFrom != nil {
		p := *g.EmberFrom
		c.EmberFrom = &p
	}
	return &c
}

// validate checks a restored state for the invariants the rules rely on.
func (g *state) validate() error {
	if g.Players < 2 || g.Players > 4 || len(g.Seats) != g.Players {
		return fmt.Errorf("%d players, %d seats", g.Players, len(g.Seats))
	}
	if g.TeamPlay && g.Players != 4 {
		return fmt.Errorf("team play needs 4 players")
	}
	if g.Turn < 0 || int(g.Turn) >= g.Players {
		return fmt.Errorf("turn %d", g.Turn)
	}
	if g.HandSize < 5 || g.HandSize > 7 {
		return fmt.Errorf("hand size %d", g.HandSize)
	}
	switch g.Part {
	case PartSpread, PartAction, PartEmber, PartEnd, PartTrim, PartRedraw, PartOver:
	default:
		return fmt.Errorf("part %q", g.Part)
	}
	if (g.Part == PartEmber) != (g.EmberFrom != nil) {
		return fmt.Errorf("ember state")
	}
	want := towersFor(g.Players)
	var inPlay [4]bool
	for i, s := range g.Seats {
		if s.Tower != want[i] {
			return fmt.Errorf("seat %d has the %s tower", i, s.Tower)
		}
		inPlay[s.Tower] = true
	}
	if inPlay != g.Pos.InPlay {
		return fmt.Errorf("tower areas in play")
	}
	for _, t := range g.Tasks {
		if t.Seat < 0 || int(t.Seat) >= g.Players {
			return fmt.Errorf("task seat %d", t.Seat)
		}
	}
	return g.checkCards()
}

// checkCards checks that every card of the deck is somewhere exactly once.
func (g *state) checkCards() error {
	count := map[Card]int{}
	add := func(cs []Card) {
		for _, c := range cs {
			count[c]++
		}
	}
	add(g.Deck)
	add(g.Discard)
	for _, s := range g.Seats {
		add(s.Hand)
	}
	want := deckCounts(g.DeckName)
	if g.Storms {
		want[Firestorm] = 1
		if g.StormOut {
			count[Firestorm]++
		}
	}
	for c := range numCards {
		if count[c] != want[c] {
			return fmt.Errorf("%d copies of %s, want %d", count[c], c, want[c])
		}
	}
	return nil
}

// towersOf lists the towers seat s defends: its own, and its partner's in
// the team variant.
func (g *state) towersOf(s engine.Seat) []Tower {
	out := []Tower{g.Seats[s].Tower}
	if g.TeamPlay {
		out = append(out, g.Seats[partner(s)].Tower)
	}
	return out
}

// partner is the seat diagonally opposite in the team variant.
func partner(s engine.Seat) engine.Seat { return (s + 2) % 4 }

// live reports whether a tower still counts for the wind: in play and
// not burned.
func (g *state) live(t Tower) bool {
	for _, s := range g.Seats {
		if s.Tower == t {
			return !s.Burned
		}
	}
	return false
}

// windLive reports whether a wind in direction d threatens a live tower.
func (g *state) windLive(d Dir) bool {
	th := d.Threatened()
	return g.live(th[0]) || g.live(th[1])
}
