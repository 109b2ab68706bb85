package horror

import (
	"slices"

	"arcade/engine"
)

// View is what one seat may see: the library, every player's public
// side (Fortitude, how many components placed, how many spare, how many
// cards held), and, in Me, the seat's own Horror card, components and
// Blessings and Curses.
type View struct {
	You         engine.Seat     `json:"you"`
	Size        int             `json:"size"`
	Cells       []CellView      `json:"cells"`
	Players     []PlayerView    `json:"players"`
	Phase       Phase           `json:"phase"`
	Active      engine.Seat     `json:"active"`
	Order       []engine.Seat   `json:"order"`
	Round       int             `json:"round"`
	RoundLimit  int             `json:"round_limit"`
	Items       int             `json:"items"`
	ColourMatch bool            `json:"colour_match"`
	Threshold   int             `json:"threshold"`
	Actions     int             `json:"actions"`
	LockPicks   bool            `json:"lock_picks"`
	FreeMirror  bool            `json:"free_mirror"`
	AttackLost  bool            `json:"attack_lost"`
	Shy         []int           `json:"shy,omitempty"` // ghosts met again only on a later turn (ruling 4)
	Exchanged   []int           `json:"exchanged"`
	Victim      engine.Seat     `json:"victim"`
	Weapon      int             `json:"weapon"` // the card of the attack under way, -1 none
	Beaten      int             `json:"beaten"` // the ghost being moved, -1 none
	Roll        Roll            `json:"roll"`
	Decks       [numColours]int `json:"decks"`
	Blessings   int             `json:"blessings"`
	Curses      int             `json:"curses"`
	Bag         [2]int          `json:"bag"` // Blessing and Curse tokens in the bag
	Ghosts      [numGhosts]int  `json:"ghosts"`
	Over        bool            `json:"over"`
	Winners     []engine.Seat   `json:"winners,omitempty"`
	Summary     string          `json:"summary,omitempty"`
	Me          *MeView         `json:"me,omitempty"`
}

// Viewer implements engine.View.
func (v View) Viewer() engine.Seat { return v.You }

// CellView is one place of the library.
type CellView struct {
	Room      int           `json:"room"` // 1-24, 0 the Portal
	Rot       int           `json:"rot"`
	Doors     [4]int        `json:"doors"` // the edges facing N, E, S, W: Wall, Open, Closed
	Bookcases int           `json:"bookcases"`
	Drawers   int           `json:"drawers"`
	Mirror    bool          `json:"mirror"`
	Picture   bool          `json:"picture"`
	Markers   [][2]int      `json:"markers"` // seat, number (1-based)
	Ghosts    []int         `json:"ghosts"`  // ghost ids (level = 1 + id/4)
	Players   []engine.Seat `json:"players"`
}

// PlayerView is a player's public side.
type PlayerView struct {
	Seat      engine.Seat `json:"seat"`
	Character string      `json:"character"`
	Colour    string      `json:"colour"`
	Cell      int         `json:"cell"`
	Fort      int         `json:"fort"`
	Placed    int         `json:"placed"`
	Spare     int         `json:"spare"`
	Cards     int         `json:"cards"`
	Skip      bool        `json:"skip"`
	Next      int         `json:"next"` // the next search marker's number
	Markers   int         `json:"markers"`
	Fresh     []int       `json:"fresh"` // the ghosts they may attack
}

// MeView is the viewer's own secrets.
type MeView struct {
	Horror int              `json:"horror"`
	Need   [numColours]bool `json:"need"`
	Placed []int            `json:"placed"`
	Spare  []int            `json:"spare"`
	Cards  []int            `json:"cards"`
}

// GhostLevel is ghost id's level.
func GhostLevel(id int) int { return ghostLevel(id) }

// HorrorName is Horror card h's name.
func HorrorName(h int) string {
	if h < 0 || h >= numHorrors {
		return "?"
	}
	return horrors[h].Name
}

// ItemName is Horror h's component of colour c.
func ItemName(h, c int) string {
	if h < 0 || h >= numHorrors || c < 0 || c >= numColours {
		return "?"
	}
	return horrors[h].Items[c]
}

// ComponentName names component card c with its colour and Horror.
func ComponentName(c int) string {
	if c < 0 || c >= numComponents {
		return "?"
	}
	return componentName(c)
}

// ColourName is colour c's name and kind ("green Herb").
func ColourName(c int) string {
	if c < 0 || c >= numColours {
		return "?"
	}
	return colourNames[c] + " " + colourKinds[c]
}

// CardName is Blessing or Curse card c's name.
func CardName(c int) string {
	if c < 0 || c >= numCards {
		return "?"
	}
	return kindNames[cardKinds[c]]
}

// CardIsBlessing reports whether card c is a Blessing.
func CardIsBlessing(c int) bool { return isBlessing(c) }

// Portal is the Portal's cell: the library's centre.
func (v *View) Portal() int { return v.Size * v.Size / 2 }

// Passage is the way from cell c through its side d, as both facing sides
// make it: Open (both open), Closed (either closed: Fortitude -1) or Wall
// (a wall on either side, or the library's edge).
func (v *View) Passage(c, d int) int {
	n := Neighbour(v.Size, c, d)
	if n < 0 || c >= len(v.Cells) || n >= len(v.Cells) {
		return Wall
	}
	switch passCosts[v.Cells[c].Doors[d]][v.Cells[n].Doors[(d+2)%4]] {
	case 0:
		return Open
	case 1:
		return Closed
	}
	return Wall
}

// DoorCost is the Fortitude it costs the player whose turn it is to go
// from cell c through side d now (Lock Picks make closed doors free), or
// -1 where there is no way through.
func (v *View) DoorCost(c, d int) int {
	switch v.Passage(c, d) {
	case Open:
		return 0
	case Closed:
		if v.LockPicks {
			return 0
		}
		return 1
	}
	return -1
}

// MirrorCost is the Fortitude a mirror costs the player whose turn it is.
func (v *View) MirrorCost() int {
	if v.FreeMirror {
		return 0
	}
	return mirrorFortitude
}

// GhostDamage is the Fortitude the ghosts in cell c drain from whoever
// enters it: 1 a level 1 ghost, 2 a level 2.
func (v *View) GhostDamage(c int) int {
	n := 0
	if c >= 0 && c < len(v.Cells) {
		for _, g := range v.Cells[c].Ghosts {
			n += ghostLevel(g)
		}
	}
	return n
}

// GhostsToCome counts the ghosts not yet summoned, by level (index 0
// level 1).
func (v *View) GhostsToCome() [2]int {
	var n [2]int
	for g, c := range v.Ghosts {
		if c < 0 {
			n[ghostLevel(g)-1]++
		}
	}
	return n
}

// RoundsLeft is how many rounds remain after this one (-1: no limit).
func (v *View) RoundsLeft() int {
	if v.RoundLimit <= 0 {
		return -1
	}
	return max(v.RoundLimit-v.Round, 0)
}

// View implements engine.State.
func (g *state) View(s engine.Seat) engine.View {
	v := View{You: s, Size: g.Size, Phase: g.Phase, Active: g.Active, Order: slices.Clone(g.Order),
		Round: g.Round, RoundLimit: g.RoundLimit, Items: g.Items, ColourMatch: g.ColourMatch,
		Threshold: g.threshold(), Actions: g.Actions, LockPicks: g.LockPicks, FreeMirror: g.FreeMirror,
		AttackLost: g.AttackLost, Shy: slices.Clone(g.Shy), Exchanged: slices.Clone(g.Exchanged), Victim: g.Victim, Weapon: g.Weapon,
		Beaten: g.Beaten, Roll: g.Roll, Blessings: len(g.Blessings), Curses: len(g.Curses),
		Bag: [2]int{g.Bag[0], g.Bag[1]}, Ghosts: g.Ghosts, Over: g.Phase == PhaseOver}
	v.Roll.Dice = slices.Clone(g.Roll.Dice)
	for c := range g.Decks {
		v.Decks[c] = len(g.Decks[c])
	}
	v.Cells = make([]CellView, len(g.Cells))
	for c, cl := range g.Cells {
		rm := rooms[cl.Tile]
		cv := CellView{Room: (cl.Tile + 1) % (numRooms + 1), Rot: cl.Rot, Bookcases: rm.Bookcases,
			Drawers: rm.Drawers, Mirror: rm.Mirror, Picture: rm.Picture, Markers: [][2]int{},
			Ghosts: g.ghostsIn(c), Players: []engine.Seat{}}
		if cv.Ghosts == nil {
			cv.Ghosts = []int{}
		}
		for d := range 4 {
			cv.Doors[d] = g.edge(c, d)
		}
		v.Cells[c] = cv
	}
	for t, p := range g.Seats {
		for i, m := range p.Markers {
			if m >= 0 {
				v.Cells[m].Markers = append(v.Cells[m].Markers, [2]int{t, i + 1})
			}
		}
		if p.Cell >= 0 {
			v.Cells[p.Cell].Players = append(v.Cells[p.Cell].Players, engine.Seat(t))
		}
		v.Players = append(v.Players, PlayerView{Seat: engine.Seat(t), Character: characters[p.Character],
			Colour: seatColours[t], Cell: p.Cell, Fort: p.Fort, Placed: len(p.Placed), Spare: len(p.Spare),
			Cards: len(p.Cards), Skip: p.Skip, Next: p.Next + 1, Markers: len(p.Markers), Fresh: slices.Clone(p.Fresh)})
	}
	if s >= 0 && int(s) < g.Players {
		p := &g.Seats[s]
		v.Me = &MeView{Horror: p.Horror, Need: p.Need, Placed: slices.Clone(p.Placed),
			Spare: slices.Clone(p.Spare), Cards: slices.Clone(p.Cards)}
	}
	if o := g.Outcome(); o.Done {
		v.Winners, v.Summary = o.Winners, o.Summary
	}
	return v
}
