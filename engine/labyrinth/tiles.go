package labyrinth

// flipLit turns a dark tile to its lit side and activates it (rulebook
// p.6): a Terror tile takes the next Terror token, a Shelf tile the next
// Shelf token, if any is left (ruling C8.9). The player whose turn it is
// flips it, or the Bookwyrm (wyrm).
func (g *state) flipLit(i int, wyrm bool) {
	t := &g.Tiles[i]
	t.Lit, t.Seen = true, true
	g.Last = append(g.Last, i)
	record(g, flipped{Seat: g.Turn, Wyrm: wyrm, Tile: i, Kind: t.Kind, Shape: t.Shape})
	switch t.Kind {
	case KindTerror:
		g.placeTerror(i, false)
	case KindShelf:
		if id := pop(&g.ShelfStack); id >= 0 {
			t.Shelf = id
			record(g, shelfAppears{id, i})
		} else {
			record(g, noToken{Tile: i})
		}
	}
}

// placeTerror puts the next Terror token on tile i, one just lit or one
// the Bookwyrm wakes; six Terrors on the grid lose the game at once
// (ruling C8.10).
func (g *state) placeTerror(i int, woken bool) {
	id := pop(&g.TerrorStack)
	if id < 0 {
		record(g, noToken{Tile: i, Terror: true})
		return
	}
	g.Tiles[i].Terror = id
	record(g, terrorAppears{Terror: id, Tile: i, Woken: woken})
	if n := g.terrorsOnGrid(); n >= 6 {
		g.finish(overrun)
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
