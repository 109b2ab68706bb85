package firetower

import (
	"fmt"
	"strconv"
	"strings"

	"arcade/engine"
	ft "arcade/engine/firetower"
	"arcade/ui/board"
)

// cellWords name what a square holds.
var cellWords = map[ft.Cell]string{ft.Fire: "fire", ft.Break: "firebreak", ft.Eternal: "the eternal flame"}

// Sections puts the board in words for line mode, part by part: the turn,
// the wind, the deck, each tower and how near the fire is, the board row
// by row (only the squares that hold something), and the hand. "look C3"
// reads one square (Square).
func (b *Board) Sections(view engine.View, ctx board.Context) [][]string {
	v, ok := view.(ft.View)
	if !ok {
		return nil
	}
	out := [][]string{
		{"turn", fmt.Sprintf("Turn %d. %s", v.TurnNo, engine.ExpandSeats(v.PhaseText, ctx.Name))},
		{"wind", windWords(v, ctx)},
		{"deck", deckWords(v)},
		append([]string{"towers"}, towerSentences(v, ctx)...),
		append([]string{"board", "Columns A to P run west to east, rows 1 to 16 north to south; look C3 reads one square."}, rowSentences(v)...),
	}
	if me, ok := v.Mine(); ok {
		hand := []string{"hand"}
		for i, c := range v.Hand {
			hand = append(hand, fmt.Sprintf("%d %s (%s): %s", i+1, c.Name(), c.Type(), c.Text()))
		}
		if len(v.Hand) == 0 {
			hand = append(hand, "You hold no cards.")
		}
		if me.Bucket {
			hand = append(hand, "Your Bucket is unused.")
		}
		out = append(out, hand)
	}
	return out
}

// towerSentences say each player's tower, hand and how near the fire is.
func towerSentences(v ft.View, ctx board.Context) []string {
	var out []string
	for _, s := range v.Seats {
		l := fmt.Sprintf("%s: the %s tower in the %s corner, %d cards", ctx.Name(s.Seat), s.Tower, s.Tower.Compass(), s.HandSize)
		switch {
		case s.Out:
			l += ", out of the game"
		case s.Burned:
			l += ", burned"
		}
		if s.Bucket {
			l += ", Bucket unused"
		}
		out = append(out, l+"; "+strings.ReplaceAll(watchWords(v, s.Tower), " · ", "; ")+".")
	}
	return out
}

// rowSentences say each row that holds something: "Row 3: fire at C3 and
// D3; firebreak at E3."
func rowSentences(v ft.View) []string {
	var out []string
	for y := range ft.Size {
		var parts []string
		for _, c := range []ft.Cell{ft.Eternal, ft.Fire, ft.Break} {
			var at []string
			for x := range ft.Size {
				if p := (ft.Point{X: x, Y: y}); v.Board.At(p) == c {
					at = append(at, p.String())
				}
			}
			if len(at) > 0 {
				parts = append(parts, cellWords[c]+" at "+strings.Join(at, ", "))
			}
		}
		if len(parts) > 0 {
			out = append(out, fmt.Sprintf("Row %d: %s.", y+1, strings.Join(parts, "; ")))
		}
	}
	if len(out) == 0 {
		out = append(out, "No square burns.")
	}
	return out
}

// Square reads one square, "C3": what it holds and whose tower area it
// is in.
func (b *Board) Square(view engine.View, ctx board.Context, at string) ([]string, bool) {
	v, ok := view.(ft.View)
	p, okp := parseSquare(at)
	if !ok || !okp {
		return nil, false
	}
	l := p.String() + ": "
	if w, ok := cellWords[v.Board.At(p)]; ok {
		l += w
	} else {
		l += "empty"
	}
	for _, s := range v.Seats {
		if s.Tower.Contains(p) {
			l += fmt.Sprintf(", in %s's %s tower area", ctx.Name(s.Seat), s.Tower)
		}
		if s.Tower.Corner() == p {
			l += " (its corner)"
		}
	}
	return []string{l + "."}, true
}

// parseSquare reads a square's name, "c3" or "C3".
func parseSquare(s string) (ft.Point, bool) {
	s = strings.ToUpper(strings.TrimSpace(s))
	if len(s) < 2 || s[0] < 'A' || s[0] >= 'A'+ft.Size {
		return ft.Point{}, false
	}
	row, err := strconv.Atoi(s[1:])
	if err != nil || row < 1 || row > ft.Size {
		return ft.Point{}, false
	}
	return ft.Point{X: int(s[0] - 'A'), Y: row - 1}, true
}
