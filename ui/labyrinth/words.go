package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
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
		hands = append(hands, ctx.Name(s.Seat)+" holds: "+handSentence(s.Hand)+".")
		if s.Seat == v.You {
			out = append(out, []string{"hand", handSentence(s.Hand) + "."})
		}
	}
	if v.Trolley != nil {
		hands = append(hands, "The Trolley holds: "+handSentence(v.Trolley.Hand)+".")
	}
	return append(out, hands)
}

// tileSentence is one tile in words: its name, what it is, who stands
// there, its open sides.
func tileSentence(v lab.View, t lab.TileView, name func(engine.Seat) string) string {
	s := t.Name + ": " + plainSpans(tileWords(v, t, name))
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
	var s strings.Builder
	handDetails(&s, h)
	var cards []string
	for _, l := range strings.Split(strings.TrimSpace(s.String()), "\n") {
		cards = append(cards, strings.Join(strings.Fields(l), " "))
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
		out = append(out, strings.Join(strings.Fields(shelfWords(v, p, g)), " ")+".")
	}
	return out
}

// joinLines joins wrapped lines back into one sentence, its parts apart
// with semicolons.
func joinLines(lines []string) string {
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = strings.TrimSpace(l)
	}
	return strings.ReplaceAll(strings.Join(out, " "), " · ", "; ")
}

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
