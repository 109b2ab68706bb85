package labyrinth

import (
	"fmt"
)

// flipLit turns a dark tile to its lit side and activates it (rulebook
// p.6): a Terror tile takes the next Terror token, a Shelf tile the next
// Shelf token, if any is left (ruling C8.9). what starts the event text
// ("{seat0} flips", "The Bookwyrm flips").
func (g *state) flipLit(i int, what string) {
	t := &g.Tiles[i]
	t.Lit, t.Seen = true, true
	g.Last = append(g.Last, i)
	g.log("%s %s: %s.", what, TileName(i), describeTile(t))
	switch t.Kind {
	case KindTerror:
		g.placeTerror(i)
	case KindShelf:
		if id := pop(&g.ShelfStack); id >= 0 {
			t.Shelf = id
			g.log("A %s Shelf appears on %s.", GenreNames[id], TileName(i))
		} else {
			g.log("No Shelf token is left for %s.", TileName(i))
		}
	}
}

// placeTerror puts the next Terror token on tile i; six Terrors on the
// grid lose the game at once (ruling C8.10).
func (g *state) placeTerror(i int) {
	id := pop(&g.TerrorStack)
	if id < 0 {
		g.log("No Terror token is left for %s.", TileName(i))
		return
	}
	g.Tiles[i].Terror = id
	g.log("The %s (%s) appears on %s.", Terrors[id].Name, Terrors[id].Needs.Letters(), TileName(i))
	if n := g.terrorsOnGrid(); n >= 6 {
		g.finish(false, fmt.Sprintf("Six Terrors overrun the library: the game is lost (%d of 6 shelves filled).", g.filled()))
	}
}

// filled counts the filled shelves.
func (g *state) filled() int {
	n := 0
	for _, f := range g.Filled {
		if f {
			n++
		}
	}
	return n
}

// describeTile names a lit tile's kind and shape.
func describeTile(t *tile) string {
	shape := map[Shape]string{ShapeCross: "crossroads", ShapeT: "T-junction", ShapeCorner: "corner"}[t.Shape]
	switch t.Kind {
	case KindCross:
		return "a crossroads"
	case KindTerror:
		return "a Terror " + shape
	case KindShelf:
		return "a Shelf " + shape
	case KindReward:
		return "a Reward " + shape
	}
	return "the compass"
}
