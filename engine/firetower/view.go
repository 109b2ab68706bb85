package firetower

import (
	"slices"

	"arcade/engine"
)

// View is everything one seat may see: the whole board, the wind, every
// player's public facts, and only for the seat itself its own hand.
type View struct {
	You      engine.Seat `json:"you"`
	Players  int         `json:"players"`
	Team     bool        `json:"team"`      // the team variant: partners sit diagonally
	Storms   bool        `json:"firestorm"` // the Firestorm card is in the game
	DeckName string      `json:"deck_name"`
	Position
	Turn   engine.Seat `json:"turn"`
	TurnNo int         `json:"turn_no"`
	// Part is what the game waits for; Acting is who must decide it.
	Part      Part        `json:"part"`
	Acting    engine.Seat `json:"acting"` // -1 once the game is over
	PhaseText string      `json:"phase_text"`
	HandSize  int         `json:"hand_size"`
	DeckLeft  int         `json:"deck_left"`
	Discards  int         `json:"discards"`
	StormOut  bool        `json:"storm_out"` // the Firestorm is being resolved
	Seats     []SeatView  `json:"seats"`
	// Hand is the seat's own cards; a spectator and the other seats see
	// only sizes.
	Hand      []Card        `json:"hand,omitempty"`
	EmberFrom *Point        `json:"ember_from,omitempty"` // where the lifted Ember gem came from
	Last      []Point       `json:"last,omitempty"`       // squares the last move changed
	Recent    []string      `json:"recent,omitempty"`     // the last public log lines
	Over      bool          `json:"over"`
	Winners   []engine.Seat `json:"winners,omitempty"`
	Summary   string        `json:"summary,omitempty"`
}

// Viewer implements engine.View: the seat this view belongs to.
func (v View) Viewer() engine.Seat { return v.You }

// SeatView is one player's public facts.
type SeatView struct {
	Seat     engine.Seat `json:"seat"`
	Tower    Tower       `json:"tower"`
	HandSize int         `json:"hand_size"`
	Bucket   bool        `json:"bucket"` // the Bucket is still unused
	Burned   bool        `json:"burned"`
	Out      bool        `json:"out"`
	Team     int         `json:"team"` // 0 or 1 in the team variant (seat mod 2)
}

// View implements engine.State.
func (g *state) View(s engine.Seat) engine.View {
	v := View{
		You: s, Players: g.Players, Team: g.TeamPlay, Storms: g.Storms, DeckName: g.DeckName,
		Position: g.Pos, Turn: g.Turn, TurnNo: g.TurnNo, Part: g.phase(), Acting: -1,
		HandSize: g.HandSize, DeckLeft: len(g.Deck), Discards: len(g.Discard), StormOut: g.StormOut,
		Last: slices.Clone(g.Last), Recent: slices.Clone(g.Recent),
		Over: g.Over, Winners: slices.Clone(g.Winners), Summary: g.Summary,
	}
	if p := g.Pending(); len(p) > 0 {
		v.Acting = p[0]
	}
	v.PhaseText = phaseText(v.Part, v.Acting, g.Summary)
	for i, st := range g.Seats {
		v.Seats = append(v.Seats, SeatView{Seat: engine.Seat(i), Tower: st.Tower, HandSize: len(st.Hand),
			Bucket: st.Bucket, Burned: st.Burned, Out: st.Out, Team: i % 2})
	}
	if s >= 0 && int(s) < g.Players {
		v.Hand = slices.Clone(g.Seats[s].Hand)
	}
	if g.EmberFrom != nil {
		p := *g.EmberFrom
		v.EmberFrom = &p
	}
	return v
}

// partText describes a step of the game in a few words.
func partText(p Part) string {
	switch p {
	case PartSpread:
		return "Part 1: the wind spreads the fire"
	case PartAction:
		return "Part 2: play a card or discard"
	case PartEmber:
		return "Part 2: land the Ember's gem"
	case PartEnd:
		return "the Bucket, or end the turn"
	case PartTrim:
		return "discard down to the hand size"
	case PartRedraw:
		return "Firestorm: redraw any cards"
	}
	return "the game is over"
}

func phaseText(p Part, acting engine.Seat, summary string) string {
	if p == PartOver {
		return "Game over. " + summary
	}
	return engine.SeatRef(acting) + ": " + partText(p)
}

// Mine is the seat's own tower in the view (false for a spectator).
func (v View) Mine() (SeatView, bool) {
	if v.You < 0 || int(v.You) >= len(v.Seats) {
		return SeatView{}, false
	}
	return v.Seats[v.You], true
}

// Defends lists the towers the viewer's Bucket may defend: their own, and
// their partner's in the team variant.
func (v View) Defends() []Tower {
	me, ok := v.Mine()
	if !ok {
		return nil
	}
	out := []Tower{me.Tower}
	if v.Team && len(v.Seats) == 4 {
		out = append(out, v.Seats[partner(v.You)].Tower)
	}
	return out
}

// SeatOf finds the seat playing tower t.
func (v View) SeatOf(t Tower) (SeatView, bool) {
	for _, s := range v.Seats {
		if s.Tower == t {
			return s, true
		}
	}
	return SeatView{}, false
}

// Check evaluates a board move for the viewer from what the view shows:
// the squares it would change, or (as a *engine.RuleError) why the rules
// refuse it. It covers spread, play (with the viewer's own hand), bucket
// and ember; it does not say whether it is the viewer's turn (the legal
// list does).
func (v View) Check(a engine.Action) (Effect, error) {
	e, err := v.check(a)
	return e, ruleError(err)
}

func (v View) check(a engine.Action) (Effect, error) {
	pos := v.Position
	arg := func(i int) int {
		if i < len(a.Args) {
			return a.Args[i]
		}
		return 0
	}
	switch a.Kind {
	case KindSpread:
		return pos.Spread(v.Wind, Point{arg(0), arg(1)})
	case KindPlay:
		i := arg(0)
		if i < 0 || i >= len(v.Hand) {
			return Effect{}, engine.Illegal("You have no card number %d.", i+1)
		}
		return pos.Place(v.Hand[i], Point{arg(1), arg(2)}, arg(3))
	case KindBucket:
		me, ok := v.Mine()
		if !ok {
			return Effect{}, engine.Illegal("You have no Bucket: you are not playing.")
		}
		if !me.Bucket {
			return Effect{}, bucketUsed()
		}
		return pos.Bucket(Point{arg(0), arg(1)}, arg(2), v.Defends())
	case KindEmber:
		if v.EmberFrom == nil {
			return Effect{}, engine.Illegal("No Ember gem is lifted.")
		}
		return pos.EmberTo(*v.EmberFrom, Point{arg(0), arg(1)})
	}
	return Effect{}, engine.Illegal("%s is not a move on the board.", a.Kind)
}

// FirstCopy is the hand index that moves use for card i: the first card of
// the same kind in the viewer's hand.
func (v View) FirstCopy(i int) int {
	for j := 0; j < i && i < len(v.Hand); j++ {
		if v.Hand[j] == v.Hand[i] {
			return j
		}
	}
	return i
}
