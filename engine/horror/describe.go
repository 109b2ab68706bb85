package horror

import (
	"fmt"
	"strings"

	"arcade/engine"
)

// Describe implements engine.Describer.
func (g *state) Describe(s engine.Seat, a engine.Action) string {
	if _, ok := g.allows(s, a); !ok {
		return ""
	}
	p := &g.Seats[s]
	switch a.Kind {
	case KindColours:
		var parts []string
		for c := range numColours {
			if a.Args[0]&(1<<c) != 0 {
				parts = append(parts, horrors[p.Horror].Items[c]+" ("+colourNames[c]+")")
			}
		}
		return "Need " + strings.Join(parts, ", ")
	case KindStart:
		return "Start in " + g.describeRoom(a.Args[0])
	case KindMove:
		to := g.neighbour(p.Cell, a.Args[0])
		cost := g.moveCost(p, a.Args[0])
		door := "open door"
		if g.passage(p.Cell, a.Args[0]) == 1 {
			door = fmt.Sprintf("closed door, Fortitude -%d", cost)
		}
		extra := ""
		if dmg := g.ghostDamage(to); dmg > 0 && to != g.centre() {
			extra = fmt.Sprintf(", ghosts -%d", dmg)
		}
		if to == g.centre() {
			extra = fmt.Sprintf(", %d ghosts to beat", len(g.ghostsIn(to)))
		}
		return fmt.Sprintf("Move %s to %s (%s%s)", dirNames[a.Args[0]], g.roomName(to), door, extra)
	case KindRotate:
		way := "clockwise"
		if a.Args[1] == 3 {
			way = "anticlockwise"
		}
		return fmt.Sprintf("Rotate %s %s", g.roomName(a.Args[0]), way)
	case KindSearch:
		n := g.markersIn(p.Cell)
		if p.Markers[p.Next] != p.Cell {
			n++
		}
		warn := ""
		if n == g.threshold() {
			warn = ", summons a ghost!"
		}
		if a.Args[0] == 1 {
			return fmt.Sprintf("Search a drawer (marker %d%s)", p.Next+1, warn)
		}
		return fmt.Sprintf("Search a bookcase (marker %d%s)", p.Next+1, warn)
	case KindMirror:
		return fmt.Sprintf("Mirror to %s (Fortitude -%d)", g.roomName(a.Args[0]), g.mirrorCost())
	case KindPicture:
		return "Look at the picture (Fortitude +1 to +3)"
	case KindExchange:
		var names []string
		for _, c := range a.Args[1:] {
			names = append(names, horrors[c/numColours].Items[c%numColours])
		}
		return fmt.Sprintf("Exchange %s for your %s", strings.Join(names, ", "), ItemName(p.Horror, a.Args[0]))
	case KindPlay:
		k := cardKinds[a.Args[0]]
		if isWeapon(k) {
			return fmt.Sprintf("Play %s on %s (-%d/+%d)", kindNames[k], player(a.Args[1]), weaponPower(k), weaponPower(k))
		}
		return "Play " + kindNames[k]
	case KindAttack:
		return fmt.Sprintf("Attack the level %d ghost (2 dice, 6+)", ghostLevel(a.Args[0]))
	case KindGhost:
		return "Drive the ghost to " + g.roomName(a.Args[0])
	case KindProtect:
		return "Play " + kindNames[cardKinds[a.Args[0]]]
	case KindPass:
		return "Take the blow (no Protection)"
	case KindLoot:
		if a.Args[1] == 0 {
			return fmt.Sprintf("Take a spare component from %s", player(a.Args[0]))
		}
		return fmt.Sprintf("Take a Blessing or Curse card from %s", player(a.Args[0]))
	case KindNoLoot:
		return "Take nothing"
	case KindEnd:
		if g.Actions > 0 {
			return fmt.Sprintf("End your turn (%d %s unused)", g.Actions, engine.Plural(g.Actions, "action", "actions"))
		}
		return "End your turn"
	}
	return ""
}

// describeRoom says what a room holds: "room 7 (b1): 2 bookcases, 1 drawer, picture".
func (g *state) describeRoom(c int) string {
	rm := g.room(c)
	parts := []string{fmt.Sprintf("%d %s", rm.Bookcases, engine.Plural(rm.Bookcases, "bookcase", "bookcases")),
		fmt.Sprintf("%d %s", rm.Drawers, engine.Plural(rm.Drawers, "drawer", "drawers"))}
	if rm.Mirror {
		parts = append(parts, "mirror")
	}
	if rm.Picture {
		parts = append(parts, "picture")
	}
	return g.roomName(c) + ": " + strings.Join(parts, ", ")
}

// player names a seat in a move's words as the board numbers it ("player
// 2"): the move menu does not expand seat references.
func player(s int) string { return fmt.Sprintf("player %d", s+1) }
