package horror

import (
	"slices"

	"arcade/engine"
)

// drawer draws a token from the bag for seat s, then a card from that deck.
func (g *state) drawer(s engine.Seat) {
	p := &g.Seats[s]
	tok := g.Bag.Draw(&g.RNG)
	if g.Bag.Total() == 0 {
		g.Bag[tokBlessing], g.Bag[tokCurse] = bagEach, bagEach
		public(g, bagRefilled{})
	}
	curse := tok == tokCurse
	deck, what := &g.Blessings, drawerRolls[0]
	if curse {
		deck, what = &g.Curses, drawerRolls[1]
	}
	g.Roll = Roll{Seat: s, What: what}
	if len(*deck) == 0 {
		public(g, drewToken{s, curse, false})
		return
	}
	c := (*deck)[0]
	*deck = (*deck)[1:]
	k := cardKinds[c]
	if !isImmediate(k) {
		p.Cards = append(p.Cards, c)
		public(g, drewToken{s, curse, true})
		private(g, s, yourCard{curse, k})
		return
	}
	public(g, drewCurse{s, k})
	g.Curses = append(g.Curses, c)
	switch k {
	case Visitation:
		g.hurt(p, 2)
	case Locked:
		p.Skip = true
	case Pointless:
		if p.Fort > 0 {
			p.Fort = 0
		}
	}
	public(g, cursed{s, k, p.Fort})
}

// discardCard puts card c at the bottom of its deck.
func (g *state) discardCard(c int) {
	if isBlessing(c) {
		g.Blessings = append(g.Blessings, c)
	} else {
		g.Curses = append(g.Curses, c)
	}
}

// takeCard removes card c from p's hand.
func takeCard(p *seatState, c int) {
	if i := slices.Index(p.Cards, c); i >= 0 {
		p.Cards = slices.Delete(p.Cards, i, i+1)
	}
}

// play plays a held Blessing or Curse as a bonus action.
func (g *state) play(s engine.Seat, args []int) {
	p := &g.Seats[s]
	c := args[0]
	k := cardKinds[c]
	takeCard(p, c)
	if isWeapon(k) {
		t := engine.Seat(args[1])
		g.Weapon, g.Victim = c, t
		public(g, weaponPlayed{s, t, k})
		// A victim below 0 plays no card (ruling 8), Protections included.
		if v := &g.Seats[t]; len(v.Cards) > 0 && v.Fort >= 0 {
			g.Phase = PhaseRespond
			return
		}
		g.hit()
		return
	}
	g.discardCard(c)
	switch k {
	case FreeTravel:
		g.FreeMirror = true
	case LockPicks:
		g.LockPicks = true
	case Restore:
		p.Fort = maxFort
	}
	public(g, cardPlayed{s, k, p.Fort})
}

// protect is the victim's Protection: the attack is cancelled.
func (g *state) protect(s engine.Seat, c int) {
	p := &g.Seats[s]
	takeCard(p, c)
	g.discardCard(c)
	g.discardCard(g.Weapon)
	public(g, protected{s, cardKinds[c], cardKinds[g.Weapon]})
	g.Weapon, g.Victim = -1, -1
	g.Phase = PhaseTurn
}

// hit resolves a weapon that was not answered.
func (g *state) hit() {
	a, v := &g.Seats[g.Active], &g.Seats[g.Victim]
	k := cardKinds[g.Weapon]
	n := weaponPower(k)
	g.hurt(v, n)
	g.gain(a, n)
	g.discardCard(g.Weapon)
	g.Weapon = -1
	public(g, struck{g.Victim, g.Active, k, v.Fort, a.Fort})
	if len(v.Spare) > 0 || len(v.Cards) > 0 {
		g.Phase = PhaseLoot
		return
	}
	g.Victim = -1
	g.Phase = PhaseTurn
}

// loot takes a spare component (what 0) or a held card (what 1) from the
// victim at random.
func (g *state) loot(s, victim engine.Seat, what int) {
	a, v := &g.Seats[s], &g.Seats[victim]
	if what == 0 {
		i := g.RNG.Intn(len(v.Spare))
		c := v.Spare[i]
		v.Spare = slices.Delete(v.Spare, i, i+1)
		public(g, looted{s, victim, false})
		private(g, victim, lostComponent{s, c})
		g.receive(s, c, true)
	} else {
		i := g.RNG.Intn(len(v.Cards))
		c := v.Cards[i]
		v.Cards = slices.Delete(v.Cards, i, i+1)
		a.Cards = append(a.Cards, c)
		public(g, looted{s, victim, true})
		private(g, victim, lostCard{s, cardKinds[c]})
		private(g, s, tookCard{victim, cardKinds[c]})
	}
	g.Victim = -1
	g.Phase = PhaseTurn
}

// attack is a bonus attack on ghost gh: two dice, 6 or more wins.
func (g *state) attack(s engine.Seat, gh int) {
	p := &g.Seats[s]
	d1, d2 := g.die(), g.die()
	lv := ghostLevel(gh)
	p.Fresh = slices.DeleteFunc(p.Fresh, func(x int) bool { return x == gh })
	if d1+d2 >= 6 {
		g.gain(p, lv)
		g.rollDice(s, attackText(d1, d2, lv), d1, d2)
		public(g, attacked{s, lv, d1, d2, p.Fort, true})
		g.Beaten, g.Phase = gh, PhaseGhost
		return
	}
	g.hurt(p, lv)
	g.AttackLost = true
	g.rollDice(s, attackText(d1, d2, lv), d1, d2)
	public(g, attacked{s, lv, d1, d2, p.Fort, false})
}

// exchange gives up spare cards set for p's needed component of colour want.
func (g *state) exchange(s engine.Seat, want int, set []int) {
	p := &g.Seats[s]
	c, from, fromSpares := g.exchangeCard(s, want)
	taken := func(x int) bool { return x == c }
	if fromSpares {
		g.Seats[from].Spare = slices.DeleteFunc(g.Seats[from].Spare, taken)
	} else {
		g.Decks[want] = slices.DeleteFunc(g.Decks[want], taken)
	}
	f := exchanged{Seat: s, N: len(set), Want: want, From: from, FromSpares: fromSpares}
	for i, x := range set {
		p.Spare = slices.DeleteFunc(p.Spare, func(y int) bool { return y == x })
		g.Decks[x%numColours] = append(g.Decks[x%numColours], x)
		f.Gave[i] = x % numColours
	}
	g.Exchanged[p.Cell]++
	public(g, f)
	g.receive(s, c, true)
}
