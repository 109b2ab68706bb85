package firelibrary

import (
	"fmt"

	"arcade/engine"
)

// View is everything one seat may see. Hand is set only for the seat's own
// tools; a spectator's view has none.
type View struct {
	You       engine.Seat     `json:"you"`
	Variant   string          `json:"variant,omitempty"` // e.g. "Robot Player, Wild Fire"; "" for the base game
	Mode      string          `json:"mode"`              // the mode option
	NoTools   bool            `json:"no_tools,omitempty"`
	Round     int             `json:"round"`
	Rounds    int             `json:"rounds,omitempty"` // the last round (Lone Librarian), 0 if open
	Phase     Phase           `json:"phase"`
	PhaseText string          `json:"phase_text"` // one line, with {seatN} tokens
	Active    engine.Seat     `json:"active"`     // saving, taking a tool or choosing; -1 if none
	Waiting   []engine.Seat   `json:"waiting"`    // seats that may act now
	Sections  []SectionView   `json:"sections"`
	Bag       BagView         `json:"bag"`
	TechValue int             `json:"tech_value,omitempty"` // a Technology book is worth this now
	Supply    int             `json:"supply"`               // unused fire tokens
	Market    []ToolView      `json:"market"`
	Deck      int             `json:"deck"`    // tools left in the deck
	Discard   int             `json:"discard"` // tools in the discard pile
	Players   []PlayerView    `json:"players"`
	Robot     *RobotView      `json:"robot,omitempty"`
	Cards     []OrderCardView `json:"cards"`          // Turn Order cards in play
	Used      []int           `json:"used,omitempty"` // solo: cards used in this cycle of six
	Table     []TableToolView `json:"table"`          // played tools holding tokens
	Drawn     int             `json:"drawn"`          // draws the active player made this turn
	Gloves    bool            `json:"gloves,omitempty"`
	// Drawing lists the tokens a Shovel or Torch drew, still to place;
	// Placed counts those already placed from this draw.
	Drawing []string `json:"drawing,omitempty"`
	Placed  int      `json:"placed,omitempty"`
	// ToolWhy says why the active player takes a tool (PhaseTool):
	// "spread" or "escape".
	ToolWhy string `json:"tool_why,omitempty"`
	// Saved and Bravery are what the active player scored at the escape
	// (PhaseAfter): the books, for a Collector's Edition, and the bravery,
	// for a Map.
	Saved   []string `json:"saved,omitempty"`
	Bravery int      `json:"bravery,omitempty"`
	// Track is the score track, lowest score first; on equal scores whoever
	// reached the score first comes first. It is the order of choosing Turn
	// Order cards and of resolving windows. The Robot is -3.
	Track []engine.Seat `json:"track"`
	// SpreadThisRound: Fire Spreading was triggered this round, even if a
	// tool stopped it (a Lone Librarian's end-of-turn burn is skipped).
	// BurnedBest: the highest value of a book burned this round (the Solo
	// Robot scores it).
	SpreadThisRound bool          `json:"spread_this_round,omitempty"`
	BurnedBest      int           `json:"burned_best,omitempty"`
	Last            *DrawView     `json:"last,omitempty"`
	Hand            []ToolView    `json:"hand,omitempty"`
	Over            bool          `json:"over"`
	Winners         []engine.Seat `json:"winners,omitempty"`
	Summary         string        `json:"summary,omitempty"`
}

// Viewer implements engine.View: the seat this view belongs to.
func (v View) Viewer() engine.Seat { return v.You }

// SectionView is one section of the Library.
type SectionView struct {
	Name      string `json:"name"`
	Colour    string `json:"colour"`
	Value     int    `json:"value"`    // a saved book is worth this now (10 once collapsed)
	Cards     int    `json:"cards"`    // live cards left, top included
	TopBurn   int    `json:"top_burn"` // burn index of the top card (0 once collapsed)
	TopFire   bool   `json:"top_fire"` // the top card shows a fire icon
	Collapsed bool   `json:"collapsed"`
	InBag     int    `json:"in_bag"` // books of this colour in the bag
}

// BagView counts the bag's contents.
type BagView struct {
	Books int `json:"books"` // Technology books included
	Tech  int `json:"tech,omitempty"`
	Fires int `json:"fires"`
	Total int `json:"total"`
}

// ToolView is a tool card's face.
type ToolView struct {
	Name   string `json:"name"`
	Timing string `json:"timing"`
	Text   string `json:"text"`
}

// PlayerView is one player's public facts.
type PlayerView struct {
	Seat     engine.Seat `json:"seat"`
	Score    int         `json:"score"`
	Card     int         `json:"card"` // Turn Order card held this round, 0 if none
	Played   bool        `json:"played"`
	HandSize int         `json:"hand_size"`
	// Deciding: yet to answer a window or to decide about a swap.
	Deciding bool `json:"deciding"`
}

// RobotView is the Robot Player (robot variants).
type RobotView struct {
	Score  int      `json:"score"`
	Card   int      `json:"card"` // its Turn Order card (multiplayer), 0 if none
	Played bool     `json:"played"`
	Tokens []string `json:"tokens"`         // given by Slingshots this round
	Flip   string   `json:"flip,omitempty"` // the tool card it flipped last
}

// TableToolView is a played tool lying on the table with its tokens.
type TableToolView struct {
	Name   string      `json:"name"`
	Owner  engine.Seat `json:"owner"`
	Tokens []string    `json:"tokens"`
	Until  string      `json:"until"` // "turn", "round" or "game"
	// Uses counts a Shovel's double draws left this turn.
	Uses int `json:"uses,omitempty"`
	// Source marks the Shovel or Torch whose drawn tokens are being placed.
	Source bool `json:"source,omitempty"`
}

// OrderCardView is a Turn Order card in play with the tokens on it.
type OrderCardView struct {
	Number int         `json:"number"`
	Holder engine.Seat `json:"holder"` // -1 if no player holds it
	Robot  bool        `json:"robot,omitempty"`
	Layout string      `json:"layout"` // e.g. "S S R2 R4 R6"
	Spaces []SpaceView `json:"spaces"`
}

// SpaceView is one space of a Turn Order card.
type SpaceView struct {
	Risky   bool   `json:"risky"`
	Bravery int    `json:"bravery"` // under a risky space
	Tool    bool   `json:"tool"`    // the tool icon of a safe space
	Token   string `json:"token"`   // "", "fire" or a book colour ("teal": Technology)
	// Spreading marks the fire that set off Fire Spreading.
	Spreading bool `json:"spreading,omitempty"`
}

// DrawView is the last token drawn and who drew it.
type DrawView struct {
	Token string      `json:"token"`
	By    engine.Seat `json:"by"`
}

func toolView(card int) ToolView {
	t := cardTool(card)
	return ToolView{Name: t.Name, Timing: t.Timing.String(), Text: t.Text}
}

func tokenNames(ts []Token) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name()
	}
	return out
}

// View implements engine.State.
func (g *state) View(s engine.Seat) engine.View {
	v := View{
		You: s, Variant: g.Var.describe(), Mode: g.Var.Mode, NoTools: g.Var.NoTools, Round: g.Round,
		Phase: g.Phase, PhaseText: g.phaseText(), Active: g.Active, Waiting: g.Pending(), Supply: g.Supply,
		Deck: len(g.Deck), Discard: len(g.Discard), Drawn: g.Drawn, Gloves: g.Turn.Gloves,
		Over: g.Phase == PhaseOver, Summary: g.Summary, Market: []ToolView{}, Table: []TableToolView{},
		Placed: g.Turn.Placed, ToolWhy: g.ToolWhy, Bravery: g.Turn.Bravery, Track: g.trackOrder(),
		SpreadThisRound: g.Spread, BurnedBest: g.BurnedBest,
	}
	if len(g.Turn.Saved) > 0 {
		v.Saved = tokenNames(g.Turn.Saved)
	}
	if g.Var.Mode == ModeLone {
		v.Rounds = loneRounds
	}
	if v.Waiting == nil {
		v.Waiting = []engine.Seat{}
	}
	if v.Over {
		v.Winners = g.winners()
	}
	for i, sec := range sections {
		top := g.top(i)
		v.Sections = append(v.Sections, SectionView{
			Name: sec.Name, Colour: sec.Colour, Value: top.Value, Cards: sec.Books - g.Burned[i],
			TopBurn: top.Burn, TopFire: top.Icon, Collapsed: top.Destroyed, InBag: g.Bag[i],
		})
		v.Bag.Books += g.Bag[i]
	}
	if g.Var.Tech {
		v.Bag.Tech = g.Bag[Tech]
		v.Bag.Books += g.Bag[Tech]
		v.TechValue = g.worth(Tech)
	}
	v.Bag.Fires = g.Bag[Fire]
	v.Bag.Total = v.Bag.Books + v.Bag.Fires
	for _, c := range g.Market {
		v.Market = append(v.Market, toolView(c))
	}
	for p, st := range g.Seats {
		score := st.Score
		if g.Var.Mode == ModeLone {
			score += g.Bonus // the end-of-game table, as scores counts it
		}
		pv := PlayerView{Seat: engine.Seat(p), Score: score, Played: st.Played,
			HandSize: len(st.Hand), Deciding: st.Swap == swapUndecided || st.Wait}
		if st.Play != nil {
			pv.HandSize++ // a tool committed face down in a window still looks held
		}
		if c := g.cardOf(engine.Seat(p)); c != nil {
			pv.Card = c.Number
		}
		v.Players = append(v.Players, pv)
	}
	if r := g.Robot; r != nil {
		rv := &RobotView{Score: r.Score, Played: r.Played, Tokens: tokenNames(r.Tokens)}
		if c := g.cardOf(robotSeat); c != nil {
			rv.Card = c.Number
		}
		if r.Flip >= 0 {
			rv.Flip = cardTool(r.Flip).Name
		}
		v.Robot = rv
	}
	for _, c := range g.Cards {
		cv := OrderCardView{Number: c.Number, Holder: c.Holder, Layout: layout(c.Number)}
		if c.Holder == robotSeat {
			cv.Holder, cv.Robot = noHolder, true
		}
		for i, t := range c.Spaces {
			b := orderCards[c.Number-1][i]
			cv.Spaces = append(cv.Spaces, SpaceView{Risky: b > 0, Bravery: b, Tool: b == 0, Token: t.Name(),
				Spreading: g.Phase == PhaseSpread && c.Holder == g.Active && i == g.Turn.Trigger})
		}
		v.Cards = append(v.Cards, cv)
	}
	if g.Var.solo() {
		v.Used = append([]int{}, g.Used...)
	}
	for _, tt := range g.Table {
		v.Table = append(v.Table, TableToolView{Name: cardTool(tt.Card).Name, Owner: tt.Owner,
			Tokens: tokenNames(tt.Tokens), Until: tt.Until, Uses: tt.Uses,
			Source: len(g.Turn.Drawing) > 0 && tt.Card == g.Turn.From})
	}
	if len(g.Turn.Drawing) > 0 {
		v.Drawing = tokenNames(g.Turn.Drawing)
	}
	if g.Last != Empty {
		v.Last = &DrawView{Token: g.Last.Name(), By: g.LastBy}
	}
	if s >= 0 && int(s) < g.Players {
		v.Hand = []ToolView{}
		for _, c := range g.Seats[s].Hand {
			v.Hand = append(v.Hand, toolView(c))
		}
		if p := g.Seats[s].Play; p != nil {
			v.Hand = append(v.Hand, toolView(p[0]))
		}
	}
	return v
}

// phaseText is the one-line description of the phase.
func (g *state) phaseText() string {
	step := map[Phase]int{PhaseAmulet: 1, PhaseOrder: 1, PhaseSwap: 3}[g.Phase]
	if step == 0 {
		step = 2
	}
	switch g.Phase {
	case PhaseOver:
		return "Game over: " + g.Summary
	case PhaseTool:
		why := "after Fire Spreading"
		if g.ToolWhy == "escape" {
			why = "for escaping from safe spaces"
		}
		return fmt.Sprintf("Round %d, step 2: %s %s", g.Round, g.doing(), why)
	}
	return fmt.Sprintf("Round %d, step %d: %s", g.Round, step, g.doing())
}
