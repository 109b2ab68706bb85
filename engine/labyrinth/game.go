package labyrinth

import (
	_ "embed"
	"strconv"

	"arcade/engine"
)

//go:embed rules.md
var rulesText string

// ID is the game's ID (Info().ID).
const ID = "labyrinth"

// Option keys.
const (
	OptDifficulty = "difficulty"
	OptDoubles    = "double_curses"
	OptExtra      = "extra_disturbance"
)

// Game is Library Labyrinth as an engine.Game and engine.BotMaker.
type Game struct{}

// Info implements engine.Game.
func (Game) Info() engine.Info {
	return engine.Info{
		ID:          ID,
		Name:        "Library Labyrinth",
		Summary:     "Co-op: explore the library, capture the Terrors and shelve them before time runs out.",
		MinPlayers:  1,
		MaxPlayers:  5,
		Cooperative: true,
		Options: []engine.OptionSpec{
			{Key: OptDifficulty, Name: "Difficulty", Kind: engine.Choice, Default: Standard, MinPlayers: 2,
				Choices: []string{Novice, Standard, Advanced, Expert},
				Help:    "the mix of Floor tiles: more Terror tiles are harder (solo always uses the novice mix)"},
			{Key: OptDoubles, Name: "Double curses", Kind: engine.Bool, Default: "false",
				Help: "two double-curse Disturbance cards replace two standard ones"},
			{Key: OptExtra, Name: "Extra Disturbance", Kind: engine.Choice, Default: "0",
				Choices: []string{"0", "2", "4"},
				Help:    "add Disturbance cards (more turns) to make the game easier"},
		},
		Rules: rulesText,
	}
}

// New implements engine.Game.
func (gm Game) New(players int, opts engine.Options, seed uint64) (engine.State, error) {
	o, err := gm.Info().Check(players, opts)
	if err != nil {
		return nil, err
	}
	if d := o[OptDifficulty]; players == 1 && d != Standard && d != Novice {
		return nil, engine.Refuse(ruleSoloMix, "The solo game always uses the novice tile mix: difficulty %s is for 2 or more players.", d)
	}
	extra, _ := strconv.Atoi(o[OptExtra])
	return newState(players, o[OptDifficulty], o.Bool(OptDoubles), extra, seed), nil
}

// Restore implements engine.Game. It also reads the games saved while
// the starting Books were chosen openly in seat order (fromOpenSetup),
// whose saves count the turn's seat's choices in a "picks" field.
func (Game) Restore(data []byte) (engine.State, error) {
	var g state
	saved := struct {
		*stateJSON
		Picks int `json:"picks"` // the Books dealt tell as much
	}{stateJSON: (*stateJSON)(&g)}
	check := func() error {
		g.fromOpenSetup()
		return g.validate()
	}
	if err := engine.LoadState(ID, data, &saved, check); err != nil {
		return nil, err
	}
	return &g, nil
}

// DecodeView implements engine.Game.
func (Game) DecodeView(data []byte) (engine.View, error) { return engine.DecodeViewAs[View](data) }

// Pending implements engine.State: in setup the seats still choosing
// their starting Books, all at once (ruling 14); then the player whose
// turn it is, first, followed by the seats in an out-of-turn discard
// window (Responding). The turn never waits for those: its player acts
// whenever they like, a discard or a keep changes nothing of the turn,
// and the window closes by itself when the turn ends.
func (g *state) Pending() []engine.Seat {
	switch g.Phase {
	case PhaseOver:
		return nil
	case PhaseSetup:
		return g.choosers()
	}
	return append([]engine.Seat{g.Turn}, g.Responding()...)
}

// mayAct reports whether seat s may act now: in setup while it chooses,
// later on its turn or in its out-of-turn discard window.
func (g *state) mayAct(s engine.Seat) bool {
	switch g.Phase {
	case PhaseOver:
		return false
	case PhaseSetup:
		return g.choosing(s)
	}
	return s == g.Turn || g.offTurn(s)
}

// Responding implements engine.Responder (ruling 15): the other players
// whose hand is full and holds a card they may discard, until they discard
// (which makes room and closes their window) or keep their cards for the
// rest of the turn. The table gives them its countdown and then keeps
// their cards for them (Timeout). A player with room has nothing a
// discard out of turn would make possible, so nobody with room is asked.
func (g *state) Responding() []engine.Seat {
	if g.Phase != PhaseActions || g.Players == 1 {
		return nil
	}
	var out []engine.Seat
	for s := range engine.Seat(g.Players) {
		if g.offTurn(s) {
			out = append(out, s)
		}
	}
	return out
}

// offTurn reports whether seat s is in an out-of-turn discard window: not
// its turn, a full hand with a card in it, not yet kept this turn.
func (g *state) offTurn(s engine.Seat) bool {
	if g.Phase != PhaseActions || g.Players == 1 || s == g.Turn || s < 0 || int(s) >= g.Players {
		return false
	}
	h := &g.Hands[s]
	return h.room() <= 0 && len(h.Cards) > 0 && g.Kept&(1<<s) == 0
}

// Outcome implements engine.State. The game is cooperative: every seat
// scores the number of filled shelves, and everyone wins or no one does.
func (g *state) Outcome() engine.Outcome {
	if g.Phase != PhaseOver {
		return engine.Outcome{}
	}
	o := engine.Outcome{Done: true, Scores: make([]int, g.Players), Summary: g.Summary}
	for s := range o.Scores {
		o.Scores[s] = g.filled()
		if g.Won {
			o.Winners = append(o.Winners, engine.Seat(s))
		}
	}
	return o
}

// Timeout implements engine.State: the first genre in setup, otherwise
// ending the turn's actions; out of turn, keeping one's cards.
func (g *state) Timeout(s engine.Seat) engine.Action {
	if g.offTurn(s) {
		return engine.Action{Kind: KindKeep}
	}
	legal := g.Legal(s)
	if len(legal) == 0 {
		return engine.Action{}
	}
	if a, ok := engine.Pick(legal, KindEnd); ok {
		return a
	}
	return legal[0]
}
