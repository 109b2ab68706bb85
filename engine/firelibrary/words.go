package firelibrary

import (
	"fmt"

	"arcade/engine"
)

// Describe implements engine.Describer: the words of a, one of the
// viewer's legal moves, from what the view shows.
func (v View) Describe(a engine.Action) string {
	switch a.Kind {
	case KindOrder:
		if n := a.Arg(0); n >= 1 && n <= len(orderCards) {
			return fmt.Sprintf("Take the %s Turn Order card (%s)", ordinal(n), layout(n))
		}
	case KindDraw:
		return "Draw a token from the bag"
	case KindStop:
		if c := v.card(v.You); c != nil {
			k, b, _ := c.score(v.worth)
			words := fmt.Sprintf("Escape and score %d (%d + %d bravery)", k+b, k, b)
			if v.escapeTakesTool(c) {
				words += ", then take a tool"
			}
			return words
		}
	case KindPlace:
		if t := a.Arg(0); t >= 0 && t < numKinds {
			return "Place " + tokenName(Token(t))
		}
	case KindRest:
		return "Stop placing (the rest go back)"
	case KindBurn:
		return "Burn! (scores 1)"
	case KindPass:
		switch {
		case v.Phase == PhaseAmulet:
			return "Pass: play no Amulet"
		case v.NoTools:
			return "Pass"
		}
		return "Pass: play no tool"
	case KindDone:
		return "End your turn"
	case KindTool:
		if i := a.Arg(0); i >= 0 && i < len(v.Market) {
			return fmt.Sprintf("Take %s (market)", v.Market[i].Name)
		}
		return "Draw the top of the tool deck"
	case KindKeep:
		return "Keep your tools"
	case KindSwap:
		if i := a.Arg(0); i >= 0 && i < len(v.Hand) {
			return fmt.Sprintf("Swap %s for a new tool", v.Hand[i].Name)
		}
	case KindDig:
		return "Shovel: draw 2, place 1 (last use)"
	case KindPlay:
		return v.playText(a)
	}
	return ""
}

// playText is the words of a tool's play a: Args [tool, choices...]. The
// choices name spaces of the active player's card, a book colour or
// where a Slingshot sends its tokens.
func (v View) playText(a engine.Action) string {
	switch tl := a.Arg(0); tl {
	case toolAmulet:
		return "Amulet: a token on each card"
	case toolGloves:
		return "Gloves: all spaces safe this turn"
	case toolShovel:
		return "Shovel: draw 2, place 1 (2 uses)"
	case toolTorch:
		return "Torch: draw 3, place 1 or more"
	case toolBucket:
		return "Bucket: stop the fire"
	case toolCart:
		return "Library Cart: books out of the bag"
	case toolMap:
		return fmt.Sprintf("Map: +%d bravery, draw a tool", v.Bravery)
	case toolCollector, toolKnapsack, toolLockbox:
		if t := Token(a.Arg(1)); t.Book() {
			return bookPlayText(tl, t, v.Saved)
		}
	case toolCloak, toolAxe, toolSlingshot:
		return v.spacePlayText(tl, a)
	}
	return ""
}

// bookPlayText is the words of the play of tool tl on the books of colour
// t; saved are the books the active player scored (a Collector's
// Edition counts them).
func bookPlayText(tl int, t Token, saved []string) string {
	switch tl {
	case toolCollector:
		n := 0
		for _, name := range saved {
			if name == t.Name() {
				n++
			}
		}
		return fmt.Sprintf("Collector's Ed. on %s: +%d", t.Name(), 2*n)
	case toolKnapsack:
		return fmt.Sprintf("Knapsack %s, draw a token", t.Name())
	}
	return fmt.Sprintf("Lockbox %s (scores at the end)", t.Name())
}

// spacePlayText is the words of the play of tool tl on a space of the
// active player's card: a Cloak's [tool, space], an Axe's [tool, space]
// or a Slingshot's [tool, target, space or -1].
func (v View) spacePlayText(tl int, a engine.Action) string {
	c := v.card(v.Active)
	if c == nil {
		return ""
	}
	i := a.Arg(1)
	if tl == toolSlingshot {
		i = a.Arg(2)
	}
	book := i >= 0 && i < numSpaces && c.Spaces[i].Book()
	best := c.bestBooks(v.worth)
	switch {
	case tl == toolCloak && book:
		return fmt.Sprintf("Cloak: save %s (space %d)", c.Spaces[i].Name(), i+1)
	case tl == toolAxe && book:
		t := c.Spaces[i]
		return fmt.Sprintf("Axe: take %s%s, score %d", t.Name(), spaceNote(best, i), v.worth(t))
	case tl == toolSlingshot && (book || i == -1):
		where := v.slingTarget(engine.Seat(a.Arg(1)))
		if where == "" {
			return ""
		}
		what := "fire"
		if book {
			what += " + " + c.Spaces[i].Name() + spaceNote(best, i)
		}
		return "Slingshot " + where + ": " + what
	}
	return ""
}

// slingTarget says where a Slingshot sends its tokens: "aside", "to the
// Robot" or to a player's Turn Order card ("" for no such place).
func (v View) slingTarget(to engine.Seat) string {
	switch to {
	case setAsideTo:
		return "aside"
	case robotSeat:
		return "to the Robot"
	}
	if c := v.card(to); c != nil {
		return "to " + ordinal(c.Number) + " card"
	}
	return ""
}

// escapeTakesTool reports whether escaping with c now gives a tool, as
// the view shows the turn: tokens on safe spaces only (or none), neither
// Gloves, No Tools nor a fire variant that forbids it (escape), and a tool
// left to take (offerTool).
func (v View) escapeTakesTool(c *orderCard) bool {
	if v.NoTools || v.Gloves || len(v.Market) == 0 && v.Deck+v.Discard == 0 {
		return false
	}
	if vr, err := parseVariantText(v); err != nil || vr.wild() {
		return false
	}
	for i, t := range c.Spaces {
		if t != Empty && risky(c.Number, i) {
			return false
		}
	}
	return true
}

// card is the Turn Order card seat s holds, with its tokens, as the view
// shows it (nil when s holds none).
func (v View) card(s engine.Seat) *orderCard {
	if s < 0 || int(s) >= len(v.Players) || v.Players[s].Card == 0 {
		return nil
	}
	for _, cv := range v.Cards {
		if cv.Number != v.Players[s].Card || len(cv.Spaces) != numSpaces {
			continue
		}
		c := &orderCard{Number: cv.Number, Holder: s}
		for i, sp := range cv.Spaces {
			c.Spaces[i] = tokenKinds[sp.Token]
		}
		return c
	}
	return nil
}

// worth is what a book token scores now, as the Library shows it: its
// section's value, or for a Technology book the highest section value.
func (v View) worth(t Token) int {
	if t == Tech {
		best := 0
		for _, sec := range v.Sections {
			best = max(best, sec.Value)
		}
		return best
	}
	if t.Section() && int(t) < len(v.Sections) {
		return v.Sections[t].Value
	}
	return 0
}
