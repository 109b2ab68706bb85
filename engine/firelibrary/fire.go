package firelibrary

import (
	"fmt"

	"arcade/engine"
)

// burnTop removes the top card of section i, as rule why says, and
// reveals the next one. A revealed fire icon moves an unused fire into the
// bag (ruling 3); a revealed destroyed card ends the game at once (ruling
// 4). It reports whether the game ended.
func (g *state) burnTop(i int, why engine.Rule) bool {
	g.Burned[i]++
	next := g.top(i)
	if next.Destroyed {
		emit(g, sectionBurned{Section: i, Down: true, Why: why})
		g.Collapsed = i
		g.finish(fmt.Sprintf("%s burned down in round %d.", sections[i].Name, g.Round))
		return true
	}
	emit(g, sectionBurned{Section: i, Value: next.Value, Why: why})
	if next.Icon {
		added := g.Supply > 0
		if added {
			g.Supply--
			g.Bag[Fire]++
		}
		emit(g, iconRevealed{Section: i, Added: added})
	}
	return false
}

// lowestSection is the section whose top card has the lowest burn index.
func (g *state) lowestSection() int {
	best := 0
	for i := 1; i < numSections; i++ {
		if g.top(i).Burn < g.top(best).Burn {
			best = i
		}
	}
	return best
}

// highestSection is the section whose top card has the highest burn index
// (where a burning Technology book strikes).
func (g *state) highestSection() int {
	best := 0
	for i := 1; i < numSections; i++ {
		if g.top(i).Burn > g.top(best).Burn {
			best = i
		}
	}
	return best
}

// burnLowest burns the card with the lowest burn index, as rule why says.
func (g *state) burnLowest(why engine.Rule) bool {
	i := g.lowestSection()
	emit(g, burnIndex{Section: i, Index: g.top(i).Burn, Why: why})
	return g.burnTop(i, why)
}

// burnBook burns the section a book token belongs to, as rule why says; a
// Technology book burns the card with the highest burn index (ruling 35).
func (g *state) burnBook(t Token, why engine.Rule) bool {
	if t == Tech {
		i := g.highestSection()
		emit(g, burnIndex{Section: i, Index: g.top(i).Burn, Tech: true})
		return g.burnTop(i, rulingTech)
	}
	return g.burnTop(int(t), why)
}

// finish ends the game: end-of-game tools and books resolve (ruling 4),
// the Lone Librarian's table applies, and the result is announced. why
// says how it ended.
func (g *state) finish(why string) {
	g.Phase = PhaseOver
	for i := range g.Table {
		tt := &g.Table[i]
		if tt.Until == "game" && len(tt.Tokens) > 0 { // a Lockbox
			b := tt.Tokens[0]
			g.addScore(tt.Owner, g.worth(b))
			emit(g, lockboxScored{Seat: tt.Owner, Book: b, Points: g.worth(b), Score: g.Seats[tt.Owner].Score})
		}
	}
	// Books on the cards of players still to play score for them (the
	// Amulet's text); the active player's turn in progress scores nothing.
	for _, c := range g.Cards {
		if c.Holder == noHolder || c.Holder == g.Active {
			continue
		}
		for _, t := range c.Spaces {
			if t.Book() {
				g.endBook(c.Holder, t)
			}
		}
	}
	if g.Robot != nil && !g.robotEnded() {
		for _, t := range g.Robot.Tokens {
			if t.Book() {
				g.endBook(robotSeat, t)
			}
		}
	}
	if g.Var.Mode == ModeLone {
		g.loneTable()
	}
	g.Active = -1
	g.Picks = []engine.Seat{}
	g.Drawn = 0
	g.ToolWhy = ""
	g.Turn = freshTurn()
	for s := range g.Seats {
		g.Seats[s].Swap = swapKeep
		g.Seats[s].Wait = false
		if p := g.Seats[s].Play; p != nil {
			g.Seats[s].Hand = append(g.Seats[s].Hand, p[0])
			g.Seats[s].Play = nil
		}
	}
	g.Summary = why + " " + g.result()
	emit(g, gameOver{Summary: g.Summary, Why: g.winRule()})
}

// winRule is the rule that says who wins the game's mode.
func (g *state) winRule() engine.Rule {
	switch g.Var.Mode {
	case ModeLone:
		return g.Var.level().LoneRule
	case ModeSoloRobot:
		return ruleSoloWin
	case ModeRobot:
		return ruleRobotWins
	}
	return rulingHighest
}

// robotEnded reports whether the Robot's own turn ended the game: then it
// scores nothing more (Robot variants).
func (g *state) robotEnded() bool { return g.Active == robotSeat }

// endBook scores a book left on a card (or given to the Robot) at the end
// of the game: 10 if its section burned down.
func (g *state) endBook(s engine.Seat, t Token) {
	pts := g.worth(t)
	if s == robotSeat {
		g.addRobot(pts)
		emit(g, endBookScored{Seat: s, Book: t, Points: pts, Score: g.Robot.Score})
		return
	}
	g.addScore(s, pts)
	emit(g, endBookScored{Seat: s, Book: t, Points: pts, Score: g.Seats[s].Score})
}

// loneTable is the Lone Librarian's end-of-game table (ruling 32): the
// rulebook's "If the Library Burned Down: Lose 10 points for each unused
// Turn Order Card." and "If the Player Played 12 Turns: Gain 2 points for
// every remaining Section of the Library." A Section remains while its
// destroyed card is not revealed.
func (g *state) loneTable() {
	if g.Collapsed >= 0 {
		missed := loneRounds - g.Round // this round's turn was taken
		g.Bonus = -10 * missed
		emit(g, loneBurned{Missed: missed, Points: g.Bonus})
	}
	if g.Round == loneRounds {
		standing := 0
		for i := range sections {
			if !g.top(i).Destroyed {
				standing++
			}
		}
		g.Bonus += 2 * standing
		emit(g, loneStanding{Sections: standing, Points: 2 * standing})
	}
}

// result is the outcome in one sentence.
func (g *state) result() string {
	sc := g.scores()
	switch g.Var.Mode {
	case ModeLone:
		loneWin := g.Var.level().LoneWin
		switch {
		case sc[0] > g.Var.level().LoneHonours:
			return fmt.Sprintf("%s scored %d: the bravest librarian, a win with honours!", seat(0), sc[0])
		case sc[0] > loneWin:
			return fmt.Sprintf("%s scored %d: more than %d, a win!", seat(0), sc[0], loneWin)
		}
		return fmt.Sprintf("%s scored %d: not more than %d, a loss.", seat(0), sc[0], loneWin)
	case ModeSoloRobot:
		if sc[0] > g.Robot.Score {
			return fmt.Sprintf("%s beats the Robot %d to %d.", seat(0), sc[0], g.Robot.Score)
		}
		return fmt.Sprintf("The Robot wins %d to %d.", g.Robot.Score, sc[0])
	}
	w := g.winners()
	if len(w) == 0 {
		return fmt.Sprintf("The Robot wins with %d points.", g.Robot.Score)
	}
	best := sc[w[0]]
	if g.Robot != nil && g.Robot.Score == best {
		return fmt.Sprintf("%s %s with the Robot at %d points.", engine.JoinSeats(w), engine.Plural(len(w), "ties", "tie"),
			best)
	}
	return engine.WinText(w, best, "point", "points")
}
