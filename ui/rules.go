package ui

import (
	"strings"
	"sync"

	"arcade/engine"
	"arcade/ui/board"
)

// A game's rulebook on the screens that show it beside other things: the
// lobby, the new-table form, the waiting room and a short log. Help shows
// it whole.

// rulesBody is a rulebook without its title (the screens name the game):
// the text from the first blank line on, without leading blanks.
func rulesBody(rules string) string {
	if _, body, ok := strings.Cut(rules, "\n\n"); ok {
		return strings.TrimLeft(body, "\n")
	}
	return rules
}

// rulesParts is a game's rulebook (rulesBody) in its parts, the blocks
// between blank lines, each reflowed to width w (board.Reflow). They are
// kept per game and width: the text never changes while the server runs,
// and a lobby redraws its panes for every broadcast.
func rulesParts(in engine.Info, w int) [][]string {
	key := rulesKey{in.ID, w}
	if v, ok := rulesCache.Load(key); ok {
		return v.([][]string)
	}
	parts := textParts(rulesBody(in.Rules), w)
	rulesCache.Store(key, parts)
	return parts
}

// rulesKey names a game's rules reflowed to a width.
type rulesKey struct {
	game  string
	width int
}

// rulesCache holds rulesParts' results (a handful: games times the widths
// terminals have).
var rulesCache sync.Map

// flowParts sets parts (a rulebook's) in columns, heights[i] lines high for
// column i, a blank line between two parts of a column, the way a newspaper
// does: a part that the rest of a column cannot hold is cut where the
// column ends and goes on in the next, unless that would leave fewer than
// flowKeep of its lines on either side (it then goes whole to the next
// column, where it fits). The last column is filled to its end when fill
// is set, its last part cut (where flowKeep of its lines fit); otherwise
// it ends with the last part it holds whole (or, holding none, with the
// start of the first). It returns the columns and how many parts they
// hold whole.
func flowParts(parts [][]string, heights []int, fill bool) (cols [][]string, whole int) {
	cols = make([][]string, len(heights))
	p, off := 0, 0 // part p shows from its line off
	for c := 0; c < len(heights) && p < len(parts); {
		col := cols[c]
		gap := min(len(col), 1)
		room := heights[c] - len(col) - gap
		rest := parts[p][off:]
		if len(rest) <= room {
			if gap > 0 {
				col = append(col, "")
			}
			cols[c] = append(col, rest...)
			p, off = p+1, 0
			continue
		}
		last := c == len(heights)-1
		cut := (last && (fill && room >= flowKeep || len(col) == 0)) ||
			(!last && (len(rest) > heights[c+1] || room >= flowKeep && len(rest)-room >= flowKeep))
		if cut && room > 0 {
			if gap > 0 {
				col = append(col, "")
			}
			cols[c] = append(col, rest[:room]...)
			off += room
		}
		c++
	}
	return cols, p
}

// rulesColumnMax is the widest column a rulebook is set in beside other
// things: its own lines (72 columns at most) whole, and a margin.
const rulesColumnMax = 76

// flowKeep is the fewest lines of a part that flowParts leaves at the end
// of a column or carries to the next.
const flowKeep = 3

// rulesColumns sets a game's rulebook in a block w wide and h high: under
// heading, in as many columns as w holds of rulesColumnMin columns or
// more (at most rulesColumnMax, a margin on their right), two apart,
// filled like a newspaper's (flowParts, its last column filled when fill
// is set). It returns the block and how many of the rules' parts it holds
// whole.
func rulesColumns(in engine.Info, heading string, w, h int, fill bool) (string, int) {
	return textColumns(func(colW int) [][]string { return rulesParts(in, colW) }, heading, w, h, fill)
}

// textColumns is rulesColumns for any text: partsAt gives its parts
// reflowed to a column's width.
func textColumns(partsAt func(colW int) [][]string, heading string, w, h int, fill bool) (string, int) {
	n := max((w+2)/(rulesColumnMin+2), 1)
	colW := min((w-2*(n-1))/n, rulesColumnMax)
	heights := make([]int, n)
	for i := range heights {
		heights[i] = h
	}
	heights[0] -= 2 // the heading and a blank line
	cols, whole := flowParts(partsAt(colW-1), heights, fill)
	cols[0] = append([]string{heading, ""}, cols[0]...)
	gap := board.FitBlock("", 2, h)
	blocks := make([]string, 0, 2*n)
	for i, c := range cols {
		if i > 0 {
			blocks = append(blocks, gap)
		}
		blocks = append(blocks, board.FitBlock(strings.Join(c, "\n"), colW, h))
	}
	return board.FitBlock(board.Columns(blocks...), w, h), whole
}

// textParts is a text's parts, the blocks between blank lines, each
// reflowed to width w (board.Reflow).
func textParts(text string, w int) [][]string {
	var parts [][]string
	for _, block := range strings.Split(text, "\n\n") {
		if block = strings.Trim(block, "\n"); block != "" {
			parts = append(parts, board.Reflow(block, w))
		}
	}
	return parts
}

// rulesColumnMin is the narrowest column rulesColumns sets.
const rulesColumnMin = 48
