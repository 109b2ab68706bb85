package horror

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/theme"
)

// cardText says what each Blessing and Curse does.
var cardText = map[string]string{
	"Free Travel":                  "your next mirror this turn costs no Fortitude",
	"Lock Picks":                   "closed doors are free for the rest of this turn",
	"Protection against stabbing":  "answers a Knife (played when attacked)",
	"Protection against shooting":  "answers a Revolver (played when attacked)",
	"Protection against poisoning": "answers a Poison (played when attacked)",
	"Restore Fortitude":            "your Fortitude back to +5",
	"Knife":                        "-1 to a player in your room, +1 to you, and a card from them",
	"Revolver":                     "-3 to a player in your room or next door through open doors, +3 to you",
	"Poison":                       "-4 to a player in your room, +4 to you, and a card from them",
}

// cardShort says it in a few words.
var cardShort = map[string]string{
	"Free Travel":       "next mirror free",
	"Lock Picks":        "closed doors free",
	"Restore Fortitude": "back to +5",
	"Knife":             "-1 them, +1 you",
	"Revolver":          "-3 them, +3 you",
	"Poison":            "-4 them, +4 you",
}

// Details implements board.Detailer: the help screen shows your Horror
// card in full, your cards with what they do, the supplies, and the
// board's legend and keys.
func (b *Board) Details(view engine.View) string {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok {
		return ""
	}
	var out []string
	if me := v.Me; me != nil {
		out = append(out, "YOUR HORROR: "+hr.HorrorName(me.Horror))
		placed := map[int]bool{}
		for _, c := range me.Placed {
			placed[c%6] = true
		}
		chosen := slices.Contains(me.Need[:], true)
		for c := range 6 {
			state := "not needed"
			switch {
			case !chosen:
				state = "to choose"
			case placed[c]:
				state = "found"
			case me.Need[c]:
				state = "needed"
			}
			out = append(out, fmt.Sprintf("  %-40s %s", hr.ItemName(me.Horror, c)+" ("+hr.ColourName(c)+")", state))
		}
		for _, c := range me.Spare {
			out = append(out, "  spare: "+hr.ComponentName(c))
		}
		for _, c := range me.Cards {
			n := hr.CardName(c)
			out = append(out, "  card: "+n+": "+cardText[n])
		}
		out = append(out, "")
	}
	out = append(out, "THE SUPPLIES")
	full, _ := supplySection(v, newPalette(&theme.Theme{}), 72)
	for _, l := range full {
		out = append(out, "  "+l)
	}
	out = append(out, "")
	out = append(out, boardHelp...)
	return strings.Join(out, "\n")
}

// boardHelp explains the board and its keys.
var boardHelp = []string{
	"THE BOARD",
	"  The line over the board says what the game asks now and which keys",
	"  answer it. Each room shows its grid reference (a1 is top left; the",
	"  log names rooms \"room 7 (b2)\"), then what it holds:",
	"    " + symBook + " a bookcase (search it: roll the dice for a component's colour)",
	"    " + symDrawer + " a drawer (search it: draw a Blessing or a Curse)",
	"    " + symMirror + " a mirror (go to any other room with a mirror, Fortitude -2)",
	"    " + symPicture + " a picture (look at it: Fortitude +1 to +3)",
	"    " + symMe + " you, 1-6 the other players by their number in the list",
	"    " + symGhost1 + " a level 1 ghost, " + symGhost2 + " a level 2 ghost",
	"    " + symMarker + symRoom + " search markers: " + symMarker + " one in the room, " + symRoom + " one more it may take before",
	"       a ghost comes (3 markers with 2-3 players, 4 with 4-6)",
	"  The Portal is the shaded room in the centre. Between rooms a gap is an",
	"  open door (free), " + closedH + " or " + closedV + " a closed door (Fortitude -1), a line a wall.",
	"  The room under the cursor is shown in reverse and described beside",
	"  the board with what m would do there.",
	"",
	"  Keys: arrows or h j k l move the cursor, o back to your room; m or",
	"  enter goes there (through a door or a mirror), starts there or drives",
	"  a beaten ghost there; r and R turn it; b and d search, p looks at the",
	"  picture, a attacks a ghost, e ends the turn; y plays a Protection",
	"  when you are attacked, n takes the blow; the digits play the moves",
	"  listed beside the board and under YOUR MOVE. In the colour choice 1-6",
	"  tick components, backspace takes back a step (the newest tick or",
	"  untick) and enter confirms them. A move made is final. While others",
	"  play, the arrows look at the rooms.",
	"",
}
