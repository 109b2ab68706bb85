package horror

import (
	"fmt"
	"slices"
	"strings"

	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// colourInk is the ink of component colour c ("red"...), or plain.
func colourInk(p *palette, c int) ink {
	if k := p.colour(colourName(c)); k != inkPlayer {
		return k
	}
	return inkPlain
}

// colourWord is colour c's name in its colour.
func colourWord(p *palette, c int) string {
	return p.paint(colourInk(p, c), colourName(c))
}

// colourName is colour c's name alone ("red").
func colourName(c int) string {
	name, _, _ := strings.Cut(hr.ColourName(c), " ")
	return name
}

// youSection is the viewer's Horror: the colour choice while it is
// made; then what is found and still needed, the spare components and
// the Blessings and Curses held. The short form names the colours only.
func (b *Board) youSection(v *hr.View, p *palette, w int) (full, short []string) {
	me := v.Me
	if me == nil {
		return nil, nil
	}
	th := p.th
	title := th.Heading.Render("Your Horror: " + hr.HorrorName(me.Horror))
	if v.Phase == hr.PhaseColours && myTurn(v) {
		full = []string{title}
		for c := range 6 {
			box := "[ ]"
			if b.ticked[c] {
				box = th.Good.Render("[x]")
			}
			item := fmt.Sprintf("%s %s %s (%s)", th.Key.Render(fmt.Sprint(c+1)), box, hr.ItemName(me.Horror, c), colourWord(p, c))
			full = append(full, wrapText(item, w)...)
		}
		return full, nil
	}
	placed := map[int]bool{}
	for _, c := range me.Placed {
		placed[c%6] = true
	}
	var need, needShort, found []string
	for c, n := range me.Need {
		item := hr.ItemName(me.Horror, c) + " (" + colourWord(p, c) + ")"
		switch {
		case n && placed[c]:
			found = append(found, item)
		case n:
			need = append(need, item)
			word := colourWord(p, c)
			if v.Decks[c] == 0 {
				word += th.Bad.Render(" (dry)")
			}
			needShort = append(needShort, word)
		}
	}
	var hand []string
	if len(me.Spare) > 0 {
		var by [6]int
		for _, c := range me.Spare {
			by[c%6]++
		}
		var ls []string
		for c, n := range by {
			if n > 0 {
				ls = append(ls, fmt.Sprintf("%d %s", n, colourWord(p, c)))
			}
		}
		hand = append(hand, wrapText("Spares to exchange: "+strings.Join(ls, ", "), w)...)
	}
	if len(me.Cards) > 0 {
		var ns []string
		for _, c := range me.Cards {
			ns = append(ns, hr.CardName(c))
		}
		hand = append(hand, wrapText("Cards: "+strings.Join(ns, ", "), w)...)
	}
	switch {
	case len(need) == 0 && len(found) == 0:
		full = []string{title, "Its components are still to choose."}
		short = full
	case len(need) == 0:
		full = []string{title, th.Good.Render("All found: go into the Portal!")}
		short = full[1:]
	default:
		full = append([]string{title}, wrapText("Still to find: "+strings.Join(need, ", "), w)...)
		short = wrapText(fmt.Sprintf("You need %s (%d of %d found).", andList(needShort), len(found), v.Items), w)
	}
	if len(found) > 0 && len(need) > 0 {
		full = append(full, wrapText("Found: "+strings.Join(found, ", "), w)...)
	}
	return append(full, hand...), append(short, hand...)
}

// playersSection is a table of the players: Fortitude, components found
// of those needed, spare components, Blessings and Curses held.
func playersSection(v *hr.View, ctx board.Context, p *palette, w int) []string {
	th := p.th
	labels := []string{"Fortitude", "Found", "Spares", "Cards"}
	nameW := w - 3 - len(strings.Join(labels, " ")) - 1
	if nameW < max(nameWidth(v, ctx), 14) {
		labels[0], labels[2] = "Fort", "Spare"
		nameW = max(w-3-len(strings.Join(labels, " "))-1, 3)
	}
	head := fmt.Sprintf("   %-*s %s", nameW, "Player", strings.Join(labels, " "))
	out := []string{th.Faint.Render(head)}
	for _, pl := range v.Players {
		mark, k := playerRow(v, p, pl)
		who := fitName(name(v, ctx, pl.Seat), nameW)
		if pl.Skip {
			who = fitName(name(v, ctx, pl.Seat)+" (locked)", nameW)
		}
		fort := fmt.Sprintf("%*s", len(labels[0]), signed(pl.Fort))
		if pl.Fort < 0 {
			fort = th.Bad.Render(fort)
		}
		row := fmt.Sprintf("%s%s %-*s %s %*s %*d %*d", mark, p.paint(k, playerMark(v, pl.Seat)), nameW, who,
			fort, len(labels[1]), fmt.Sprintf("%d/%d", pl.Placed, v.Items), len(labels[2]), pl.Spare, len(labels[3]), pl.Cards)
		out = append(out, row)
	}
	return out
}

// playerRow is a player row's turn mark ("▸" for whoever acts, else a
// space) and the ink of the player's piece.
func playerRow(v *hr.View, p *palette, pl hr.PlayerView) (string, ink) {
	mark := " "
	if pl.Seat == v.Active && !v.Over {
		mark = p.th.Accent.Render("▸")
	}
	if pl.Seat == v.You {
		return mark, inkMe
	}
	return mark, p.colour(pl.Colour)
}

// fitName fits a player's name in n cells: the name in full when it
// fits; else without its brackets ("Normal bot 3"), the first name
// shortened to its initial or cut, so that a bot keeps its number; else
// cut with an ellipsis.
func fitName(s string, n int) string {
	if board.Width(s) <= n || n < 1 {
		return s
	}
	s = strings.NewReplacer("(", "", ")", "").Replace(s)
	if board.Width(s) <= n {
		return s
	}
	if ws := strings.Fields(s); len(ws) > 1 {
		first, last := []rune(ws[0]), ws[len(ws)-1]
		short := string(first[:1]) + ". " + strings.Join(ws[1:], " ")
		if board.Width(short) > n {
			short = string(first[:max(min(len(first), n-board.Width(last)-1), 1)]) + " " + last
		}
		if board.Width(short) <= n {
			return short
		}
	}
	return board.Truncate(s, n)
}

// nameWidth is the widest of the players' names as the viewer sees them.
func nameWidth(v *hr.View, ctx board.Context) int {
	w := 0
	for _, pl := range v.Players {
		w = max(w, board.Width(name(v, ctx, pl.Seat)))
	}
	return w
}

// wideSections are the tables a tall board shows under the library, w
// wide: the viewer's Horror card (each component, its colour, whether
// it is found or needed, and its deck) and every player in full.
func (b *Board) wideSections(v *hr.View, ctx board.Context, p *palette, w int) []string {
	th := p.th
	var out []string
	if me := v.Me; me != nil {
		out = append(out, th.Heading.Render("YOUR HORROR: "+hr.HorrorName(me.Horror)))
		placed := map[int]bool{}
		for _, c := range me.Placed {
			placed[c%6] = true
		}
		chosen := slices.Contains(me.Need[:], true)
		for c := range 6 {
			state := th.Faint.Render("not needed")
			switch {
			case !chosen:
				state = "to choose"
			case placed[c]:
				state = th.Good.Render("found")
			case me.Need[c]:
				state = th.Accent.Render("needed")
			}
			deck := fmt.Sprintf("%d left in its deck", v.Decks[c])
			if v.Decks[c] == 0 {
				deck = th.Bad.Render("its deck is dry")
			}
			_, kind, _ := strings.Cut(hr.ColourName(c), " ")
			out = append(out, board.Clip("  "+board.PadRight(hr.ItemName(me.Horror, c), 25)+board.PadRight(colourWord(p, c), 7)+board.PadRight(kind, 9)+
				board.PadRight(state, 12)+deck, w))
		}
		out = append(out, "")
	}
	out = append(out, th.Heading.Render("PLAYERS"))
	nameW := max(nameWidth(v, ctx), 16)
	for _, pl := range v.Players {
		mark, k := playerRow(v, p, pl)
		where := "-"
		if pl.Cell >= 0 {
			where = hr.CellName(pl.Cell, v.Size)
		}
		placed := 0
		for _, cv := range v.Cells {
			for _, m := range cv.Markers {
				if m[0] == int(pl.Seat) {
					placed++
				}
			}
		}
		fort := signed(pl.Fort)
		if pl.Fort < 0 {
			fort = th.Bad.Render(fort)
		}
		counts := fmt.Sprintf(" · found %d/%d · spares %d · cards %d · markers %d of %d", pl.Placed, v.Items, pl.Spare, pl.Cards, placed, pl.Markers)
		if pl.Skip {
			counts += th.Warn.Render(" · misses a turn")
		}
		head := mark + p.paint(k, playerMark(v, pl.Seat)) + " " + board.PadRight(fitName(name(v, ctx, pl.Seat), nameW), nameW+1)
		row := head + board.PadRight(pl.Character, 25) + board.PadRight(where, 4) + "Fortitude " + board.PadLeft(fort, 2) + counts
		if board.Width(row) > w {
			row = head + board.PadRight(where, 4) + "Fortitude " + board.PadLeft(fort, 2) + counts
		}
		out = append(out, board.Clip(row, w))
	}
	return out
}

// wideCount is how many lines wideSections draws for v: the Horror card
// (a heading, six components and a blank line) for a player, a heading
// and a line a player.
func wideCount(v *hr.View) int {
	n := 1 + len(v.Players)
	if v.Me != nil {
		n += 8
	}
	return n
}
