package horror

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
)

// Describe implements engine.Describer: the words of a, one of the
// viewer's legal moves, from what the view shows ("" for a malformed
// move).
func (v View) Describe(a engine.Action) string {
	if v.You < 0 || int(v.You) >= len(v.Players) || v.Me == nil {
		return ""
	}
	switch a.Kind {
	case KindColours, KindExchange:
		return v.needText(a)
	case KindStart:
		if v.isCell(a.Arg(0)) {
			return "Start in " + v.describeRoom(a.Arg(0))
		}
	case KindMove:
		return v.moveText(a.Arg(0))
	case KindRotate:
		if v.isCell(a.Arg(0)) {
			way := "clockwise"
			if a.Arg(1) == 3 {
				way = "anticlockwise"
			}
			return fmt.Sprintf("Rotate %s %s", v.roomName(a.Arg(0)), way)
		}
	case KindSearch:
		return v.searchText(a.Arg(0))
	case KindMirror:
		if v.isCell(a.Arg(0)) {
			return fmt.Sprintf("Mirror to %s (Fortitude -%d)", v.roomName(a.Arg(0)), v.MirrorCost())
		}
	case KindPicture:
		return "Look at the picture (Fortitude +1 to +3)"
	case KindPlay, KindProtect:
		return playText(a)
	case KindAttack:
		if gh := a.Arg(0); gh >= 0 && gh < numGhosts {
			return fmt.Sprintf("Attack the level %d ghost (2 dice, 6+)", ghostLevel(gh))
		}
	case KindGhost:
		if v.isCell(a.Arg(0)) {
			return "Drive the ghost to " + v.roomName(a.Arg(0))
		}
	case KindPass:
		return "Take the blow (no Protection)"
	case KindLoot:
		if a.Arg(1) == 0 {
			return fmt.Sprintf("Take a spare component from %s", player(a.Arg(0)))
		}
		return fmt.Sprintf("Take a Blessing or Curse card from %s", player(a.Arg(0)))
	case KindNoLoot:
		return "Take nothing"
	case KindEnd:
		if v.Actions > 0 {
			return fmt.Sprintf("End your turn (%d %s unused)", v.Actions, engine.Plural(v.Actions, "action", "actions"))
		}
		return "End your turn"
	}
	return ""
}

// needText is the words of the moves that name components of the
// viewer's Horror: choosing the colours it needs (Args [colour mask]) and
// an exchange (Args [colour wanted, component cards...]).
func (v View) needText(a engine.Action) string {
	h := v.Me.Horror
	if h < 0 || h >= numHorrors || len(a.Args) == 0 {
		return ""
	}
	if a.Kind == KindColours {
		var parts []string
		for c := range numColours {
			if a.Args[0]&(1<<c) != 0 {
				parts = append(parts, horrors[h].Items[c]+" ("+colourNames[c]+")")
			}
		}
		return "Need " + strings.Join(parts, ", ")
	}
	var names []string
	for _, c := range a.Args[1:] {
		if c < 0 || c >= numComponents {
			return ""
		}
		names = append(names, horrors[c/numColours].Items[c%numColours])
	}
	return fmt.Sprintf("Exchange %s for your %s", strings.Join(names, ", "), ItemName(h, a.Args[0]))
}

// moveText is the words of the viewer's move through door d of their
// room: where it leads, what the door costs and the ghosts there.
func (v View) moveText(d int) string {
	c := v.Players[v.You].Cell
	to := Neighbour(v.Size, c, d)
	if !v.isCell(c) || !v.isCell(to) {
		return ""
	}
	door := "open door"
	if v.Passage(c, d) == Closed {
		door = fmt.Sprintf("closed door, Fortitude -%d", v.DoorCost(c, d))
	}
	extra := ""
	if dmg := v.GhostDamage(to); dmg > 0 && to != v.Portal() {
		extra = fmt.Sprintf(", ghosts -%d", dmg)
	}
	if to == v.Portal() {
		extra = fmt.Sprintf(", %d ghosts to beat", len(v.Cells[to].Ghosts))
	}
	return fmt.Sprintf("Move %s to %s (%s%s)", dirNames[d], v.roomName(to), door, extra)
}

// searchText is the words of the viewer's search of a bookcase (kind 0)
// or a drawer (1): the marker it places, and whether the room then holds
// enough markers to summon a ghost.
func (v View) searchText(kind int) string {
	me := v.Players[v.You]
	if !v.isCell(me.Cell) {
		return ""
	}
	markers := v.Cells[me.Cell].Markers
	n := len(markers)
	if !slices.Contains(markers, [2]int{int(v.You), me.Next}) {
		n++ // the next marker comes here from elsewhere
	}
	warn := ""
	if n == v.Threshold {
		warn = ", summons a ghost!"
	}
	if kind == 1 {
		return fmt.Sprintf("Search a drawer (your marker %d%s)", me.Next, warn)
	}
	return fmt.Sprintf("Search a bookcase (your marker %d%s)", me.Next, warn)
}

// playText is the words of playing Blessing or Curse card Args[0], a
// weapon on the seat Args[1].
func playText(a engine.Action) string {
	card := a.Arg(0)
	if card < 0 || card >= numCards {
		return ""
	}
	k := cardKinds[card]
	if a.Kind == KindPlay && isWeapon(k) {
		return fmt.Sprintf("Play %s on %s (-%d/+%d)", kindNames[k], player(a.Arg(1)), weaponPower(k), weaponPower(k))
	}
	return "Play " + kindNames[k]
}

// isCell reports whether c is a cell of the library.
func (v *View) isCell(c int) bool { return c >= 0 && c < len(v.Cells) }

// roomName names cell c as the log does: "room 7 (b2)" or "the Portal".
func (v *View) roomName(c int) string {
	return place{int8(c), int8(v.Cells[c].Room - 1), int8(v.Size)}.name()
}

// describeRoom says what the room at cell c holds: "room 7 (b1): 2
// bookcases, 1 drawer, picture".
func (v *View) describeRoom(c int) string {
	rm := &v.Cells[c]
	parts := []string{fmt.Sprintf("%d %s", rm.Bookcases, engine.Plural(rm.Bookcases, "bookcase", "bookcases")),
		fmt.Sprintf("%d %s", rm.Drawers, engine.Plural(rm.Drawers, "drawer", "drawers"))}
	if rm.Mirror {
		parts = append(parts, "mirror")
	}
	if rm.Picture {
		parts = append(parts, "picture")
	}
	return v.roomName(c) + ": " + strings.Join(parts, ", ")
}

// player names a seat in a move's words as the board numbers it ("player
// 2"): the move menu does not expand seat references.
func player(s int) string { return fmt.Sprintf("player %d", s+1) }
