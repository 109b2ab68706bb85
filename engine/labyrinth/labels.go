package labyrinth

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// shortGenre are short genre names for labels.
var shortGenre = [NumGenres]string{"Children's", "Classic", "Legends", "Science", "Historical", "Amazing Lives"}

// boostShort abbreviates the booster effects.
var boostShort = [NumBoosts]string{"TM", "SP", "LL", "UM", "LC", "PC", "TS"}

// seatName names a seat in a label by seat reference (engine.SeatRef),
// which the table screen shows as the player's name.
func seatName(s engine.Seat) string { return engine.SeatRef(s) }

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

// moveLabel describes a move (short names: the menu's column is narrow).
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
	return s
}

// Describe implements engine.Describer: the words of a, one of the
// viewer's legal moves, from what the view shows ("" for a malformed
// move). Only the current player has moves, so the viewer is the seat
// whose turn it is.
func (v View) Describe(a engine.Action) string {
	switch a.Kind {
	case KindMove:
		m, ok := DecodeMove(a.Args)
		if !ok || m.Tile < 0 || m.Tile >= NumTiles {
			return ""
		}
		if m.Bonus == BonusCapture { // the Terror caught is the one on the tile
			t := v.Tiles[m.Tile].Terror
			if t == nil {
				return ""
			}
			m.Terror = t.ID
		}
		return moveLabel(m)
	case KindPass:
		if len(a.Args) == 5 {
			return passLabel(PassSpec{Tile: a.Args[0], Partner: a.Args[1], Give: a.Args[2], Receive: a.Args[3], Service: a.Args[4]}, v.Solo)
		}
	case KindPassAction:
		if v.Players > 0 {
			return "Pass an action to " + seatName((v.You+1)%engine.Seat(v.Players))
		}
	case KindDiscard:
		if id := a.Arg(0); id >= 0 && id < NumCards && v.Solo && !v.holds(id) {
			return "Discard " + CardName(id) + " (Trolley)"
		}
	}
	return plainLabel(a)
}

// holds reports whether the player whose turn it is holds card id.
func (v View) holds(id int) bool {
	if v.Turn < 0 || int(v.Turn) >= len(v.Seats) {
		return false
	}
	return slices.ContainsFunc(v.Seats[v.Turn].Hand.Cards, func(c CardView) bool { return c.ID == id })
}

// plainLabel is the words of a move that need nothing but the move.
func plainLabel(a engine.Action) string {
	tile := func() (int, bool) { return a.Arg(0), a.Arg(0) >= 0 && a.Arg(0) < NumTiles }
	card := func() (int, bool) { return a.Arg(0), a.Arg(0) >= 0 && a.Arg(0) < NumCards }
	switch a.Kind {
	case KindGenre:
		if gn := a.Arg(0); gn >= 0 && gn < NumGenres {
			return "Choose a starting Book: " + GenreNames[gn]
		}
	case KindFlip:
		if i, ok := tile(); ok {
			if len(a.Args) > 1 {
				return "Flip " + TileName(i) + " (Useful Map)"
			}
			return "Flip " + TileName(i)
		}
	case KindRotate:
		if i, ok := tile(); ok {
			if a.Arg(1) < 0 {
				return "Rotate " + TileName(i) + " anticlockwise"
			}
			return "Rotate " + TileName(i) + " clockwise"
		}
	case KindTake:
		return takeLabel(a.Args)
	case KindTime:
		if id, ok := card(); ok {
			return "Play " + CardName(id) + ": +1 action"
		}
	case KindDiscard:
		if id, ok := card(); ok {
			return "Discard " + CardName(id)
		}
	case KindEnd:
		return "End your actions"
	case KindKeep:
		return "Keep your cards (no discard this turn)"
	}
	return ""
}

// takeLabel describes a take: Args [genre] or [genre, (Library Card,
// genre)...].
func takeLabel(args []int) string {
	if len(args)%2 == 0 {
		return ""
	}
	for i := 0; i < len(args); i += 2 {
		if args[i] < 0 || args[i] >= NumGenres {
			return ""
		}
	}
	if len(args) == 1 {
		return "Take a book: " + GenreNames[args[0]]
	}
	var names []string
	for i := 0; i < len(args); i += 2 {
		names = append(names, shortGenre[args[i]])
	}
	what := "(Library Card)"
	if k := len(args) / 2; k > 1 {
		what = fmt.Sprintf("(%d Library Cards)", k)
	}
	return "Take " + strings.Join(names, " + ") + " " + what
}
