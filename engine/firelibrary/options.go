package firelibrary

import (
	"strings"

	"arcade/engine"
)

// Option keys and values (engine.OptionSpec keys).
const (
	OptMode    = "mode"     // ModeStandard, ModeRobot, ModeSoloRobot or ModeLone
	OptNoTools = "no_tools" // "true": the No Tool variant
	OptFire    = "fire"     // FireNormal, FireWild or FireInferno
	OptTech    = "tech"     // "true": the Technology Books micro expansion

	ModeStandard  = "standard"       // the multiplayer game, 2-6 players
	ModeRobot     = "robot"          // Multiplayer with Robot Player, 2-5 players
	ModeSoloRobot = "solo-robot"     // Solo Robot variant, 1 player
	ModeLone      = "lone-librarian" // Lone Librarian variant, 1 player

	FireNormal  = "normal"
	FireWild    = "wild"
	FireInferno = "inferno"
)

// Lone Librarian: rounds, and the scores to beat (rulebook: "more than").
const (
	loneRounds  = 12
	loneWin     = 125
	loneHonours = 160
)

var optionSpecs = []engine.OptionSpec{
	{Key: OptMode, Name: "Mode", Kind: engine.Choice,
		Choices: []string{ModeStandard, ModeRobot, ModeSoloRobot, ModeLone}, Default: ModeStandard,
		Help: "standard: 2-6 players. robot: adds the Robot Player, 2-5 players. " +
			"solo-robot: one player against the Robot. lone-librarian: one player, " +
			"12 rounds, more than 125 points wins (160: with honours)."},
	{Key: OptNoTools, Name: "No tools", Kind: engine.Bool, Default: "false",
		Help: "No Tool variant: nobody holds or gains tools; when anyone triggers " +
			"Fire Spreading, the first other player to press Burn! scores 1 point."},
	{Key: OptFire, Name: "Fire", Kind: engine.Choice,
		Choices: []string{FireNormal, FireWild, FireInferno}, Default: FireNormal,
		Help: "wild: no tool for escaping early, two cards burn at the end of each " +
			"round. inferno: wild, and Turn Order cards are dealt at random every round."},
	{Key: OptTech, Name: "Technology books", Kind: engine.Bool, Default: "false",
		Help: "Technology Books micro expansion: 3 teal books worth the highest " +
			"section value, and one more Fire token in the bag."},
}

// variant is the set of table options a game was created with.
type variant struct {
	Mode    string `json:"mode"`
	NoTools bool   `json:"no_tools"`
	Fire    string `json:"fire"`
	Tech    bool   `json:"tech"`
}

// parseVariant reads resolved options and refuses the combinations the
// rulebook rules out for the given number of players.
func parseVariant(players int, opts engine.Options) (variant, error) {
	v := variant{Mode: opts[OptMode], NoTools: opts.Bool(OptNoTools), Fire: opts[OptFire], Tech: opts.Bool(OptTech)}
	switch v.Mode {
	case ModeStandard:
		if players == 1 {
			return v, engine.Illegal("One player needs a solo mode: choose solo-robot or lone-librarian")
		}
	case ModeRobot:
		if players == 1 {
			return v, engine.Illegal("The Robot Player variant is for 2 to 5 players; one player plays solo-robot")
		}
		if players == 6 {
			return v, engine.Illegal("The Robot Player variant needs fewer than six players (it takes a Turn Order card)")
		}
	case ModeSoloRobot, ModeLone:
		if players != 1 {
			return v, engine.Illegal("The %s variant is for exactly one player, not %d", v.Mode, players)
		}
	}
	return v, nil
}

func (v variant) solo() bool     { return v.Mode == ModeSoloRobot || v.Mode == ModeLone }
func (v variant) hasRobot() bool { return v.Mode == ModeRobot || v.Mode == ModeSoloRobot }
func (v variant) wild() bool     { return v.Fire == FireWild || v.Fire == FireInferno }

// burnsInStep3 reports whether the Library burns at the end of a round
// (the Robot variants burn only on the Robot's turn; the Lone Librarian
// burns after each turn, which is its round).
func (v variant) burnsInStep3() bool { return v.Mode == ModeStandard || v.Mode == ModeLone }

// variantNames are the rulebook's names of the option values.
var variantNames = map[string]string{
	ModeRobot: "Robot Player", ModeSoloRobot: "Solo Robot", ModeLone: "Lone Librarian",
	FireWild: "Wild Fire", FireInferno: "Inferno",
}

// describe lists the variants in play for the view, e.g. "Robot Player,
// Wild Fire".
func (v variant) describe() string {
	var parts []string
	add := func(name string, on bool) {
		if on && name != "" {
			parts = append(parts, name)
		}
	}
	add(variantNames[v.Mode], true)
	add("No Tool", v.NoTools)
	add(variantNames[v.Fire], true)
	add("Technology Books", v.Tech)
	return strings.Join(parts, ", ")
}
