package horror

import "arcade/engine"

// The rules that refusals and automatic effects cite, as phrases that
// rules.md holds once (engine.Rule); the rulings are cited by number.
const (
	ruleTurnOrder    engine.Rule = "play then runs in seat order"
	ruleColours      engine.Rule = "each player first chooses which colours of their Horror they need"
	ruleStartRoom    engine.Rule = "chooses a starting room (any room but the Portal"
	ruleMove         engine.Rule = "through a door into the next room"
	ruleDoors        engine.Rule = "You pass between rooms only where both facing sides are doors"
	ruleClosedDoor   engine.Rule = "Fortitude -1 when either is closed"
	ruleActions      engine.Rule = "You have three actions a turn"
	ruleRotate       engine.Rule = "your room or an adjacent one a quarter turn"
	ruleSearch       engine.Rule = "a bookcase or a drawer of your room"
	ruleBookcase     engine.Rule = "roll the yellow and white dice and read the Library Bookcase screen"
	ruleDrawer       engine.Rule = "Drawer: draw a token from the bag"
	ruleBag          engine.Rule = "refilled when empty"
	ruleMirror       engine.Rule = "go to any other room with a mirror"
	rulePicture      engine.Rule = "At a picture: roll a die"
	ruleExchangeAt   engine.Rule = "at a bookcase of your room (counts as a search)"
	ruleExchangeSet  engine.Rule = "give two spare components of one colour, or three of different colours"
	ruleExchangeWant engine.Rule = "for the needed component of a colour you choose"
	rulePlaced       engine.Rule = "goes on your Horror card at once"
	ruleAttack       engine.Rule = "Attack a ghost in your room"
	ruleDrive        engine.Rule = "drive it to any other room, at most 4 a room"
	ruleProtection   engine.Rule = "played only in answer to a Knife, Revolver, Poison"
	ruleLoot         engine.Rule = "A hit lets the attacker take"
	ruleWin          engine.Rule = "Beat them all and you win"
)

// cardRules are the rules of the Blessings and Curses, by kind: what
// each does (Protections: when they may be played).
var cardRules = [numKinds]engine.Rule{
	FreeTravel: "your next mirror this turn costs nothing",
	LockPicks:  "closed doors are free for the rest of this turn",
	ProtStab:   ruleProtection,
	ProtShoot:  ruleProtection,
	ProtPoison: ruleProtection,
	Restore:    "Fortitude back up to +5",
	Visitation: "-2 Fortitude to you, at once",
	Locked:     "you miss your next turn, at once",
	Pointless:  "your Fortitude falls to 0, at once",
	Knife:      "Knife x3 -1 to a player in your room",
	Revolver:   "-3 to a player in your room or next door through open doors",
	Poison:     "Poison x1 -4 to a player in your room",
}
