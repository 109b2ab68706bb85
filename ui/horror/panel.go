package horror

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// panel is the column beside the library: your Horror card and hand, the
// last roll, every player, the room under the cursor and the supplies.
func (b *Board) panel(v *hr.View, ctx board.Context, w int) []string {
	th := ctx.Theme
	var out []string
	if me := v.Me; me != nil {
		out = append(out, th.Heading.Render("Horror: "+hr.HorrorName(me.Horror)))
		placed := map[int]bool{}
		for _, c := range me.Placed {
			placed[c%6] = true
		}
		chosen := false
		for c, need := range me.Need {
			if !need {
				continue
			}
			chosen = true
			mark := "·"
			if placed[c] {
				mark = th.Good.Render("✓")
			}
			out = append(out, fmt.Sprintf(" %s %s %s", mark, hr.ColourLetters[c], hr.ItemName(me.Horror, c)))
		}
		if !chosen {
			out = append(out, " (colours still to choose)")
		}
		spare := "none"
		if len(me.Spare) > 0 {
			var ls []string
			for _, c := range me.Spare {
				ls = append(ls, hr.ColourLetters[c%6])
			}
			spare = strings.Join(ls, " ")
		}
		out = append(out, "Spare: "+spare)
		cards := "none"
		if len(me.Cards) > 0 {
			var ns []string
			for _, c := range me.Cards {
				ns = append(ns, short(hr.CardName(c)))
			}
			cards = strings.Join(ns, ", ")
		}
		out = append(out, "Cards: "+cards)
	}
	if v.Roll.Seat >= 0 && len(v.Roll.What) > 0 {
		dice := ""
		for _, d := range v.Roll.Dice {
			dice += fmt.Sprintf("[%d]", d)
		}
		if dice != "" {
			dice += " "
		}
		// The roll's meaning can be long: it wraps, indented, never cut.
		roll := th.Accent.Render("Roll") + " " + name(v, ctx, v.Roll.Seat) + ": " + dice + v.Roll.What
		for i, l := range strings.Split(ansi.Wrap(roll, max(w, 10), ""), "\n") {
			if i > 0 {
				l = "  " + l
			}
			out = append(out, l)
		}
	}
	for _, p := range v.Players {
		mark := " "
		if p.Seat == v.Active && !v.Over {
			mark = ">"
		}
		tag := fmt.Sprintf("%d", int(p.Seat)+1)
		if p.Seat == v.You {
			tag = "@"
		}
		line := fmt.Sprintf("%s%s %-8.8s F%+d %d/%d s%d c%d", mark, tag, ctx.Name(p.Seat), p.Fort, p.Placed, v.Items, p.Spare, p.Cards)
		if p.Skip {
			line += " locked"
		}
		if p.Fort < 0 {
			line = th.Bad.Render(line)
		} else if p.Seat == v.Active {
			line = th.Accent.Render(line)
		}
		out = append(out, line)
	}
	out = append(out, b.roomText(v)...)
	left := [2]int{}
	for id, w := range v.Ghosts {
		if w < 0 {
			left[hr.GhostLevel(id)-1]++
		}
	}
	out = append(out, th.Faint.Render(fmt.Sprintf("Ghosts left %dg %dG · bag %dB %dC", left[0], left[1], v.Bag[0], v.Bag[1])))
	return out
}

// short abbreviates the longest card names.
func short(name string) string {
	return strings.NewReplacer("Protection against ", "Prot. ", "Restore Fortitude", "Restore").Replace(name)
}

// doorWords name edge kinds.
var doorWords = [3]string{"wall", "open", "closed"}

// roomText describes the room under the cursor: its grid reference and
// number, what it holds, its four sides, its ghosts and markers.
func (b *Board) roomText(v *hr.View) []string {
	if b.cursor < 0 || b.cursor >= len(v.Cells) {
		return nil
	}
	cv := v.Cells[b.cursor]
	ref := hr.CellName(b.cursor, v.Size)
	if cv.Room == 0 {
		return []string{fmt.Sprintf("%s the Portal: %d %s", ref, len(cv.Ghosts), engine.Plural(len(cv.Ghosts), "ghost", "ghosts"))}
	}
	head := fmt.Sprintf("%s room %d: %db %dd", ref, cv.Room, cv.Bookcases, cv.Drawers)
	if cv.Mirror {
		head += " mirror"
	}
	if cv.Picture {
		head += " picture"
	}
	sides := fmt.Sprintf(" N %s E %s S %s W %s", doorWords[cv.Doors[0]], doorWords[cv.Doors[1]], doorWords[cv.Doors[2]], doorWords[cv.Doors[3]])
	var marks []string
	for _, m := range cv.Markers {
		marks = append(marks, fmt.Sprintf("%d.%d", m[0]+1, m[1]))
	}
	third := fmt.Sprintf(" markers %d/%d %s", len(cv.Markers), v.Threshold, strings.Join(marks, " "))
	if len(cv.Ghosts) > 0 {
		third += " ghosts " + ghosts(cv.Ghosts)
	}
	return []string{head, sides, third}
}
