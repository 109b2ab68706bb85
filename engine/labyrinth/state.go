package labyrinth

import (
	"encoding/json"
	"slices"

	"arcade/engine"
)

// HandLimit is the number of slots in a hand (and in the Trolley's).
const HandLimit = 6

// StartBooks is the number of Books each player chooses at setup.
const StartBooks = 3

// tile is a Floor tile on the grid.
type tile struct {
	Kind  TileKind `json:"kind"`
	Shape Shape    `json:"shape"`
	Rot   int      `json:"rot"`
	Lit   bool     `json:"lit"`
	// Seen: the tile has been lit at some time, so everyone knows its
	// lit side even while it is dark.
	Seen   bool `json:"seen"`
	Terror int  `json:"terror"` // Terror token number, -1 none
	Shelf  int  `json:"shelf"`  // Shelf token genre, -1 none
}

// token reports whether a Terror or Shelf token stands on the tile.
func (t *tile) token() bool { return t.Terror >= 0 || t.Shelf >= 0 }

// capture is a captured Terror with the cards used to capture it.
type capture struct {
	Terror int   `json:"terror"`
	Cards  []int `json:"cards"`
}

// hand is an open hand of cards and captured Terrors.
type hand struct {
	Cards    []int     `json:"cards"`
	Captured []capture `json:"captured"`
}

// slots is the number of hand slots in use.
func (h *hand) slots() int { return len(h.Cards) + len(h.Captured) }

// room is the number of free slots.
func (h *hand) room() int { return HandLimit - h.slots() }

// has reports whether the hand holds card id (not under a Terror).
func (h *hand) has(id int) bool { return slices.Contains(h.Cards, id) }

// remove takes card id out of the hand; it reports whether it was there.
func (h *hand) remove(id int) bool {
	i := slices.Index(h.Cards, id)
	if i < 0 {
		return false
	}
	h.Cards = slices.Delete(h.Cards, i, i+1)
	return true
}

// captured finds the pile of Terror t.
func (h *hand) captured(t int) int {
	return slices.IndexFunc(h.Captured, func(c capture) bool { return c.Terror == t })
}

func (h hand) clone() hand {
	c := hand{Cards: slices.Clone(h.Cards)}
	for _, p := range h.Captured {
		c.Captured = append(c.Captured, capture{Terror: p.Terror, Cards: slices.Clone(p.Cards)})
	}
	return c
}

// returned is a Terror returned to a Shelf.
type returned struct {
	Terror int `json:"terror"`
	Shelf  int `json:"shelf"`
}

// state is a game of Library Labyrinth. Exported fields are its saved form.
// Piles and stacks keep their top card last.
type state struct {
	Players    int    `json:"players"`
	Difficulty string `json:"difficulty"`
	Doubles    bool   `json:"double_curses"`
	Extra      int    `json:"extra_disturbance"`

	Tiles     [NumTiles]tile `json:"tiles"`
	Wyrm      int            `json:"wyrm"`
	Pos       []int          `json:"pos"` // meeple tile by seat
	TrolleyAt int            `json:"trolley_at"`
	Hands     []hand         `json:"hands"`
	Trolley   hand           `json:"trolley"`

	BookDeck      [NumGenres][]int `json:"book_deck"`
	BookDiscard   [NumGenres][]int `json:"book_discard"`
	RewardDeck    []int            `json:"reward_deck"`
	RewardDiscard []int            `json:"reward_discard"`
	TerrorStack   []int            `json:"terror_stack"`
	ShelfStack    []int            `json:"shelf_stack"`
	// Disturb is the Disturbance deck above Out of Time (DisturbNW..
	// DisturbNESW); LastDisturb the card revealed last (-1 none).
	Disturb     []int `json:"disturb"`
	LastDisturb int   `json:"last_disturb"`

	Returned []returned      `json:"returned"`
	Filled   [NumGenres]bool `json:"filled"`

	Phase   string      `json:"phase"`
	Turn    engine.Seat `json:"turn"`
	TurnNo  int         `json:"turn_no"`
	Actions int         `json:"actions"`
	// Chosen holds, in setup, the genres each seat has chosen for its
	// starting Books, in the order chosen: hidden from the other seats
	// until every seat has chosen three, then dealt (ruling 14); nil once
	// dealt.
	Chosen [][]int `json:"chosen,omitempty"`
	// PassTo is the seat holding the Pass-An-Action token (-1: free).
	PassTo engine.Seat `json:"pass_to"`
	// RewardTaken: the current player has drawn a card from a Reward
	// tile this turn (a record).
	RewardTaken bool `json:"reward_taken"`
	// RewardTiles holds the Reward tiles that gave a card this turn (bit
	// t for tile t): each gives one a turn (ruling 25).
	RewardTiles uint32 `json:"reward_tiles,omitempty"`
	// Kept is the set (bit s for seat s) of the other seats that have
	// answered this turn's out-of-turn discard window by keeping their
	// cards (ruling 15); it empties when a turn begins.
	Kept int `json:"kept,omitempty"`

	RNG     engine.RNG `json:"rng"`
	Won     bool       `json:"won"`
	Summary string     `json:"summary,omitempty"`
	Last    []int      `json:"last,omitempty"`
	Recent  []string   `json:"recent,omitempty"`

	events engine.Log // the events of the move in progress
	// said gathers the events of the move in progress for events, and
	// scratch is Legal's working space, both reused from move to move; a
	// copy of the state gets its own.
	said    []engine.Event
	scratch actionList
	bot     *viewBuf // BotView's memory, made on its first call
}

// stateJSON has state's fields without its methods.
type stateJSON state

// MarshalJSON implements engine.State.
func (g *state) MarshalJSON() ([]byte, error) { return json.Marshal((*stateJSON)(g)) }

// copy returns a deep copy.
func (g *state) copy() *state {
	c := *g
	c.said, c.scratch, c.bot = nil, actionList{}, nil
	c.Pos = slices.Clone(g.Pos)
	if g.Chosen != nil {
		c.Chosen = make([][]int, len(g.Chosen))
		for s, picks := range g.Chosen {
			c.Chosen[s] = slices.Clone(picks)
		}
	}
	c.Hands = make([]hand, len(g.Hands))
	for i, h := range g.Hands {
		c.Hands[i] = h.clone()
	}
	c.Trolley = g.Trolley.clone()
	for gn := range NumGenres {
		c.BookDeck[gn] = slices.Clone(g.BookDeck[gn])
		c.BookDiscard[gn] = slices.Clone(g.BookDiscard[gn])
	}
	c.RewardDeck = slices.Clone(g.RewardDeck)
	c.RewardDiscard = slices.Clone(g.RewardDiscard)
	c.TerrorStack = slices.Clone(g.TerrorStack)
	c.ShelfStack = slices.Clone(g.ShelfStack)
	c.Disturb = slices.Clone(g.Disturb)
	c.Returned = slices.Clone(g.Returned)
	c.Last = slices.Clone(g.Last)
	c.Recent = slices.Clone(g.Recent)
	return &c
}

// solo reports a one-player game (with the Trolley).
func (g *state) solo() bool { return g.Players == 1 }

// terrorsOnGrid counts the Terror tokens on the grid.
func (g *state) terrorsOnGrid() int {
	n := 0
	for i := range g.Tiles {
		if g.Tiles[i].Terror >= 0 {
			n++
		}
	}
	return n
}

// occupied reports whether a meeple (or the Trolley) stands on tile i.
func (g *state) occupied(i int) bool {
	if slices.Contains(g.Pos, i) {
		return true
	}
	return g.solo() && g.TrolleyAt == i
}

// record logs a public fact and keeps its words in Recent (the last 8
// kept). An imagined game (a discarding log) keeps neither, and, since
// the fact becomes an engine.Fact only here, costs no allocation either.
func record[F engine.Fact](g *state, f F) {
	if g.events.Discarding() {
		return
	}
	g.said = append(g.said, engine.Public(f))
	g.Recent = append(g.Recent, f.Words())
	if n := len(g.Recent); n > 8 {
		g.Recent = g.Recent[n-8:] // append moves the window to a new array when this one is full
	}
}
