package firelibrary

import (
	"fmt"
	"strings"

	"arcade/engine"
)

// burnTop removes the top card of section i and reveals the next one. A
// revealed fire icon moves an unused fire into the bag (ruling 3); a
// revealed destroyed card ends the game at once (ruling 4). It reports
// whether the game ended.
func (g *state) burnTop(i int) bool {
	sec := sections[i]
	g.Burned[i]++
	next := g.top(i)
	if next.Destroyed {
		g.emit("%s (%s) burns down: the Library collapses!", sec.Name, sec.Colour)
		g.endGame(i)
		return true
	}
	g.emit("%s (%s) burns: now worth %d", sec.Name, sec.Colour, next.Value)
	if next.Icon {
		if g.Supply > 0 {
			g.Supply--
			g.Bag[Fire]++
			g.emit("A fire icon is revealed in %s: a Fire token goes into the bag", sec.Name)
		} else {
			g.emit("A fire icon is revealed in %s, but no unused Fire tokens are left", sec.Name)
		}
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

// burnLowest burns the card with the lowest burn index.
func (g *state) burnLowest() bool {
	i := g.lowestSection()
	g.emit("The lowest burn index is %d, in %s", g.top(i).Burn, sections[i].Name)
	return g.burnTop(i)
}

// endGame ends the game when section i has collapsed: nobody scores the
// turn in progress.
func (g *state) endGame(i int) {
	g.Phase = PhaseOver
	g.Collapsed = i
	g.Active = -1
	g.Picks = []engine.Seat{}
	g.Drawn = 0
	g.ToolWhy = ""
	for s := range g.Seats {
		g.Seats[s].Swap = swapKeep
	}
	w := g.winners()
	names := make([]string, len(w))
	for k, s := range w {
		names[k] = seat(s)
	}
	best := g.Seats[w[0]].Score
	result := fmt.Sprintf("%s wins with %d points.", names[0], best)
	if len(w) > 1 {
		result = fmt.Sprintf("%s share the win with %d points.", strings.Join(names, " and "), best)
	}
	g.Summary = fmt.Sprintf("%s burned down in round %d. %s", sections[i].Name, g.Round, result)
	g.emit("Game over: %s", g.Summary)
}
