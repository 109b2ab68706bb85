package fireproto

import (
	"fmt"
	"slices"

	"arcade/engine"
)

// View is everything one seat may see. The prototype has no hidden
// information: the views of all seats and of a spectator are equal except
// for You, and every event is public.
type View struct {
	You       engine.Seat     `json:"you"`
	Round     int             `json:"round"`
	Phase     Phase           `json:"phase"`
	PhaseText string          `json:"phase_text"` // one line, with {seatN} tokens
	Active    engine.Seat     `json:"active"`     // searching or choosing; -1 if none
	Waiting   []engine.Seat   `json:"waiting"`    // seats that may act now
	Tracks    []TrackView     `json:"tracks"`     // the five shelves, White to Green
	Bag       BagView         `json:"bag"`
	Supply    int             `json:"supply"` // Bucket tokens in the centre
	Goal      int             `json:"goal"`   // knowledge that ends the game (100)
	Players   []PlayerView    `json:"players"`
	Cards     []OrderCardView `json:"cards"` // Turn Order cards in play, by number
	// Picks lists the seats still to choose a Turn Order card, in order.
	Picks   []engine.Seat `json:"picks"`
	Drawn   int           `json:"drawn"` // tokens the active player drew this turn
	Last    *DrawView     `json:"last,omitempty"`
	Over    bool          `json:"over"`
	Winners []engine.Seat `json:"winners,omitempty"`
	Summary string        `json:"summary,omitempty"`
}

// Viewer implements engine.View: the seat this view belongs to.
func (v View) Viewer() engine.Seat { return v.You }

// TrackView is one colour's shelf on the scoreboard and its books.
type TrackView struct {
	Colour string `json:"colour"` // "White"
	Key    string `json:"key"`    // "white": the palette name and the token name
	Books  int    `json:"books"`  // tokens of this colour in the box
	// Values are the shelf's values from left to right; the X follows.
	Values []int `json:"values"`
	// Pos is the Value Tracker's index in Values; len(Values) is the X.
	Pos       int  `json:"pos"`
	Value     int  `json:"value"` // a scored book is worth this now; 0 once collapsed
	Collapsed bool `json:"collapsed"`
	ToX       int  `json:"to_x"`   // burns left before the X
	InBag     int  `json:"in_bag"` // books of this colour in the bag
	SetAside  int  `json:"set_aside"`
}

// BagView counts the bag's contents.
type BagView struct {
	Books int `json:"books"`
	Fires int `json:"fires"`
	Total int `json:"total"`
}

// PlayerView is one player's pieces.
type PlayerView struct {
	Seat    engine.Seat `json:"seat"`
	Score   int         `json:"score"`   // knowledge
	Buckets int         `json:"buckets"` // Bucket tokens held (at most 2)
	Card    int         `json:"card"`    // Turn Order card held this round, 0 if none
	Played  bool        `json:"played"`  // took their turn this round
}

// OrderCardView is a Turn Order card in play with the tokens on it.
type OrderCardView struct {
	Number  int         `json:"number"`
	Holder  engine.Seat `json:"holder"` // -1 if nobody holds it
	Layout  string      `json:"layout"` // e.g. "S S X X X, bravery 3"
	Bravery int         `json:"bravery"`
	Spaces  []SpaceView `json:"spaces"`
}

// SpaceView is one space of a Turn Order card.
type SpaceView struct {
	Risky  bool   `json:"risky"`
	Token  string `json:"token"`  // "", "fire" or a colour key
	Doused bool   `json:"doused"` // a fire doused by a Bucket
}

// DrawView is the last token drawn and who drew it.
type DrawView struct {
	Token string      `json:"token"`
	By    engine.Seat `json:"by"`
}

// View implements engine.State.
func (g *state) View(s engine.Seat) engine.View {
	v := View{
		You: s, Round: g.Round, Phase: g.Phase, PhaseText: g.phaseText(), Active: g.Active,
		Waiting: g.Pending(), Supply: g.Supply, Goal: goal, Picks: slices.Clone(g.Picks),
		Drawn: g.Drawn, Over: g.Phase == PhaseOver, Summary: g.Summary,
	}
	if v.Waiting == nil {
		v.Waiting = []engine.Seat{}
	}
	if v.Over {
		v.Winners = g.Track.Leaders()
	}
	for c, col := range colours {
		v.Tracks = append(v.Tracks, TrackView{
			Colour: col.Name, Key: col.Key, Books: col.Books, Values: slices.Clone(col.Track), Pos: g.Pos[c],
			Value: g.value(c), Collapsed: g.Pos[c] == len(col.Track), ToX: len(col.Track) - g.Pos[c],
			InBag: g.Bag[c], SetAside: g.Aside[c],
		})
		v.Bag.Books += g.Bag[c]
	}
	v.Bag.Fires = g.Bag[Fire]
	v.Bag.Total = v.Bag.Books + v.Bag.Fires
	for p, st := range g.Seats {
		pv := PlayerView{Seat: engine.Seat(p), Score: g.Track.Scores[p], Buckets: st.Buckets, Played: st.Played}
		if c := g.cardOf(engine.Seat(p)); c != nil {
			pv.Card = c.Number
		}
		v.Players = append(v.Players, pv)
	}
	for _, c := range g.Cards {
		cv := OrderCardView{Number: c.Number, Holder: c.Holder, Layout: layout(c.Number), Bravery: bravery(c.Number)}
		for i, t := range c.Spaces {
			cv.Spaces = append(cv.Spaces, SpaceView{Risky: risky(c.Number, i), Token: t.Name(), Doused: c.Doused[i]})
		}
		v.Cards = append(v.Cards, cv)
	}
	if g.Last != Empty {
		v.Last = &DrawView{Token: g.Last.Name(), By: g.LastBy}
	}
	return v
}

// phaseText is the one-line description of the phase.
func (g *state) phaseText() string {
	switch g.Phase {
	case PhaseOrder, PhaseSearch:
		return fmt.Sprintf("Round %d: %s", g.Round, g.doing())
	case PhaseFire:
		return fmt.Sprintf("Round %d: %s drew a fire on space %d: douse it or let it burn",
			g.Round, engine.SeatRef(g.Active), g.Drawn)
	}
	return "Game over: " + g.Summary
}
