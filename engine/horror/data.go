package horror

// The game's components (the rulebook, with what its pictures carried).

// Edge kinds of a room tile's sides.
const (
	Wall   = 0
	Open   = 1
	Closed = 2
)

// Directions, clockwise from north.
const (
	North = 0
	East  = 1
	South = 2
	West  = 3
)

// dirNames name the directions for move texts.
var dirNames = [4]string{"north", "east", "south", "west"}

// numRooms is the number of Library room tiles; the Portal is tile portalTile.
const (
	numRooms   = 24
	portalTile = 24
)

// room is one Library room tile: its edges at rotation 0 (N, E, S, W) and
// what it holds.
type room struct {
	Edges     [4]int
	Bookcases int
	Drawers   int
	Mirror    bool
	Picture   bool
}

// tileEdges are the four tile shapes (D1): A rooms 1-6, B 7-12, C 13-18,
// D 19-24.
var tileEdges = [4][4]int{
	{Open, Closed, Open, Closed},
	{Open, Open, Closed, Wall},
	{Open, Closed, Closed, Wall},
	{Open, Wall, Closed, Closed},
}

// rooms are the 24 room tiles (index = room number - 1) and the Portal.
var rooms = func() [numRooms + 1]room {
	spec := [numRooms][4]int{ // bookcases, drawers, mirror, picture
		{2, 1, 1, 0}, {1, 2, 0, 1}, {2, 0, 0, 1}, {1, 1, 0, 0}, {2, 1, 0, 0}, {1, 1, 1, 0},
		{2, 1, 0, 1}, {1, 1, 1, 0}, {2, 0, 0, 0}, {1, 2, 0, 1}, {2, 1, 0, 0}, {1, 0, 1, 0},
		{2, 1, 0, 0}, {1, 1, 0, 1}, {2, 1, 1, 0}, {1, 2, 0, 0}, {2, 0, 0, 1}, {1, 1, 0, 0},
		{2, 1, 0, 1}, {1, 1, 0, 0}, {2, 0, 1, 0}, {1, 2, 0, 0}, {2, 1, 0, 1}, {1, 1, 0, 0},
	}
	var out [numRooms + 1]room
	for i, s := range spec {
		out[i] = room{Edges: tileEdges[i/6], Bookcases: s[0], Drawers: s[1], Mirror: s[2] == 1, Picture: s[3] == 1}
	}
	out[portalTile] = room{Edges: [4]int{Open, Open, Open, Open}}
	return out
}()

// Component colours (D2, D3).
const (
	Red = iota
	Yellow
	Green
	Black
	Blue
	White
	numColours
)

// colourNames and colourKinds name the colours and their kinds of card.
var (
	colourNames = [numColours]string{"red", "yellow", "green", "black", "blue", "white"}
	colourKinds = [numColours]string{"Device", "Element", "Herb", "Lore", "Crystal", "Object"}
	// ColourLetters are the colours' letters, readable without colour.
	ColourLetters = [numColours]string{"R", "Y", "G", "K", "B", "W"}
)

// screen is the Library Bookcase screen: screen[white-1][yellow-1].
var screen = [6][6]int{
	{Red, Yellow, Green, Black, Blue, White},
	{Blue, White, Red, Yellow, Green, Black},
	{Green, Black, Blue, White, Red, Yellow},
	{Yellow, Red, Black, Green, White, Blue},
	{White, Blue, Yellow, Red, Black, Green},
	{Black, Green, White, Blue, Yellow, Red},
}

// numHorrors is the number of Horror cards; component card h*6+c is
// Horror h's component of colour c.
const (
	numHorrors    = 10
	numComponents = numHorrors * numColours
)

// horrors are the Horror cards: name and the six components by colour.
var horrors = [numHorrors]struct {
	Name  string
	Items [numColours]string
}{
	{"Vampire Count", [6]string{"Brass Crossbow", "Sunlight Phial", "Garlic Bulb", "Codex Sanguinis", "Silver Quartz", "Ash Stake"}},
	{"Moorland Werewolf", [6]string{"Silver Bullet Mould", "Quicksilver", "Wolfsbane", "Lycan Bestiary", "Moonstone", "Silver Collar"}},
	{"Reanimated Mummy", [6]string{"Scarab Lantern", "Natron Salt", "Lotus", "Book of Gates", "Lapis Scarab", "Canopic Jar"}},
	{"The Banshee", [6]string{"Tuning Fork", "Sulphur", "Rowan Sprig", "Keening Songbook", "Jet Brooch", "Hand Mirror"}},
	{"Headless Horseman", [6]string{"Pocket Pistol", "Gunpowder", "Pumpkin Vine", "Sleepy Hollow Chronicle", "Amber Eye", "Church Bell"}},
	{"Clockwork Golem", [6]string{"Galvanic Battery", "Copper", "Mandrake", "Emet Scroll", "Ruby Cog", "Master Key"}},
	{"Spring-Heeled Jack", [6]string{"Police Rattle", "Phosphorus", "Belladonna", "Penny Dreadful", "Sapphire Lens", "Constable's Lamp"}},
	{"The Deep One", [6]string{"Diving Bell", "Brine", "Kelp", "Drowned Liturgy", "Pearl", "Whaler's Harpoon"}},
	{"Highgate Ghoul", [6]string{"Spirit Camera", "Salt", "Yew Sprig", "Necrology Ledger", "Obsidian Shard", "Grave Bell"}},
	{"The Phantom Bride", [6]string{"Music Box", "Mercury", "Rosemary", "Wedding Register", "Opal Ring", "Torn Veil"}},
}

// componentName is "Garlic Bulb (green Herb, Vampire Count)".
func componentName(c int) string {
	h, col := c/numColours, c%numColours
	return horrors[h].Items[col] + " (" + colourNames[col] + " " + colourKinds[col] + ", " + horrors[h].Name + ")"
}

// characters are the six (cosmetic) characters, and the seats' colours.
var (
	characters = [6]string{"Inspector Edmund Graves", "Dr. Amelia Thorne", "Madame Ravenscroft",
		"Captain Jasper Hale", "Lady Constance Ashdown", "Silas Cogsworth"}
	seatColours = [6]string{"red", "green", "yellow", "blue", "black", "orange"}
)

// Card kinds: Blessings and Curses (D5).
const (
	FreeTravel = iota
	LockPicks
	ProtStab
	ProtShoot
	ProtPoison
	Restore
	Visitation
	Locked
	Pointless
	Knife
	Revolver
	Poison
	numKinds
)

// kindNames name the card kinds.
var kindNames = [numKinds]string{"Free Travel", "Lock Picks", "Protection against stabbing",
	"Protection against shooting", "Protection against poisoning", "Restore Fortitude",
	"Visitation", "Locked in a Room", "Pointless", "Knife", "Revolver", "Poison"}

// numCards is the number of Blessing and Curse cards: ids 0-9 are the
// Blessings, 10-19 the Curses.
const (
	numBlessings = 10
	numCards     = 20
)

// cardKinds gives each card id its kind.
var cardKinds = [numCards]int{
	FreeTravel, FreeTravel, LockPicks, LockPicks, ProtStab, ProtShoot, ProtPoison, Restore, Restore, Restore,
	Visitation, Visitation, Locked, Pointless, Knife, Knife, Knife, Revolver, Revolver, Poison,
}

// isBlessing reports whether card id is a Blessing.
func isBlessing(card int) bool { return card < numBlessings }

// weapon power (the victim's loss and the attacker's gain) and the
// Protection that answers it.
func weaponPower(kind int) int {
	switch kind {
	case Knife:
		return 1
	case Revolver:
		return 3
	case Poison:
		return 4
	}
	return 0
}

func protectionFor(kind int) int {
	switch kind {
	case Knife:
		return ProtStab
	case Revolver:
		return ProtShoot
	}
	return ProtPoison
}

// isWeapon reports whether kind is a weapon Curse.
func isWeapon(kind int) bool { return kind == Knife || kind == Revolver || kind == Poison }

// isImmediate reports whether a Curse of this kind is played at once.
func isImmediate(kind int) bool { return kind == Visitation || kind == Locked || kind == Pointless }

// Tokens in the bag.
const (
	tokBlessing = 0
	tokCurse    = 1
	bagEach     = 6
)

// Ghosts: 4 at level 1 (ids 0-3), then 4 at level 2 (4-7).
const (
	numGhosts     = 8
	maxGhostsRoom = 4
)

// ghostLevel is ghost g's level.
func ghostLevel(g int) int { return 1 + g/4 }

// Fortitude bounds.
const (
	minFort = -5
	maxFort = 5
)

// mirrorFortitude is what looking through a mirror costs.
const mirrorFortitude = 2

// actionsPerTurn is the number of actions a turn.
const actionsPerTurn = 3
