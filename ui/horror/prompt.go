package horror

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// ask is what the game asks now: a sentence, and the keys that answer
// it, each "key what it does" ("m go").
type ask struct {
	head string
	keys []string
	// short is said instead of a head too long for its lines ("" cuts
	// the head short).
	short string
	// more are keys named only over the board: they give way when the
	// keys go to the panel, short of lines.
	more []string
}

// AsksOnBoard implements board.Asker: the line over the library says what
// each step asks and which keys answer it.
func (b *Board) AsksOnBoard() {}

// cursorKeys names the keys that move the cursor.
const cursorKeys = "←↑↓→ pick a room"

// ask says what the game asks of the viewer now, or whom it waits for.
func (b *Board) ask(v *hr.View, ctx board.Context) ask {
	if v.Over {
		// The table's game-over pane repeats the summary, under the places.
		return ask{head: "Game over. " + engine.ExpandSeats(v.Summary, ctx.Name), short: "Game over."}
	}
	if !myTurn(v) {
		return ask{head: waitingFor(v, ctx), keys: []string{"←↑↓→ look at a room", "? help and rules"}}
	}
	legal, known := b.known(v)
	switch v.Phase {
	case hr.PhaseColours:
		n := b.tickedCount()
		return ask{head: fmt.Sprintf("Choose the %d components your Horror needs (%d ticked).", v.Items, n),
			keys: []string{"1-6 tick or untick", fmt.Sprintf("enter confirms %d for good", v.Items)},
			more: []string{"backspace takes back a step"}}
	case hr.PhaseStart:
		return ask{head: "Choose the room you start in (any but the Portal).",
			keys: []string{cursorKeys, "m/enter start there"}}
	case hr.PhaseGhost:
		return ask{head: "You beat the ghost: drive it into another room (at most 4 a room) or the Portal.",
			keys: []string{cursorKeys, "m/enter send it there"}}
	case hr.PhaseRespond:
		return b.respondAsk(v, ctx, legal, known)
	case hr.PhaseLoot:
		keys := lootKeys(legal)
		if !known {
			keys = []string{"1 2 choose", "0 nothing"}
		}
		return ask{head: fmt.Sprintf("You hit %s: take one of their things at random, face down.", ctx.Name(v.Victim)),
			keys: keys}
	}
	head := fmt.Sprintf("Your turn: %d %s left.", v.Actions, engine.Plural(v.Actions, "action", "actions"))
	if v.Actions == 0 {
		head = "Your turn: no actions left; cards and attacks cost none."
	}
	if fx := effects(v); fx != "" {
		head += " " + fx
	}
	if !known {
		return ask{head: head, keys: []string{cursorKeys, "m go", "r R turn", "b d search", "e end turn"}}
	}
	return ask{head: head, keys: turnKeys(legal)}
}

// effects names the turn's Lock Picks and Free Travel.
func effects(v *hr.View) string {
	var fx []string
	if v.LockPicks {
		fx = append(fx, "Lock Picks: closed doors are free")
	}
	if v.FreeMirror {
		fx = append(fx, "Free Travel: the next mirror is free")
	}
	if len(fx) == 0 {
		return ""
	}
	return "(" + strings.Join(fx, "; ") + ".)"
}

// waitingFor says whom the game waits for and what they do.
func waitingFor(v *hr.View, ctx board.Context) string {
	who := ctx.Name(v.Active)
	switch v.Phase {
	case hr.PhaseColours:
		return "Waiting for " + who + " to choose the components their Horror needs."
	case hr.PhaseStart:
		return "Waiting for " + who + " to choose a starting room."
	case hr.PhaseGhost:
		return who + " beat a ghost and drives it into another room."
	case hr.PhaseRespond:
		return fmt.Sprintf("%s attacks %s with a %s: waiting for %s to answer.", who, name(v, ctx, v.Victim), hr.CardName(v.Weapon), ctx.Name(v.Victim))
	case hr.PhaseLoot:
		return fmt.Sprintf("%s hit %s and may take one of their things.", who, name(v, ctx, v.Victim))
	}
	return fmt.Sprintf("%s's turn: %d %s left.", who, v.Actions, engine.Plural(v.Actions, "action", "actions"))
}

// respondAsk is the question to the victim of a weapon (whether they
// hold the Protection is known when the legal moves are).
func (b *Board) respondAsk(v *hr.View, ctx board.Context, legal []engine.Action, known bool) ask {
	weapon := hr.CardName(v.Weapon)
	head := fmt.Sprintf("%s attacks you with a %s: %s.", ctx.Name(v.Active), weapon, weaponText[weapon])
	if !known || offered(legal, hr.KindProtect) {
		return ask{head: head, keys: []string{"y play your Protection", "n take the blow"}}
	}
	return ask{head: head + " You hold no Protection against it.", keys: []string{"n take the blow"}}
}

// weaponText says what each weapon does to its victim.
var weaponText = map[string]string{
	"Knife":    "Fortitude -1 to you, +1 to them, and they may take a card",
	"Revolver": "Fortitude -3 to you, +3 to them, and they may take a card",
	"Poison":   "Fortitude -4 to you, +4 to them, and they may take a card",
}

// lootKeys are the keys of the loot's choices.
func lootKeys(legal []engine.Action) []string {
	ks := moveKeys(legal, 0)
	var out []string
	for i, a := range legal {
		k := ks[i].Help().Key
		switch {
		case a.Kind == hr.KindLoot && a.Arg(1) == 0:
			out = append(out, k+" a spare component")
		case a.Kind == hr.KindLoot:
			out = append(out, k+" a Blessing or Curse card")
		case a.Kind == hr.KindNoLoot:
			out = append(out, k+" nothing")
		}
	}
	return out
}

// offered reports whether legal holds a move of kind.
func offered(legal []engine.Action, kind string) bool {
	return slices.ContainsFunc(legal, func(a engine.Action) bool { return a.Kind == kind })
}

// turnKeys are the keys of a turn's moves.
func turnKeys(legal []engine.Action) []string {
	out := []string{cursorKeys}
	if offered(legal, hr.KindMove) || offered(legal, hr.KindMirror) {
		out = append(out, "m go")
	}
	if offered(legal, hr.KindRotate) {
		out = append(out, "r R turn")
	}
	switch book, drawer := hasSearch(legal); {
	case book && drawer:
		out = append(out, "b d search")
	case book:
		out = append(out, "b search")
	case drawer:
		out = append(out, "d search")
	}
	if offered(legal, hr.KindPicture) {
		out = append(out, "p picture")
	}
	if offered(legal, hr.KindAttack) {
		out = append(out, "a attack")
	}
	if n := listed(legal); n > 0 {
		out = append(out, digitsHint(n)+" "+engine.Plural(n, "move", "moves")+" beside")
	}
	return append(out, "e end turn")
}

// hasSearch reports whether a bookcase and a drawer may be searched.
func hasSearch(legal []engine.Action) (book, drawer bool) {
	for _, a := range legal {
		if a.Kind == hr.KindSearch {
			book = book || a.Arg(0) == 0
			drawer = drawer || a.Arg(0) == 1
		}
	}
	return book, drawer
}

// digitsHint names the digit keys 1 to n.
func digitsHint(n int) string {
	if n == 1 {
		return "1"
	}
	return fmt.Sprintf("1-%d", min(n, 9))
}
