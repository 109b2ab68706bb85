package firetower

import (
	"fmt"
	"strings"

	"arcade/engine"
	ft "arcade/engine/firetower"
)

// Details implements board.Detailer: the board's keys and glyphs, the
// viewer's cards and every card of the deck, for the help screen.
func (b *Board) Details(view engine.View) string {
	vp, ok := engine.ViewAs[ft.View](view)
	if !ok {
		return ""
	}
	v := *vp
	var s strings.Builder
	s.WriteString(`THE BOARD
  Columns A-P run west to east, rows 1-16 north to south. The side panel
  shows the wind, whose turn it is, every player and your hand.
  ▓▓ fire gem      ██ eternal flame     ## firebreak    · forest
  ░░ tower area    R⌂ P⌂ B⌂ G⌂ the tower corners (red, purple, blue, green)
  () squares the wind (or an Ember) can reach now
  Preview: ++ new fire, ~~ put out, ## new firebreak, -- firebreak removed;
  the pattern shows in reverse video, in red when the rules refuse it.
  At 80x24 in colour the board is drawn with half blocks (two rows a
  line); without colour it scrolls with the cursor. A taller terminal
  shows it whole, and a large one doubles its size. A big one (about
  200x60) also tells how near the fire is to each tower and lists your
  hand under the board, every card with its pattern and its whole text.

BOARD KEYS
  arrows, h j k l   move the cursor (the pattern follows it)
  r                 turn the pattern (lines: across or down)
  tab, shift+tab    next or previous card; 1-9 picks a card by number
  u                 pick up (or put back) your Bucket
  enter             play the selected card (or the wind's gem, the
                    Bucket, the Ember's landing) where the cursor shows
  x or space        mark the selected card; d discards the marked cards
  o                 roll the die with the selected wind card
  esc               drop the marks and the Bucket
  backspace         take back a step of the move you are building (the
                    card chosen, a turn, where the pattern lies, a mark,
                    the Bucket), newest first; a move made is final
  The moves' own keys: n e s w set the wind with that wind card, o rolls
  with your first wind card, d discards your whole hand, p ends the turn
  (or keeps your hand after a Firestorm).

`)
	if len(v.Hand) > 0 {
		s.WriteString("YOUR CARDS\n")
		for i, c := range v.Hand {
			fmt.Fprintf(&s, "  %d %-13s %s\n", i+1, c.Name(), c.Text())
		}
		s.WriteString("\n")
	}
	s.WriteString("THE DECK (" + v.DeckName + ")\n")
	for _, c := range ft.DeckCards(v.DeckName) {
		fmt.Fprintf(&s, "  %-13s %-9s %s\n", c.Name(), c.Type(), c.Text())
	}
	fmt.Fprintf(&s, "  %-13s %-9s %s\n", "Bucket", "water", ft.BucketText)
	if v.Storms {
		fmt.Fprintf(&s, "  %-13s %-9s %s\n", ft.Firestorm.Name(), ft.Firestorm.Type(), ft.Firestorm.Text())
	}
	return s.String()
}
