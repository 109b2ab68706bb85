package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"

	"github.com/charmbracelet/x/ansi"
)

// sideNames are a tile's sides in the order of TileView.Open.
var sideNames = [4]string{"north", "east", "south", "west"}

// Sections puts the board in words for line mode, part by part: the
// turn, the tiles row by row, the Bookwyrm, the Terrors, the Shelves, the
// decks and every hand (hands are open in this game). "look B2" reads one
// tile (Square).
func (b *Board) Sections(view engine.View, ctx board.Context) [][]string {
	vp, ok := engine.ViewAs[lab.View](view)
	if !ok {
		return nil
	}
	v := *vp
	p := newPalette(ctx.Theme)
	turn := engine.ExpandSeats(v.PhaseText, ctx.Name)
	if v.Phase == lab.PhaseActions {
		turn = fmt.Sprintf("Turn %d, %s's: %d %s left. %s", v.TurnNo, ctx.Name(v.Turn), v.ActionsLeft, engine.Plural(v.ActionsLeft, "action", "actions"), turn)
	}
	tiles := []string{"tiles", "Rows 1 to 5 run north to south, columns A to E west to east; look B2 reads one tile."}
	for _, t := range v.Tiles {
		tiles = append(tiles, tileSentence(v, t, ctx.Name))
	}
	out := [][]string{
		{"turn", turn},
		tiles,
		{"bookwyrm", joinLines(wyrmLines(v, ctx, p))},
		{"terrors", joinLines(terrorLines(v, ctx, p))},
		append([]string{"shelves"}, shelfSentences(v, ctx, p)...),
		append([]string{"decks"}, decks(v, p, 200)...),
	}
	hands := []string{"hands"}
	for _, s := range v.Seats {
		hands = append(hands, ctx.Name(s.Seat)+" holds: "+handSentence(s.Hand)+"."+choiceSentence(v, s))
		if s.Seat == v.You {
			out = append(out, []string{"hand", handSentence(s.Hand) + "." + choiceSentence(v, s)})
		}
	}
	if v.Trolley != nil {
		hands = append(hands, "The Trolley holds: "+handSentence(v.Trolley.Hand)+".")
	}
	return append(out, hands)
}

// choiceSentence says, in setup, how many starting Books player s has
// chosen and, to the player alone, of which genres (everyone sees them
// when all have chosen); "" after setup.
func choiceSentence(v lab.View, s lab.SeatView) string {
	if v.Phase != lab.PhaseSetup {
		return ""
	}
	out := fmt.Sprintf(" Starting books chosen: %d of %d", s.Chosen, lab.StartBooks)
	if len(s.Picks) > 0 {
		var genres []string
		for _, g := range s.Picks {
			genres = append(genres, lab.GenreNames[g])
		}
		out += " (" + strings.Join(genres, ", ") + ", dealt when all have chosen)"
	}
	return out + "."
}

// tileSentence is one tile in words: its name, what it is, who stands
// there, its open sides.
func tileSentence(v lab.View, t lab.TileView, name func(engine.Seat) string) string {
	s := t.Name + ": " + plainSpans(tileWords(v, t, name))
	if tr := t.Terror; tr != nil && t.Lit {
		// The Terror's needs in words, not the screen's letters.
		s = strings.Replace(s, tr.Name+" "+tr.Letters, "the Terror "+tr.Name+", needing "+needWords(tr.Needs), 1)
	}
	if t.Lit {
		var open []string
		for i, o := range t.Open {
			if o {
				open = append(open, sideNames[i])
			}
		}
		if len(open) > 0 {
			s += "; open " + strings.Join(open, ", ")
		}
	}
	return strings.ReplaceAll(s, " · ", "; ") + "."
}

// handSentence is a hand's cards, one after another.
func handSentence(h lab.HandView) string {
	var cards []string
	for _, c := range h.Cards {
		switch c.Type {
		case "book":
			cards = append(cards, fmt.Sprintf("%s, a %s book with %s", c.Name, lab.Genre(c.Genre), needWords(c.Symbols)))
		case "item":
			cards = append(cards, fmt.Sprintf("%s, a magical item for capturing only, with %s", c.Name, needWords(c.Symbols)))
		default:
			var opts []string
			for _, o := range c.Options {
				opts = append(opts, boostWord[o])
			}
			cards = append(cards, fmt.Sprintf("%s, a booster: %s", c.Name, strings.Join(opts, " or ")))
		}
	}
	for _, c := range h.Captured {
		var under []string
		for _, cd := range c.Cards {
			under = append(under, cd.Name)
		}
		cards = append(cards, fmt.Sprintf("the Terror %s (needing %s), captured with %s", c.Terror.Name, needWords(c.Terror.Needs), strings.Join(under, ", ")))
	}
	if len(cards) == 0 {
		return "no cards"
	}
	return strings.Join(cards, "; ")
}

// shelfSentences are the Shelves' heading (what is filled, the stacks)
// and each genre's Shelf and Books, one a line.
func shelfSentences(v lab.View, ctx board.Context, p *palette) []string {
	wide := ctx
	wide.Width = 1 << 12 // the heading on one line, the genres on the next
	out := []string{joinLines(shelfLines(v, wide, p)[:1])}
	for g := range lab.NumGenres {
		out = append(out, shelfSentence(v, g))
	}
	return out
}

// shelfSentence is one genre's Shelf and Books in words: "Science (Logic):
// no Shelf yet; 7 Books in the deck, 0 discarded."
func shelfSentence(v lab.View, g int) string {
	state := "no Shelf yet"
	var on []string
	for _, t := range v.Tiles {
		if t.Shelf >= 0 && t.Shelf%lab.NumGenres == g {
			on = append(on, t.Name)
		}
	}
	switch {
	case v.Filled[g]:
		state = "its Shelf is filled"
	case len(on) > 0:
		state = "its Shelf is on " + strings.Join(on, " and ")
	}
	return fmt.Sprintf("%s (%s): %s; %d Books in the deck, %d discarded.", lab.GenreNames[g], lab.SymbolNames[g], state, v.BookDeck[g], v.BookDiscard[g])
}

// joinLines joins wrapped lines back into one sentence, its parts apart
// with semicolons.
func joinLines(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return spoken.Replace(ansi.Strip(strings.Join(out, " ")))
}

// spoken turns the screen's headings and short codes into words a screen
// reader says well.
var spoken = strings.NewReplacer(" · ", "; ",
	"BOOKWYRM ", "The Bookwyrm: ", "TERRORS ", "Terrors: ", "SHELVES ", "Shelves: ",
	"NW ", "north-west, ", "NE ", "north-east, ", "SE ", "south-east, ", "SW ", "south-west, ")

// Square reads one tile by its name ("B2").
func (b *Board) Square(view engine.View, ctx board.Context, at string) ([]string, bool) {
	vp, ok := engine.ViewAs[lab.View](view)
	if !ok {
		return nil, false
	}
	for _, t := range vp.Tiles {
		if strings.EqualFold(t.Name, strings.TrimSpace(at)) {
			return []string{tileSentence(*vp, t, ctx.Name)}, true
		}
	}
	return nil, false
}
