package labyrinth

import "arcade/engine"

// The rules that refusals and automatic effects cite: phrases that
// rules.md holds once each (see engine.Rule), besides its numbered
// rulings.
const (
	ruleSoloMix      engine.Rule = "novice (and every solo game)"
	ruleTurnOrder    engine.Rule = "Turns go round the seats in order"
	ruleFirstTurn    engine.Rule = "The first seat plays first"
	ruleActions      engine.Rule = "take up to three actions"
	ruleFlip         engine.Rule = "a dark tile next to you (not diagonal)"
	ruleRotate       engine.Rule = "your own tile or a lit tile next to you"
	ruleActivate     engine.Rule = "A Terror or Shelf tile activates with the next token."
	rulePassTile     engine.Rule = "with a player on your tile"
	ruleNoTerrorPass engine.Rule = "Captured Terrors cannot be passed"
	ruleBlock        engine.Rule = "Dark tiles, bookcases and tokens block"
	ruleCover        engine.Rule = "the cards you use must show every symbol the Terror needs"
	ruleCaptureSlot  engine.Rule = "They go under the Terror: the pile is one slot."
	ruleReturnSymbol engine.Rule = "a captured Terror showing the Shelf's symbol goes back"
	ruleReturnReward engine.Rule = "discarded and you draw a Reward card"
	ruleRewardTile   engine.Rule = "end on a Reward tile: you may draw a Reward card"
	ruleBoosters     engine.Rule = "nine boosters with two options each"
	ruleHandRoom     engine.Rule = "You can never draw or receive cards without room."
	ruleKeepTerror   engine.Rule = "but never a captured Terror"
	ruleRefill       engine.Rule = "An empty Book or Reward deck is refilled by shuffling its discards."
	ruleTrolley      engine.Rule = "You also have the Trolley"
	ruleRide         engine.Rule = "in a ride the cards and Terrors it holds can be used"
	ruleDisturb      engine.Rule = "the top Disturbance card strikes one of the four tiles"
	ruleStrikeDark   engine.Rule = "dark: it flips lit"
	ruleStrikeWake   engine.Rule = "a new Terror appears on it"
	ruleStrikeDim    engine.Rule = "any other empty tile: it flips dark"
	ruleWin          engine.Rule = "a Shelf of each of the six genres"
	ruleOutOfTime    engine.Rule = "the Out of Time card is revealed"
)

// Rulings of rules.md that refusals and effects cite.
var (
	rulingPassToken    = engine.Ruling(2)
	rulingCapture      = engine.Ruling(3)
	rulingCopier       = engine.Ruling(4)
	rulingTokenStop    = engine.Ruling(6)
	rulingNoRotate     = engine.Ruling(7)
	rulingStrikeTurns  = engine.Ruling(8)
	rulingNoShelf      = engine.Ruling(9)
	rulingSixTerrors   = engine.Ruling(10)
	rulingDoubleCurse  = engine.Ruling(11)
	rulingRideStart    = engine.Ruling(12)
	rulingStartBooks   = engine.Ruling(14)
	rulingOffTurn      = engine.Ruling(15)
	rulingTokenReturns = engine.Ruling(16)
	rulingOwnBoosters  = engine.Ruling(17)
	rulingPassages     = engine.Ruling(18)
	rulingPassageCard  = engine.Ruling(19)
	rulingTrolleyAlone = engine.Ruling(20)
	rulingNoTerror     = engine.Ruling(24)
	rulingRewardTile   = engine.Ruling(25)
)
