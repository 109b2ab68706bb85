// Package fireproto draws the board of Fire in the Library's prototype
// edition for the table screen, as a sibling of the retail board: the five
// shelves with their Value Trackers, the bag as counts, the Buckets, and
// every player's knowledge, Buckets and Turn Order card. The game has no
// hidden information, so every seat sees the same board. A big board
// draws the shelves, the bag and the Turn Order cards large, with words
// for what a player would otherwise look up (see largeLines).
package fireproto

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
	fp "arcade/engine/fireproto"
	"arcade/ui/board"
	"arcade/ui/theme"
)

// NewBoard makes one session's board view: the board.Factory that cmd/arcade
// wires next to the engine's game.
func NewBoard() board.Renderer { return Renderer{} }

// Renderer draws fp.View values.
type Renderer struct{}

// MinSize implements board.Renderer: the whole table screen fits 80x23
// (an 80x24 terminal with a tmux or screen status line).
func (Renderer) MinSize() (int, int) { return 80, 23 }

// smallBar is the width of the knowledge bar of the small layout.
const smallBar = 10

// letters are the one-letter names of tokens, readable without colour.
var letters = map[string]string{
	"white": "W", "black": "K", "yellow": "Y", "brown": "B", "green": "G", "fire": "F",
}

// Stateless implements board.Stateless: the board keeps no state.
func (Renderer) Stateless() {}

// Render implements board.Renderer. A board of largeFrom columns or
// more draws the large layout (see largeLines) when its lines fit, with
// tall Turn Order cards if they fit too.
func (Renderer) Render(view engine.View, ctx board.Context) string {
	vp, ok := engine.ViewAs[fp.View](view)
	if !ok {
		return "(no board)"
	}
	v := *vp
	if ctx.Width >= largeFrom {
		for _, tall := range []bool{true, false} {
			if lines := largeLines(v, ctx, tall); len(lines) <= ctx.Height {
				return strings.Join(lines, "\n")
			}
		}
	}
	th := ctx.Theme
	lines := []string{headLine(v, th)}
	lines = append(lines, shelves(v, th)...)
	lines = append(lines, playersBlock(v, ctx)...)
	phase := engine.ExpandSeats(v.PhaseText, ctx.Name)
	if ctx.Width > 0 {
		phase = board.Sentences(phase, ctx.Width)
	}
	lines = append(lines, th.Accent.Render(phase))
	return strings.Join(lines, "\n")
}

// token draws a token as its letter in its colour; a doused fire is "~".
func token(th *theme.Theme, sp fp.SpaceView) string {
	switch {
	case sp.Doused:
		return th.Paint("blue", "~", true)
	case sp.Token == "fire":
		return th.Bad.Render("F")
	case sp.Token == "":
		return " "
	}
	return th.Paint(sp.Token, letters[sp.Token], true)
}

// fireOdds is the chance that the next token drawn is a fire.
func fireOdds(v fp.View) string {
	if v.Bag.Total == 0 {
		return ""
	}
	return fmt.Sprintf(" (fire %d%%)", firePercent(v))
}

// firePercent is the chance in 100 that the next token drawn is a fire,
// rounded; the bag must not be empty.
func firePercent(v fp.View) int { return (100*v.Bag.Fires + v.Bag.Total/2) / v.Bag.Total }

// cardsByNumber are the Turn Order cards in play by number.
func cardsByNumber(v fp.View) map[int]fp.OrderCardView {
	cards := map[int]fp.OrderCardView{}
	for _, c := range v.Cards {
		cards[c.Number] = c
	}
	return cards
}

// buckets draws the Buckets a player holds, out of two.
func buckets(th *theme.Theme, n int) string {
	return th.Paint("blue", strings.Repeat("●", n), true) + th.Faint.Render(strings.Repeat("·", 2-min(n, 2)))
}

// playerState is a player's mark after their row: done, choosing, the
// place they choose in, or winner.
func playerState(v fp.View, p fp.PlayerView, th *theme.Theme) string {
	if slices.Contains(v.Winners, p.Seat) {
		return th.Good.Render(" winner")
	}
	switch i := slices.Index(v.Picks, p.Seat); {
	case v.Over: // no mark outlives the game
	case p.Played:
		return th.Faint.Render(" done")
	case i == 0:
		return th.Accent.Render(" choosing")
	case i > 0:
		return th.Faint.Render(fmt.Sprintf(" picks %s", engine.Ordinal(i+1)))
	}
	return ""
}

func headLine(v fp.View, th *theme.Theme) string {
	return th.Heading.Render("LIBRARY") + th.Faint.Render(fmt.Sprintf(" round %d", v.Round)) + "  " +
		th.Heading.Render("BAG") + fmt.Sprintf(" %d books + ", v.Bag.Books) +
		th.Bad.Render(fmt.Sprintf("%d fires", v.Bag.Fires)) + fmt.Sprintf(" = %d", v.Bag.Total) +
		th.Faint.Render(fireOdds(v)) + "  " + th.Heading.Render("BUCKETS") + fmt.Sprintf(" %d left", v.Supply)
}

// shelves draws each colour's value track: burned values faint, the
// tracker's value reversed, and the X at the end.
func shelves(v fp.View, th *theme.Theme) []string {
	var out []string
	for _, t := range v.Tracks {
		var b strings.Builder
		b.WriteString(" " + th.Paint(t.Key, fmt.Sprintf("%-6s %s", t.Colour, letters[t.Key]), true) + " ")
		for i, val := range t.Values {
			cell := fmt.Sprintf("%3d", val)
			switch {
			case i < t.Pos:
				cell = th.Faint.Render(cell)
			case i == t.Pos:
				cell = " " + th.Selected.Render(fmt.Sprintf("%2d", val))
			}
			b.WriteString(cell)
		}
		x := "  X"
		if t.Collapsed {
			x = "  " + th.Bad.Render(th.Selected.Render("X"))
		} else {
			x = th.Bad.Render(x)
		}
		b.WriteString(x)
		b.WriteString(strings.Repeat("   ", 13-len(t.Values)))
		b.WriteString(th.Faint.Render(fmt.Sprintf("  in bag %d", t.InBag)))
		if t.SetAside > 0 {
			b.WriteString(th.Faint.Render(fmt.Sprintf(", %d set aside", t.SetAside)))
		}
		out = append(out, b.String())
	}
	return out
}

// cardCells draws a Turn Order card's spaces: [Y ] safe, [Gx] risky.
func cardCells(th *theme.Theme, c fp.OrderCardView) string {
	var b strings.Builder
	for _, sp := range c.Spaces {
		mark := " "
		if sp.Risky {
			mark = th.Warn.Render("x")
		}
		b.WriteString("[" + token(th, sp) + mark + "]")
	}
	return b.String()
}

// bar draws knowledge towards the goal in the given number of cells.
func bar(th *theme.Theme, score, goal, cells int) string {
	n := min(cells, score*cells/max(goal, 1))
	return th.Good.Render(strings.Repeat("█", n)) + th.Faint.Render(strings.Repeat("░", cells-n))
}

func playersBlock(v fp.View, ctx board.Context) []string {
	th := ctx.Theme
	out := []string{th.Heading.Render("PLAYERS") +
		th.Faint.Render(fmt.Sprintf("    knowledge (to %d) buckets card  ([ ] safe, [ x] risky, ~ doused)", v.Goal))}
	cards := cardsByNumber(v)
	for _, p := range v.Players {
		mark := "  "
		name := fmt.Sprintf("%-16s", board.Truncate(playerName(v, ctx, p.Seat), 16))
		if p.Seat == v.Active {
			mark = th.Accent.Render("▸ ")
			name = th.Accent.Render(name)
		}
		card, cells := "  - ", strings.Repeat(" ", 20)+"   "
		if c, ok := cards[p.Card]; ok && p.Card > 0 {
			card = fmt.Sprintf("%3s ", engine.Ordinal(p.Card))
			cells = cardCells(th, c) + th.Faint.Render(fmt.Sprintf(" +%d", c.Bravery))
		}
		out = append(out, fmt.Sprintf("%s%s %4d %s  %s  %s %s%s", mark, name, p.Score, bar(th, p.Score, v.Goal, smallBar),
			buckets(th, p.Buckets), card, cells, playerState(v, p, th)))
	}
	return out
}

// Details implements board.Detailer: the Turn Order cards in play, the
// shelves in full and the odds of the next draw, for the help screen.
func (Renderer) Details(view engine.View) string {
	vp, ok := engine.ViewAs[fp.View](view)
	if !ok {
		return ""
	}
	v := *vp
	var b strings.Builder
	b.WriteString("TURN ORDER CARDS IN PLAY (S safe, X risky)\n")
	for _, c := range v.Cards {
		fmt.Fprintf(&b, "  %s: %s\n", engine.Ordinal(c.Number), c.Layout)
	}
	b.WriteString("\nSHELVES (value now, burns left before the X, books in the bag)\n")
	for _, t := range v.Tracks {
		now := fmt.Sprint(t.Value)
		if t.Collapsed {
			now = "collapsed"
		}
		fmt.Fprintf(&b, "  %-6s %-9s %2d to X, %d of %d in the bag\n", t.Colour, now, t.ToX, t.InBag, t.Books)
	}
	fmt.Fprintf(&b, "\nBAG: %d books and %d fires; the next token is a fire %d times in %d.\n",
		v.Bag.Books, v.Bag.Fires, v.Bag.Fires, v.Bag.Total)
	return b.String()
}
