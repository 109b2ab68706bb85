package horror

import (
	"encoding/json"
	"slices"

	"arcade/engine"
)

// Phase is where the game stands.
type Phase string

// Phases.
const (
	PhaseColours Phase = "colours" // players choose the colours their Horror needs (short games)
	PhaseStart   Phase = "start"   // players choose their starting rooms
	PhaseTurn    Phase = "turn"    // the active player's actions
	PhaseGhost   Phase = "ghost"   // the active player moves a beaten ghost
	PhaseRespond Phase = "respond" // the victim of a weapon may play a Protection
	PhaseLoot    Phase = "loot"    // the attacker may take a card from the victim
	PhaseOver    Phase = "over"
)

// Move kinds (engine.Action.Kind).
const (
	KindColours  = "colours"  // [mask]
	KindStart    = "start"    // [cell]
	KindMove     = "move"     // [dir]
	KindRotate   = "rotate"   // [cell, quarter turns: 1 clockwise, 3 anticlockwise]
	KindSearch   = "search"   // [0 bookcase, 1 drawer]
	KindMirror   = "mirror"   // [cell]
	KindPicture  = "picture"  // []
	KindExchange = "exchange" // [colour wanted, card, card(, card)]
	KindPlay     = "play"     // [card(, target seat)]
	KindAttack   = "attack"   // [ghost]
	KindGhost    = "ghost"    // [cell]: where the beaten ghost goes
	KindProtect  = "protect"  // [card]
	KindPass     = "pass"     // []: no Protection
	KindLoot     = "loot"     // [victim, 0 a spare component, 1 a Blessing or Curse card]
	KindNoLoot   = "noloot"   // []
	KindEnd      = "end"      // []: end the turn
)

// state is a game in progress. Every field is serialized; RNG is the only
// source of randomness.
type state struct {
	Players     int        `json:"players"`
	Items       int        `json:"items"`
	ColourMatch bool       `json:"colour_match"`
	RoundLimit  int        `json:"round_limit"` // 0: none
	RNG         engine.RNG `json:"rng"`
	Size        int        `json:"size"` // 3 or 5
	// Cells are the library's tiles, row by row; the centre is the Portal.
	Cells []cell `json:"cells"`
	// Ghosts is where each ghost is: a cell, or -1 in the supply.
	Ghosts [numGhosts]int `json:"ghosts"`
	Seats  []seatState    `json:"seats"`
	// Decks are the component decks by colour, top first.
	Decks [numColours][]int `json:"decks"`
	// Blessings and Curses are the card decks, top first (card ids).
	Blessings []int      `json:"blessings"`
	Curses    []int      `json:"curses"`
	Bag       engine.Bag `json:"bag"`

	Phase  Phase         `json:"phase"`
	Active engine.Seat   `json:"active"`
	Order  []engine.Seat `json:"order"` // turn order, the first player first
	Round  int           `json:"round"`
	// Actions left this turn, and the turn's effects.
	Actions    int  `json:"actions"`
	LockPicks  bool `json:"lock_picks"`
	FreeMirror bool `json:"free_mirror"`
	AttackLost bool `json:"attack_lost"`
	// Shy are the ghosts that appeared in the active player's room during
	// their turn: re-entering the room this turn gives no attack on them
	// (ruling 4).
	Shy       []int `json:"shy,omitempty"`
	Exchanged []int `json:"exchanged"` // exchanges made this turn, by cell
	// Beaten is the ghost the active player beat and now moves (PhaseGhost).
	Beaten int `json:"beaten"`
	// Weapon is the card of the attack under way (PhaseRespond, -1: none)
	// and Victim its target (PhaseRespond, PhaseLoot).
	Weapon int         `json:"weapon"`
	Victim engine.Seat `json:"victim"`
	// Roll is the last roll of the dice, for everyone to see.
	Roll    Roll        `json:"roll"`
	Winner  engine.Seat `json:"winner"`
	Summary string      `json:"summary"`

	log eventLog
	// scratch is where Legal lists the moves before writing them out,
	// and lists the lists it handed out lately, by the hash of their moves.
	scratch []move
	lists   [32]keptList
	// arena is where Legal writes the lists it hands out.
	arena actionArena
}

// cell is one place of the library: a tile and its rotation.
type cell struct {
	Tile int `json:"tile"`
	Rot  int `json:"rot"` // quarter turns clockwise
}

// Roll is a roll of the dice shown to everyone.
type Roll struct {
	Seat engine.Seat `json:"seat"`
	Dice []int       `json:"dice,omitempty"`
	What string      `json:"what,omitempty"`
}

// seatState is one player.
type seatState struct {
	Character int              `json:"character"`
	Horror    int              `json:"horror"`
	Need      [numColours]bool `json:"need"`
	Placed    []int            `json:"placed"` // components on the Horror card
	Spare     []int            `json:"spare"`  // components not needed
	Cards     []int            `json:"cards"`  // Blessings and Curses held face down
	Cell      int              `json:"cell"`   // -1 before the start
	From      int              `json:"from"`   // the cell entered from
	Fort      int              `json:"fort"`
	Markers   []int            `json:"markers"` // the cell of each search marker, -1 unused
	Next      int              `json:"next"`    // the next marker to use
	Skip      bool             `json:"skip"`    // misses the next turn
	Fresh     []int            `json:"fresh"`   // the ghosts it may attack
}

type stateJSON state

// MarshalJSON implements json.Marshaler.
func (g *state) MarshalJSON() ([]byte, error) { return json.Marshal((*stateJSON)(g)) }

// centre is the Portal's cell.
func (g *state) centre() int { return g.Size * g.Size / 2 }

// threshold is the number of markers in a room that summons a ghost.
func (g *state) threshold() int {
	if g.Players <= 3 {
		return 3
	}
	return 4
}

// edge is the kind of cell c's side facing d.
func (g *state) edge(c, d int) int {
	cl := &g.Cells[c]
	return int(turnedEdges[cl.Tile][cl.Rot&3][d&3])
}

// turnedEdges are the kinds of each tile's sides facing each direction,
// by tile and quarter turns clockwise: rooms[t].Edges[(d-rot)&3].
var turnedEdges = func() (out [numRooms + 1][4][4]int8) {
	for t := range out {
		for rot := range 4 {
			for d := range 4 {
				out[t][rot][d] = int8(rooms[t].Edges[(d-rot)&3])
			}
		}
	}
	return out
}()

// neighbour is the cell next to c in direction d, or -1 off the board.
func (g *state) neighbour(c, d int) int {
	if uint(d) < 4 && uint(c) < uint(g.Size*g.Size) && (g.Size == 3 || g.Size == 5) {
		return int(neighbours[g.Size/5][c][d])
	}
	return Neighbour(g.Size, c, d)
}

// neighbours are Neighbour's answers in the 3x3 and the 5x5 library.
var neighbours = func() (out [2][25][4]int8) {
	for i, size := range [2]int{3, 5} {
		for c := range size * size {
			for d := range 4 {
				out[i][c][d] = int8(Neighbour(size, c, d))
			}
		}
	}
	return out
}()

// Neighbour is the cell next to c in direction d on a size x size
// board, or -1 off the board.
func Neighbour(size, c, d int) int {
	if c < 0 || d < 0 || d > 3 {
		return -1
	}
	r, col := c/size, c%size
	switch d {
	case North:
		r--
	case East:
		col++
	case South:
		r++
	case West:
		col--
	}
	if r < 0 || col < 0 || r >= size || col >= size {
		return -1
	}
	return r*size + col
}

// direction is the side of cell c that leads to cell to on a size x size
// board, or -1 when they are not neighbours.
func direction(size, c, to int) int {
	for d := range 4 {
		if Neighbour(size, c, d) == to {
			return d
		}
	}
	return -1
}

// passage is the Fortitude cost of passing from c to its neighbour in
// direction d (0 open, 1 closed), or -1 when there is no door.
func (g *state) passage(c, d int) int {
	_, cost := g.passageTo(c, d)
	return cost
}

// passageTo is passage and the neighbour it leads to.
func (g *state) passageTo(c, d int) (n, cost int) {
	n = g.neighbour(c, d)
	if n < 0 {
		return n, -1
	}
	return n, int(passCosts[g.edge(c, d)][g.edge(n, (d+2)%4)])
}

// passCosts are the costs of passing two facing edges: a wall stops,
// a closed door costs 1, two open doors nothing.
var passCosts = [3][3]int8{
	Wall:   {Wall: -1, Open: -1, Closed: -1},
	Open:   {Wall: -1, Open: 0, Closed: 1},
	Closed: {Wall: -1, Open: 1, Closed: 1},
}

// markersIn counts the search markers in cell c.
func (g *state) markersIn(c int) int {
	n := 0
	for _, p := range g.Seats {
		n += engine.Count(p.Markers, c)
	}
	return n
}

// ghostsIn lists the ghosts in cell c (nil: none).
func (g *state) ghostsIn(c int) []int {
	if g.ghostCount(c) == 0 {
		return nil
	}
	var out []int
	for i, w := range g.Ghosts {
		if w == c {
			out = append(out, i)
		}
	}
	return out
}

// ghostCount counts the ghosts in cell c.
func (g *state) ghostCount(c int) int { return engine.Count(g.Ghosts[:], c) }

// placedColour reports whether p has placed a component of colour col.
func (p *seatState) placedColour(col int) bool {
	return slices.ContainsFunc(p.Placed, func(c int) bool { return c%numColours == col })
}

// needs reports whether component c goes on p's Horror card.
func (g *state) needs(p *seatState, c int) bool {
	col := c % numColours
	return p.Need[col] && !p.placedColour(col) && (g.ColourMatch || c/numColours == p.Horror)
}

// complete reports whether p has every component it needs.
func (g *state) complete(p *seatState) bool { return len(p.Placed) == g.Items }

// Pending implements engine.State.
func (g *state) Pending() []engine.Seat {
	switch g.Phase {
	case PhaseOver:
		return nil
	case PhaseRespond:
		return seats[g.Victim : g.Victim+1 : g.Victim+1]
	}
	return seats[g.Active : g.Active+1 : g.Active+1]
}

// seats are the seats in order, for Pending's lists of one (no caller
// may write to them).
var seats = [...]engine.Seat{0, 1, 2, 3, 4, 5}

// Responding implements engine.Responder: the victim of a weapon answers
// out of turn, with a countdown.
func (g *state) Responding() []engine.Seat {
	if g.Phase == PhaseRespond {
		return []engine.Seat{g.Victim}
	}
	return nil
}

// Timeout implements engine.State: a Protection is not played, nothing is
// looted, a turn ends, and setup choices take the first one offered.
func (g *state) Timeout(s engine.Seat) engine.Action {
	legal := g.Legal(s)
	if len(legal) == 0 {
		return engine.Action{}
	}
	for _, k := range []string{KindPass, KindNoLoot, KindEnd} {
		if a, ok := engine.Pick(legal, k); ok {
			return a
		}
	}
	return legal[0]
}

// Outcome implements engine.State: components placed are the scores.
func (g *state) Outcome() engine.Outcome {
	if g.Phase != PhaseOver {
		return engine.Outcome{}
	}
	o := engine.Outcome{Done: true, Summary: g.Summary, Scores: make([]int, g.Players)}
	for s, p := range g.Seats {
		o.Scores[s] = len(p.Placed)
	}
	if g.Winner >= 0 {
		o.Winners = []engine.Seat{g.Winner}
		return o
	}
	best, bestF := -1, minFort-1
	for s, p := range g.Seats {
		switch n := len(p.Placed); {
		case n > best || n == best && p.Fort > bestF:
			best, bestF = n, p.Fort
			o.Winners = []engine.Seat{engine.Seat(s)}
		case n == best && p.Fort == bestF:
			o.Winners = append(o.Winners, engine.Seat(s))
		}
	}
	return o
}
