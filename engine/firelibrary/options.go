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
	// OptChallenge is the solo modes' level: ChallengeRulebook, or the
	// house rules ChallengeHard and ChallengeExpert.
	OptChallenge = "challenge"

	ModeStandard  = "standard"       // the multiplayer game, 2-6 players
	ModeRobot     = "robot"          // Multiplayer with Robot Player, 2-5 players
	ModeSoloRobot = "solo-robot"     // Solo Robot variant, 1 player
	ModeLone      = "lone-librarian" // Lone Librarian variant, 1 player

	FireNormal  = "normal"
	FireWild    = "wild"
	FireInferno = "inferno"

	ChallengeRulebook = "rulebook" // the rulebook's thresholds
	ChallengeHard     = "hard"     // house rule: the normal bot wins about half its games
	ChallengeExpert   = "expert"   // house rule: the normal bot wins about a quarter
)

// loneRounds is the Lone Librarian's number of rounds.
const loneRounds = 12

// challengeLevel is what a challenge level changes: the Lone Librarian's
// scores to beat (the rulebook: "more than") and the points the Solo
// Robot starts with. The hard and expert figures are set from 1,000 games
// of the normal bot each (docs/bots.md).
type challengeLevel struct {
	LoneWin, LoneHonours int
	RobotStart           int
	LoneRule             engine.Rule // the rule that states LoneWin
}

// challenges are the levels by option value.
var challenges = map[string]challengeLevel{
	ChallengeRulebook: {LoneWin: 125, LoneHonours: 160, LoneRule: "More than 125 points wins"},
	ChallengeHard:     {LoneWin: 147, LoneHonours: 182, RobotStart: 30, LoneRule: "must score more than 147"},
	ChallengeExpert:   {LoneWin: 162, LoneHonours: 197, RobotStart: 42, LoneRule: "expert: more than 162"},
}

var optionSpecs = []engine.OptionSpec{
	{Key: OptMode, Name: "Mode", Kind: engine.Choice,
		Choices: []string{ModeStandard, ModeRobot, ModeSoloRobot, ModeLone}, Default: ModeStandard,
		Help: "standard: 2-6 players. robot: adds the Robot Player, 2-5 players. " +
			"solo-robot: one player against the Robot. lone-librarian: one player, " +
			"12 rounds, more than 125 points wins (160: with honours)."},
	{Key: OptNoTools, Name: "No tools", Kind: engine.Bool, Default: "false",
		Help: "No Tool variant: nobody holds or gains tools; when anyone triggers " +
			"Fire Spreading, every player who presses Burn! scores 1 point."},
	{Key: OptFire, Name: "Fire", Kind: engine.Choice,
		Choices: []string{FireNormal, FireWild, FireInferno}, Default: FireNormal,
		Help: "wild: no tool for escaping early, two cards burn at the end of each " +
			"round. inferno: wild, and Turn Order cards are dealt at random every round."},
	{Key: OptTech, Name: "Technology books", Kind: engine.Bool, Default: "false",
		Help: "Technology Books micro expansion: 3 teal books worth the highest " +
			"section value, and one more Fire token in the bag."},
	{Key: OptChallenge, Name: "Solo challenge", Kind: engine.Choice,
		Choices: []string{ChallengeRulebook, ChallengeHard, ChallengeExpert}, Default: ChallengeRulebook,
		When: &engine.OptionWhen{Key: OptMode, Values: []string{ModeSoloRobot, ModeLone}},
		Help: "The solo modes only. rulebook: as printed. House rules: hard: the Lone Librarian " +
			"must score more than 147 (182 with honours), the Solo Robot starts with 30 points; " +
			"expert: more than 162 (197), the Robot starts with 42."},
}

// variant is the set of table options a game was created with.
type variant struct {
	Mode    string `json:"mode"`
	NoTools bool   `json:"no_tools"`
	Fire    string `json:"fire"`
	Tech    bool   `json:"tech"`
	// Challenge is the solo level; "" in games saved before levels
	// existed reads as the rulebook's.
	Challenge string `json:"challenge,omitempty"`
}

// parseVariant reads resolved options and refuses the combinations the
// rulebook rules out for the given number of players.
func parseVariant(players int, opts engine.Options) (variant, error) {
	v := variant{Mode: opts[OptMode], NoTools: opts.Bool(OptNoTools), Fire: opts[OptFire], Tech: opts.Bool(OptTech)}
	if c := opts[OptChallenge]; c != "" && c != ChallengeRulebook {
		if !v.solo() {
			return v, engine.Refuse(ruleChallenge, "The challenge levels are for the solo modes (solo-robot, lone-librarian)")
		}
		v.Challenge = c
	}
	switch v.Mode {
	case ModeStandard:
		if players == 1 {
			return v, engine.Refuse(ruleModes, "One player needs a solo mode: choose solo-robot or lone-librarian")
		}
	case ModeRobot:
		if players == 1 {
			return v, engine.Refuse(ruleModes, "The Robot Player variant is for 2 to 5 players; one player plays solo-robot")
		}
		if players == 6 {
			return v, engine.Refuse(ruleModes, "The Robot Player variant needs fewer than six players (it takes a Turn Order card)")
		}
	case ModeSoloRobot, ModeLone:
		if players != 1 {
			return v, engine.Refuse(ruleModes, "The %s variant is for exactly one player, not %d", v.Mode, players)
		}
	}
	return v, nil
}

func (v variant) solo() bool { return v.Mode == ModeSoloRobot || v.Mode == ModeLone }

// level is the variant's challenge level (the rulebook's when unset).
func (v variant) level() challengeLevel {
	if l, ok := challenges[v.Challenge]; ok {
		return l
	}
	return challenges[ChallengeRulebook]
}
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

// challengeNames are the house rules' names in the variant line.
var challengeNames = map[string]string{
	ChallengeHard: "Hard challenge (house rule)", ChallengeExpert: "Expert challenge (house rule)",
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
	add(challengeNames[v.Challenge], true)
	return strings.Join(parts, ", ")
}
