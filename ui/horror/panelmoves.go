package horror

import (
	"fmt"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

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

// cursorMove says what m would do on the room under the cursor, or why
// it would not.
func (b *Board) cursorMove(v *hr.View, legal []engine.Action) string {
	a, ok := b.roomMove(v, legal)
	if !ok {
		err := v.WhyNotRoom(b.cursor)
		if err == nil || b.cursor == ownCell(v) && v.Phase == hr.PhaseTurn {
			return "" // the cursor rests on your room while you pick where to go
		}
		return err.Error()
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
