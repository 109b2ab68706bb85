package fireproto

import (
	"errors"
	"fmt"
	"slices"

	"arcade/engine"
)

// validate checks every invariant of a state: it guards Restore against
// damaged data and lets the tests check each step.
func (g *state) validate() error {
	if g.Players < 2 || g.Players > 5 {
		return fmt.Errorf("%d players", g.Players)
	}
	if len(g.Seats) != g.Players || len(g.Cards) != len(cardNumbers(g.Players)) {
		return errors.New("wrong number of seats or Turn Order cards")
	}
	if g.Round < 1 || g.Drawn < 0 || g.Drawn > numSpaces {
		return errors.New("counter out of range")
	}
	if err := g.Track.Check(g.Players); err != nil {
		return err
	}
	for _, check := range []func() error{g.checkShelves, g.checkTokens, g.checkBuckets, g.checkCards,
		g.checkPhase} {
		if err := check(); err != nil {
			return err
		}
	}
	return nil
}

// checkShelves checks the trackers, the books set aside and how the game
// ended.
func (g *state) checkShelves() error {
	collapsed, aside := -1, 0
	for c, col := range colours {
		if g.Aside[c] < 0 || g.Pos[c] < g.Aside[c] || g.Pos[c] > len(col.Track) {
			return fmt.Errorf("%s tracker at %d", col.Name, g.Pos[c])
		}
		aside += g.Aside[c]
		if g.Pos[c] == len(col.Track) {
			if collapsed >= 0 {
				return errors.New("two shelves collapsed")
			}
			collapsed = c
		}
	}
	if aside != setupBurns {
		return fmt.Errorf("%d books set aside", aside)
	}
	if collapsed != g.Collapsed {
		return errors.New("collapse does not match the trackers")
	}
	reached := slices.Max(g.Track.Scores) >= goal
	if (g.Phase == PhaseOver) != (collapsed >= 0 || reached) || (collapsed >= 0 && reached) {
		return errors.New("the game's end does not match the board")
	}
	if g.Phase == PhaseOver && g.Summary == "" || g.Phase != PhaseOver && g.Summary != "" {
		return errors.New("bad summary")
	}
	if g.Last < Empty || g.Last > Fire || g.LastBy < -1 || int(g.LastBy) >= g.Players ||
		(g.Last == Empty) != (g.LastBy == -1) {
		return errors.New("bad last draw")
	}
	return nil
}

// checkTokens checks that every token is somewhere exactly once: 25 books
// by colour (bag, cards, set aside) and 7 fires (bag, cards).
func (g *state) checkTokens() error {
	if len(g.Bag) != numKinds {
		return errors.New("bag with the wrong kinds")
	}
	count := slices.Clone(g.Bag)
	for c := range colours {
		count[c] += g.Aside[c]
	}
	for _, c := range g.Cards {
		for i, t := range c.Spaces {
			if t < Empty || t > Fire || c.Doused[i] && t != Fire {
				return fmt.Errorf("bad token %d", t)
			}
			if t != Empty {
				count[t]++
			}
		}
	}
	for k := range count {
		want := numFires
		if Token(k).Book() {
			want = colours[k].Books
		}
		if g.Bag[k] < 0 || count[k] != want {
			return fmt.Errorf("%d %s tokens instead of %d", count[k], Token(k).Name(), want)
		}
	}
	return nil
}

// checkBuckets checks the 10 Bucket tokens and the two-hands limit.
func (g *state) checkBuckets() error {
	n := g.Supply
	for s, p := range g.Seats {
		if p.Buckets < 0 || p.Buckets > maxBuckets {
			return fmt.Errorf("seat %d holds %d Buckets", s, p.Buckets)
		}
		n += p.Buckets
	}
	if g.Supply < 0 || n != numBuckets {
		return fmt.Errorf("%d Bucket tokens instead of %d", n, numBuckets)
	}
	return nil
}

// checkCards checks the Turn Order cards and who holds them.
func (g *state) checkCards() error {
	for i, c := range g.Cards {
		if c.Number != cardNumbers(g.Players)[i] {
			return errors.New("Turn Order cards out of order")
		}
		if c.Holder < -1 || int(c.Holder) >= g.Players {
			return fmt.Errorf("card %d has holder %d", c.Number, c.Holder)
		}
	}
	if g.Phase == PhaseOver {
		return nil
	}
	for i, s := range g.Picks {
		if s < 0 || int(s) >= g.Players || slices.Contains(g.Picks[:i], s) {
			return errors.New("bad queue of choosers")
		}
	}
	for s := range g.Seats {
		held := 0
		for _, c := range g.Cards {
			if c.Holder == engine.Seat(s) {
				held++
			}
		}
		waiting := slices.Contains(g.Picks, engine.Seat(s))
		if held > 1 || (held == 1) == waiting {
			return fmt.Errorf("seat %d holds %d Turn Order cards", s, held)
		}
	}
	return nil
}

func (g *state) checkPhase() error {
	activeOK := g.Active >= 0 && int(g.Active) < g.Players
	var c *orderCard // the card that may hold tokens
	switch g.Phase {
	case PhaseOrder:
		free := len(g.freeCards())
		if len(g.Picks) < 1 || !activeOK || g.Picks[0] != g.Active || free < 2 || free != len(g.Picks) {
			return errors.New("bad turn order choice")
		}
	case PhaseSearch, PhaseFire:
		if len(g.Picks) > 0 || !activeOK || g.Seats[g.Active].Played {
			return errors.New("bad turn")
		}
		c = g.cardOf(g.Active)
		for i, t := range c.Spaces {
			if (t != Empty) != (i < g.Drawn) {
				return errors.New("active card does not match the draws")
			}
		}
		if g.Phase == PhaseSearch && g.Drawn == numSpaces {
			return errors.New("a full card that did not score")
		}
		fire := g.Phase == PhaseFire
		if fire && g.Drawn == 0 {
			return errors.New("a fire decision with no fire")
		}
		if g.Drawn > 0 && fire != (c.Spaces[g.Drawn-1] == Fire && !c.Doused[g.Drawn-1] && threat(c, g.Drawn-1)) {
			return errors.New("the fire test does not match the phase")
		}
		if fire && g.Seats[g.Active].Buckets == 0 || !fire && g.Drawn > 0 && c.live() > 1 {
			return errors.New("a fire that should have burned")
		}
		for i := range g.Drawn - 1 {
			if c.Spaces[i] == Fire && !c.Doused[i] && risky(c.Number, i) {
				return errors.New("an undoused fire on a risky space")
			}
		}
	case PhaseOver:
		if g.Active != -1 || len(g.Picks) > 0 {
			return errors.New("bad finished game")
		}
		if g.Collapsed >= 0 && g.LastBy >= 0 {
			c = g.cardOf(g.LastBy) // the burning card keeps its tokens
		}
	default:
		return fmt.Errorf("unknown phase %q", g.Phase)
	}
	for i := range g.Cards {
		if &g.Cards[i] != c && (g.Cards[i].Spaces != emptySpaces() || g.Cards[i].Doused != [numSpaces]bool{}) {
			return errors.New("tokens left on a Turn Order card")
		}
	}
	return nil
}
