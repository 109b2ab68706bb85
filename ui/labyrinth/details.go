package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
)

// boostHelp explains the booster effects and their short names.
var boostHelp = []struct {
	b    lab.Boost
	text string
}{
	{lab.TimeMachine, "one more action this turn (b plays it)"},
	{lab.SecretPassage, "a move goes through one bookcase"},
	{lab.LibraryLadder, "a move passes Terror and Shelf tokens"},
	{lab.UsefulMap, "flip a dark tile anywhere"},
	{lab.LibraryCard, "take a second Book"},
	{lab.Photocopier, "a Book counts its symbols twice for a capture"},
	{lab.TrolleyService, "pass cards with a player on another tile"},
}

// Details implements board.Detailer: the board's glyphs and keys, the tile
// under the cursor, the Bookwyrm, every hand in full, the Shelves and the
// decks, for the help screen.
func (b *Board) Details(view engine.View) string {
	vp, ok := engine.ViewAs[lab.View](view)
	if !ok {
		return ""
	}
	v := *vp
	b.sync(v)
	var s strings.Builder
	s.WriteString(`THE LIBRARY
  Each octagon is a Floor tile, north up; C3 in the middle is the compass.
  ━ and ┃ on a side are bookcases; a gap in the outline is an open side.
  A path joins two lit tiles whose facing sides are both open.
  ░ a dark tile (nothing of its lit side shows)
  N the compass   + crossroads   R Reward tile   ! empty Terror space
  [ ] empty Shelf space   [F] a Shelf token (its genre's symbol)
  Bas TFA or !TTFFAA a Terror token (its name cut short, when it fits)
  and the symbols that capture it
  1-5 the players' meeples (yours in reverse video)   ≡ the Trolley
  W the Bookwyrm at its junction; ◢ ◣ ◤ ◥ mark the four tiles the next
  Disturbance card may strike. The cursor's tile has a reversed outline.
  Symbols: H Heart (red), Q Quill (pink), A Athlete (orange), L Logic
  (green), T Hourglass (blue), F Fist (purple). Hands: HALQ a Book,
  *LL a magical item, tm/sp a booster's two effects, !TFA a captured Terror.

BOARD KEYS
  arrows, h j k l   move the cursor over the tiles; o back to your tile
  m                 move to the tile (with its capture, return or Reward)
  f                 flip the tile lit
  r / R             rotate the tile clockwise / anticlockwise
  g                 pass cards with a player on the tile
  t                 take a Book (with a Library Card: two)
  x                 discard a card (always asks: enter confirms)
  b                 play a Time Machine (one more action)
  enter             confirm the choice; without one, move (or flip)
  tab, shift+tab    when several ways match (cards used, boosters), the
                    panel lists them: move the mark to the next / previous
                    one; enter plays the marked one; esc drops the choice
  backspace         take back the newest step of the choice (the mark, the
                    card passed on, the choice itself). A move made is
                    final: it may draw cards, and the others see it.
  The moves pane keeps the other moves: 1-6 a Book of that genre (and
  the starting Books, which everyone chooses at once, hidden until all
  have chosen), p pass an action, e end your actions.

`)
	t := v.Tiles[b.cursor]
	fmt.Fprintf(&s, "THE TILE UNDER THE CURSOR (%s)\n  %s\n", t.Name, plainSpans(tileWords(v, t, b.name)))
	if t.Terror != nil {
		fmt.Fprintf(&s, "  The %s needs %s.\n", t.Terror.Name, symbolWords(t.Terror.Letters))
	}
	if t.Lit {
		fmt.Fprintf(&s, "  Open sides: %s.\n", strings.Join(openSides(t), " "))
	}
	s.WriteString("\nTOKENS ON THE GRID\n")
	none := true
	for _, tv := range v.Tiles {
		switch {
		case tv.Terror != nil:
			fmt.Fprintf(&s, "  %s %s needs %s\n", tv.Name, tv.Terror.Name, symbolWords(tv.Terror.Letters))
		case tv.Shelf >= 0:
			g := tv.Shelf % lab.NumGenres
			fmt.Fprintf(&s, "  %s Shelf of %s: returns a Terror with the %s (%s)\n", tv.Name, lab.GenreNames[g], lab.SymbolNames[g], lab.SymbolLetters[g])
		default:
			continue
		}
		none = false
	}
	if none {
		s.WriteString("  none\n")
	}
	s.WriteString("\nTHE BOOKWYRM\n")
	for k, i := range v.WyrmTiles {
		fmt.Fprintf(&s, "  %s %s: a Disturbance would %s it\n", lab.CornerNames[k], lab.TileName(i), disturbWord(v.Tiles[i]))
	}
	fmt.Fprintf(&s, "  Disturbance cards left: %d", v.DisturbanceLeft)
	if v.DoublesLeft > 0 {
		fmt.Fprintf(&s, " (%d double)", v.DoublesLeft)
	}
	s.WriteString(", then Out of Time.\n")
	if v.LastDisturbance != nil {
		fmt.Fprintf(&s, "  Last card: %s.\n", v.LastDisturbance.Text)
	}
	s.WriteString("\nHANDS\n")
	for _, sv := range v.Seats {
		fmt.Fprintf(&s, "  %s %s (%s)\n", seatDigit(sv.Seat), b.name(sv.Seat), slots(sv.Hand))
		handDetails(&s, sv.Hand)
	}
	if v.Trolley != nil {
		fmt.Fprintf(&s, "  ≡ Trolley on %s (%s)\n", lab.TileName(v.Trolley.Tile), slots(v.Trolley.Hand))
		handDetails(&s, v.Trolley.Hand)
	}
	s.WriteString("\nSHELVES\n")
	for g := range lab.NumGenres {
		mark := "empty"
		if v.Filled[g] {
			mark = "filled"
		}
		fmt.Fprintf(&s, "  %s %-19s %-6s  deck %2d, discards %d\n", lab.SymbolLetters[g], lab.GenreNames[g], mark, v.BookDeck[g], v.BookDiscard[g])
	}
	for _, r := range v.Returned {
		fmt.Fprintf(&s, "  %s returned to the %s Shelf\n", r.Terror.Name, lab.SymbolLetters[r.Shelf%lab.NumGenres])
	}
	fmt.Fprintf(&s, "  Rewards: deck %d, discards %d. Terror stack %d, Shelf stack %d.\n",
		v.RewardDeck, v.RewardDiscard, v.TerrorStack, v.ShelfStack)
	s.WriteString("\nBOOSTERS\n")
	for _, h := range boostHelp {
		fmt.Fprintf(&s, "  %s %-16s %s\n", boostShort[h.b], h.b.String(), h.text)
	}
	return s.String()
}

// handDetails writes a hand card by card.
func handDetails(s *strings.Builder, h lab.HandView) {
	if len(h.Cards)+len(h.Captured) == 0 {
		s.WriteString("    no cards\n")
	}
	for _, c := range h.Cards {
		switch c.Type {
		case "book":
			fmt.Fprintf(s, "    %-5s %s (%s)\n", c.Letters, c.Name, lab.Genre(c.Genre))
		case "item":
			fmt.Fprintf(s, "    *%-4s %s (magical item: capturing only)\n", c.Letters, c.Name)
		default:
			fmt.Fprintf(s, "    %-5s %s (booster: one of the two)\n", plainSpans(cardSpans(c, false)), c.Name)
		}
	}
	for _, c := range h.Captured {
		var under []string
		for _, cd := range c.Cards {
			under = append(under, cd.Name)
		}
		fmt.Fprintf(s, "    !%-4s %s, captured with %s\n", c.Terror.Letters, c.Terror.Name, strings.Join(under, ", "))
	}
}

// symbolWords names symbols: "TFA" is "Hourglass, Fist, Athlete".
func symbolWords(ls string) string {
	var out []string
	for _, r := range ls {
		if g := strings.IndexRune("HQALTF", r); g >= 0 {
			out = append(out, lab.SymbolNames[g])
		}
	}
	return strings.Join(out, ", ")
}

// plainSpans is the text of spans without styles.
func plainSpans(sps []span) string {
	var b strings.Builder
	for _, sp := range sps {
		b.WriteString(sp.s)
	}
	return b.String()
}
