package horror

import (
	"errors"
	"fmt"
	"slices"

	"arcade/engine"
)

// validate checks a state's invariants: Restore refuses a state that
// breaks one, and the tests check them after every move.
func (g *state) validate() error {
	if g.Players < 2 || g.Players > 6 || g.Items < 3 || g.Items > numColours || g.RoundLimit < 0 || g.RoundLimit > 10000 {
		return errors.New("bad players, items or round limit")
	}
	if (g.Players <= 3) != (g.Size == 3) || (g.Players > 3) != (g.Size == 5) {
		return errors.New("the library's size does not fit the players")
	}
	n := g.Size * g.Size
	if len(g.Cells) != n || len(g.Exchanged) != n {
		return errors.New("wrong number of cells")
	}
	seen := map[int]bool{}
	for c, cl := range g.Cells {
		if cl.Rot < 0 || cl.Rot > 3 || cl.Tile < 0 || cl.Tile > portalTile || seen[cl.Tile] {
			return fmt.Errorf("bad tile at cell %d", c)
		}
		seen[cl.Tile] = true
		if (c == g.centre()) != (cl.Tile == portalTile) || cl.Tile == portalTile && cl.Rot != 0 {
			return errors.New("the Portal must be in the centre, unturned")
		}
		if g.Exchanged[c] < 0 || g.Exchanged[c] > rooms[cl.Tile].Bookcases {
			return fmt.Errorf("bad exchanges at cell %d", c)
		}
	}
	for i, gh := range g.Shy {
		if gh < 0 || gh >= numGhosts || slices.Contains(g.Shy[:i], gh) {
			return errors.New("a bad ghost among those met again only later")
		}
	}
	for _, w := range g.Ghosts {
		if w < -1 || w >= n {
			return errors.New("a ghost off the board")
		}
		if w >= 0 && w != g.centre() && g.ghostCount(w) > maxGhostsRoom {
			return errors.New("more than 4 ghosts in a room")
		}
	}
	if err := g.validPhase(); err != nil {
		return err
	}
	if err := g.validSeats(); err != nil {
		return err
	}
	if err := g.validCards(); err != nil {
		return err
	}
	for _, d := range g.Roll.Dice {
		if d < 1 || d > 6 {
			return errors.New("a die that is not 1 to 6")
		}
	}
	if g.Roll.Seat < -1 || int(g.Roll.Seat) >= g.Players || len(g.Roll.Dice) > numGhosts {
		return errors.New("bad roll")
	}
	return nil
}

// validPhase checks the turn's fields.
func (g *state) validPhase() error {
	if len(g.Order) != g.Players || g.Active < 0 || int(g.Active) >= g.Players || g.Round < 1 {
		return errors.New("bad turn order")
	}
	for i, s := range g.Order {
		if int(s) != (int(g.Order[0])+i)%g.Players {
			return errors.New("the turn order is not clockwise")
		}
	}
	if g.Actions < 0 || g.Actions > actionsPerTurn || g.Winner < -1 || int(g.Winner) >= g.Players {
		return errors.New("bad actions or winner")
	}
	if g.RoundLimit > 0 && g.Round > g.RoundLimit+1 {
		return errors.New("past the round limit")
	}
	weapon := g.Phase == PhaseRespond
	victim := weapon || g.Phase == PhaseLoot
	if (g.Weapon >= 0) != weapon || (g.Victim >= 0) != victim || (g.Beaten >= 0) != (g.Phase == PhaseGhost) {
		return errors.New("the phase does not match the attack under way")
	}
	if weapon && (g.Weapon >= numCards || !isWeapon(cardKinds[g.Weapon])) {
		return errors.New("bad weapon")
	}
	if victim && (int(g.Victim) >= g.Players || g.Victim == g.Active) {
		return errors.New("bad victim")
	}
	if g.Phase == PhaseGhost && (g.Beaten >= numGhosts || g.Ghosts[g.Beaten] < 0) {
		return errors.New("bad beaten ghost")
	}
	if g.Phase == PhaseLoot {
		v := &g.Seats[g.Victim]
		if len(v.Spare) == 0 && len(v.Cards) == 0 {
			return errors.New("nothing to loot")
		}
	}
	switch g.Phase {
	case PhaseColours, PhaseStart, PhaseTurn, PhaseGhost, PhaseRespond, PhaseLoot:
		if g.Winner >= 0 {
			return errors.New("a winner while playing")
		}
	case PhaseOver:
	default:
		return fmt.Errorf("unknown phase %q", g.Phase)
	}
	return nil
}

// validSeats checks every player.
func (g *state) validSeats() error {
	if len(g.Seats) != g.Players {
		return errors.New("wrong number of seats")
	}
	markers := 6
	if g.Players <= 3 {
		markers = 8
	}
	setup := g.Phase == PhaseColours || g.Phase == PhaseStart
	chars, hs := map[int]bool{}, map[int]bool{}
	pos := slices.Index(g.Order, g.Active)
	for s := range g.Seats {
		p := &g.Seats[s]
		if p.Character < 0 || p.Character >= 6 || chars[p.Character] || p.Horror < 0 || p.Horror >= numHorrors || hs[p.Horror] {
			return fmt.Errorf("seat %d: bad character or Horror", s)
		}
		chars[p.Character], hs[p.Horror] = true, true
		need := 0
		for _, b := range p.Need {
			if b {
				need++
			}
		}
		before := slices.Index(g.Order, engine.Seat(s)) < pos
		switch {
		case g.Phase == PhaseColours && !before && need != 0, g.Phase == PhaseColours && before && need != g.Items,
			g.Phase != PhaseColours && need != g.Items:
			return fmt.Errorf("seat %d needs %d colours", s, need)
		}
		switch {
		case g.Phase == PhaseColours && p.Cell != -1, g.Phase == PhaseStart && before != (p.Cell >= 0):
			return fmt.Errorf("seat %d: placed out of turn", s)
		case !setup && (p.Cell < 0 || p.Cell >= len(g.Cells) || p.Cell == g.centre() && g.Winner != engine.Seat(s)):
			return fmt.Errorf("seat %d: bad room", s)
		case p.From < -1 || p.From >= len(g.Cells):
			return fmt.Errorf("seat %d: bad room entered from", s)
		}
		if p.Fort < minFort || p.Fort > maxFort {
			return fmt.Errorf("seat %d: Fortitude %d", s, p.Fort)
		}
		if len(p.Markers) != markers || p.Next < 0 || p.Next >= markers {
			return fmt.Errorf("seat %d: bad search markers", s)
		}
		for _, m := range p.Markers {
			if m < -1 || m >= len(g.Cells) || m == g.centre() {
				return fmt.Errorf("seat %d: a marker off the board", s)
			}
		}
		if len(p.Placed) > g.Items || p.Placed == nil || p.Spare == nil || p.Cards == nil || p.Fresh == nil {
			return fmt.Errorf("seat %d: bad hand", s)
		}
		cols := [numColours]bool{}
		for _, c := range p.Placed {
			if c < 0 || c >= numComponents || !p.Need[c%numColours] || cols[c%numColours] ||
				!g.ColourMatch && c/numColours != p.Horror {
				return fmt.Errorf("seat %d: a component that does not belong on its Horror", s)
			}
			cols[c%numColours] = true
		}
		for i, gh := range p.Fresh {
			if gh < 0 || gh >= numGhosts || slices.Contains(p.Fresh[:i], gh) {
				return fmt.Errorf("seat %d: bad ghosts to attack", s)
			}
		}
	}
	return nil
}

// validCards checks that every component and every Blessing and Curse is
// in exactly one place, and the bag.
func (g *state) validCards() error {
	var comp [numComponents]int
	for col, d := range g.Decks {
		for _, c := range d {
			if c < 0 || c >= numComponents || c%numColours != col {
				return errors.New("a component in the wrong deck")
			}
			comp[c]++
		}
	}
	var cards [numCards]int
	count := func(c int) error {
		if c < 0 || c >= numCards {
			return errors.New("no such card")
		}
		cards[c]++
		return nil
	}
	for _, p := range g.Seats {
		for _, c := range slices.Concat(p.Placed, p.Spare) {
			if c < 0 || c >= numComponents {
				return errors.New("no such component")
			}
			comp[c]++
		}
		for _, c := range p.Cards {
			if err := count(c); err != nil {
				return err
			}
			if isImmediate(cardKinds[c]) {
				return errors.New("an immediate Curse held")
			}
		}
	}
	for _, c := range g.Blessings {
		if err := count(c); err != nil || !isBlessing(c) {
			return errors.New("bad Blessing deck")
		}
	}
	for _, c := range g.Curses {
		if err := count(c); err != nil || isBlessing(c) {
			return errors.New("bad Curse deck")
		}
	}
	if g.Weapon >= 0 {
		if err := count(g.Weapon); err != nil {
			return err
		}
	}
	for _, n := range comp {
		if n != 1 {
			return errors.New("components not conserved")
		}
	}
	for _, n := range cards {
		if n != 1 {
			return errors.New("Blessings and Curses not conserved")
		}
	}
	if len(g.Bag) != 2 || g.Bag[0] < 0 || g.Bag[1] < 0 || g.Bag[0] > bagEach || g.Bag[1] > bagEach || g.Bag.Total() == 0 {
		return errors.New("bad bag")
	}
	return nil
}
