package horror

import (
	"fmt"

	"arcade/engine"
)

// The events' words: every fact the rules record, as numbers, and how it
// says itself. Seats are named with engine.SeatRef.

// place is a cell of the library as the words name it: its tile and the
// library's size.
type place struct{ Cell, Tile, Size int8 }

// place is cell c of g as the words name it.
func (g *state) place(c int) place { return place{int8(c), int8(g.Cells[c].Tile), int8(g.Size)} }

// name names the place: "room 7 (b2)" or "the Portal".
func (p place) name() string {
	if int(p.Cell) == int(p.Size)*int(p.Size)/2 {
		return "the Portal"
	}
	return fmt.Sprintf("room %d (%s)", p.Tile+1, CellName(int(p.Cell), int(p.Size)))
}

// seatSet is a set of seats, one bit each.
type seatSet uint8

// with is the set with seat s added.
func (m seatSet) with(s engine.Seat) seatSet { return m | 1<<s }

// words names the seats in order: "{seat0}, {seat1} and {seat2}".
func (m seatSet) words() string {
	var seats []engine.Seat
	for s := range engine.Seat(8) {
		if m&(1<<s) != 0 {
			seats = append(seats, s)
		}
	}
	return engine.JoinSeats(seats)
}

// either is yes when b holds, else no.
func either(b bool, yes, no string) string {
	if b {
		return yes
	}
	return no
}

// choseColours: Seat chose the Count colours its Horror needs.
type choseColours struct {
	Seat  engine.Seat
	Count int
}

// Words implements engine.Fact.
func (f choseColours) Words() string {
	return fmt.Sprintf("%s chooses the %d components their Horror needs", engine.SeatRef(f.Seat), f.Count)
}

// needs tells a seat the components its Horror needs.
type needs struct {
	Horror int
	Need   [numColours]bool
}

// Words implements engine.Fact.
func (f needs) Words() string {
	var parts []string
	for c, n := range f.Need {
		if n {
			parts = append(parts, horrors[f.Horror].Items[c]+" ("+colourNames[c]+")")
		}
	}
	if len(parts) == 0 {
		return "You need colours still to choose"
	}
	return "You need " + engine.JoinAnd(parts)
}

// startedIn: Seat starts in Room.
type startedIn struct {
	Seat engine.Seat
	Room place
}

// Words implements engine.Fact.
func (f startedIn) Words() string {
	return fmt.Sprintf("%s starts in %s", engine.SeatRef(f.Seat), f.Room.name())
}

// rotated: Seat turned Room a quarter, anticlockwise when Anti.
type rotated struct {
	Seat engine.Seat
	Room place
	Anti bool
}

// Words implements engine.Fact.
func (f rotated) Words() string {
	return fmt.Sprintf("%s turns %s a quarter %s", engine.SeatRef(f.Seat), f.Room.name(),
		either(f.Anti, "anticlockwise", "clockwise"))
}

// mirrored: Seat went through the mirror of From to To, paying Cost
// Fortitude (Fort left).
type mirrored struct {
	Seat       engine.Seat
	From, To   place
	Cost, Fort int
}

// Words implements engine.Fact.
func (f mirrored) Words() string {
	return fmt.Sprintf("%s looks into the mirror of %s and is carried to %s (Fortitude -%d: %+d)",
		engine.SeatRef(f.Seat), f.From.name(), f.To.name(), f.Cost, f.Fort)
}

// Rule implements engine.Ruled: what a mirror does and costs.
func (mirrored) Rule() engine.Rule { return ruleMirror }

// pictured: Seat looked at the picture in Room, rolled Die and gained
// Gain Fortitude (Fort now).
type pictured struct {
	Seat            engine.Seat
	Room            place
	Die, Gain, Fort int
}

// Words implements engine.Fact.
func (f pictured) Words() string {
	return fmt.Sprintf("%s looks at the picture in %s: rolls %d, Fortitude +%d (%+d)",
		engine.SeatRef(f.Seat), f.Room.name(), f.Die, f.Gain, f.Fort)
}

// Rule implements engine.Ruled: what a picture gives.
func (pictured) Rule() engine.Rule { return rulePicture }

// droveGhost: Seat drove the beaten ghost of level Level to To.
type droveGhost struct {
	Seat  engine.Seat
	Level int
	To    place
}

// Words implements engine.Fact.
func (f droveGhost) Words() string {
	return fmt.Sprintf("%s drives the level %d ghost to %s", engine.SeatRef(f.Seat), f.Level, f.To.name())
}

// tookBlow: Seat, a weapon's victim, played no Protection.
type tookBlow struct{ Seat engine.Seat }

// Words implements engine.Fact.
func (f tookBlow) Words() string { return engine.SeatRef(f.Seat) + " has no Protection to play" }

// Rule implements engine.Ruled: without a Protection the blow lands.
func (tookBlow) Rule() engine.Rule { return engine.Ruling(10) }

// tookNothing: Seat took nothing from its Victim.
type tookNothing struct{ Seat, Victim engine.Seat }

// Words implements engine.Fact.
func (f tookNothing) Words() string {
	return engine.SeatRef(f.Seat) + " takes nothing from " + engine.SeatRef(f.Victim)
}

// endedTurn: Seat ended its turn.
type endedTurn struct{ Seat engine.Seat }

// Words implements engine.Fact.
func (f endedTurn) Words() string { return engine.SeatRef(f.Seat) + " ends their turn" }

// missedTurn: Seat, locked in a room, missed its turn.
type missedTurn struct{ Seat engine.Seat }

// Words implements engine.Fact.
func (f missedTurn) Words() string {
	return engine.SeatRef(f.Seat) + " is locked in a room by a spirit and misses this turn"
}

// Rule implements engine.Ruled: Locked in a Room.
func (missedTurn) Rule() engine.Rule { return cardRules[Locked] }

// drained: the ghosts in Room drained Seat's Fortitude by Damage (Fort
// left), as its turn began (Turn) or as it entered.
type drained struct {
	Seat         engine.Seat
	Room         place
	Damage, Fort int
	Turn         bool
}

// Words implements engine.Fact.
func (f drained) Words() string {
	if f.Turn {
		return fmt.Sprintf("%s's turn: the ghosts in %s drain their Fortitude by %d (%+d)",
			engine.SeatRef(f.Seat), f.Room.name(), f.Damage, f.Fort)
	}
	return fmt.Sprintf("The ghosts in %s drain %s's Fortitude by %d (%+d)",
		f.Room.name(), engine.SeatRef(f.Seat), f.Damage, f.Fort)
}

// Rule implements engine.Ruled: ghosts hurt at the start of a turn
// (ruling 3) and whoever enters their room (ruling 4).
func (f drained) Rule() engine.Rule {
	if f.Turn {
		return engine.Ruling(3)
	}
	return engine.Ruling(4)
}

// roundsOver: the game ended after Rounds rounds, won by Winners with
// Score components placed.
type roundsOver struct {
	Rounds, Score int
	Winners       seatSet
}

// Words implements engine.Fact.
func (f roundsOver) Words() string {
	return fmt.Sprintf("After %d rounds nobody has reached the Portal: %s %s with %d %s placed",
		f.Rounds, f.Winners.words(), either(f.Winners&(f.Winners-1) != 0, "share the win", "wins"),
		f.Score, engine.Plural(f.Score, "component", "components"))
}

// Rule implements engine.Ruled: the round limit.
func (roundsOver) Rule() engine.Rule { return engine.Ruling(18) }

// The doors a move goes through.
const (
	doorOpen   = iota // an open door
	doorPicked        // a closed door, its lock picked
	doorClosed        // a closed door, paid for with Fortitude
)

// went: Seat went in direction Dir through a door of kind Door into To
// (Fort left).
type went struct {
	Seat            engine.Seat
	Dir, Door, Fort int
	To              place
}

// Words implements engine.Fact.
func (f went) Words() string {
	door := "an open door"
	switch f.Door {
	case doorPicked:
		door = "a closed door, picking its lock"
	case doorClosed:
		door = fmt.Sprintf("a closed door (Fortitude -1: %+d)", f.Fort)
	}
	return fmt.Sprintf("%s goes %s through %s into %s", engine.SeatRef(f.Seat), dirNames[f.Dir], door, f.To.name())
}

// Rule implements engine.Ruled: what a closed door costs, or Lock Picks
// (none for an open door).
func (f went) Rule() engine.Rule {
	switch f.Door {
	case doorPicked:
		return cardRules[LockPicks]
	case doorClosed:
		return ruleClosedDoor
	}
	return ""
}

// portalRolled: Seat rolled Die against a ghost of level Level in the
// Portal; when it lost, it has Fort left and went back to Back.
type portalRolled struct {
	Seat             engine.Seat
	Die, Level, Fort int
	Lost             bool
	Back             place
}

// Words implements engine.Fact.
func (f portalRolled) Words() string {
	if f.Lost {
		return fmt.Sprintf("%s rolls %d against a level %d ghost in the Portal and loses: Fortitude -%d (%+d), back to %s",
			engine.SeatRef(f.Seat), f.Die, f.Level, f.Level, f.Fort, f.Back.name())
	}
	return fmt.Sprintf("%s rolls %d and beats a level %d ghost in the Portal", engine.SeatRef(f.Seat), f.Die, f.Level)
}

// Rule implements engine.Ruled: a die against each ghost in the Portal.
func (portalRolled) Rule() engine.Rule { return engine.Ruling(6) }

// won: Seat entered the Portal and confronted its Horror.
type won struct {
	Seat   engine.Seat
	Horror int
}

// Words implements engine.Fact.
func (f won) Words() string {
	return fmt.Sprintf("%s enters the Portal with every component, confronts %s and wins the game!",
		engine.SeatRef(f.Seat), horrors[f.Horror].Name)
}

// Rule implements engine.Ruled: beating every ghost in the Portal wins.
func (won) Rule() engine.Rule { return ruleWin }

// searched: Seat searched a bookcase or a drawer in Room with its search
// marker Marker.
type searched struct {
	Seat   engine.Seat
	Drawer bool
	Room   place
	Marker int
}

// Words implements engine.Fact.
func (f searched) Words() string {
	return fmt.Sprintf("%s searches %s in %s (search marker %d)", engine.SeatRef(f.Seat),
		either(f.Drawer, "a drawer", "a bookcase"), f.Room.name(), f.Marker)
}

// bookcaseRolled: Seat rolled Yellow and White at a bookcase, naming
// Colour, whose deck was Empty or gave a card.
type bookcaseRolled struct {
	Seat                  engine.Seat
	Yellow, White, Colour int
	Empty                 bool
}

// Words implements engine.Fact.
func (f bookcaseRolled) Words() string {
	if f.Empty {
		return fmt.Sprintf("%s rolls yellow %d, white %d: %s %s, but that deck is empty",
			engine.SeatRef(f.Seat), f.Yellow, f.White, colourNames[f.Colour], colourKinds[f.Colour])
	}
	return fmt.Sprintf("%s rolls yellow %d, white %d: a %s %s card",
		engine.SeatRef(f.Seat), f.Yellow, f.White, colourNames[f.Colour], colourKinds[f.Colour])
}

// Rule implements engine.Ruled: the Library Bookcase screen, or an
// empty deck (ruling 15).
func (f bookcaseRolled) Rule() engine.Rule {
	if f.Empty {
		return engine.Ruling(15)
	}
	return ruleBookcase
}

// gotComponent tells a seat the component it found or took (Taken) and
// whether it went on its Horror card (Placed).
type gotComponent struct {
	Component     int
	Taken, Placed bool
}

// Words implements engine.Fact.
func (f gotComponent) Words() string {
	return fmt.Sprintf("You %s the %s: %s", either(f.Taken, "take", "find"), componentName(f.Component),
		either(f.Placed, "it goes on your Horror card", "not one you need, kept for an exchange"))
}

// Rule implements engine.Ruled: a needed component goes on the Horror
// card at once.
func (gotComponent) Rule() engine.Rule { return rulePlaced }

// placed: Seat placed its Count-th component of Of.
type placed struct {
	Seat      engine.Seat
	Count, Of int
}

// Words implements engine.Fact.
func (f placed) Words() string {
	return fmt.Sprintf("%s places a component on their Horror card (%d of %d)", engine.SeatRef(f.Seat), f.Count, f.Of)
}

// Rule implements engine.Ruled: a needed component goes on the Horror
// card at once.
func (placed) Rule() engine.Rule { return rulePlaced }

// Why a room's search markers summoned no ghost.
const (
	summonedOne = iota // a ghost came
	ghostsOut          // every ghost is out already
	roomFull           // the room holds maxGhostsRoom ghosts
)

// summoned: Markers search markers in Room summoned a ghost of level
// Level that drained Hurt, or none (Why).
type summoned struct {
	Markers, Level, Why int
	Room                place
	Hurt                seatSet
}

// Words implements engine.Fact.
func (f summoned) Words() string {
	switch f.Why {
	case ghostsOut:
		return fmt.Sprintf("%d search markers in %s, but every ghost is already out", f.Markers, f.Room.name())
	case roomFull:
		return fmt.Sprintf("%d search markers in %s, but the room holds %d ghosts already", f.Markers, f.Room.name(), maxGhostsRoom)
	}
	return fmt.Sprintf("%d search markers in %s summon a level %d ghost! It drains %s's Fortitude by %d",
		f.Markers, f.Room.name(), f.Level, f.Hurt.words(), f.Level)
}

// Rule implements engine.Ruled: search markers summon a ghost (ruling
// 2), but no more than 4 in a room (ruling 19).
func (f summoned) Rule() engine.Rule {
	if f.Why == roomFull {
		return engine.Ruling(19)
	}
	return engine.Ruling(2)
}

// bagRefilled: the bag ran empty and every token went back in.
type bagRefilled struct{}

// Words implements engine.Fact.
func (bagRefilled) Words() string { return "The bag is empty: every token goes back in" }

// Rule implements engine.Ruled: the bag is refilled when empty.
func (bagRefilled) Rule() engine.Rule { return ruleBag }

// cardDeck names a card's deck: Blessing or Curse.
func cardDeck(curse bool) string { return either(curse, "Curse", "Blessing") }

// drewToken: Seat drew a Blessing or Curse token and took a card face
// down, or found every card of that deck held (not Card).
type drewToken struct {
	Seat        engine.Seat
	Curse, Card bool
}

// Words implements engine.Fact.
func (f drewToken) Words() string {
	d := cardDeck(f.Curse)
	if !f.Card {
		return fmt.Sprintf("%s draws a %s token, but every %s card is held", engine.SeatRef(f.Seat), d, d)
	}
	return fmt.Sprintf("%s draws a %s token and takes a %s card, face down", engine.SeatRef(f.Seat), d, d)
}

// Rule implements engine.Ruled: a drawer's token and card, or a deck
// whose cards are all held (ruling 15).
func (f drewToken) Rule() engine.Rule {
	if !f.Card {
		return engine.Ruling(15)
	}
	return ruleDrawer
}

// yourCard tells a seat the kind of the card it drew.
type yourCard struct {
	Curse bool
	Kind  int
}

// Words implements engine.Fact.
func (f yourCard) Words() string {
	return fmt.Sprintf("Your %s card is %s", cardDeck(f.Curse), kindNames[f.Kind])
}

// drewCurse: Seat drew a Curse token and a Curse of kind Kind, played
// at once.
type drewCurse struct {
	Seat engine.Seat
	Kind int
}

// Words implements engine.Fact.
func (f drewCurse) Words() string {
	return fmt.Sprintf("%s draws a Curse token: %s, played at once", engine.SeatRef(f.Seat), kindNames[f.Kind])
}

// Rule implements engine.Ruled: some Curses are played at once.
func (f drewCurse) Rule() engine.Rule { return cardRules[f.Kind] }

// cursed: a Curse of kind Kind played at once struck Seat (Fort left).
type cursed struct {
	Seat       engine.Seat
	Kind, Fort int
}

// Words implements engine.Fact.
func (f cursed) Words() string {
	switch f.Kind {
	case Visitation:
		return fmt.Sprintf("A visitation drains %s's Fortitude by 2 (%+d)", engine.SeatRef(f.Seat), f.Fort)
	case Locked:
		return "A spirit locks " + engine.SeatRef(f.Seat) + " in the room: they miss their next turn"
	}
	return fmt.Sprintf("Pointless: %s's Fortitude falls to %+d", engine.SeatRef(f.Seat), f.Fort)
}

// Rule implements engine.Ruled: what the Curse does (Pointless:
// ruling 16).
func (f cursed) Rule() engine.Rule {
	if f.Kind == Pointless {
		return engine.Ruling(16)
	}
	return cardRules[f.Kind]
}

// weaponPlayed: Seat played a weapon of kind Kind against Victim.
type weaponPlayed struct {
	Seat, Victim engine.Seat
	Kind         int
}

// Words implements engine.Fact.
func (f weaponPlayed) Words() string {
	return fmt.Sprintf("%s plays a %s against %s", engine.SeatRef(f.Seat), kindNames[f.Kind], engine.SeatRef(f.Victim))
}

// cardPlayed: Seat played Free Travel, Lock Picks or Restore Fortitude
// (Kind; Fort after).
type cardPlayed struct {
	Seat       engine.Seat
	Kind, Fort int
}

// Words implements engine.Fact.
func (f cardPlayed) Words() string {
	switch f.Kind {
	case FreeTravel:
		return engine.SeatRef(f.Seat) + " plays Free Travel: their next mirror this turn costs no Fortitude"
	case LockPicks:
		return engine.SeatRef(f.Seat) + " plays Lock Picks: closed doors are free for the rest of this turn"
	}
	return fmt.Sprintf("%s plays Restore Fortitude: Fortitude %+d", engine.SeatRef(f.Seat), f.Fort)
}

// Rule implements engine.Ruled: what the card does.
func (f cardPlayed) Rule() engine.Rule { return cardRules[f.Kind] }

// protected: Seat played a Protection of kind Kind against a weapon of
// kind Weapon.
type protected struct {
	Seat         engine.Seat
	Kind, Weapon int
}

// Words implements engine.Fact.
func (f protected) Words() string {
	return fmt.Sprintf("%s plays %s: the %s does them no harm", engine.SeatRef(f.Seat), kindNames[f.Kind], kindNames[f.Weapon])
}

// Rule implements engine.Ruled: a Protection answers its weapon.
func (protected) Rule() engine.Rule { return ruleProtection }

// struck: a weapon of kind Weapon struck Victim for Attacker, leaving
// them VictimFort and AttackerFort.
type struck struct {
	Victim, Attacker         engine.Seat
	Weapon                   int
	VictimFort, AttackerFort int
}

// Words implements engine.Fact.
func (f struck) Words() string {
	n := weaponPower(f.Weapon)
	return fmt.Sprintf("The %s strikes: %s loses %d Fortitude (%+d), %s gains %d (%+d)", kindNames[f.Weapon],
		engine.SeatRef(f.Victim), n, f.VictimFort, engine.SeatRef(f.Attacker), n, f.AttackerFort)
}

// Rule implements engine.Ruled: what the weapon does.
func (f struck) Rule() engine.Rule { return cardRules[f.Weapon] }

// looted: Seat took a spare component, or a face-down card (Card), from
// Victim.
type looted struct {
	Seat, Victim engine.Seat
	Card         bool
}

// Words implements engine.Fact.
func (f looted) Words() string {
	return fmt.Sprintf("%s takes %s from %s", engine.SeatRef(f.Seat),
		either(f.Card, "a face-down Blessing or Curse card", "a spare component"), engine.SeatRef(f.Victim))
}

// Rule implements engine.Ruled: the attacker takes blind.
func (looted) Rule() engine.Rule { return engine.Ruling(16) }

// lostComponent tells a seat that Taker took its component Component.
type lostComponent struct {
	Taker     engine.Seat
	Component int
}

// Words implements engine.Fact.
func (f lostComponent) Words() string {
	return engine.SeatRef(f.Taker) + " takes your " + componentName(f.Component)
}

// Rule implements engine.Ruled: a hit lets the attacker take.
func (lostComponent) Rule() engine.Rule { return ruleLoot }

// lostCard tells a seat that Taker took its card of kind Kind.
type lostCard struct {
	Taker engine.Seat
	Kind  int
}

// Words implements engine.Fact.
func (f lostCard) Words() string { return engine.SeatRef(f.Taker) + " takes your " + kindNames[f.Kind] }

// Rule implements engine.Ruled: a hit lets the attacker take.
func (lostCard) Rule() engine.Rule { return ruleLoot }

// tookCard tells a seat it took Victim's card of kind Kind.
type tookCard struct {
	Victim engine.Seat
	Kind   int
}

// Words implements engine.Fact.
func (f tookCard) Words() string {
	return "You take " + engine.SeatRef(f.Victim) + "'s " + kindNames[f.Kind]
}

// attacked: Seat attacked a ghost of level Level, rolled D1 and D2 and
// beat it (Beaten) or lost, Fort left.
type attacked struct {
	Seat                engine.Seat
	Level, D1, D2, Fort int
	Beaten              bool
}

// Words implements engine.Fact.
func (f attacked) Words() string {
	end := fmt.Sprintf("and loses: Fortitude -%d (%+d)", f.Level, f.Fort)
	if f.Beaten {
		end = fmt.Sprintf("beaten! Fortitude +%d (%+d)", f.Level, f.Fort)
	}
	return fmt.Sprintf("%s attacks a level %d ghost: %d+%d=%d, %s",
		engine.SeatRef(f.Seat), f.Level, f.D1, f.D2, f.D1+f.D2, end)
}

// Rule implements engine.Ruled: two dice, 6 or more beats the ghost.
func (attacked) Rule() engine.Rule { return engine.Ruling(5) }

// maxGive is the most components an exchange gives up.
const maxGive = 3

// exchanged: Seat gave up N components of colours Gave at a bookcase for
// one of colour Want, taken from its deck or, when FromSpares, from
// seat From's spares (ruling 9).
type exchanged struct {
	Seat       engine.Seat
	Gave       [maxGive]int
	N, Want    int
	From       engine.Seat
	FromSpares bool
}

// Words implements engine.Fact.
func (f exchanged) Words() string {
	names := make([]string, f.N)
	for i := range names {
		names[i] = colourNames[f.Gave[i]]
	}
	where := ""
	if f.FromSpares {
		where = ", taken from " + engine.SeatRef(f.From) + "'s spares"
	}
	return fmt.Sprintf("%s exchanges %d components (%s) at a bookcase for a %s %s%s",
		engine.SeatRef(f.Seat), f.N, engine.JoinAnd(names), colourNames[f.Want], colourKinds[f.Want], where)
}

// Rule implements engine.Ruled: where the card taken comes from.
func (exchanged) Rule() engine.Rule { return engine.Ruling(9) }
