package horror

import (
	"fmt"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
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

// Details implements board.Detailer: the help screen shows your Horror
// card in full, your cards with what they do, and the board's legend.
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
		for c := range 6 {
			state := "not needed"
			switch {
			case placed[c]:
				state = "placed"
			case me.Need[c]:
				state = "needed"
			}
			out = append(out, fmt.Sprintf("  %s %-24s %s", hr.ColourLetters[c], hr.ItemName(me.Horror, c)+" ("+hr.ColourName(c)+")", state))
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
	out = append(out,
		"THE BOARD",
		"  Rooms show their number, bookcases b, drawers d, a mirror M or a",
		"  picture P; players by seat number (@ is you), ghosts g (level 1)",
		"  and G (level 2), search markers m and their count. Between rooms",
		"  a gap is an open passage, = a closed one (Fortitude -1), a line",
		"  no way through. > marks the room under the cursor, described on",
		"  the right with its four sides.",
		"  Keys: arrows or h j k l move the cursor, o back to your room; m or",
		"  enter goes there (door or mirror), starts there or drives a ghost",
		"  there; r and R turn it; b and d search, p looks at the picture,",
		"  a attacks a ghost, e ends the turn; y plays a Protection when you",
		"  are attacked, n takes the blow; digits play the other moves.",
		"")
	return strings.Join(out, "\n")
}
