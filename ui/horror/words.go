package horror

import (
	"fmt"
	"slices"
	"strings"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/board"
)

// Sections puts the board in words for line mode, part by part: the
// round, the players, every room of the library, the supplies and the
// player's own Horror, components and cards. "look b3" reads one room
// (Square).
func (b *Board) Sections(view engine.View, ctx board.Context) [][]string {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok {
		return nil
	}
	p := newPalette(ctx.Theme)
	round := fmt.Sprintf("Round %d of %d.", v.Round, v.RoundLimit)
	if int(v.Active) >= 0 && int(v.Active) < len(v.Players) && !v.Over {
		round += fmt.Sprintf(" %s's turn, %s left.", ctx.Name(v.Active), count(v.Actions, "action", "actions"))
	}
	players := []string{"players"}
	for _, pl := range v.Players {
		where := "not in the library yet"
		if pl.Cell >= 0 {
			where = "in " + hr.CellName(pl.Cell, v.Size)
		}
		l := fmt.Sprintf("%s (%s, %s): %s, Fortitude %d, %d of %d components placed, %d spare, %s",
			name(v, ctx, pl.Seat), pl.Character, pl.Colour, where, pl.Fort, pl.Placed, v.Items, pl.Spare, count(pl.Cards, "card", "cards"))
		if pl.Skip {
			l += ", skips a turn"
		}
		players = append(players, l+".")
	}
	rooms := []string{"rooms"}
	for c := range v.Cells {
		rooms = append(rooms, roomSentence(v, ctx, p, c))
	}
	supplies, _ := supplySection(v, p, 200)
	out := [][]string{{"round", round}, players, rooms, append([]string{"supplies"}, supplies...)}
	if v.Me != nil {
		out = append(out, append([]string{"hand"}, mySentences(v.Me)...))
	}
	return out
}

// mySentences say the player's Horror, its components and their cards.
func mySentences(me *hr.MeView) []string {
	out := []string{"Your Horror is " + hr.HorrorName(me.Horror) + "."}
	placed := map[int]bool{}
	for _, c := range me.Placed {
		placed[c%6] = true
	}
	chosen := slices.Contains(me.Need[:], true)
	var found, needed, other []string
	for c := range 6 {
		item := hr.ItemName(me.Horror, c) + " (" + hr.ColourName(c) + ")"
		switch {
		case !chosen:
			other = append(other, item)
		case placed[c]:
			found = append(found, item)
		case me.Need[c]:
			needed = append(needed, item)
		}
	}
	if len(other) > 0 {
		out = append(out, "Components to choose from: "+andList(other)+".")
	}
	if len(found) > 0 {
		out = append(out, "Found: "+andList(found)+".")
	}
	if len(needed) > 0 {
		out = append(out, "Still needed: "+andList(needed)+".")
	}
	for _, c := range me.Spare {
		out = append(out, "Spare: "+hr.ComponentName(c)+".")
	}
	for _, c := range me.Cards {
		n := hr.CardName(c)
		out = append(out, "Card "+n+": "+cardText[n])
	}
	return out
}

// Square reads one room by its grid reference ("b3").
func (b *Board) Square(view engine.View, ctx board.Context, at string) ([]string, bool) {
	v, ok := engine.ViewAs[hr.View](view)
	if !ok {
		return nil, false
	}
	for c := range v.Cells {
		if strings.EqualFold(hr.CellName(c, v.Size), strings.TrimSpace(at)) {
			return []string{roomSentence(v, ctx, newPalette(ctx.Theme), c)}, true
		}
	}
	return nil, false
}
