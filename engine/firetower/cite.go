package firetower

import "arcade/engine"

// The rules that refusals and automatic effects cite: rulings of rules.md
// by number, the others by a phrase that rules.md holds once (see
// engine.Rule). What each card does is its cardInfo's rule.
const (
	ruleStart       engine.Rule = "The player the wind blows toward starts"
	ruleTurnOrder   engine.Rule = "Play goes clockwise (seat order)"
	rulePartsOrder  engine.Rule = "A turn has two parts, played in order"
	rulePart2       engine.Rule = "Part 2, take one action"
	ruleCardWind    engine.Rule = "A wind change made by a card takes effect from the next turn"
	ruleBucketOnce  engine.Rule = "Each player has a Bucket (once per game"
	ruleReshuffle   engine.Rule = "the discard pile is shuffled into a new one"
	ruleDrawUp      engine.Rule = "draw back up to your hand size"
	ruleWindCards   engine.Rule = "Wind (North, East, South, West; 4 of each)"
	ruleWindGem     engine.Rule = "put one gem on an empty square just in the card's direction"
	ruleWindRoll    engine.Rule = "rolled again while it repeats the current wind"
	ruleEmberCard   engine.Rule = "lift a gem from outside the tower areas and put it on another empty square next to fire"
	ruleBreakOnto   engine.Rule = "Firebreak cards put firebreaks on empty forest"
	ruleBreakApart  engine.Rule = "never edge to edge with another firebreak"
	ruleStorm       engine.Rule = "every empty square just that way from fire gets a gem, all at once"
	ruleStormRedraw engine.Rule = "each player, from the one who drew it on, may discard any cards and draw back up"
	ruleStormWind   engine.Rule = "roll the die for the new wind"
	ruleOut         engine.Rule = "The player whose tower burns is out"
	ruleTakeCards   engine.Rule = "Whoever burned it takes all their cards"
	ruleKeepCards   engine.Rule = "they keep 6 cards and discard the rest"
	ruleHandGrows   engine.Rule = "everyone now plays with 6 cards"
	ruleDeadWind    engine.Rule = "The wind cannot blow in a direction that threatens no tower still standing"
	ruleTeams       engine.Rule = "Partners sit diagonally"
	ruleTeamBurn    engine.Rule = "A burned tower does not put its player out"
)

// The numbered rulings cited.
var (
	rulingWindStep   = engine.Ruling(1)
	rulingBreakAreas = engine.Ruling(2)
	rulingTouchFire  = engine.Ruling(3)
	rulingExplosion  = engine.Ruling(5)
	rulingWater      = engine.Ruling(6)
	rulingBucket     = engine.Ruling(7)
	rulingFirestorm  = engine.Ruling(8)
	rulingOwnTower   = engine.Ruling(10)
	rulingChange     = engine.Ruling(14)
	rulingEmber      = engine.Ruling(17)
	rulingPartial    = engine.Ruling(19)
	rulingWindRoll   = engine.Ruling(21)
	rulingEmberBack  = engine.Ruling(26)
)
