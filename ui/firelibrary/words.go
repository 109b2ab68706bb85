package firelibrary

import (
	"fmt"
	"strings"

	"arcade/engine"
	fl "arcade/engine/firelibrary"
	"arcade/ui/board"
)

// Sections puts the board in words for line mode, part by part: what the
// round asks, the Library's sections, the bag, the Turn Order cards, the
// players, the tool market and the tools on the table, and the hand.
func (Renderer) Sections(view engine.View, ctx board.Context) [][]string {
	v, ok := view.(fl.View)
	if !ok {
		return nil
	}
	name := func(s engine.Seat) string { return wordsName(v, ctx, s) }
	round := fmt.Sprintf("Round %d", v.Round)
	if v.Rounds > 0 {
		round += fmt.Sprintf(" of %d", v.Rounds)
	}
	out := [][]string{
		{"round", round + ". " + engine.ExpandSeats(v.PhaseText, ctx.Name)},
		append([]string{"library"}, sectionSentences(v)...),
		{"bag", bagSentence(v)},
		append([]string{"cards"}, cardSentences(v, name)...),
		append([]string{"players"}, playerSentences(v, name)...),
		append(append([]string{"market"}, toolSentences(v.Market, "The market is empty.")...),
			fmt.Sprintf("The deck holds %d tools, the discard pile %d.", v.Deck, v.Discard)),
	}
	if len(v.Table) > 0 {
		var lines []string
		for _, t := range v.Table {
			lines = append(lines, fmt.Sprintf("%s's %s, until the end of the %s, holds %s.", name(t.Owner), t.Name, t.Until, orNothing(t.Tokens)))
		}
		out = append(out, append([]string{"table"}, lines...))
	}
	if v.You != engine.Spectator {
		out = append(out, append([]string{"hand"}, toolSentences(v.Hand, "You hold no tools.")...))
	}
	return out
}

// wordsName names a seat; the Robot is seat -3.
func wordsName(v fl.View, ctx board.Context, s engine.Seat) string {
	switch {
	case s < 0 && v.Robot != nil && s != engine.Spectator:
		return "the Robot"
	case s == v.You:
		return "you"
	case s < 0:
		return "nobody"
	}
	return ctx.Name(s)
}

// sectionSentences say each section: its value, cards left, the next burn.
func sectionSentences(v fl.View) []string {
	var out []string
	for _, s := range v.Sections {
		if s.Collapsed {
			out = append(out, fmt.Sprintf("%s (%s): burned down; a saved book is worth %d.", s.Name, s.Colour, s.Value))
			continue
		}
		l := fmt.Sprintf("%s (%s): a saved book is worth %d; %d cards left, the top one burns at index %d", s.Name, s.Colour, s.Value, s.Cards, s.TopBurn)
		if s.TopFire {
			l += " and shows a fire"
		}
		out = append(out, l+fmt.Sprintf("; %d in the bag.", s.InBag))
	}
	return out
}

// bagSentence says what the bag holds and the chance of a fire.
func bagSentence(v fl.View) string {
	l := fmt.Sprintf("The bag holds %d books and %d fires", v.Bag.Books, v.Bag.Fires)
	if v.Bag.Tech > 0 {
		l += fmt.Sprintf(" (%d of the books Technology, worth %d)", v.Bag.Tech, v.TechValue)
	}
	if v.Bag.Total > 0 {
		l += fmt.Sprintf(": the next token is a fire %d times in %d", v.Bag.Fires, v.Bag.Total)
	}
	l += fmt.Sprintf(". %d fire tokens are in the supply.", v.Supply)
	if v.Last != nil {
		l += fmt.Sprintf(" Last drawn: %s.", v.Last.Token)
	}
	return l
}

// cardSentences say each Turn Order card: who holds it and its spaces.
func cardSentences(v fl.View, name func(engine.Seat) string) []string {
	var out []string
	for _, c := range v.Cards {
		spaces := make([]string, len(c.Spaces))
		for i, sp := range c.Spaces {
			kind := "safe"
			if sp.Risky {
				kind = fmt.Sprintf("risky, bravery %d", sp.Bravery)
			}
			tok := "empty"
			if sp.Token != "" {
				tok = sp.Token
			}
			spaces[i] = fmt.Sprintf("%d %s, %s", i+1, kind, tok)
		}
		holder := name(c.Holder)
		if c.Robot {
			holder = "the Robot"
		}
		out = append(out, fmt.Sprintf("Card %d, held by %s: %s.", c.Number, holder, strings.Join(spaces, "; ")))
	}
	return out
}

// playerSentences say each player's score, card and tools.
func playerSentences(v fl.View, name func(engine.Seat) string) []string {
	var out []string
	for _, p := range v.Players {
		l := fmt.Sprintf("%s: %d points, %d tools in hand", name(p.Seat), p.Score, p.HandSize)
		if p.Card > 0 {
			l += fmt.Sprintf(", Turn Order card %d", p.Card)
		}
		if p.Played {
			l += ", has played this round"
		}
		if p.Deciding {
			l += ", deciding"
		}
		out = append(out, l+".")
	}
	if r := v.Robot; r != nil {
		out = append(out, fmt.Sprintf("The Robot: %d points.", r.Score))
	}
	return out
}

// toolSentences say tools with their timing and text, or none.
func toolSentences(tools []fl.ToolView, none string) []string {
	if len(tools) == 0 {
		return []string{none}
	}
	out := make([]string, len(tools))
	for i, t := range tools {
		out[i] = fmt.Sprintf("%d %s (%s): %s", i+1, t.Name, t.Timing, t.Text)
	}
	return out
}

// orNothing lists tokens, or says "nothing".
func orNothing(tokens []string) string {
	if len(tokens) == 0 {
		return "nothing"
	}
	return strings.Join(tokens, ", ")
}
