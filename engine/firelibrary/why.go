package firelibrary

import "arcade/engine"

// This file names the rules of rules.md that refusals and automatic
// effects cite (engine.Rule): a phrase its sections hold once, or a
// numbered ruling.

// Phrases of the rule sections.
const (
	ruleChoosing     engine.Rule = "the player with the lowest score chooses a card first"
	ruleLastCard     engine.Rule = "takes the last card automatically"
	ruleTurnOrder    engine.Rule = "player turns, in card order"
	ruleSafeFire     engine.Rule = "A first fire on a safe space just sits there"
	ruleSpreadBurns  engine.Rule = "Each book on your card burns the top card of its section"
	ruleMarket       engine.Rule = "The market is refilled to three"
	ruleStep3Burn    engine.Rule = "The card with the lowest burn index burns"
	ruleSwap         engine.Rule = "every player may discard one tool"
	ruleEndBooks     engine.Rule = "books left on the cards of players still to play score for them"
	ruleToolTokens   engine.Rule = "with any tokens on them going back to the bag"
	ruleAsked        engine.Rule = "Who is asked never depends on which tools anyone holds"
	ruleModes        engine.Rule = "One player needs a solo mode"
	ruleChallenge    engine.Rule = "Solo challenge (house rules, the table option challenge)"
	ruleRobotCard    engine.Rule = "always the earliest free card"
	ruleRobotTurn    engine.Rule = "it flips the top tool card"
	ruleRobotNoBurn  engine.Rule = "In step 3 the Library does not burn"
	ruleRobotWins    engine.Rule = "The Robot wins if it has more points than everyone"
	ruleSoloRobot    engine.Rule = "otherwise it flips a tool card as above"
	ruleSoloWin      engine.Rule = "Beat the Robot's score to win"
	ruleLoneRounds   engine.Rule = "Lone Librarian. 12 rounds, one turn each"
	ruleLoneBurned   engine.Rule = "-10 for each turn not taken"
	ruleLoneStanding engine.Rule = "+2 for each Section of the Library still standing"
	ruleSoloCards    engine.Rule = "a used card is set aside until all six have been used"
	ruleCardsBack    engine.Rule = "then all six come back"
	ruleBurnCall     engine.Rule = "No Tool. Nobody holds or gains tools. When anyone triggers Fire Spreading, every " +
		"player may call Burn!"
	ruleNoTools  engine.Rule = "No Tool. Nobody holds or gains tools"
	ruleWildFire engine.Rule = "Wild Fire. No tool for escaping from safe spaces only"
	ruleInferno  engine.Rule = "Inferno. Wild Fire, and the Turn Order cards are dealt at random"
)

// The numbered rulings that refusals and effects cite, by what they
// settle.
var (
	rulingBust       = engine.Ruling(1)
	rulingBravery    = engine.Ruling(2)
	rulingIcon       = engine.Ruling(3)
	rulingCollapse   = engine.Ruling(4)
	rulingOnlyFires  = engine.Ruling(5)
	rulingEmptyDeck  = engine.Ruling(6)
	rulingCardSets   = engine.Ruling(9)
	rulingEscape     = engine.Ruling(10)
	rulingFullCard   = engine.Ruling(11)
	rulingSwaps      = engine.Ruling(13)
	rulingHighest    = engine.Ruling(15)
	rulingSameTime   = engine.Ruling(16)
	rulingRobot      = engine.Ruling(29)
	rulingRobotBrave = engine.Ruling(30)
	rulingSoloRobot  = engine.Ruling(31)
	rulingLone       = engine.Ruling(32)
	rulingNoTool     = engine.Ruling(34)
	rulingTech       = engine.Ruling(35)
	rulingSaving     = engine.Ruling(37) // the Saving Books tools' window
	rulingSpreading  = engine.Ruling(38) // the Fire Spreading tools' window
	rulingAfter      = engine.Ruling(39) // the After Scoring tools' window
)

// toolRules are the rulings on each tool (the Shovel and the Torch share
// one).
var toolRules = [numTools]engine.Rule{
	toolAmulet: engine.Ruling(17), toolAxe: engine.Ruling(18), toolBucket: engine.Ruling(19),
	toolCloak: engine.Ruling(20), toolCollector: engine.Ruling(21), toolGloves: engine.Ruling(22),
	toolKnapsack: engine.Ruling(23), toolCart: engine.Ruling(24), toolLockbox: engine.Ruling(25),
	toolMap: engine.Ruling(26), toolShovel: engine.Ruling(27), toolTorch: engine.Ruling(27),
	toolSlingshot: engine.Ruling(28),
}

// cardToolRule is the ruling on the tool of tool card card.
func cardToolRule(card int) engine.Rule { return toolRules[card/copiesPerTool] }

// phaseRules are the rules of what the game is waiting for in each phase
// (doing says it in words).
var phaseRules = map[Phase]engine.Rule{
	PhaseAmulet: toolRules[toolAmulet],
	PhaseOrder:  ruleChoosing,
	PhaseSave:   ruleTurnOrder,
	PhasePlace:  toolRules[toolShovel],
	PhaseSpread: "When Fire Spreading triggers, before anything burns, a window opens",
	PhaseTool:   "you take a tool from the market or the top of the deck",
	PhaseAfter:  "After Scoring: after an escape",
	PhaseSwap:   rulingSwaps,
}

// windowRules are the timing rules behind each reason a tool's window is
// shut (toolWindow).
var windowRules = [...]engine.Rule{
	shutAmulet:    toolRules[toolAmulet],
	shutSaving:    rulingSaving,
	shutSpreading: rulingSpreading,
	shutNoTools:   ruleNoTools,
	shutAxe:       rulingSpreading,
	shutActive:    rulingSpreading,
	shutAfter:     rulingAfter,
}

// rule is the timing rule that shuts the window ("" when it is open).
func (w windowShut) rule() engine.Rule { return windowRules[w] }
