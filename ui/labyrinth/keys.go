package labyrinth

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
)

// msgWidth keeps messages on the table's one status line at 80 columns.
const msgWidth = 78

// cursorMoves are the cursor keys: tile steps (row, column).
var cursorMoves = map[string][2]int{
	"up": {-1, 0}, "k": {-1, 0},
	"down": {1, 0}, "j": {1, 0},
	"left": {0, -1}, "h": {0, -1},
	"right": {0, 1}, "l": {0, 1},
}

// tileKeys are the keys that act on the tile under the cursor.
var tileKeys = map[string]bool{"m": true, "f": true, "r": true, "R": true, "g": true}

// handKeys are the keys that choose among all the legal moves of a kind,
// wherever the cursor is: t takes Books (a Library Card's pairs too), x
// discards a card, b plays a Time Machine. Taking one Book of a genre
// also has the moves' hot keys 1-6 (see MoveKeys).
var handKeys = map[string]string{"t": lab.KindTake, "x": lab.KindDiscard, "b": lab.KindTime}

// handNone says why a hand key has nothing to offer.
var handNone = map[string]string{
	"t": "You cannot take a Book now.",
	"x": "You have no card you may discard now.",
	"b": "You hold no Time Machine you can play now.",
}

// hasKind reports whether a legal move is of kind.
func hasKind(legal []engine.Action, kind string) bool {
	return slices.ContainsFunc(legal, func(a engine.Action) bool { return a.Kind == kind })
}

// handMove is the move hand key would make that the engine is asked why
// it refuses: taking a Book of the first genre (t) or of the digit's, a
// discard of the first card held (a captured Terror's pile for want of
// one), playing a Time Machine held; false when the viewer holds nothing
// for it.
func handMove(v lab.View, key string) (engine.Action, bool) {
	me, _ := seatOf(v, v.You)
	switch key {
	case "t":
		return engine.Action{Kind: lab.KindTake, Args: []int{0}}, true
	case "x":
		if len(me.Hand.Cards) > 0 {
			return engine.Action{Kind: lab.KindDiscard, Args: []int{me.Hand.Cards[0].ID}}, true
		}
		if len(me.Hand.Captured) > 0 {
			return engine.Action{Kind: lab.KindDiscard, Args: []int{lab.TerrorCard + me.Hand.Captured[0].Terror.ID}}, true
		}
	case "b":
		for _, c := range me.Hand.Cards {
			if lab.HasBoost(c.ID, lab.TimeMachine) {
				return engine.Action{Kind: lab.KindTime, Args: []int{c.ID}}, true
			}
		}
	default: // a genre's digit
		return engine.Action{Kind: lab.KindTake, Args: []int{int(key[0] - '1')}}, true
	}
	return engine.Action{}, false
}

// handWhy says why hand key (t x b, or a genre's digit) offers no move.
func (b *Board) handWhy(v lab.View, key string) board.Reply {
	a, ok := handMove(v, key)
	none, known := handNone[key]
	if !known {
		none = handNone["t"]
	}
	return b.handRefusal(v, a, ok, none)
}

// HandleKey implements board.KeyHandler. The board takes the cursor keys
// (arrows, h j k l, o back to your own tile), m f r R g on the tile under
// the cursor, t x b for the hand's moves (take Books, discard, Time
// Machine), enter (the choice, or the tile's move or flip), tab and
// shift+tab (move the mark in the list of matching moves) and esc (drop
// the choice). Each key that opens the choice, moves its mark or chooses
// the card passed on is a step that Back takes back.
// Other keys (the moves' hot keys 1-6 p e, see MoveKeys) go to the table's menu.
func (b *Board) HandleKey(key string, view engine.View, legal []engine.Action) board.Reply {
	vp, ok := engine.ViewAs[lab.View](view)
	if !ok {
		return board.Reply{}
	}
	v := *vp
	b.sync(v)
	b.legal, b.legalAt = legal, stateKey(v)
	was, before := b.pick, b.pick.clone()
	r := b.handle(key, v, legal)
	b.record(was, before, r)
	r.Message = board.Truncate(r.Message, msgWidth)
	return r
}

func (b *Board) handle(key string, v lab.View, legal []engine.Action) board.Reply {
	if key == "shift+r" { // terminals that report the modifier rather than the letter
		key = "R"
	}
	if d, ok := cursorMoves[key]; ok {
		r := min(max(b.cursor/lab.Size+d[0], 0), lab.Size-1)
		c := min(max(b.cursor%lab.Size+d[1], 0), lab.Size-1)
		b.moveCursor(r*lab.Size + c)
		return board.Took()
	}
	switch key {
	case "o":
		b.moveCursor(ownTile(v))
		return board.Took()
	case "esc":
		if b.pick != nil {
			b.drop()
			return board.Inform("Choice dropped.")
		}
		return board.Reply{}
	case "tab", "shift+tab":
		if b.pick == nil {
			if myTurn(v) {
				return board.Refuse("Nothing to choose between: m, g or enter on a tile first.")
			}
			return board.Reply{}
		}
		n := len(b.pick.acts)
		if key == "tab" {
			b.pick.idx = (b.pick.idx + 1) % n
		} else {
			b.pick.idx = (b.pick.idx + n - 1) % n
		}
		return board.Inform(b.pickText(v))
	case "enter":
		if b.pick != nil {
			if c := b.pick; c.partners != nil && len(c.partners[c.idx]) > 1 {
				// The card passed on is chosen: now what comes back.
				b.pick = &choice{tile: c.tile, acts: c.partners[c.idx], state: c.state}
				return board.Inform(b.pickText(v))
			}
			a := b.pick.acts[b.pick.idx]
			if l, ok := engine.Find(legal, a); ok {
				return board.Play(l)
			}
			b.drop()
			return board.Refuse("That move is no longer possible.")
		}
		if !myTurn(v) || v.Phase != lab.PhaseActions {
			return board.Reply{}
		}
		for _, k := range []string{"m", "f"} {
			if acts := b.matching(k, b.cursor, legal); len(acts) > 0 {
				return b.offer(v, k, acts)
			}
		}
		r := b.refusal(v, "m", b.cursor)
		r.Message += " (keys: m f r R g)"
		return r
	}
	if kind, ok := handKeys[key]; ok {
		var acts []engine.Action
		for _, a := range legal {
			if a.Kind == kind {
				acts = append(acts, a)
			}
		}
		if len(acts) == 0 {
			return b.handWhy(v, key)
		}
		slices.SortStableFunc(acts, func(x, y engine.Action) int { return len(x.Args) - len(y.Args) })
		if kind == lab.KindDiscard { // never discard on one key press: always confirm
			b.pick = &choice{tile: b.cursor, acts: acts, state: stateKey(v)}
			return board.Inform(b.pickText(v))
		}
		return b.offer(v, key, acts)
	}
	if len(key) == 1 && key >= "1" && key <= "6" && myTurn(v) && v.Phase == lab.PhaseActions && !hasKind(legal, lab.KindTake) {
		return b.handWhy(v, key) // the hot keys that take a Book, when none may be taken
	}
	if !tileKeys[key] {
		return board.Reply{}
	}
	acts := b.matching(key, b.cursor, legal)
	if len(acts) == 0 {
		return b.refusal(v, key, b.cursor)
	}
	return b.offer(v, key, acts)
}

// hereKeys says which tile keys work on the cursor's tile, as far as the
// legal moves of the last key press tell ("" when they are not known).
func (b *Board) hereKeys(v lab.View, w int) string {
	if b.legalAt != stateKey(v) || !myTurn(v) || v.Phase != lab.PhaseActions {
		return ""
	}
	var long, short []string
	count := func(k string) int { return len(b.matching(k, b.cursor, b.legal)) }
	add := func(keys, word string, n int) {
		if n > 1 {
			keys += fmt.Sprintf("(%d)", n)
		}
		long, short = append(long, keys+" "+word), append(short, keys)
	}
	if n := count("m"); n > 0 {
		add("m", "move", n)
	}
	if n := count("f"); n > 0 {
		add("f", "flip", n)
	}
	switch r, l := count("r"), count("R"); {
	case r > 0 && l > 0:
		add("r R", "turn", 0)
	case r > 0:
		add("r", "turn", 0)
	case l > 0:
		add("R", "turn", 0)
	}
	if n := count("g"); n > 0 {
		add("g", "pass", n)
	}
	if len(long) == 0 {
		return "nothing to do here"
	}
	if s := "here: " + strings.Join(long, " · "); len([]rune(s)) <= w {
		return s
	}
	return "here: " + strings.Join(short, " ")
}

// moveCursor puts the cursor on tile i; a choice made on another tile is
// dropped, with its steps.
func (b *Board) moveCursor(i int) {
	b.cursor = i
	if b.pick != nil && b.pick.tile != i {
		b.drop()
	}
}

// offer plays the only matching move, or opens a choice between several.
func (b *Board) offer(v lab.View, key string, acts []engine.Action) board.Reply {
	if len(acts) == 1 {
		return board.Play(acts[0])
	}
	b.pick = &choice{tile: b.cursor, acts: acts, state: stateKey(v)}
	if key == "g" {
		b.pick.acts, b.pick.partners = byCard(acts)
		if len(b.pick.acts) == 1 {
			b.pick.acts, b.pick.partners = b.pick.partners[0], nil // one group: straight to its moves
		}
	}
	return board.Inform(b.pickText(v))
}

// byCard groups passes by the card of yours they pass on (none, for a
// take) and a Trolley Service: one move per group, in order, and each
// group's moves (what comes back, and from whom).
func byCard(acts []engine.Action) (firsts []engine.Action, groups [][]engine.Action) {
	at := map[[2]int]int{}
	for _, a := range acts {
		if len(a.Args) < 5 {
			firsts, groups = append(firsts, a), append(groups, []engine.Action{a})
			continue
		}
		k := [2]int{a.Args[2], a.Args[4]}
		if i, ok := at[k]; ok {
			groups[i] = append(groups[i], a)
			continue
		}
		at[k] = len(firsts)
		firsts, groups = append(firsts, a), append(groups, []engine.Action{a})
	}
	return firsts, groups
}

// pickText describes the chosen move of the choice in the message line.
func (b *Board) pickText(v lab.View) string {
	c := b.pick
	return fmt.Sprintf("%d/%d tab·enter·esc: %s", c.idx+1, len(c.acts), b.choiceWords(v, c.idx))
}

// choiceWords put move i of the choice in words; a group of passes (see
// byCard) names the card passed on only: what comes back, and from whom,
// is chosen next.
func (b *Board) choiceWords(v lab.View, i int) string {
	c := b.pick
	a := c.acts[i]
	if c.partners == nil || len(c.partners[i]) < 2 || len(a.Args) < 5 {
		return b.describe(v, a)
	}
	s := "Take a card, giving none"
	if a.Args[2] >= 0 {
		s = "Pass on " + lab.CardName(a.Args[2])
	}
	if a.Args[4] >= 0 {
		s += " (Trolley Service)"
	}
	return fmt.Sprintf("%s; then choose what comes back (%d ways)", s, len(c.partners[i]))
}

// pickQuestion is what the choice asks, by the kind of its moves.
func (b *Board) pickQuestion() string {
	c := b.pick
	switch kind := c.acts[0].Kind; {
	case c.partners != nil:
		return "Which card do you pass on?"
	case kind == lab.KindPass:
		return "What goes, what comes back?"
	case kind == lab.KindMove:
		return "Which way to go?"
	case kind == lab.KindFlip:
		return "How to flip it?"
	case kind == lab.KindDiscard:
		return "Which card to discard?"
	case kind == lab.KindTake:
		return "Which Books to take?"
	}
	return "Which one?"
}

// matching lists the legal moves key means on tile i, cheapest first (the
// fewest cards spent).
func (b *Board) matching(key string, i int, legal []engine.Action) []engine.Action {
	var out []engine.Action
	for _, a := range legal {
		if len(a.Args) == 0 || a.Args[0] != i {
			continue
		}
		ok := false
		switch key {
		case "m":
			ok = a.Kind == lab.KindMove
		case "f":
			ok = a.Kind == lab.KindFlip
		case "r":
			ok = a.Kind == lab.KindRotate && len(a.Args) > 1 && a.Args[1] > 0
		case "R":
			ok = a.Kind == lab.KindRotate && len(a.Args) > 1 && a.Args[1] < 0
		case "g":
			ok = a.Kind == lab.KindPass
		}
		if ok {
			out = append(out, a)
		}
	}
	slices.SortStableFunc(out, func(x, y engine.Action) int { return cost(x) - cost(y) })
	return out
}

// cost is the number of cards a move spends, and the Trolley moving
// before the meeple.
func cost(a engine.Action) int {
	switch a.Kind {
	case lab.KindMove:
		m, ok := lab.DecodeMove(a.Args)
		if !ok {
			return 100
		}
		n := len(m.Passages) + len(m.Cards) + 10*m.Piece
		if m.Ladder >= 0 {
			n++
		}
		if m.Copier >= 0 {
			n++
		}
		return n
	case lab.KindFlip:
		return len(a.Args)
	case lab.KindPass:
		if len(a.Args) > 4 && a.Args[4] >= 0 {
			return 1
		}
	}
	return 0
}
