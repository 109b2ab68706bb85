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
	if _, err := parseVariant(g.Players, engine.Options{OptMode: g.Var.Mode}); err != nil ||
		g.Players < 1 || g.Players > 6 {
		return fmt.Errorf("%d players in mode %q", g.Players, g.Var.Mode)
	}
	if !slices.Contains(optionSpecs[0].Choices, g.Var.Mode) || !slices.Contains(optionSpecs[2].Choices, g.Var.Fire) {
		return errors.New("unknown variant")
	}
	if len(g.Seats) != g.Players || len(g.Cards) != cardsInPlay(g.Players, g.Var) {
		return errors.New("wrong number of seats or Turn Order cards")
	}
	if (g.Robot != nil) != g.Var.hasRobot() {
		return errors.New("the Robot does not match the mode")
	}
	if g.Round < 1 || g.Drawn < 0 || g.Supply < 0 || g.Var.Mode == ModeLone && g.Round > loneRounds {
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
	lone := g.Var.Mode == ModeLone && g.Round == loneRounds
	if collapsed != g.Collapsed || collapsed >= 0 && g.Phase != PhaseOver ||
		collapsed < 0 && g.Phase == PhaseOver && !lone {
		return errors.New("collapse does not match the phase")
	}
	if g.Last < Empty || g.Last >= numKinds || g.LastBy < -1 || int(g.LastBy) >= g.Players ||
		(g.Last == Empty) != (g.LastBy == -1) {
		return errors.New("bad last draw")
	}
	return nil
}

// checkTokens checks that every token is somewhere exactly once: 22 books
// by colour, 17 fires and, with the expansion, 3 Technology books and one
// more fire, across the bag, the supply, the cards, the played tools, the
// Robot and a Shovel or Torch draw.
func (g *state) checkTokens() error {
	if len(g.Bag) != numKinds {
		return fmt.Errorf("a bag of %d kinds of tokens", len(g.Bag))
	}
	count := slices.Clone(g.Bag)
	count[Fire] += g.Supply
	add := func(ts ...Token) error {
		for _, t := range ts {
			if t < White || t >= numKinds {
				return fmt.Errorf("bad token %d", t)
			}
			count[t]++
		}
		return nil
	}
	for i, c := range g.Cards {
		if c.Number != i+1 {
			return errors.New("Turn Order cards out of order")
		}
		if c.Holder != noHolder && c.Holder != robotSeat && (c.Holder < 0 || int(c.Holder) >= g.Players) ||
			c.Holder == robotSeat && g.Var.Mode != ModeRobot {
			return fmt.Errorf("card %d has holder %d", c.Number, c.Holder)
		}
		for _, t := range c.Spaces {
			if t != Empty {
				if err := add(t); err != nil {
					return err
				}
			}
		}
	}
	for _, tt := range g.Table {
		if err := add(tt.Tokens...); err != nil {
			return err
		}
	}
	if g.Robot != nil {
		if err := add(g.Robot.Tokens...); err != nil {
			return err
		}
	}
	if err := add(g.Turn.Drawing...); err != nil {
		return err
	}
	for k := range count {
		want := 0
		switch t := Token(k); {
		case t.Section():
			want = sections[k].Books
		case t == Fire:
			want = totalFires
			if g.Var.Tech {
				want++
			}
		case t == Tech && g.Var.Tech:
			want = techBooks
		}
		if g.Bag[k] < 0 || count[k] != want {
			return fmt.Errorf("%d %s tokens instead of %d", count[k], Token(k).Name(), want)
		}
	}
	return nil
}

// checkTools checks that every tool card is in exactly one place, and the
// played tools on the table.
func (g *state) checkTools() error {
	var all []int
	all = append(all, g.Deck...)
	all = append(all, g.Discard...)
	all = append(all, g.Market...)
	for _, p := range g.Seats {
		all = append(all, p.Hand...)
		if p.Play != nil {
			all = append(all, p.Play[0])
		}
	}
	for _, tt := range g.Table {
		all = append(all, tt.Card)
		tl := tt.Card / copiesPerTool
		ok := false
		switch tt.Until {
		case "turn":
			ok = tl == toolBucket || tl == toolShovel || tl == toolTorch
		case "round":
			ok = tl == toolAmulet || tl == toolCart || tl == toolSlingshot
		case "game":
			ok = tl == toolLockbox && len(tt.Tokens) == 1 && tt.Tokens[0].Book()
		}
		if !ok || tt.Owner < 0 || int(tt.Owner) >= g.Players || tt.Uses < 0 || tt.Uses > 1 {
			return fmt.Errorf("bad played tool %+v", tt)
		}
	}
	if g.Robot != nil && g.Robot.Flip >= 0 && !slices.Contains(all, g.Robot.Flip) {
		return errors.New("the Robot's flip is lost")
	}
	slices.Sort(all)
	if !slices.Equal(all, toolDeck(g.Players)) {
		return errors.New("tool cards lost or duplicated")
	}
	if g.Var.NoTools && len(g.Market) > 0 {
		return errors.New("a tool market in the No Tool variant")
	}
	if len(g.Market) > marketSize || (len(g.Market) < marketSize && g.toolsLeft() && !g.Var.NoTools) {
		return errors.New("tool market not full")
	}
	return nil
}

func (g *state) checkSeats() error {
	track := g.scoreTrack() // the Robot is the last marker
	if err := track.Check(len(track.Scores)); err != nil {
		return err
	}
	for s, p := range g.Seats {
		if p.Swap < swapUndecided || p.Swap >= len(p.Hand) {
			return fmt.Errorf("seat %d has a bad swap choice", s)
		}
		if g.Phase != PhaseSwap && p.Swap != swapKeep {
			return fmt.Errorf("seat %d decided a swap outside step 3", s)
		}
		window := g.Phase == PhaseAmulet || g.Phase == PhaseSpread
		if !window && (p.Wait || p.Play != nil) || p.Play != nil && (len(p.Play) < 2 || p.Play[0]/copiesPerTool != p.Play[1]) {
			return fmt.Errorf("seat %d has a bad window answer", s)
		}
		held := 0
		for _, c := range g.Cards {
			if c.Holder == engine.Seat(s) {
				held++
			}
		}
		waiting := slices.Contains(g.Picks, engine.Seat(s))
		if held > 1 || g.Phase != PhaseAmulet && (held == 1) == waiting || g.Phase == PhaseAmulet && held > 0 {
			return fmt.Errorf("seat %d holds %d Turn Order cards", s, held)
		}
	}
	return nil
}

func (g *state) checkPhase() error {
	activeOK := g.Active >= 0 && int(g.Active) < g.Players
	turn := g.Phase == PhaseSave || g.Phase == PhasePlace || g.Phase == PhaseSpread ||
		g.Phase == PhaseTool || g.Phase == PhaseAfter
	switch {
	case g.Phase == PhaseAmulet:
		if len(g.Picks) > 0 || g.Active != -1 || len(g.answering()) == 0 || g.Round < 2 {
			return errors.New("bad Amulet window")
		}
	case g.Phase == PhaseOrder:
		if len(g.Picks) < 1 || !activeOK || g.Picks[0] != g.Active || len(g.freeCards()) < 2 {
			return errors.New("bad step 1")
		}
	case turn:
		if err := g.checkTurn(activeOK); err != nil {
			return err
		}
	case g.Phase == PhaseSwap:
		if len(g.Picks) > 0 || g.Active != -1 || len(g.answering()) == 0 {
			return errors.New("bad step 3")
		}
	case g.Phase == PhaseOver:
		if g.Active != -1 || len(g.Picks) > 0 {
			return errors.New("bad finished game")
		}
	default:
		return fmt.Errorf("unknown phase %q", g.Phase)
	}
	if !turn && (len(g.Turn.Drawing) > 0 || g.Turn.Gloves || g.Turn.Trigger >= 0) {
		return errors.New("turn state outside a turn")
	}
	for _, tt := range g.Table {
		if tt.Until == "turn" && g.Phase != PhaseOver && (!turn || tt.Owner != g.Active) {
			return errors.New("a tool of the turn outlived it")
		}
	}
	for _, c := range g.Cards {
		// Played cards are empty; others may hold tokens an Amulet or a
		// Slingshot gave them (never a fire that would spread).
		empty := countTokens(Empty, c.Spaces) == numSpaces
		played := c.Holder >= 0 && g.Seats[c.Holder].Played || c.Holder == robotSeat && g.Robot.Played
		if g.Phase == PhaseOver {
			continue // the game stopped mid-turn
		}
		if !empty && (played || g.Phase == PhaseSwap) {
			return errors.New("tokens left on a played Turn Order card")
		}
		if c.Holder != g.Active || !turn {
			fires := countTokens(Fire, c.Spaces)
			first := slices.Index(c.Spaces[:], Fire)
			if fires > 1 || fires == 1 && risky(c.Number, first) {
				return fmt.Errorf("a fire that would spread on the %s card", engine.Ordinal(c.Number))
			}
		}
	}
	return nil
}

// checkTurn checks step 2 while a player is active.
func (g *state) checkTurn(activeOK bool) error {
	if len(g.Picks) > 0 || !activeOK || g.Seats[g.Active].Played {
		return errors.New("bad step 2")
	}
	if g.Phase == PhaseTool && ((g.ToolWhy != "spread" && g.ToolWhy != "escape") ||
		(len(g.Market) == 0 && !g.toolsLeft())) {
		return errors.New("bad tool pick")
	}
	if (g.Phase == PhasePlace) != (len(g.Turn.Drawing) > 0) || (g.Phase == PhasePlace) != (g.Turn.From >= 0) {
		return errors.New("tokens to place outside the placing step")
	}
	if (g.Phase == PhaseSpread) != (g.Turn.Trigger >= 0) {
		return errors.New("Fire Spreading without its fire")
	}
	c := g.cardOf(g.Active)
	fires := countTokens(Fire, c.Spaces)
	switch g.Phase {
	case PhaseSave, PhasePlace:
		if !slices.Contains(c.Spaces[:], Empty) || fires > 1 {
			return errors.New("active card does not match the draws")
		}
		for i, t := range c.Spaces {
			if t == Fire && g.riskyNow(c.Number, i) {
				return errors.New("a fire on a risky space while saving books")
			}
		}
	case PhaseSpread:
		if c.Spaces[g.Turn.Trigger] != Fire {
			return errors.New("the triggering fire is missing")
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
