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
		g.say("The bag is empty: every token goes back in")
	}
	deck, kind, what := &g.Blessings, "Blessing", drawerRolls[0]
	if tok == tokCurse {
		deck, kind, what = &g.Curses, "Curse", drawerRolls[1]
	}
	g.Roll = Roll{Seat: s, What: what}
	if len(*deck) == 0 {
		g.say(who(s), " draws a ", kind, " token, but every ", kind, " card is held")
		return
	}
	c := (*deck)[0]
	*deck = (*deck)[1:]
	k := cardKinds[c]
	if !isImmediate(k) {
		p.Cards = append(p.Cards, c)
		g.say(who(s), " draws a ", kind, " token and takes a ", kind, " card, face down")
		g.whisper(s, "Your ", kind, " card is ", kindNames[k])
		return
	}
	g.say(who(s), " draws a Curse token: ", kindNames[k], ", played at once")
	g.Curses = append(g.Curses, c)
	switch k {
	case Visitation:
		g.hurt(p, 2)
		g.say("A visitation drains ", who(s), "'s Fortitude by 2 (", signed(p.Fort), ")")
	case Locked:
		p.Skip = true
		g.say("A spirit locks ", who(s), " in the room: they miss their next turn")
	case Pointless:
		if p.Fort > 0 {
			p.Fort = 0
		}
		g.say("Pointless: ", who(s), "'s Fortitude falls to ", signed(p.Fort))
	}
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
		g.say(who(s), " plays a ", kindNames[k], " against ", who(t))
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
		g.say(who(s), " plays Free Travel: their next mirror this turn costs no Fortitude")
	case LockPicks:
		g.LockPicks = true
		g.say(who(s), " plays Lock Picks: closed doors are free for the rest of this turn")
	case Restore:
		p.Fort = maxFort
		g.say(who(s), " plays Restore Fortitude: Fortitude ", signed(p.Fort))
	}
}

// protect is the victim's Protection: the attack is cancelled.
func (g *state) protect(s engine.Seat, c int) {
	p := &g.Seats[s]
	takeCard(p, c)
	g.discardCard(c)
	g.discardCard(g.Weapon)
	g.say(who(s), " plays ", kindNames[cardKinds[c]], ": the ", kindNames[cardKinds[g.Weapon]], " does them no harm")
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
	g.say("The ", kindNames[k], " strikes: ", who(g.Victim), " loses ", itoa(n), " Fortitude (", signed(v.Fort), "), ",
		who(g.Active), " gains ", itoa(n), " (", signed(a.Fort), ")")
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
		g.say(who(s), " takes a spare component from ", who(victim))
		if g.telling() {
			g.whisper(victim, who(s), " takes your ", componentName(c))
		}
		g.receive(s, c, "take")
	} else {
		i := g.RNG.Intn(len(v.Cards))
		c := v.Cards[i]
		v.Cards = slices.Delete(v.Cards, i, i+1)
		a.Cards = append(a.Cards, c)
		g.say(who(s), " takes a face-down Blessing or Curse card from ", who(victim))
		g.whisper(victim, who(s), " takes your ", kindNames[cardKinds[c]])
		g.whisper(s, "You take ", who(victim), "'s ", kindNames[cardKinds[c]])
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
		g.say(who(s), " attacks a level ", itoa(lv), " ghost: ", itoa(d1), "+", itoa(d2), "=", itoa(d1+d2), ", beaten! Fortitude +", itoa(lv), " (", signed(p.Fort), ")")
		g.Beaten, g.Phase = gh, PhaseGhost
		return
	}
	g.hurt(p, lv)
	g.AttackLost = true
	g.rollDice(s, attackText(d1, d2, lv), d1, d2)
	g.say(who(s), " attacks a level ", itoa(lv), " ghost: ", itoa(d1), "+", itoa(d2), "=", itoa(d1+d2), ", and loses: Fortitude -", itoa(lv), " (", signed(p.Fort), ")")
}

// exchange gives up spare cards set for p's needed component of colour want.
func (g *state) exchange(s engine.Seat, want int, set []int) {
	p := &g.Seats[s]
	c := g.exchangeCard(p, want)
	g.Decks[want] = slices.DeleteFunc(g.Decks[want], func(x int) bool { return x == c })
	names := make([]string, 0, 3)
	for _, x := range set {
		p.Spare = slices.DeleteFunc(p.Spare, func(y int) bool { return y == x })
		g.Decks[x%numColours] = append(g.Decks[x%numColours], x)
		names = append(names, colourNames[x%numColours])
	}
	g.Exchanged[p.Cell]++
	if g.telling() {
		g.say(who(s), " exchanges ", itoa(len(set)), " components (", joinAnd(names), ") at a bookcase for a ",
			colourNames[want], " ", colourKinds[want])
	}
	g.receive(s, c, "take")
}
