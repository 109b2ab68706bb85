package horror

import (
	"fmt"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

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
