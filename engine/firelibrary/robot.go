package firelibrary

import (
	"fmt"
	"strings"

	"arcade/engine"
)

// robotTurn plays the Robot Player's turn (Robot variants). It reports
// whether the game ended.
//
// Multiplayer: flip the top tool card; the two sections on its banners
// burn, one card each; the Robot scores the other two sections' values
// plus bravery from its Turn Order card, its books filling spaces 1 to N
// (ruling 25). Solo: if the player burned books this round, the Robot
// scores the most valuable of them instead; otherwise it flips as above
// and gains 2 bravery per book after the first. Books a Slingshot (or an
// Amulet) gave it score too; fires are ignored. A Robot that burns a
// section down scores nothing.
func (g *state) robotTurn() bool {
	r := g.Robot
	g.Active = robotSeat
	r.Played = true
	c := g.cardOf(robotSeat)
	var held []Token
	if c != nil {
		held = append(held, c.Spaces[:]...)
	}
	held = append(held, r.Tokens...)
	var books []Token
	for _, t := range held {
		if t.Book() {
			books = append(books, t)
		}
	}
	extra := func() int { // the given books, at their value when it scores
		pts := 0
		for _, t := range books {
			pts += g.worth(t)
		}
		return pts
	}
	where := ""
	if c != nil {
		where = fmt.Sprintf(" (%s card)", ordinal(c.Number))
	}
	card := -1
	solo := g.Var.Mode == ModeSoloRobot && g.BurnedBest > 0
	if !solo {
		card = g.drawTool()
	}
	switch {
	case solo:
		g.addRobot(g.BurnedBest + extra())
		g.emit("The Robot's turn: books burned this round, so it scores the most valuable, %d%s (score %d)",
			g.BurnedBest, heldNote(books, extra()), r.Score)
	case card < 0:
		g.addRobot(extra())
		g.emit("The Robot's turn%s: no tool card is left to flip, it scores %d (score %d)", where, extra(), r.Score)
	default:
		r.Flip = card
		g.Discard = append(g.Discard, card)
		burn := cardTool(card).Robot[card%copiesPerTool]
		var scored []int
		for i := range sections {
			if i != burn[0] && i != burn[1] {
				scored = append(scored, i)
			}
		}
		g.emit("The Robot's turn%s: it flips %s, burns %s and %s, scores %s and %s", where, cardTool(card).Name,
			sections[burn[0]].Name, sections[burn[1]].Name, sections[scored[0]].Name, sections[scored[1]].Name)
		for _, i := range burn {
			if g.burnTop(i) {
				return true
			}
		}
		n := 2 + len(books)
		bravery := 2 * (n - 1)
		if c != nil {
			bravery = orderCards[c.Number-1][min(n, numSpaces)-1]
		}
		k0, k1, x := g.value(scored[0]), g.value(scored[1]), extra()
		g.addRobot(k0 + k1 + x + bravery)
		g.emit("The Robot scores %s %d + %s %d%s + %d bravery = %d (score %d)", sections[scored[0]].Colour, k0,
			sections[scored[1]].Colour, k1, heldNote(books, x), bravery, k0+k1+x+bravery, r.Score)
	}
	if c != nil {
		g.returnTokens(c)
	}
	for _, t := range r.Tokens {
		g.Bag[t]++
	}
	r.Tokens = []Token{}
	g.Active = -1
	return false
}

// heldNote describes the books the Robot was given, e.g. " + 5 for its
// yellow, black books".
func heldNote(books []Token, pts int) string {
	if len(books) == 0 {
		return ""
	}
	names := make([]string, len(books))
	for i, t := range books {
		names[i] = t.Name()
	}
	return fmt.Sprintf(" + %d for its %s %s", pts, strings.Join(names, ", "), engine.Plural(len(books), "book", "books"))
}
