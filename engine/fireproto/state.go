package fireproto

import (
	"encoding/json"
	"slices"

	"arcade/engine"
)

// Phase is where a round stands.
type Phase string

// Phases of a round.
const (
	PhaseOrder  Phase = "order"  // players choose Turn Order cards (from round 2)
	PhaseSearch Phase = "search" // the active player draws or scores
	PhaseFire   Phase = "fire"   // a fire would end the turn: douse it or burn
	PhaseOver   Phase = "over"   // a wing collapsed or someone reached 100
)

// state is a game in progress. Every field is serialized; the RNG is the
// only source of randomness.
type state struct {
	Players int         `json:"players"`
	RNG     engine.RNG  `json:"rng"`
	Round   int         `json:"round"`
	Phase   Phase       `json:"phase"`
	Active  engine.Seat `json:"active"` // the searching or choosing seat; -1 if none
	// Pos is each colour's Value Tracker: the index of its current value
	// on the track, len(Track) meaning the X (collapsed).
	Pos [numColours]int `json:"pos"`
	// Bag counts the tokens in the bag by Token kind.
	Bag engine.Bag `json:"bag"`
	// Aside counts the books burned at setup and out of the game, by colour.
	Aside  [numColours]int   `json:"aside"`
	Supply int               `json:"supply"` // Bucket tokens in the centre
	Cards  []orderCard       `json:"cards"`  // Turn Order cards in play, by number
	Seats  []seatState       `json:"seats"`
	Track  engine.ScoreTrack `json:"track"` // knowledge
	// Picks is the queue of seats still to choose a Turn Order card.
	Picks []engine.Seat `json:"picks"`
	Drawn int           `json:"drawn"` // tokens drawn this turn
	// Last is the last token drawn and LastBy who drew it (Empty, -1: none).
	Last   Token       `json:"last"`
	LastBy engine.Seat `json:"last_by"`
	// Collapsed is the colour whose tracker reached the X, or -1.
	Collapsed int    `json:"collapsed"`
	Summary   string `json:"summary"`

	log engine.Log // the events of the Apply in progress
	bot *botView   // BotView's buffers, made on its first call
}

// orderCard is a Turn Order card in play with the tokens on it.
type orderCard struct {
	Number int              `json:"number"` // 1..5
	Holder engine.Seat      `json:"holder"` // -1 while nobody holds it
	Spaces [numSpaces]Token `json:"spaces"`
	Doused [numSpaces]bool  `json:"doused"` // a Bucket doused the fire there
}

// seatState is one player's pieces besides the knowledge marker.
type seatState struct {
	Buckets int  `json:"buckets"`
	Played  bool `json:"played"` // took their turn this round
}

type stateJSON state // no methods: plain encoding

// MarshalJSON implements json.Marshaler.
func (g *state) MarshalJSON() ([]byte, error) { return json.Marshal((*stateJSON)(g)) }

// Pending implements engine.State: one seat at a time, none once over.
func (g *state) Pending() []engine.Seat {
	if g.Phase == PhaseOver {
		return nil
	}
	return seats[g.Active : g.Active+1 : g.Active+1]
}

// seats backs the slices Pending returns (one seat each, without an
// allocation); nobody writes to them.
var seats = [...]engine.Seat{0, 1, 2, 3, 4}

func (g *state) pending(s engine.Seat) bool { return g.Phase != PhaseOver && s == g.Active }

// Outcome implements engine.State.
func (g *state) Outcome() engine.Outcome {
	if g.Phase != PhaseOver {
		return engine.Outcome{}
	}
	return engine.Outcome{Done: true, Scores: slices.Clone(g.Track.Scores), Winners: g.Track.Leaders(),
		Summary: g.Summary}
}

// card returns the Turn Order card with the given number, or nil.
func (g *state) card(number int) *orderCard {
	return g.cardWhere(func(c *orderCard) bool { return c.Number == number })
}

// cardOf returns the card seat s holds this round, or nil.
func (g *state) cardOf(s engine.Seat) *orderCard {
	return g.cardWhere(func(c *orderCard) bool { return c.Holder == s })
}

// cardWhere returns the first card in play that matches, or nil.
func (g *state) cardWhere(match func(c *orderCard) bool) *orderCard {
	for i := range g.Cards {
		if match(&g.Cards[i]) {
			return &g.Cards[i]
		}
	}
	return nil
}

// value is what a book of colour c is worth now (0 once collapsed).
func (g *state) value(c int) int {
	if g.Pos[c] >= len(colours[c].Track) {
		return 0
	}
	return colours[c].Track[g.Pos[c]]
}

// live counts the undoused fires on a card.
func (c *orderCard) live() int {
	n := 0
	for i, t := range c.Spaces {
		if t == Fire && !c.Doused[i] {
			n++
		}
	}
	return n
}

var (
	_ engine.State    = (*state)(nil)
	_ engine.BotMaker = Game{}
)
