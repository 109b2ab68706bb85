package labyrinth

import (
	"fmt"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
)

// cannotAct says why the viewer may not act on a tile now ("" if they
// may).
func (b *Board) cannotAct(v lab.View) string {
	switch {
	case v.Over:
		return "The game is over."
	case v.You < 0:
		return "You are watching this game."
	case v.Phase == lab.PhaseSetup && myTurn(v):
		return "First choose your starting Books: keys 1-6 choose one of that genre."
	case v.Phase == lab.PhaseSetup:
		return "Your starting Books are chosen: wait for the others to choose theirs."
	case v.Turn != v.You:
		return fmt.Sprintf("It is %s's turn: wait for yours.", b.name(v.Turn))
	case v.ActionsLeft <= 0:
		return "No actions left: e ends your turn."
	}
	return ""
}

// refusal explains why key does nothing on tile i.
func (b *Board) refusal(v lab.View, key string, i int) string {
	t := v.Tiles[i]
	own := ownTile(v)
	near := lab.Adjacent(own, i)
	switch key {
	case "f":
		switch {
		case t.Lit:
			return t.Name + " is lit already: r or R rotates it."
		case !near:
			return "You can only flip a tile next to yours (or anywhere with a Useful Map)."
		}
		return "You cannot flip " + t.Name + " now."
	case "r", "R":
		switch {
		case !t.Lit:
			return t.Name + " is dark: flip it first."
		case i != own && !near:
			return "You can only rotate your own tile or one next to it."
		case t.Kind == lab.KindCentre:
			return "Rotating the compass tile changes nothing."
		}
		return "You cannot rotate " + t.Name + " now."
	case "g":
		var others []engine.Seat
		for _, s := range t.Meeples {
			if s != v.You {
				others = append(others, s)
			}
		}
		if len(others) == 0 && !t.Trolley {
			return "Nobody else stands on " + t.Name + " to pass cards with."
		}
		return "No pass is possible with them now (hands full or empty)."
	}
	switch {
	case i == own:
		return "You are on " + t.Name + " already."
	case !t.Lit:
		return t.Name + " is dark: flip it first."
	case !reachable(v, own)[i]:
		return "No open path from your tile (" + lab.TileName(own) + ") to " + t.Name + "."
	case t.Terror != nil:
		return fmt.Sprintf("Your cards cannot capture the %s: it needs %s.", t.Terror.Name, spaced(t.Terror.Letters))
	case t.Shelf >= 0:
		return fmt.Sprintf("You hold no captured Terror with the %s symbol (%s) for this Shelf.",
			lab.SymbolNames[t.Shelf%lab.NumGenres], lab.SymbolLetters[t.Shelf%lab.NumGenres])
	}
	return "You cannot move to " + t.Name + " now."
}

// reachable lists the tiles a meeple on tile from can walk to without
// cards: through lit tiles whose facing sides are both open, never past a
// Terror or Shelf token (it may end on one).
func reachable(v lab.View, from int) map[int]bool {
	seen := map[int]bool{from: true}
	queue := []int{from}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if t := v.Tiles[i]; i != from && (t.Terror != nil || t.Shelf >= 0) {
			continue
		}
		for d := range 4 {
			n := lab.Neighbour(i, d)
			if n < 0 || seen[n] || !v.Tiles[i].Open[d] || !v.Tiles[n].Lit || !v.Tiles[n].Open[(d+2)%4] {
				continue
			}
			seen[n] = true
			queue = append(queue, n)
		}
	}
	return seen
}
