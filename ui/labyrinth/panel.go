package labyrinth

import (
	"fmt"
	"strconv"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// panel is the column beside the grid, h lines of w cells: the decks, the
// hands (as roomy as the height allows), the tile under the cursor and,
// when there is room left, the first of legends that fits.
func (b *Board) panel(v lab.View, ctx board.Context, p *palette, w, h int, status string, legends []string) []string {
	top := decks(v, p, w)
	if status != "" {
		top = append(board.Wrap(status, w), top...)
	}
	bottom := b.cursorLines(v, ctx, p, w, h-len(top)-1)
	room := h - len(top) - len(bottom)
	var hands []string
	for _, d := range densities {
		hands = b.hands(v, ctx, p, w, d)
		if len(hands) <= room {
			break
		}
	}
	if len(hands) > room {
		hands = hands[:max(room, 0)]
	}
	out := append(top, hands...)
	spare := h - len(out) - len(bottom)
	for _, text := range legends {
		if leg := legendLines(text, max(w, 8)); len(leg) < spare {
			out = append(out, "")
			for _, l := range leg {
				out = append(out, p.paint(inkFaint, l))
			}
			break
		}
	}
	out = append(out, bottom...)
	if len(out) > h {
		out = out[:h]
	}
	return out
}

// legend explains the grid's glyphs; legendShort when there is little
// room (? shows the whole key); legendLong beside large tiles. Two spaces
// part the entries: a line breaks between entries where it can
// (legendLines).
const (
	legendLong = "━ ┃ a bookcase, a gap in the outline an open side (open NESW lists them)  ░ a dark tile  Bas TFA a Terror and the symbols that capture it  " +
		"! an empty Terror space  [F] a Shelf token: it takes a Terror with that symbol  R a Reward tile  + crossroads  N the compass  " +
		"W the Bookwyrm; ◢ ◣ ◤ ◥ the tiles the next Disturbance strikes  1-5 the players' meeples  ≡ the Trolley  " +
		"Symbols: H Heart  Q Quill  A Athlete  L Logic  T Hourglass  F Fist  Hands: * a magical item (capturing only), Time/Passage a booster's two effects  ? explains more"
	legend = "━ ┃ bookcase, gap: path  ░ dark  Bas TFA a Terror and the symbols it needs (! an empty Terror space)  [F] Shelf  R Reward  + crossroads  N compass  " +
		"W Bookwyrm  ◢ it may disturb  1-5 players  ≡ Trolley  H heart  Q quill  A athlete  L logic  T hourglass  F fist  * magical item  tm/sp booster"
	legendShort = "H heart  Q quill  A athlete  L logic  T hourglass  F fist  Bas TFA a Terror  [F] Shelf  R Reward  W wyrm  ? explains"
)

// legendLines sets a legend in lines of at most w cells, breaking it
// between its entries (parted by two spaces) so that a symbol stays with
// its meaning; an entry wider than w is wrapped by words.
func legendLines(text string, w int) []string {
	var out []string
	line := ""
	for entry := range strings.SplitSeq(text, "  ") {
		switch {
		case line == "":
		case board.Width(line)+2+board.Width(entry) <= w:
			line += "  " + entry
			continue
		default:
			out = append(out, line)
		}
		if board.Width(entry) > w {
			wrapped := board.Wrap(entry, w)
			out = append(out, wrapped[:len(wrapped)-1]...)
			entry = wrapped[len(wrapped)-1]
		}
		line = entry
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// decks are the cards left in the Book decks, by genre symbol (spelled
// out when the panel is wide), and in the Reward deck, on one line or
// two; a narrow panel says that ? explains the letters.
func decks(v lab.View, p *palette, w int) []string {
	long := w >= 70
	items := [][]span{{{"Book decks", inkFaint}}}
	for g, n := range v.BookDeck {
		sym := lab.SymbolLetters[g]
		if long {
			sym = lab.SymbolNames[g] + " "
		}
		items = append(items, []span{{sym, symInk(g)}, {strconv.Itoa(n), inkPlain}})
	}
	items = append(items, []span{{"Rewards " + strconv.Itoa(v.RewardDeck), inkPlain}})
	if !long {
		items = append(items, []span{{"(? explains)", inkFaint}})
	}
	return flow(p, items, w, "", " ")
}

// flow lays items out in lines of w cells, a space between items; the
// first line starts with first, the next ones with indent.
func flow(p *palette, items [][]span, w int, first, indent string) []string {
	var out []string
	line, empty := []span{{first, inkPlain}}, true
	for _, it := range items {
		if !empty && spansWidth(line)+1+spansWidth(it) > w {
			out = append(out, p.render(fit(line, w)))
			line, empty = []span{{indent, inkPlain}}, true
		}
		if !empty {
			line = append(line, span{" ", inkPlain})
		}
		line, empty = append(line, it...), false
	}
	return append(out, p.render(fit(line, w)))
}

// density is how much room the hands take.
type density int

const (
	roomy   density = iota // a line per card, with names
	compact                // a line per player, then the cards in short
	tight                  // player and cards on one line
)

// handDensity is how much room the viewer's own hand and the others'
// take.
type handDensity struct{ mine, others density }

// densities are the hands' layouts from the roomiest: the viewer's own
// hand keeps its cards' names the longest, and every hand its cards'
// symbols before any is cut short.
var densities = []handDensity{{roomy, roomy}, {roomy, compact}, {compact, compact}, {compact, tight}, {tight, tight}}

// hands lists every open hand (and the solo Trolley's).
func (b *Board) hands(v lab.View, ctx board.Context, p *palette, w int, d handDensity) []string {
	var out []string
	for _, s := range v.Seats {
		head := b.seatHead(v, ctx, s, w)
		dense := d.others
		if s.Seat == v.You {
			dense = d.mine
		}
		out = append(out, handLines(p, head, s.Hand, choiceItems(s.Picks, dense == roomy), w, dense)...)
	}
	if v.Trolley != nil {
		head := []span{{" ≡ ", inkTrolley}, {"Trolley", inkPlain}, {" " + slots(v.Trolley.Hand), inkFaint}}
		out = append(out, handLines(p, head, v.Trolley.Hand, nil, w, d.others)...)
	}
	return out
}

// choiceItems are the genres the viewer chose for starting Books in
// setup, dealt when every player has chosen: + and the genre's symbol,
// then when long its name.
func choiceItems(picks []int, long bool) [][]span {
	var out [][]span
	for _, g := range picks {
		it := []span{{"+", inkFaint}, {lab.SymbolLetters[g], symInk(g)}}
		if long {
			it = append(it, span{" " + lab.GenreNames[g], inkFaint})
		}
		out = append(out, it)
	}
	return out
}

// seatHead is a player's heading, w cells at most: the turn mark,
// meeple number, name (in full when it fits) and slots used, and +1 when
// the Pass-An-Action token is theirs; in setup, the mark on every player
// still choosing starting Books, with how many they chose (what, only
// the player sees).
func (b *Board) seatHead(v lab.View, ctx board.Context, s lab.SeatView, w int) []span {
	mark := span{" ", inkPlain}
	if acting(v, s) {
		mark = span{"▸", inkGood}
	}
	num := span{seatDigit(s.Seat), inkMeeple}
	name := ctx.Name(s.Seat)
	if s.Seat == v.You {
		num.k = inkMe
		name += " (you)"
	}
	tail := []span{{" " + slots(s.Hand), inkFaint}}
	switch {
	case v.Phase != lab.PhaseSetup:
	case s.Chosen < lab.StartBooks:
		tail = []span{{fmt.Sprintf(" choosing… %d/%d", s.Chosen, lab.StartBooks), inkFaint}}
	default:
		tail = []span{{" done", inkGood}}
	}
	if !v.PassToken.Free && v.PassToken.To == s.Seat {
		tail = append(tail, span{" +1", inkGood})
	}
	nameW := max(w-2-1-spansWidth(tail), 6)
	return append([]span{mark, num, {" " + board.Clip(name, nameW), inkPlain}}, tail...)
}

// acting reports whether player s acts now: chooses starting Books in
// setup, or takes the turn.
func acting(v lab.View, s lab.SeatView) bool {
	if v.Phase == lab.PhaseSetup {
		return s.Chosen < lab.StartBooks
	}
	return s.Seat == v.Turn && !v.Over
}

// slots is "4/6": the hand's slots in use.
func slots(h lab.HandView) string {
	limit := h.Limit
	if limit == 0 {
		limit = lab.HandLimit
	}
	return fmt.Sprintf("%d/%d", h.Slots, limit)
}

// handLines draws one hand under its heading at density d, with more
// items after its cards.
func handLines(p *palette, head []span, h lab.HandView, more [][]span, w int, d density) []string {
	var items [][]span
	for _, c := range h.Cards {
		items = append(items, cardSpans(c, d == roomy))
	}
	for _, c := range h.Captured {
		items = append(items, capturedSpans(c, d == roomy))
	}
	items = append(items, more...)
	if len(items) == 0 {
		items = append(items, []span{{"no cards", inkFaint}})
	}
	switch d {
	case roomy:
		out := []string{p.render(fit(head, w))}
		for _, it := range items {
			out = append(out, p.render(fit(append([]span{{"  ", inkPlain}}, it...), w)))
		}
		return out
	case tight:
		line := head
		for _, it := range items {
			line = append(append(line, span{" ", inkPlain}), it...)
		}
		return []string{p.render(fit(line, w))}
	}
	return append([]string{p.render(fit(head, w))}, flow(p, items, w, "  ", "  ")...)
}

// boostShort are two-letter names of the booster effects: tm Time
// Machine, sp Secret Passage, ld Library Ladder, mp Useful Map, lc Library
// Card, pc Photocopier, ts Trolley Service.
var boostShort = map[lab.Boost]string{
	lab.TimeMachine: "tm", lab.SecretPassage: "sp", lab.LibraryLadder: "ld", lab.UsefulMap: "mp",
	lab.LibraryCard: "lc", lab.Photocopier: "pc", lab.TrolleyService: "ts",
}

// boostWord are one-word names of the booster effects.
var boostWord = map[lab.Boost]string{
	lab.TimeMachine: "Time", lab.SecretPassage: "Passage", lab.LibraryLadder: "Ladder", lab.UsefulMap: "Map",
	lab.LibraryCard: "Card", lab.Photocopier: "Copier", lab.TrolleyService: "Service",
}

// cardSpans draws a card: a Book as its symbols (then its name when
// long), a magical item as * and its symbols, a booster by its two
// effects.
func cardSpans(c lab.CardView, long bool) []span {
	var out []span
	switch c.Type {
	case "book":
		out = letters(c.Letters)
	case "item":
		out = append([]span{{"*", inkFaint}}, letters(c.Letters)...)
	default:
		var opts []string
		for _, o := range c.Options {
			if long {
				opts = append(opts, boostWord[o])
			} else {
				opts = append(opts, boostShort[o])
			}
		}
		k := inkFaint
		if long {
			k = inkPlain
		}
		return []span{{strings.Join(opts, "/"), k}}
	}
	if long {
		out = append(out, span{" " + c.Name, inkPlain})
	}
	return out
}

// capturedSpans draws a captured Terror: ! and the symbols it needs; when
// long its name and the cards under it.
func capturedSpans(c lab.CapturedView, long bool) []span {
	out := append([]span{{"!", inkTerror}}, letters(c.Terror.Letters)...)
	if !long {
		return out
	}
	var under []string
	for _, cd := range c.Cards {
		under = append(under, cd.Name)
	}
	return append(out, span{" " + c.Terror.Name + " (" + strings.Join(under, ", ") + ")", inkPlain})
}

// cursorLines describe the tile under the cursor, then the choice being
// made (in at most room lines) or the keys.
func (b *Board) cursorLines(v lab.View, ctx board.Context, p *palette, w, room int) []string {
	th := ctx.Theme
	if v.Over {
		return nil
	}
	t := v.Tiles[b.cursor]
	words := append([]span{{t.Name + " ", inkMeeple}}, tileWords(v, t, ctx.Name)...)
	head := []string{p.render(words)}
	if spansWidth(words) > w {
		head = board.Wrap(head[0], w)
		head = head[:min(len(head), 2)]
	}
	var keys string
	switch {
	case b.pick != nil:
		return append(head, b.choiceLines(v, ctx, w, room-len(head))...)
	case myTurn(v) && v.Phase == lab.PhaseSetup:
		keys = th.Faint.Render("keys 1-6 choose a book")
	case v.You >= 0 && v.Phase == lab.PhaseSetup:
		keys = th.Faint.Render("waiting for the others")
	case b.hereKeys(v, w) != "":
		keys = th.Key.Render(b.hereKeys(v, w))
	case myTurn(v) && w >= 29:
		keys = th.Faint.Render("m f r R g tile · t x b hand")
	case myTurn(v):
		keys = th.Faint.Render("m f r R g · t x b")
	case v.You >= 0 && !myTurn(v):
		keys = th.Faint.Render("arrows/hjkl look around")
	}
	if keys == "" {
		return head
	}
	return append(head, keys)
}

// choiceLines show the choice being made in at most room lines: what it
// asks, its moves in a list with the one enter plays marked (the marked
// one in full, the others cut to a line; a long list scrolls with the
// mark), and its keys.
func (b *Board) choiceLines(v lab.View, ctx board.Context, w, room int) []string {
	th, c := ctx.Theme, b.pick
	n := len(c.acts)
	show := min(n, max(room-3, 1))
	first := min(max(c.idx-show/2, 0), n-show)
	out := []string{th.Warn.Render(board.Clip(fmt.Sprintf("%s %d/%d", b.pickQuestion(), c.idx+1, n), w))}
	for i := first; i < first+show; i++ {
		text := b.choiceWords(v, i)
		if i != c.idx {
			out = append(out, board.Clip("  "+text, w))
			continue
		}
		lines := board.WrapHang("› "+text, max(w, 8), 2)
		if extra := room - 2 - show; len(lines) > 1+extra {
			lines = append(lines[:extra], board.Clip(strings.Join(lines[extra:], " "), w))
		}
		for _, l := range lines {
			out = append(out, th.Accent.Render(l))
		}
	}
	return append(out, th.Faint.Render(choiceKeys(w)))
}

// choiceKeyLines are the keys of a choice, from the longest: the first
// that fits in the panel is shown.
var choiceKeyLines = []string{
	"tab/shift+tab mark · enter play (final) · backspace back · esc drop",
	"tab mark · enter play (final) · backspace back · esc drop",
	"tab · enter (final) · backspace back · esc",
	"tab·enter (final)·bksp·esc",
	"tab·enter·bksp·esc",
}

// choiceKeys is the longest line of a choice's keys that fits in w cells.
func choiceKeys(w int) string {
	for _, k := range choiceKeyLines {
		if board.Width(k) <= w {
			return k
		}
	}
	return choiceKeyLines[len(choiceKeyLines)-1]
}

// tileWords describe a tile in words: kind, token, who stands there and
// what the Bookwyrm would do to it.
func tileWords(v lab.View, t lab.TileView, name func(engine.Seat) string) []span {
	var out []span
	switch {
	case !t.Lit:
		out = append(out, span{"dark", inkDark})
		if t.Known {
			out = append(out, span{" (was " + strings.ToLower(kindName(t.Kind)) + ")", inkFaint})
		}
	case t.Terror != nil:
		out = append(out, span{t.Terror.Name + " ", inkTerror})
		out = append(out, letters(t.Terror.Letters)...)
	case t.Shelf >= 0:
		out = append(out, span{"Shelf ", inkPlain})
		out = append(out, shelfSpans(t.Shelf)...)
		out = append(out, span{" " + genreShort[t.Shelf%lab.NumGenres], symInk(t.Shelf)})
	default:
		out = append(out, span{kindName(t.Kind), inkPlain})
	}
	var who []string
	for _, s := range t.Meeples {
		if s == v.You {
			who = append(who, "you")
		} else {
			who = append(who, name(s))
		}
	}
	if t.Trolley {
		who = append(who, "Trolley")
	}
	if len(who) > 0 {
		out = append(out, span{" · " + strings.Join(who, ", "), inkPlain})
	}
	if t.Wyrm >= 0 {
		out = append(out, span{" · wyrm: " + disturbWord(t), inkStrike})
	}
	return out
}
