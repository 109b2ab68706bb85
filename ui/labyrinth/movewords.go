package labyrinth

import (
	"fmt"
	"strings"

	"arcade/engine"
	lab "arcade/engine/labyrinth"
)

// describe puts a move in words for the message line and the panel.
func (b *Board) describe(v lab.View, a engine.Action) string {
	switch a.Kind {
	case lab.KindMove:
		if m, ok := lab.DecodeMove(a.Args); ok {
			return b.moveText(v, m)
		}
	case lab.KindFlip:
		s := "Flip " + lab.TileName(a.Args[0])
		if len(a.Args) > 1 && a.Args[1] >= 0 {
			s += " with a Useful Map"
		}
		return s
	case lab.KindRotate:
		dir := "clockwise"
		if len(a.Args) > 1 && a.Args[1] < 0 {
			dir = "anticlockwise"
		}
		return "Rotate " + lab.TileName(a.Args[0]) + " " + dir
	case lab.KindPass:
		if len(a.Args) >= 5 {
			return b.passText(v, lab.PassSpec{Tile: a.Args[0], Partner: a.Args[1], Give: a.Args[2], Receive: a.Args[3], Service: a.Args[4]})
		}
	}
	return a.String()
}

// moveText describes a move: who goes where, the bonus and the cards spent.
func (b *Board) moveText(v lab.View, m lab.MoveSpec) string {
	var s strings.Builder
	switch m.Piece {
	case lab.PieceTrolley:
		s.WriteString("Trolley to ")
	case lab.PieceRide:
		s.WriteString("Ride with the Trolley to ")
	default:
		s.WriteString("Move to ")
	}
	s.WriteString(lab.TileName(m.Tile))
	t := v.Tiles[m.Tile]
	switch m.Bonus {
	case lab.BonusCapture:
		name := "the Terror"
		if t.Terror != nil {
			name = t.Terror.Name
		}
		fmt.Fprintf(&s, ", capture %s with %s", name, cardList(m.Cards))
	case lab.BonusReturn:
		name := "a Terror"
		if m.Terror >= 0 && m.Terror < len(lab.Terrors) {
			name = lab.Terrors[m.Terror].Name
		}
		fmt.Fprintf(&s, ", return %s", name)
		if t.Shelf >= 0 {
			fmt.Fprintf(&s, " to the %s Shelf", lab.SymbolLetters[t.Shelf%lab.NumGenres])
		}
	case lab.BonusReward:
		s.WriteString(", draw a Reward")
	}
	var extra []string
	if m.Ladder >= 0 {
		extra = append(extra, "Ladder")
	}
	if n := len(m.Passages); n > 0 {
		extra = append(extra, fmt.Sprintf("%d %s", n, engine.Plural(n, "Passage", "Passages")))
	}
	if m.Copier >= 0 {
		extra = append(extra, "Photocopier on "+lab.CardName(m.Copied))
	}
	if len(extra) > 0 {
		s.WriteString(" using " + strings.Join(extra, ", "))
	}
	return s.String()
}

// passText describes a pass of cards.
func (b *Board) passText(v lab.View, p lab.PassSpec) string {
	who := b.name(engine.Seat(p.Partner))
	if v.Solo {
		who = "the Trolley"
	}
	var s string
	switch {
	case p.Give >= 0 && p.Receive >= 0:
		s = fmt.Sprintf("Swap %s for %s with %s", lab.CardName(p.Give), lab.CardName(p.Receive), who)
	case p.Give >= 0:
		s = fmt.Sprintf("Give %s to %s", lab.CardName(p.Give), who)
	case p.Receive >= 0:
		s = fmt.Sprintf("Take %s from %s", lab.CardName(p.Receive), who)
	default:
		s = "Pass with " + who
	}
	if p.Service >= 0 {
		s += " (Trolley Service)"
	}
	return s
}

// cardList names cards: "Jo March+Nzinga".
func cardList(ids []int) string {
	var names []string
	for _, id := range ids {
		names = append(names, lab.CardName(id))
	}
	if len(names) == 0 {
		return "no cards"
	}
	return strings.Join(names, "+")
}
