package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
)

// maxLabel is the width of an action label (the move menu's column).
const maxLabel = 35

// shortGenre are short genre names for labels.
var shortGenre = [NumGenres]string{"Children's", "Classic", "Legends", "Science", "Historical", "Amazing Lives"}

// boostShort abbreviates the booster effects.
var boostShort = [NumBoosts]string{"TM", "SP", "LL", "UM", "LC", "PC", "TS"}

// clip cuts a label to maxLabel columns.
func clip(s string) string {
	r := []rune(s)
	if len(r) <= maxLabel {
		return s
	}
	return string(r[:maxLabel-1]) + "…"
}

// seatName names a seat in a label (labels are not expanded like event
// texts): "player 2".
func seatName(s engine.Seat) string { return fmt.Sprintf("player %d", int(s)+1) }

// shortName is a card's name cut to its first word (for long labels).
func shortName(id int) string {
	if IsReward(id) && !IsItem(id) {
		o := Rewards[id-FirstReward].Options
		return boostShort[o[0]] + "/" + boostShort[o[1]]
	}
	n := CardName(id)
	for _, p := range []string{"The ", "Queen ", "Princess "} {
		n = strings.TrimPrefix(n, p)
	}
	first, _, _ := strings.Cut(n, " ")
	return first
}

// cardList names cards for a label or an event: "Jo March, Nzinga".
func cardList(ids []int, short bool) string {
	var names []string
	for _, id := range ids {
		if short {
			names = append(names, shortName(id))
		} else {
			names = append(names, CardName(id))
		}
	}
	return strings.Join(names, ", ")
}

// moveLabel describes a move in at most maxLabel columns.
func moveLabel(m MoveSpec) string {
	who := map[int]string{PieceMeeple: "Move", PieceTrolley: "Trolley", PieceRide: "Ride"}[m.Piece]
	s := who + " to " + TileName(m.Tile)
	switch m.Bonus {
	case BonusCapture:
		s = fmt.Sprintf("Catch %s: %s", Terrors[m.Terror].Name, cardList(m.Cards, true))
		if m.Copied >= 0 {
			s += " (copy " + shortName(m.Copied) + ")"
		}
		if m.Piece == PieceRide {
			s = "Ride " + s
		}
	case BonusReturn:
		s += ": return " + Terrors[m.Terror].Name
	case BonusReward:
		s += " + Reward"
	}
	var extra []string
	if n := len(m.Passages); n > 0 {
		extra = append(extra, fmt.Sprintf("%d %s", n, engine.Plural(n, "passage", "passages")))
	}
	if m.Ladder >= 0 {
		extra = append(extra, "ladder")
	}
	if len(extra) > 0 {
		s += " [" + strings.Join(extra, ", ") + "]"
	}
	return clip(s)
}
