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

// largeFrom is the narrowest board that gets the large layout (when its
// lines fit the board's height): its words beside the drawings need it.
const largeFrom = 112

// Sizes of the large layout's drawings, in columns.
const (
	shelfCell    = 3  // a value on a drawn shelf
	spaceCell    = 8  // the inside of a drawn Turn Order space
	largeBar     = 50 // the knowledge bar
	maxNameWidth = 30 // the widest name column
	cardIndent   = 4  // the drawn Turn Order card under a player's name
)

// largeLines is the board for big terminals: each shelf drawn with its
// words, the bag token by token with its odds, every player's knowledge,
// Buckets and Turn Order card drawn large (tall: a line higher) with what
// drawing or scoring would do, the cards in play and the phase line.
func largeLines(v fp.View, ctx board.Context, tall bool) []string {
	th, w := ctx.Theme, ctx.Width
	lines := board.WrapHang(largeHead(v, th), w, 4)
	lines = append(lines, largeShelves(v, th, w)...)
	lines = append(lines, largeBag(v, th, w)...)
	lines = append(lines, largePlayers(v, ctx, tall)...)
	lines = append(lines, largeCards(v, ctx)...)
	lines = append(lines, th.Accent.Render(engine.ExpandSeats(v.PhaseText, ctx.Name)))
	for i, l := range lines {
		lines[i] = board.Clip(l, w)
	}
	return lines
}

// largeHead is the first line: the round, the goal and the Buckets.
func largeHead(v fp.View, th *theme.Theme) string {
	return th.Heading.Render("LIBRARY") + fmt.Sprintf(" round %d", v.Round) +
		th.Faint.Render(fmt.Sprintf(" · first to %d knowledge wins, or the most knowledge when a wing collapses · ", v.Goal)) +
		th.Heading.Render("BUCKETS") + fmt.Sprintf(" %d in the centre", v.Supply)
}

// largeShelves draws each colour's shelf as a row of values under its
// Value Tracker (▼), beside its words.
func largeShelves(v fp.View, th *theme.Theme, w int) []string {
	out := board.WrapHang(th.Heading.Render("SHELVES")+th.Faint.Render(
		"  a book scores the value under its tracker (▼); a burn moves it one space right; reaching the X ends the game"), w, 4)
	width := 0
	for _, t := range v.Tracks {
		width = max(width, (len(t.Values)+1)*(shelfCell+1)+1)
	}
	near := nearestX(v)
	for _, t := range v.Tracks {
		box, words := shelfBox(t, th), shelfWords(t, th, t.ToX == near)
		for j := range box {
			out = append(out, " "+board.PadRight(box[j], width)+"  "+words[j])
		}
	}
	return out
}

// nearestX is the fewest burns any standing shelf has left before its X
// (0 when none stands).
func nearestX(v fp.View) int {
	near := 0
	for _, t := range v.Tracks {
		if !t.Collapsed && (near == 0 || t.ToX < near) {
			near = t.ToX
		}
	}
	return near
}

// shelfBox draws a shelf in three lines: the tracker's mark in the top
// border, the values (burned ones faint, the tracker's reversed) and the X.
func shelfBox(t fp.TrackView, th *theme.Theme) [3]string {
	bar := strings.Repeat("─", shelfCell)
	mark := "─▼─"
	var top, mid, bottom []string
	for i := 0; i <= len(t.Values); i++ {
		cell, edge := fmt.Sprintf("%*s", shelfCell, "X"), bar
		if i < len(t.Values) {
			cell = fmt.Sprintf("%*d", shelfCell, t.Values[i])
		}
		switch {
		case i == t.Pos:
			cell, edge = th.Selected.Render(cell), th.Bad.Render(mark)
		case i < t.Pos:
			cell = th.Faint.Render(cell)
		case i == len(t.Values):
			cell = th.Bad.Render(cell)
		}
		top, mid, bottom = append(top, edge), append(mid, cell), append(bottom, bar)
	}
	paint := func(s string) string { return th.Paint(t.Key, s, false) }
	return [3]string{
		paint("┌") + strings.Join(top, paint("┬")) + paint("┐"),
		paint("│") + strings.Join(mid, paint("│")) + paint("│"),
		paint("└" + strings.Join(bottom, "┴") + "┘"),
	}
}

// shelfWords are the three lines beside a shelf: its name, what a book
// scores and how far the X is, and where its books are.
func shelfWords(t fp.TrackView, th *theme.Theme, near bool) [3]string {
	name := th.Paint(t.Key, fmt.Sprintf("%s (%s)", t.Colour, letters[t.Key]), true)
	books := fmt.Sprintf("%d of its %d books in the bag", t.InBag, t.Books)
	if t.SetAside > 0 {
		books += fmt.Sprintf(" · %d set aside at setup", t.SetAside)
	}
	if t.Collapsed {
		return [3]string{name, th.Bad.Render("COLLAPSED: its tracker reached the X"), books}
	}
	if near {
		name += th.Warn.Render("  ← nearest its X")
	}
	state := fmt.Sprintf("a book scores %d now · %d burned · %d %s the X", t.Value, t.Pos, t.ToX,
		engine.Plural(t.ToX, "burn to", "burns to"))
	return [3]string{name, state, books}
}

// largeBag is the bag in words and token by token, with the odds of the
// next draw and what a book drawn now is worth on average.
func largeBag(v fp.View, th *theme.Theme, w int) []string {
	line := th.Heading.Render("BAG") + fmt.Sprintf(" %d tokens: %d books and ", v.Bag.Total, v.Bag.Books) +
		th.Bad.Render(fmt.Sprintf("%d %s", v.Bag.Fires, engine.Plural(v.Bag.Fires, "fire", "fires")))
	if v.Bag.Total > 0 {
		line += fmt.Sprintf(" · the next draw is a fire %d times in 100", firePercent(v))
	}
	if avg, ok := bookAverage(v); ok {
		line += fmt.Sprintf(" · a book drawn now scores %.1f on average", avg)
	}
	if v.Last != nil && !v.Over {
		line += th.Faint.Render(fmt.Sprintf(" · last drawn: %s", tokenName(v, v.Last.Token)))
	}
	var groups []string
	for _, t := range v.Tracks {
		groups = append(groups, t.Colour+" "+th.Paint(t.Key, tokenRow(letters[t.Key], t.InBag), true))
	}
	groups = append(groups, "fires "+th.Bad.Render(tokenRow("F", v.Bag.Fires)))
	out := board.WrapHang(line, w, 4)
	for _, l := range board.Pack(groups, " · ", w-1) {
		out = append(out, " "+l) // one column in, as the shelves
	}
	return out
}

// tokenRow is n tokens of one letter, a space between two; a dash for none.
func tokenRow(letter string, n int) string {
	if n == 0 {
		return "-"
	}
	return strings.TrimSpace(strings.Repeat(letter+" ", n))
}

// bookAverage is what a book drawn from the bag now scores on average.
func bookAverage(v fp.View) (float64, bool) {
	sum, n := 0, 0
	for _, t := range v.Tracks {
		sum += t.InBag * t.Value
		n += t.InBag
	}
	if n == 0 {
		return 0, false
	}
	return float64(sum) / float64(n), true
}

// tokenName is a token in words: "a fire" or "a White book".
func tokenName(v fp.View, key string) string {
	if key == "fire" {
		return "a fire"
	}
	return "a " + colourName(v, key) + " book"
}

// colourName is the name of a book's colour ("White" for "white").
func colourName(v fp.View, key string) string {
	if t, ok := trackOf(v, key); ok {
		return t.Colour
	}
	return key
}

// trackOf is the shelf of a book's colour; a fire or an empty space has
// none.
func trackOf(v fp.View, key string) (fp.TrackView, bool) {
	i := slices.IndexFunc(v.Tracks, func(t fp.TrackView) bool { return t.Key == key })
	if i < 0 {
		return fp.TrackView{}, false
	}
	return v.Tracks[i], true
}
