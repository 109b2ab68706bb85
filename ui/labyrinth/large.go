package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// The large layout, for big terminals.
const (
	// largeFrom is the narrowest board that gets the large layout (when
	// its lines fit the board's height): the widest tiles and the panel.
	largeFrom = lab.Size*maxTallW + lab.Size - 1 + 1 + panelLarge
	// largeSpare are the lines of the board's height the large layout
	// leaves free: the table draws the moves there (at 200x60 the board
	// is given 50 lines, and the keyed moves need ten).
	largeSpare = 4
	// largeRows is the height of a large tile: five lines inside, for the
	// token, its symbols, who stands there, what the Bookwyrm would do and
	// the open sides.
	largeRows = 7
	// panelLarge is the least width left to the panel beside large tiles.
	panelLarge = 30
	// shelfColumns is how many genres share a line of the Shelves.
	shelfColumns = 2
)

// largeLines is the board for big terminals: the status line, the grid
// of large tiles with the panel beside it, then in words the Bookwyrm and
// what the next Disturbance would do, the Terrors on the grid and the
// symbols each needs, and each genre's Shelf, Book deck and discards.
func (b *Board) largeLines(v lab.View, ctx board.Context, p *palette) []string {
	w := ctx.Width
	g := geom{w: maxTallW, h: largeRows}
	lines := []string{board.Truncate(b.status(v, ctx, p, w), w)}
	lines = append(lines, b.gridAndPanel(v, ctx, b.newGrid(v, ctx, g), w, lab.Size*largeRows, "")...)
	lines = append(lines, wyrmLines(v, ctx, p)...)
	lines = append(lines, terrorLines(v, ctx, p)...)
	return append(lines, shelfLines(v, ctx, p)...)
}

// heading is a section's name and its faint gloss.
func heading(ctx board.Context, name, gloss string) string {
	return ctx.Theme.Heading.Render(name) + ctx.Theme.Faint.Render(" "+gloss)
}

// wyrmLines say where the Bookwyrm is, what the next Disturbance card
// would do to each of its four tiles, how many cards are left and what
// the last one was.
func wyrmLines(v lab.View, ctx board.Context, p *palette) []string {
	left := fmt.Sprintf("%d Disturbance %s left", v.DisturbanceLeft, engine.Plural(v.DisturbanceLeft, "card", "cards"))
	if v.DoublesLeft > 0 {
		left += fmt.Sprintf(" (%d double)", v.DoublesLeft)
	}
	line := heading(ctx, "BOOKWYRM", "")
	if !v.Over {
		var strikes []string
		for k, i := range v.WyrmTiles {
			strikes = append(strikes, fmt.Sprintf("%s %s %s", lab.CornerNames[k], lab.TileName(i), p.paint(inkStrike, disturbWord(v.Tiles[i]))))
		}
		line = heading(ctx, "BOOKWYRM", "the next Disturbance strikes:") + " " + strings.Join(strikes, " · ") + " · "
		left += ", then Out of Time"
		if v.DisturbanceLeft <= 3 {
			left = p.paint(inkWarn, left)
		}
	}
	line += left
	if d := v.LastDisturbance; d != nil {
		line += " · last card " + d.Text
	}
	return board.WrapHang(line, ctx.Width, 2)
}

// terrorLines list the Terrors on the grid with the symbols each needs
// to be captured.
func terrorLines(v lab.View, ctx board.Context, p *palette) []string {
	var items []string
	for _, t := range v.Tiles {
		if t.Terror != nil {
			items = append(items, fmt.Sprintf("%s %s needs %s", t.Name, p.paint(inkTerror, t.Terror.Name), needWords(t.Terror.Needs)))
		}
	}
	gloss := fmt.Sprintf("%d of 6 on the grid", v.TerrorsOnGrid)
	if !v.Over {
		gloss += " (the sixth loses)"
	}
	gloss += fmt.Sprintf(", %d in the stack:", v.TerrorStack)
	if len(items) == 0 {
		items = []string{"none"}
	}
	return board.WrapHang(heading(ctx, "TERRORS", gloss)+" "+strings.Join(items, " · "), ctx.Width, 2)
}

// needWords are the symbols a Terror needs, counted and coloured:
// "2 Logic, 2 Fist".
func needWords(n lab.Symbols) string {
	var out []string
	for g, c := range n {
		if c > 0 {
			out = append(out, fmt.Sprintf("%d %s", c, lab.SymbolNames[g]))
		}
	}
	return strings.Join(out, ", ")
}

// shelfLines are the Shelves by genre, two to a line: the genre's symbol
// and name, whether its Shelf is filled or where its Shelf tokens stand,
// and its Book deck and discards; the heading names the Terrors returned.
func shelfLines(v lab.View, ctx board.Context, p *palette) []string {
	filled := 0
	for _, f := range v.Filled {
		if f {
			filled++
		}
	}
	gloss := fmt.Sprintf("%d of 6 filled (all six win) · Shelf stack %d · Reward deck %d, discards %d",
		filled, v.ShelfStack, v.RewardDeck, v.RewardDiscard)
	for _, r := range v.Returned {
		gloss += fmt.Sprintf(" · %s returned to %s", r.Terror.Name, lab.SymbolLetters[r.Shelf%lab.NumGenres])
	}
	out := board.WrapHang(heading(ctx, "SHELVES", gloss), ctx.Width, 2)
	colW := (ctx.Width - 1) / shelfColumns
	var row []string
	for g := range lab.NumGenres {
		row = append(row, board.PadRight(board.Clip(" "+shelfWords(v, p, g), colW), colW))
		if len(row) == shelfColumns || g == lab.NumGenres-1 {
			out = append(out, strings.TrimRight(strings.Join(row, " "), " "))
			row = nil
		}
	}
	return out
}

// shelfWords describe genre g's Shelf and Books: "H Children's Fiction
// Shelf B5   deck 6, discards 0".
func shelfWords(v lab.View, p *palette, g int) string {
	var on []string
	for _, t := range v.Tiles {
		if t.Shelf >= 0 && t.Shelf%lab.NumGenres == g {
			on = append(on, t.Name)
		}
	}
	state := fmt.Sprintf("%-12s", "no Shelf")
	switch {
	case v.Filled[g]:
		state = p.paint(inkGood, fmt.Sprintf("%-12s", "filled"))
	case len(on) > 0:
		state = fmt.Sprintf("%-12s", "Shelf "+strings.Join(on, " "))
	}
	return fmt.Sprintf("%s %-18s %s deck %d, discards %d", p.paint(symInk(g), lab.SymbolLetters[g]),
		lab.GenreNames[g], state, v.BookDeck[g], v.BookDiscard[g])
}
