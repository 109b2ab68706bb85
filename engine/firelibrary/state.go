package firelibrary

import (
	"encoding/json"
	"slices"

	"arcade/engine"
)

// Phase is where a round stands.
type Phase string

// Phases of a round.
const (
	PhaseAmulet Phase = "amulet" // step 1 window: anyone may play an Amulet
	PhaseOrder  Phase = "order"  // step 1: choosing Turn Order cards
	PhaseSave   Phase = "save"   // step 2: the active player saves books
	PhasePlace  Phase = "place"  // step 2: placing tokens a Shovel or Torch drew
	PhaseSpread Phase = "spread" // step 2 window: Fire Spreading triggered
	PhaseTool   Phase = "tool"   // step 2: the active player takes a tool
	PhaseAfter  Phase = "after"  // step 2: After Scoring tools, then "done"
	PhaseSwap   Phase = "swap"   // step 3: everyone may swap one tool
	PhaseOver   Phase = "over"   // the game has ended
)

// Swap decisions in step 3 (a hand index means "discard that tool").
const (
	swapUndecided = -2
	swapKeep      = -1
)

// Holders of a Turn Order card besides seats.
const (
	noHolder   engine.Seat = -1
	robotSeat  engine.Seat = -3 // the Robot Player
	setAsideTo             = -2 // Slingshot target: set aside (nobody left to play)
)

// state is a game in progress. Every field is serialized; the RNG is the
// only source of randomness.
type state struct {
	Players int         `json:"players"`
	Var     variant     `json:"variant"`
	RNG     engine.RNG  `json:"rng"`
	Round   int         `json:"round"`
	Phase   Phase       `json:"phase"`
	Active  engine.Seat `json:"active"` // active or choosing seat; -1 if none
	// Burned counts the cards removed from the top of each section.
	Burned [numSections]int `json:"burned"`
	// Bag counts the tokens in the bag by kind (numKinds counts: books by
	// section, fire, Technology books).
	Bag     engine.Bag  `json:"bag"`
	Supply  int         `json:"supply"` // unused fire tokens
	Deck    []int       `json:"deck"`   // tool deck, top last
	Discard []int       `json:"discard"`
	Market  []int       `json:"market"`
	Cards   []orderCard `json:"cards"` // Turn Order cards in play, by number
	Seats   []seatState `json:"seats"`
	// Picks is the queue of seats (robotSeat: the Robot) still to choose a
	// Turn Order card.
	Picks []engine.Seat `json:"picks"`
	Drawn int           `json:"drawn"` // draws the active player made this turn
	// ToolWhy says why the active player takes a tool: "spread" or "escape".
	ToolWhy string `json:"tool_why"`
	// Clock numbers arrivals on the score track, for tie-breaks.
	Clock     int         `json:"clock"`
	Last      Token       `json:"last"` // last token drawn; Empty if none
	LastBy    engine.Seat `json:"last_by"`
	Collapsed int         `json:"collapsed"` // section that burned down, -1
	Summary   string      `json:"summary"`

	// Table holds played tools that keep tokens for a while (Bucket,
	// Shovel, Torch, Amulet, Library Cart, Lockbox, Slingshot set aside).
	Table []tableTool `json:"table"`
	Turn  turnState   `json:"turn"`
	Robot *robotState `json:"robot,omitempty"`
	// Used lists the Turn Order cards used in this cycle (solo variants).
	Used []int `json:"used"`
	// Spread records that Fire Spreading was triggered this round, even if
	// a tool then stopped it (Lone Librarian: no burn after such a turn).
	Spread bool `json:"spread"`
	// BurnedBest is the highest value of a book burned this round (Solo
	// Robot: the Robot scores it instead of flipping a card).
	BurnedBest int `json:"burned_best"`
	// Bonus is the Lone Librarian's end-of-game adjustment.
	Bonus int `json:"bonus"`

	// Pre holds the events of the setup (the first turns, a Robot's turn
	// included); the first Apply delivers them ahead of its own.
	Pre setupEvents `json:"pre,omitempty"`

	// log holds the events of the Apply in progress. The hard bot's
	// imagined games discard them.
	log engine.Log
	// legal is Legal(legalOf), kept until the next Apply (nil: not
	// known).
	legal   []engine.Action
	legalOf engine.Seat
	// seen is BotView's memory, made on its first call.
	seen *sight
	// events gathers the events of the Apply in progress (takeEvents).
	events []engine.Event
}

// orderCard is a Turn Order card in play this game.
type orderCard struct {
	Number int              `json:"number"` // 1..6
	Holder engine.Seat      `json:"holder"` // noHolder, a seat or robotSeat
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
	// Wait is set while the seat has yet to answer a response window.
	Wait bool `json:"wait"`
	// Play is the tool the seat committed in the open window, taken out of
	// the hand until the window resolves: [card, tool, choices...].
	Play []int `json:"play"`
}

// tableTool is a played tool card lying on the table with tokens on it.
type tableTool struct {
	Card   int         `json:"card"`
	Owner  engine.Seat `json:"owner"`
	Tokens []Token     `json:"tokens"`
	// Until says when the card is discarded and its tokens go back to the
	// bag: "turn", "round" or "game".
	Until string `json:"until"`
	Uses  int    `json:"uses"` // Shovel: double draws left this turn
}

// turnState is the active player's turn beyond the card's tokens.
type turnState struct {
	Gloves bool `json:"gloves"` // every space counts as safe this turn
	// Drawing holds the tokens a Shovel or Torch drew, still to place.
	Drawing []Token `json:"drawing"`
	From    int     `json:"from"`   // the Shovel or Torch card that drew them; -1
	Placed  int     `json:"placed"` // tokens placed from this Torch draw
	// Trigger is the space of the fire that triggered Fire Spreading; -1.
	Trigger int `json:"trigger"`
	// Saved lists the books scored at the escape; Bravery what it gave.
	Saved   []Token `json:"saved"`
	Bravery int     `json:"bravery"`
}

// robotState is the Robot Player of the robot variants.
type robotState struct {
	Score   int  `json:"score"`
	Arrived int  `json:"arrived"`
	Played  bool `json:"played"`
	// Tokens are what Slingshots gave it this round; fires are ignored.
	Tokens []Token `json:"tokens"`
	Flip   int     `json:"flip"` // the last tool card it flipped; -1
}

type stateJSON state // no methods: plain encoding

// setupEvents are the setup's events until the first Apply delivers them.
// A saved state keeps each as its words, reader and rule; restored, each
// says the words and cites the rule it was saved with (savedWords).
type setupEvents []engine.Event

// savedEvent is a setup event as a saved state holds it.
type savedEvent struct {
	Text string      `json:"text"`
	To   engine.Seat `json:"to"`
	Rule engine.Rule `json:"rule,omitempty"`
}

// MarshalJSON implements json.Marshaler.
func (p setupEvents) MarshalJSON() ([]byte, error) {
	saved := make([]savedEvent, len(p))
	for i, e := range p {
		saved[i] = savedEvent{Text: e.Text(), To: e.To, Rule: engine.RuleOf(e.Fact)}
	}
	return json.Marshal(saved)
}

// UnmarshalJSON implements json.Unmarshaler.
func (p *setupEvents) UnmarshalJSON(data []byte) error {
	var saved []savedEvent
	if err := engine.DecodeStrict(data, &saved); err != nil {
		return err
	}
	*p = make(setupEvents, len(saved))
	for i, e := range saved {
		(*p)[i] = engine.Event{Fact: savedWords{Text: e.Text, Why: e.Rule}, To: e.To}
	}
	return nil
}

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
	case PhaseOrder, PhaseSave, PhasePlace, PhaseTool, PhaseAfter:
		return seats[g.Active : g.Active+1 : g.Active+1]
	case PhaseSwap, PhaseAmulet, PhaseSpread:
		return g.answering()
	}
	return nil
}

// Responding implements engine.Responder: the seats that answer a window
// at once (an Amulet at the start of step 1, Fire Spreading, the step 3
// swap), each with the table's countdown. A solo player has nobody to
// race, so their windows are not timed.
func (g *state) Responding() []engine.Seat {
	if g.Players == 1 {
		return nil
	}
	return g.answering()
}

// answering lists the seats yet to answer the open window.
func (g *state) answering() []engine.Seat {
	var out []engine.Seat
	for s, p := range g.Seats {
		switch {
		case g.Phase == PhaseSwap && p.Swap == swapUndecided,
			(g.Phase == PhaseAmulet || g.Phase == PhaseSpread) && p.Wait:
			out = append(out, engine.Seat(s))
		}
	}
	return out
}

// seats backs the one-seat slices Pending returns, so that they cost no
// allocation; nobody writes to them.
var seats = [...]engine.Seat{0, 1, 2, 3, 4, 5}

// pending reports whether seat s is among Pending.
func (g *state) pending(s engine.Seat) bool {
	switch g.Phase {
	case PhaseOrder, PhaseSave, PhasePlace, PhaseTool, PhaseAfter:
		return s == g.Active
	case PhaseSwap:
		return s >= 0 && int(s) < g.Players && g.Seats[s].Swap == swapUndecided
	case PhaseAmulet, PhaseSpread:
		return s >= 0 && int(s) < g.Players && g.Seats[s].Wait
	}
	return false
}

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
	if g.Var.Mode == ModeLone {
		out[0] += g.Bonus // the end-of-game table, once the game is over
	}
	return out
}

// winners are the seats with the best score. Against a Robot a seat must
// at least tie it (Solo Robot: beat it); the Lone Librarian must score
// more than its challenge's score (the rulebook: 125).
func (g *state) winners() []engine.Seat {
	sc := g.scores()
	best := slices.Max(sc)
	switch {
	case g.Var.Mode == ModeLone && best <= g.Var.level().LoneWin,
		g.Var.Mode == ModeSoloRobot && best <= g.Robot.Score,
		g.Var.Mode == ModeRobot && best < g.Robot.Score:
		return nil
	}
	track := engine.ScoreTrack{Scores: sc}
	return track.Leaders()
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

// cardOf returns the card seat s (or robotSeat) holds this round, or nil.
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

// worth is what a book token scores now: its section's value, or for a
// Technology book the highest section value (10 once a section collapsed).
func (g *state) worth(t Token) int {
	if t == Tech {
		best := 0
		for i := range sections {
			best = max(best, g.value(i))
		}
		return best
	}
	return g.value(int(t))
}

// emit records a fact every seat may read; tell one only seat s may
// read. Being generic, they box the fact only when the log keeps it, so
// the hard bot's imagined games (a discarding log) cost nothing per fact.
func emit[F engine.Fact](g *state, f F) { tell(g, engine.Everyone, f) }

// tell records a fact only seat s may read (emit).
func tell[F engine.Fact](g *state, s engine.Seat, f F) {
	if !g.log.Discarding() {
		g.events = append(g.events, engine.Event{Fact: f, To: s})
	}
}

// takeEvents hands over the events written since the last call: the
// move's events gather in g.events (memory reused from move to move) and
// go to the log at once, in one allocation of the right size.
func (g *state) takeEvents() []engine.Event {
	g.log.Add(g.events...)
	clear(g.events)
	g.events = g.events[:0]
	return g.log.Take()
}

var (
	_ engine.State     = (*state)(nil)
	_ engine.Responder = (*state)(nil)
	_ engine.BotMaker  = Game{}
)
