package horror

import (
	"fmt"
	"slices"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
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

// wrapItems lays items out on lines of w columns, sep between two,
// wrapping an item wider than a line.
func wrapItems(items []string, sep string, w int) []string {
	var out []string
	for _, l := range board.Pack(items, sep, w) {
		if board.Width(l) <= w {
			out = append(out, l)
		} else {
			out = append(out, wrapText(l, w)...)
		}
	}
	return out
}

// wrapText wraps styled text to w columns, the lines after the first
// indented by two.
func wrapText(s string, w int) []string {
	lines := strings.Split(ansi.Wrap(s, max(w-2, 8), ""), "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = "  " + lines[i]
	}
	return lines
}

// movesSection lists the moves played with the digits (exchanges,
// cards, more attacks) with their keys: the table's list under the board
// may have no room for them.
func (b *Board) movesSection(v *hr.View, ctx board.Context, p *palette, w int) []string {
	legal, ok := b.known(v)
	if !ok || v.Phase != hr.PhaseTurn || !myTurn(v) {
		return nil
	}
	ks := moveKeys(legal, 0)
	var out []string
	for i, a := range legal {
		k := ks[i].Help().Key
		if len(k) != 1 || k[0] < '1' || k[0] > '9' {
			continue
		}
		out = append(out, wrapText(p.th.Key.Render(k)+" "+moveText(v, ctx, p, a, w < 44), w)...)
	}
	return out
}

// moveText says what a move played with a digit does, in short for a
// narrow panel.
func moveText(v *hr.View, ctx board.Context, p *palette, a engine.Action, short bool) string {
	switch a.Kind {
	case hr.KindExchange:
		var give []string
		if a.Arg(1)%6 == a.Arg(2)%6 {
			give = []string{"2 " + colourWord(p, a.Arg(1)%6)}
		} else {
			for _, c := range a.Args[1:] {
				give = append(give, colourWord(p, c%6))
			}
		}
		want := colourWord(p, a.Arg(0))
		if v.Me != nil && !short {
			want = hr.ItemName(v.Me.Horror, a.Arg(0)) + " (" + want + ")"
		}
		return "give " + strings.Join(give, ", ") + " for " + want
	case hr.KindPlay:
		card := hr.CardName(a.Arg(0))
		text := cardText[card]
		if short {
			text = cardShort[card]
		}
		if len(a.Args) > 1 {
			return fmt.Sprintf("%s on %s: %s", card, ctx.Name(engine.Seat(a.Arg(1))), text)
		}
		return card + ": " + text
	case hr.KindAttack:
		return fmt.Sprintf("attack the level %d ghost (2 dice, 6+)", hr.GhostLevel(a.Arg(0)))
	}
	return a.Kind
}

// roomSection describes the room under the cursor and what m would do
// there.
func (b *Board) roomSection(v *hr.View, ctx board.Context, p *palette, w int) []string {
	if b.cursor < 0 || b.cursor >= len(v.Cells) || v.Over || v.Phase == hr.PhaseColours {
		return nil
	}
	out := wrapText(roomSentence(v, ctx, p, b.cursor), w)
	if legal, ok := b.known(v); ok && picksRooms(v) {
		if what := b.cursorMove(v, legal); what != "" {
			out = append(out, wrapText(what, w)...)
		}
	}
	return out
}

// roomSentence describes cell c: "b3, room 8: one bookcase, one drawer,
// a mirror; 0 of 4 markers; doors north and west open, east closed".
func roomSentence(v *hr.View, ctx board.Context, p *palette, c int) string {
	cv := v.Cells[c]
	ref := p.paint(inkLabel, hr.CellName(c, v.Size))
	if c == v.Portal() {
		s := ref + ", the " + p.paint(inkPortal, "Portal") + ": "
		switch n := len(cv.Ghosts); n {
		case 0:
			s += "no ghost in it"
		default:
			s += fmt.Sprintf("%s to beat, one die each, 3 or more", count(n, "ghost", "ghosts"))
		}
		return s + fmt.Sprintf("; it lets in a player with all %d components.", v.Items)
	}
	var has []string
	has = append(has, count(cv.Bookcases, "bookcase", "bookcases"))
	if cv.Drawers > 0 {
		has = append(has, count(cv.Drawers, "drawer", "drawers"))
	}
	if cv.Mirror {
		has = append(has, "a mirror")
	}
	if cv.Picture {
		has = append(has, "a picture")
	}
	where := fmt.Sprintf("%s, room %d", ref, cv.Room)
	if c == ownCell(v) && v.Me != nil && v.Players[v.You].Cell == c {
		where = "Your room, " + where
	}
	parts := []string{where + ": " + strings.Join(has, ", "), markerText(v, c), doorText(v, c)}
	if n := len(cv.Ghosts); n > 0 {
		parts = append(parts, p.paint(inkGhost, count(n, "ghost", "ghosts"))+fmt.Sprintf(" (Fortitude -%d to enter)", v.GhostDamage(c)))
	}
	var who []string
	for _, s := range cv.Players {
		if s != v.You {
			who = append(who, name(v, ctx, s))
		}
	}
	if len(who) > 0 {
		parts = append(parts, "here: "+strings.Join(who, ", "))
	}
	return strings.Join(parts, "; ") + "."
}

// numbers are small counts in words.
var numbers = []string{"no", "one", "two", "three", "four", "five", "six", "seven", "eight"}

// count is n things in words: "one bookcase", "two drawers".
func count(n int, one, many string) string {
	word := fmt.Sprint(n)
	if n >= 0 && n < len(numbers) {
		word = numbers[n]
	}
	return word + " " + engine.Plural(n, one, many)
}

// markerText says how many search markers the room holds against the
// threshold that summons a ghost.
func markerText(v *hr.View, c int) string {
	n := len(v.Cells[c].Markers)
	s := fmt.Sprintf("%d of %d markers", n, v.Threshold)
	switch {
	case !ghostsToCome(v):
	case n == v.Threshold-1:
		s += ": the next search summons a ghost"
	case n >= v.Threshold:
		s = fmt.Sprintf("%d markers (a ghost came at %d)", n, v.Threshold)
	}
	return s
}

// dirWords name the directions.
var dirWords = [4]string{"north", "east", "south", "west"}

// doorText says which ways lead out of cell c: "doors north and west
// open, east closed".
func doorText(v *hr.View, c int) string {
	var open, closed []string
	for d := range 4 {
		switch v.Passage(c, d) {
		case hr.Open:
			open = append(open, dirWords[d])
		case hr.Closed:
			closed = append(closed, dirWords[d])
		}
	}
	switch {
	case len(open) == 0 && len(closed) == 0:
		return "no way out: walls all round"
	case len(closed) == 0:
		return engine.Plural(len(open), "door ", "doors ") + andList(open) + " open"
	case len(open) == 0:
		return engine.Plural(len(closed), "door ", "doors ") + andList(closed) + " closed"
	}
	return "doors " + andList(open) + " open, " + andList(closed) + " closed"
}

// andList joins words: "a", "a and b", "a, b and c".
func andList(ws []string) string {
	if len(ws) < 2 {
		return strings.Join(ws, "")
	}
	return strings.Join(ws[:len(ws)-1], ", ") + " and " + ws[len(ws)-1]
}

// cursorMove says what m would do on the room under the cursor, or why
// it would not.
func (b *Board) cursorMove(v *hr.View, legal []engine.Action) string {
	a, ok := b.roomMove(v, legal)
	if !ok {
		if b.cursor == ownCell(v) && v.Phase == hr.PhaseTurn {
			return ""
		}
		return b.whyNot(v, legal)
	}
	switch a.Kind {
	case hr.KindStart:
		return "m: start here."
	case hr.KindGhost:
		return "m: send the ghost here."
	case hr.KindMirror:
		return fmt.Sprintf("m: through the mirror, Fortitude -%d.", v.MirrorCost())
	}
	here, d := ownCell(v), a.Arg(0)
	s := "m: go " + dirWords[d] + " through "
	if v.Passage(here, d) == hr.Closed {
		s += fmt.Sprintf("a closed door, Fortitude -%d", v.DoorCost(here, d))
	} else {
		s += "an open door, free"
	}
	if b.cursor == v.Portal() {
		return s + fmt.Sprintf(", into the Portal: beat %s, one die each (3+).", count(len(v.Cells[b.cursor].Ghosts), "ghost", "ghosts"))
	}
	if dmg := v.GhostDamage(b.cursor); dmg > 0 {
		s += fmt.Sprintf("; its ghosts drain %d more", dmg)
	}
	return s + "."
}

// colourInk is the ink of component colour c ("red"...), or plain.
func colourInk(p *palette, c int) ink {
	name, _, _ := strings.Cut(hr.ColourName(c), " ")
	if k := p.colour(name); k != inkPlayer {
		return k
	}
	return inkPlain
}

// colourWord is colour c's name in its colour.
func colourWord(p *palette, c int) string {
	name, _, _ := strings.Cut(hr.ColourName(c), " ")
	return p.paint(colourInk(p, c), name)
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
	if nameW < 14 {
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

// fitName fits a player's name in n cells without an ellipsis: the
// words that fit, then the first letters.
func fitName(s string, n int) string {
	if len([]rune(s)) <= n || n < 1 {
		return s
	}
	s = strings.NewReplacer("(", "", ")", "").Replace(s)
	if len([]rune(s)) <= n {
		return s
	}
	ws := strings.Fields(s)
	if len(ws) > 1 {
		short := ws[0][:1] + ". " + strings.Join(ws[1:], " ")
		if last := ws[len(ws)-1]; len([]rune(short)) > n {
			short = string([]rune(ws[0])[:max(min(len([]rune(ws[0])), n-len(last)-1), 1)]) + " " + last
		}
		if len([]rune(short)) <= n {
			return short
		}
	}
	return string([]rune(s)[:n])
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
			out = append(out, board.Clip("  "+padTo(hr.ItemName(me.Horror, c), 25)+padTo(colourWord(p, c), 7)+padTo(kind, 9)+
				padTo(state, 12)+deck, w))
		}
		out = append(out, "")
	}
	out = append(out, th.Heading.Render("PLAYERS"))
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
		head := mark + p.paint(k, playerMark(v, pl.Seat)) + " " + padTo(fitName(name(v, ctx, pl.Seat), 16), 17)
		row := head + padTo(pl.Character, 25) + padTo(where, 4) + "Fortitude " + padLeft(fort, 2) + counts
		if board.Width(row) > w {
			row = head + padTo(where, 4) + "Fortitude " + padLeft(fort, 2) + counts
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

// padTo pads styled text with spaces to n cells.
func padTo(s string, n int) string { return s + strings.Repeat(" ", max(n-board.Width(s), 0)) }

// padLeft pads styled text on the left to n cells.
func padLeft(s string, n int) string { return strings.Repeat(" ", max(n-board.Width(s), 0)) + s }

// rollSection is the last roll of the dice and what it meant.
func rollSection(v *hr.View, ctx board.Context, w int) []string {
	if v.Roll.Seat < 0 || len(v.Roll.What) == 0 {
		return nil
	}
	dice := ""
	for _, d := range v.Roll.Dice {
		dice += fmt.Sprintf("[%d]", d)
	}
	if dice != "" {
		dice += " "
	}
	return wrapText("Last roll, "+name(v, ctx, v.Roll.Seat)+": "+dice+v.Roll.What, w)
}

// supplySection is what is left to draw: the component decks by colour
// (a dry one stands out), the bag's tokens and the Blessing and Curse
// cards, the ghosts still to come and the rounds left; the short form
// is the decks.
func supplySection(v *hr.View, p *palette, w int) (full, short []string) {
	th := p.th
	items := []string{"Decks:"}
	for c, n := range v.Decks {
		it := fmt.Sprintf("%s %d", colourWord(p, c), n)
		if n == 0 {
			it = colourWord(p, c) + " " + th.Bad.Render("dry")
		}
		items = append(items, it)
	}
	short = wrapItems(items, " ", w)
	full = append(full, short...)
	full = append(full, wrapText(fmt.Sprintf("Bag: %d Blessing and %d Curse tokens; %d Blessing and %d Curse cards left.",
		v.Bag[0], v.Bag[1], v.Blessings, v.Curses), w)...)
	left := v.GhostsToCome()
	ghosts := "No ghost is left to come."
	if left[0]+left[1] > 0 {
		ghosts = fmt.Sprintf("Ghosts to come: %d weak, %d strong.", left[0], left[1])
	}
	full = append(full, wrapText(ghosts, w)...)
	if n := v.RoundsLeft(); n >= 0 {
		full = append(full, wrapText(fmt.Sprintf("%s after this one.", capital(count(n, "more round", "more rounds"))), w)...)
	}
	return full, short
}

// capital starts s with a capital letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// legendSection explains the board's symbols, in columns.
func legendSection(v *hr.View, p *palette, w int) []string {
	items := []string{
		p.paint(inkBook, symBook) + " bookcase",
		p.paint(inkDrawer, symDrawer) + " drawer",
		p.paint(inkMirror, symMirror) + " mirror",
		p.paint(inkPicture, symPicture) + " picture",
		p.paint(inkMarker, symMarker) + p.paint(inkFaint, symRoom) + fmt.Sprintf(" markers, ghost at %d", v.Threshold),
		p.paint(inkGhost, symGhost1) + " ghost: -1 to enter",
		p.paint(inkGhost, symGhost2) + " ghost: -2 to enter",
		p.paint(inkClosed, closedH) + " closed door: -1",
	}
	return columns(items, w)
}

// legendShort is the legend in two lines.
func legendShort(p *palette, w int) []string {
	return wrapItems([]string{
		p.paint(inkBook, symBook) + " bookcase",
		p.paint(inkDrawer, symDrawer) + " drawer",
		p.paint(inkMirror, symMirror) + " mirror",
		p.paint(inkPicture, symPicture) + " picture",
		p.paint(inkMarker, symMarker) + p.paint(inkFaint, symRoom) + " markers",
		p.paint(inkGhost, symGhost1+" "+symGhost2) + " ghosts",
		p.paint(inkClosed, closedH) + " closed door",
	}, " ", w)
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
				it += strings.Repeat(" ", widths[c]-board.Width(it)+2)
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
