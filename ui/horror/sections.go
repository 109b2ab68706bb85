package horror

import (
	"fmt"

	hr "arcade/engine/horror"
	"arcade/ui/board"
)

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
