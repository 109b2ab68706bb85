package labyrinth

import (
	"strconv"
	"strings"
)

// flipLit turns a dark tile to its lit side and activates it (rulebook
// p.6): a Terror tile takes the next Terror token, a Shelf tile the next
// Shelf token, if any is left (ruling C8.9). who flips it starts the
// event text ("{seat0}", "The Bookwyrm").
func (g *state) flipLit(i int, who string) {
	t := &g.Tiles[i]
	t.Lit, t.Seen = true, true
	g.Last = append(g.Last, i)
	g.log(func() string { return who + " flips " + TileName(i) + ": " + describeTile(t) + "." })
	switch t.Kind {
	case KindTerror:
		g.placeTerror(i)
	case KindShelf:
		if id := pop(&g.ShelfStack); id >= 0 {
			t.Shelf = id
			g.log(func() string { return article(GenreNames[id]) + " Shelf appears on " + TileName(i) + "." })
		} else {
			g.log(func() string { return "No Shelf token is left for " + TileName(i) + "." })
		}
	}
}

// placeTerror puts the next Terror token on tile i; six Terrors on the
// grid lose the game at once (ruling C8.10).
func (g *state) placeTerror(i int) {
	id := pop(&g.TerrorStack)
	if id < 0 {
		g.log(func() string { return "No Terror token is left for " + TileName(i) + "." })
		return
	}
	g.Tiles[i].Terror = id
	g.log(func() string {
		return "The " + Terrors[id].Name + " (" + terrorLetters[id] + ") appears on " + TileName(i) + "."
	})
	if n := g.terrorsOnGrid(); n >= 6 {
		g.finish(false, "Six Terrors overrun the library: the game is lost ("+strconv.Itoa(g.filled())+" of 6 shelves filled).")
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

// article puts "A" or "An" before a name: "An Amazing Lives".
func article(name string) string {
	if name != "" && strings.ContainsRune("AEIOU", rune(name[0])) {
		return "An " + name
	}
	return "A " + name
}
