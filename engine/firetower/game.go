package firetower

import (
	_ "embed"

	"arcade/engine"
)

//go:embed rules.md
var rulesText string

// ID is the game's ID (Info().ID).
const ID = "firetower"

// Option keys.
const (
	OptFirestorm = "firestorm"
	OptTeam      = "team"
	OptDeck      = "deck"
)

// Game is Fire Tower as an engine.Game and engine.BotMaker.
type Game struct{}

// Info implements engine.Game.
func (Game) Info() engine.Info {
	return engine.Info{
		ID:         ID,
		Name:       "Fire Tower",
		Summary:    "Spread the blaze with wind and cards; the last fire tower standing wins.",
		MinPlayers: 2,
		MaxPlayers: 4,
		Options: []engine.OptionSpec{
			{Key: OptFirestorm, Name: "Firestorm", Kind: engine.Bool, Default: "false",
				Help: "shuffle the Firestorm card into the deck (a burned tower brings a partial firestorm either way)"},
			{Key: OptTeam, Name: "Teams", Kind: engine.Bool, Default: "false", MinPlayers: 4, MaxPlayers: 4,
				Help: "4 players only: partners sit diagonally; burn both opposing towers to win"},
			{Key: OptDeck, Name: "Deck", Kind: engine.Choice, Default: DeckStandard,
				Choices: []string{DeckStandard, DeckDeluxe, DeckClassic},
				Help:    "standard 50 cards with 3 Embers; deluxe 52; classic 50 without Ember"},
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
	if o.Bool(OptTeam) && players != 4 {
		return nil, engine.Illegal("The team variant needs exactly 4 players (two teams of two), not %d.", players)
	}
	return newState(players, o.Bool(OptTeam), o.Bool(OptFirestorm), o[OptDeck], seed), nil
}

// Restore implements engine.Game.
func (Game) Restore(data []byte) (engine.State, error) {
	return restore(data)
}

// DecodeView implements engine.Game.
func (Game) DecodeView(data []byte) (engine.View, error) { return engine.DecodeViewAs[View](data) }

func restore(data []byte) (*state, error) {
	var g state
	if err := engine.LoadState(ID, data, (*stateJSON)(&g), g.validate); err != nil {
		return nil, err
	}
	return &g, nil
}

// Outcome implements engine.State. A player scores the number of
// eliminations before theirs (survivors: all of them); in the team variant
// the winners score 1.
func (g *state) Outcome() engine.Outcome {
	if !g.Over {
		return engine.Outcome{}
	}
	scores := make([]int, g.Players)
	for s, st := range g.Seats {
		switch {
		case g.TeamPlay:
			for _, w := range g.Winners {
				if w == engine.Seat(s) {
					scores[s] = 1
				}
			}
		case st.Out:
			scores[s] = st.OutAt
		default:
			scores[s] = g.Elims
		}
	}
	return engine.Outcome{Done: true, Scores: scores, Winners: g.Winners, Summary: g.Summary}
}

// Timeout implements engine.State: the least eventful move. Keep the hand
// after a Firestorm, end the turn, discard the first card in Part 2 or when
// trimming, and otherwise the first square (the wind's gem, an Ember).
func (g *state) Timeout(s engine.Seat) engine.Action {
	legal := g.Legal(s)
	if len(legal) == 0 {
		return engine.Action{}
	}
	prefer := []engine.Action{
		{Kind: KindRedraw}, {Kind: KindEnd}, {Kind: KindPass}, {Kind: KindDiscard, Args: []int{0}}, {Kind: KindTrim, Args: []int{0}},
	}
	for _, p := range prefer {
		if a, ok := engine.Find(legal, p); ok {
			return a
		}
	}
	for _, a := range legal {
		if a.Kind != KindBucket {
			return a
		}
	}
	return legal[0]
}
