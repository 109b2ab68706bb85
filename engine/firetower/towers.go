package firetower

// Tower names a fire tower by its colour and corner.
type Tower int

// The four towers, clockwise from the north-west corner.
const (
	Red    Tower = iota // north-west
	Purple              // north-east
	Blue                // south-east
	Green               // south-west
)

var towerNames = [4]string{"red", "purple", "blue", "green"}

// String is the tower's colour ("red").
func (t Tower) String() string {
	if t < 0 || t > 3 {
		return "?"
	}
	return towerNames[t]
}

// Letter is the tower's initial, for boards drawn without colour.
func (t Tower) Letter() string { return [4]string{"R", "P", "B", "G"}[t&3] }

// Corner is the square that must not burn: the board's own corner.
func (t Tower) Corner() Point {
	return [4]Point{{0, 0}, {Size - 1, 0}, {Size - 1, Size - 1}, {0, Size - 1}}[t&3]
}

// Compass is the corner's name ("north-west").
func (t Tower) Compass() string {
	return [4]string{"north-west", "north-east", "south-east", "south-west"}[t&3]
}

// Contains reports whether p lies in the tower's 3 x 3 area.
func (t Tower) Contains(p Point) bool {
	c := t.Corner()
	return p.On() && abs(p.X-c.X) < 3 && abs(p.Y-c.Y) < 3
}

// MarshalText writes the tower's colour.
func (t Tower) MarshalText() ([]byte, error) { return enumText(int(t), towerNames[:], "tower") }

// UnmarshalText reads a tower's colour.
func (t *Tower) UnmarshalText(b []byte) error { return enumParse((*int)(t), towerNames[:], b, "tower") }

// Threatened lists the two towers a wind blowing in direction d points at:
// North the two northern towers, East the two eastern ones, and so on. The
// first is the one whose player starts when the die shows d.
func (d Dir) Threatened() [2]Tower { return [2]Tower{Tower(d & 3), Tower((d + 1) & 3)} }

// towersFor gives the towers in play by number of players, seat by seat:
// clockwise, with two players diagonally opposite.
func towersFor(players int) []Tower {
	switch players {
	case 2:
		return []Tower{Red, Blue}
	case 3:
		return []Tower{Red, Purple, Blue}
	}
	return []Tower{Red, Purple, Blue, Green}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
