package horror

import (
	"fmt"
	"strings"

	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// section is a part of the panel, in full and short; when the panel is
// short of lines the sections of the highest prio are shortened, then
// left out.
type section struct {
	prio        int
	full, short []string
}

// Panel sections by priority: the keys and the room under the cursor
// stay longest, then what you need and the legend, the players, the
// supplies, the last roll.
const (
	prioKeys = iota
	prioRoom
	prioYou
	prioLegend
	prioPlayers
	prioSupply
	prioRoll
)

// panel is the column beside the library, w wide and at most h lines:
// the keys that the line over the board had no room for, the room under
// the cursor, your Horror and hand, every player, the last roll, the
// supplies and the legend. It also records how tall it would be in full.
func (b *Board) panel(v *hr.View, ctx board.Context, p *palette, w, h int, keys []string, withPlayers bool) []string {
	keyLines := append(pack(keys, p, w), b.movesSection(v, ctx, p, w)...)
	you, youShort := b.youSection(v, p, w)
	supply, supplyShort := supplySection(v, p, w)
	var players []string
	if withPlayers {
		players = playersSection(v, ctx, p, w)
	} else if v.Phase != hr.PhaseColours || !myTurn(v) {
		you = youShort
	}
	secs := []section{
		{prioKeys, keyLines, keyLines},
		{prioRoom, b.roomSection(v, ctx, p, w), nil},
		{prioYou, you, youShort},
		{prioPlayers, players, nil},
		{prioRoll, rollSection(v, ctx, w), nil},
		{prioSupply, supply, supplyShort},
		{prioLegend, legendSection(v, p, w), legendShort(p, w)},
	}
	shown := make([][]string, len(secs))
	total := 0
	for i, s := range secs {
		shown[i] = s.full
		total += len(s.full)
	}
	b.panelLines = total
	for prio := prioRoll; total > h && prio >= prioKeys; prio-- {
		for i, s := range secs {
			if s.prio == prio && s.short != nil {
				total += len(s.short) - len(shown[i])
				shown[i] = s.short
			}
		}
	}
	for prio := prioRoll; total > h && prio > prioKeys; prio-- {
		for i, s := range secs {
			if s.prio == prio {
				total -= len(shown[i])
				shown[i] = nil
			}
		}
	}
	var out []string
	for _, ls := range shown {
		out = append(out, ls...)
	}
	return out[:min(len(out), h)]
}

// pack lays items out on lines of w columns, " · " between two, the keys
// before each (the first word) in the key style.
func pack(items []string, p *palette, w int) []string {
	if len(items) == 0 {
		return nil
	}
	return wrapItems(styledKeys(items, p), p.th.Faint.Render(" · "), w)
}

// wrapItems packs items on lines of w columns, sep between two; an item
// wider than a line is wrapped with wrapText.
func wrapItems(items []string, sep string, w int) []string {
	return board.WrapItems(items, sep, w, wrapText)
}

// wrapText wraps styled text to w columns with a margin of two: the lines
// after the first indented by two.
func wrapText(s string, w int) []string { return board.Hang(board.Wrap(s, max(w-2, 8)), 2) }

// capital starts s with a capital letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// columns lays items out in as many columns as fit w, down each column
// first.
func columns(items []string, w int) []string {
	for cols := len(items); cols > 1; cols-- {
		rows := (len(items) + cols - 1) / cols
		widths := make([]int, cols)
		for i, it := range items {
			widths[i/rows] = max(widths[i/rows], board.Width(it))
		}
		total := 2 * (cols - 1)
		for _, x := range widths {
			total += x
		}
		if total > w {
			continue
		}
		out := make([]string, rows)
		for i, it := range items {
			r, c := i%rows, i/rows
			if c < cols-1 && i+rows < len(items) {
				it = board.PadRight(it, widths[c]+2)
			}
			out[r] += it
		}
		return out
	}
	return items
}

// signed is a Fortitude with its sign ("+5", "0", "-2").
func signed(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("%+d", n)
}
