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

// largePlayers gives each player a line with the name, knowledge on a
// long bar and Buckets, then their Turn Order card drawn space by space
// beside what they are doing; the active player's block ends with what
// their next draw risks. A tall card also shows what each book on it
// scores, and how far its holder is from the goal.
func largePlayers(v fp.View, ctx board.Context, tall bool) []string {
	th := ctx.Theme
	out := board.WrapHang(th.Heading.Render("PLAYERS")+th.Faint.Render(fmt.Sprintf(
		"  knowledge to %d (a cell is %d) · Buckets (2 at most) · Turn Order card: each space and its token", v.Goal, max(v.Goal/largeBar, 1))),
		ctx.Width, 4)
	nameW := 16
	for _, p := range v.Players {
		nameW = max(nameW, board.Width(playerName(v, ctx, p.Seat)))
	}
	nameW = min(nameW, maxNameWidth)
	cards := cardsByNumber(v)
	for _, p := range v.Players {
		out = append(out, playerHead(v, ctx, p, nameW))
		c, ok := cards[p.Card]
		held := ok && p.Card > 0
		box := cardBox(v, th, c, tall)
		if !held {
			box = make([]string, len(box))
			box[0] = "no Turn Order card yet"
		}
		words := playerWords(v, p, c, held)
		for j := range box {
			out = append(out, strings.Repeat(" ", cardIndent)+board.PadRight(box[j], 5*(spaceCell+2))+"  "+th.Faint.Render(words[j]))
		}
		if p.Seat == v.Active && held && !v.Over {
			risk := strings.Repeat(" ", cardIndent) + th.Warn.Render(riskWords(v, p, c))
			out = append(out, board.WrapHang(risk, ctx.Width, 2*cardIndent)...)
		}
	}
	return out
}

// playerName is a seat's name, marked when it is the viewer's.
func playerName(v fp.View, ctx board.Context, s engine.Seat) string {
	if s == v.You {
		return ctx.Name(s) + " (you)"
	}
	return ctx.Name(s)
}

// playerHead is a player's first line: the active mark, the name, the
// knowledge and its bar, the Buckets and the player's state.
func playerHead(v fp.View, ctx board.Context, p fp.PlayerView, nameW int) string {
	th := ctx.Theme
	mark, name := "  ", board.PadRight(board.Truncate(playerName(v, ctx, p.Seat), nameW), nameW)
	if p.Seat == v.Active {
		mark, name = th.Accent.Render("▸ "), th.Accent.Render(name)
	}
	return fmt.Sprintf("%s%s %4d knowledge %s  Buckets %s%s", mark, name, p.Score, bar(th, p.Score, v.Goal, largeBar),
		buckets(th, p.Buckets), playerState(v, p, th))
}

// cardBox draws a Turn Order card in three lines, a box a space: safe or
// risky in the top border, the token on it inside (a doused fire as
// "doused"); a tall card has a fourth line, what each book scores now.
func cardBox(v fp.View, th *theme.Theme, c fp.OrderCardView, tall bool) []string {
	box := make([]string, 3, 4)
	if tall {
		box = box[:4]
	}
	for _, sp := range c.Spaces {
		kind := spaceKind(sp)
		ink := kind
		if sp.Risky {
			ink = th.Warn.Render(kind)
		}
		box[0] += "┌─" + ink + strings.Repeat("─", spaceCell-1-len(kind)) + "┐"
		box[1] += "│" + spaceWord(v, th, sp) + "│"
		if tall {
			box[2] += "│" + centre(bookWorth(v, sp.Token), spaceCell) + "│"
		}
		box[len(box)-1] += "└" + strings.Repeat("─", spaceCell) + "┘"
	}
	return box
}

// spaceWord is what lies on a Turn Order space, centred in its box.
func spaceWord(v fp.View, th *theme.Theme, sp fp.SpaceView) string {
	word := ""
	switch {
	case sp.Doused:
		word = "doused"
	case sp.Token == "fire":
		word = "FIRE"
	case sp.Token != "":
		word = colourName(v, sp.Token)
	}
	text := centre(word, spaceCell)
	switch {
	case sp.Doused:
		return th.Paint("blue", text, true)
	case sp.Token == "fire":
		return th.Bad.Render(text)
	}
	return th.Paint(sp.Token, text, true)
}

// centre pads plain text on both sides to w cells.
func centre(s string, w int) string {
	left := (w - board.Width(s)) / 2
	return board.PadRight(strings.Repeat(" ", max(left, 0))+s, w)
}

// spaceKind is "safe" or "risky".
func spaceKind(sp fp.SpaceView) string {
	if sp.Risky {
		return "risky"
	}
	return "safe"
}

// bookWorth is what a book on a Turn Order space scores now ("" for a
// fire or an empty space).
func bookWorth(v fp.View, key string) string {
	if t, ok := trackOf(v, key); ok {
		return fmt.Sprintf("worth %d", t.Value)
	}
	return ""
}

// playerWords are the four lines beside a player's card: the card, what
// the player is doing, what their Buckets do and how far the goal is.
func playerWords(v fp.View, p fp.PlayerView, c fp.OrderCardView, held bool) [4]string {
	words := [4]string{1: doingWords(v, p, c), 2: bucketWords(p.Buckets), 3: goalWords(v, p)}
	if held {
		words[0] = fmt.Sprintf("%s Turn Order card: %s", engine.Ordinal(c.Number), c.Layout)
	}
	return words
}

// goalWords say how much knowledge a player lacks (or lacked) to end the
// game.
func goalWords(v fp.View, p fp.PlayerView) string {
	switch {
	case p.Score >= v.Goal:
		return fmt.Sprintf("reached %d knowledge, which ended the game", v.Goal)
	case v.Over:
		return fmt.Sprintf("ended %d knowledge short of %d", v.Goal-p.Score, v.Goal)
	}
	return fmt.Sprintf("needs %d more knowledge to reach %d", v.Goal-p.Score, v.Goal)
}

// doingWords say what a player is doing this round, or how they ended.
func doingWords(v fp.View, p fp.PlayerView, c fp.OrderCardView) string {
	i := slices.Index(v.Picks, p.Seat)
	switch {
	case v.Over && slices.Contains(v.Winners, p.Seat):
		return fmt.Sprintf("wins with %d knowledge", p.Score)
	case v.Over:
		return fmt.Sprintf("ends with %d knowledge", p.Score)
	case i == 0:
		return "chooses a Turn Order card now"
	case i > 0:
		return fmt.Sprintf("chooses a Turn Order card %s", engine.Ordinal(i+1))
	case p.Seat == v.Active && v.Phase == fp.PhaseFire:
		return "drew a fire that ends the turn unless a Bucket douses it"
	case p.Seat == v.Active && v.Drawn == 0:
		return "starts the turn by drawing a token onto space 1"
	case p.Seat == v.Active:
		k, books := cardKnowledge(v, c)
		return fmt.Sprintf("scoring now: %d for %d %s + %d bravery = %d (total %d)", k, books,
			engine.Plural(books, "book", "books"), c.Bravery, k+c.Bravery, p.Score+k+c.Bravery)
	case p.Played:
		return "has taken their turn this round"
	case v.Phase == fp.PhaseOrder:
		return "has chosen a card"
	}
	return "waits for the bag"
}

// riskWords say what the active player's next draw risks, or, when a fire
// already threatens, what burns if it is not doused.
func riskWords(v fp.View, p fp.PlayerView, c fp.OrderCardView) string {
	burns := burnWords(v, c)
	if v.Phase == fp.PhaseFire {
		return "If the fire is not doused: " + burns
	}
	next := slices.IndexFunc(c.Spaces, func(sp fp.SpaceView) bool { return sp.Token == "" })
	if next < 0 {
		return "The card is full."
	}
	where := fmt.Sprintf("The next draw goes onto space %d (%s): ", next+1, spaceKind(c.Spaces[next]))
	live := slices.ContainsFunc(c.Spaces, func(sp fp.SpaceView) bool { return sp.Token == "fire" && !sp.Doused })
	if !c.Spaces[next].Risky && !live {
		return where + "a fire there is only a warning."
	}
	odds := fmt.Sprintf("a fire (%d in 100) ends the turn", firePercent(v))
	if p.Buckets > 0 {
		odds += " unless a Bucket douses it"
	}
	return where + odds + ": " + burns
}

// burnWords name the books that would burn from card c and the wing a
// burn would bring down.
func burnWords(v fp.View, c fp.OrderCardView) string {
	count := map[string]int{}
	var names []string
	for _, sp := range c.Spaces {
		if t, ok := trackOf(v, sp.Token); ok {
			count[t.Key]++
			names = append(names, t.Colour)
		}
	}
	if len(names) == 0 {
		return "no book would burn."
	}
	out := fmt.Sprintf("the %s %s would burn", engine.JoinAnd(names), engine.Plural(len(names), "book", "books"))
	for _, t := range v.Tracks {
		if n := count[t.Key]; n > 0 && n >= t.ToX {
			out += fmt.Sprintf(", and %s would collapse, ending the game", t.Colour)
		}
	}
	return out + "."
}

// cardKnowledge is what the books on card c score now, and how many there
// are.
func cardKnowledge(v fp.View, c fp.OrderCardView) (points, books int) {
	for _, sp := range c.Spaces {
		if t, ok := trackOf(v, sp.Token); ok {
			points += t.Value
			books++
		}
	}
	return points, books
}

// bucketWords say what a player's Buckets do.
func bucketWords(n int) string {
	switch n {
	case 0:
		return "holds no Bucket: a turn that ends in fire gives one"
	case 1:
		return "holds 1 Bucket: it can douse one fire"
	}
	return fmt.Sprintf("holds %d Buckets (the most): each can douse one fire", n)
}

// largeCards are the Turn Order cards in play with their holders, and the
// order in which the players still choose.
func largeCards(v fp.View, ctx board.Context) []string {
	th := ctx.Theme
	if len(v.Cards) == 0 {
		return nil
	}
	items := []string{th.Heading.Render("TURN ORDER CARDS") + th.Faint.Render(" (S safe, X risky)")}
	for _, c := range v.Cards {
		holder := th.Faint.Render("nobody")
		if c.Holder >= 0 {
			holder = ctx.Name(c.Holder)
		}
		items = append(items, fmt.Sprintf("%s %s: %s", engine.Ordinal(c.Number), c.Layout, holder))
	}
	out := board.Pack(items, " · ", ctx.Width)
	if len(v.Picks) > 0 && !v.Over {
		names := make([]string, len(v.Picks))
		for i, s := range v.Picks {
			names[i] = ctx.Name(s)
		}
		out = append(out, board.WrapHang("Still to choose, least knowledge first: "+strings.Join(names, ", then "), ctx.Width, 4)...)
	}
	return out
}
