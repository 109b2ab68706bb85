package firelibrary

import (
	"errors"
	"fmt"
	"slices"

	"arcade/engine"
)

// validate checks every invariant of a state: it guards Restore against
// damaged data and lets the tests check each step.
func (g *state) validate() error {
	if g.Players < 2 || g.Players > 6 {
		return fmt.Errorf("%d players", g.Players)
	}
	if len(g.Seats) != g.Players || len(g.Cards) != cardsInPlay(g.Players) {
		return errors.New("wrong number of seats or Turn Order cards")
	}
	if g.Round < 1 || g.Drawn < 0 || g.Drawn > numSpaces || g.Supply < 0 {
		return errors.New("counter out of range")
	}
	if err := g.checkLibrary(); err != nil {
		return err
	}
	if err := g.checkTokens(); err != nil {
		return err
	}
	if err := g.checkTools(); err != nil {
		return err
	}
	if err := g.checkSeats(); err != nil {
		return err
	}
	return g.checkPhase()
}

func (g *state) checkLibrary() error {
	collapsed := -1
	for i, sec := range sections {
		if g.Burned[i] < 0 || g.Burned[i] > sec.Books {
			return fmt.Errorf("section %s burned %d times", sec.Name, g.Burned[i])
		}
		if g.Burned[i] == sec.Books {
			if collapsed >= 0 {
				return errors.New("two sections collapsed")
			}
			collapsed = i
		}
	}
	if collapsed != g.Collapsed || (collapsed >= 0) != (g.Phase == PhaseOver) {
		return errors.New("collapse does not match the phase")
	}
	if g.Last < Empty || g.Last > Fire || g.LastBy < -1 || int(g.LastBy) >= g.Players ||
		(g.Last == Empty) != (g.LastBy == -1) {
		return errors.New("bad last draw")
	}
	return nil
}

// checkTokens checks that every token is somewhere exactly once: 22 books
// by colour and 17 fires across the bag, the cards and the supply.
func (g *state) checkTokens() error {
	count := g.Bag
	count[Fire] += g.Supply
	for i, c := range g.Cards {
		if c.Number != i+1 {
			return errors.New("Turn Order cards out of order")
		}
		if c.Holder < -1 || int(c.Holder) >= g.Players {
			return fmt.Errorf("card %d has holder %d", c.Number, c.Holder)
		}
		for _, t := range c.Spaces {
			if t < Empty || t > Fire {
				return fmt.Errorf("bad token %d", t)
			}
			if t != Empty {
				count[t]++
			}
		}
	}
	for k := range count {
		want := totalFires
		if Token(k).Book() {
			want = sections[k].Books
		}
		if g.Bag[k] < 0 || count[k] != want {
			return fmt.Errorf("%d %s tokens instead of %d", count[k], Token(k).Name(), want)
		}
	}
	return nil
}

// checkTools checks that every tool card is in exactly one place.
func (g *state) checkTools() error {
	var all []int
	all = append(all, g.Deck...)
	all = append(all, g.Discard...)
	all = append(all, g.Market...)
	for _, p := range g.Seats {
		all = append(all, p.Hand...)
	}
	slices.Sort(all)
	if !slices.Equal(all, toolDeck(g.Players)) {
		return errors.New("tool cards lost or duplicated")
	}
	if len(g.Market) > marketSize || (len(g.Market) < marketSize && g.toolsLeft()) {
		return errors.New("tool market not full")
	}
	return nil
}

func (g *state) checkSeats() error {
	arrived := map[int]bool{}
	for s, p := range g.Seats {
		if p.Score < 0 || p.Arrived < 0 || p.Arrived >= g.Clock || arrived[p.Arrived] {
			return fmt.Errorf("seat %d has a bad score record", s)
		}
		arrived[p.Arrived] = true
		if p.Swap < swapUndecided || p.Swap >= len(p.Hand) {
			return fmt.Errorf("seat %d has a bad swap choice", s)
		}
		if g.Phase != PhaseSwap && p.Swap != swapKeep {
			return fmt.Errorf("seat %d decided a swap outside step 3", s)
		}
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
	switch g.Phase {
	case PhaseOrder:
		if len(g.Picks) < 1 || !activeOK || g.Picks[0] != g.Active || len(g.freeCards()) < 2 {
			return errors.New("bad step 1")
		}
	case PhaseSave, PhaseTool:
		if len(g.Picks) > 0 || !activeOK || g.Seats[g.Active].Played {
			return errors.New("bad step 2")
		}
		if g.Phase == PhaseTool && ((g.ToolWhy != "spread" && g.ToolWhy != "escape") ||
			(len(g.Market) == 0 && !g.toolsLeft())) {
			return errors.New("bad tool pick")
		}
		c := g.cardOf(g.Active)
		drawn := numSpaces - countTokens(Empty, c.Spaces)
		if g.Phase == PhaseSave && (drawn != g.Drawn || drawn == numSpaces || countTokens(Fire, c.Spaces) > 1) {
			return errors.New("active card does not match the draws")
		}
	case PhaseSwap:
		if len(g.Picks) > 0 || g.Active != -1 || len(g.Responding()) == 0 {
			return errors.New("bad step 3")
		}
	case PhaseOver:
		if g.Active != -1 || len(g.Picks) > 0 {
			return errors.New("bad finished game")
		}
	default:
		return fmt.Errorf("unknown phase %q", g.Phase)
	}
	for _, c := range g.Cards {
		if countTokens(Empty, c.Spaces) != numSpaces && (g.Phase != PhaseSave && g.Phase != PhaseOver ||
			c.Holder != g.Active && g.Phase == PhaseSave) {
			return errors.New("tokens left on a Turn Order card")
		}
	}
	return nil
}

func countTokens(t Token, spaces [numSpaces]Token) int {
	n := 0
	for _, x := range spaces {
		if x == t {
			n++
		}
	}
	return n
}
