package fireproto

import (
	"fmt"
	"strings"

	"arcade/engine"
	fp "arcade/engine/fireproto"
	"arcade/ui/board"
)

// Sections puts the board in words for line mode, part by part: what the
// round asks, the shelves, the bag, the Turn Order cards, the players and
// the player's own Buckets.
func (Renderer) Sections(view engine.View, ctx board.Context) [][]string {
	v, ok := view.(fp.View)
	if !ok {
		return nil
	}
	name := func(s engine.Seat) string {
		switch {
		case s == v.You:
			return "you"
		case s < 0:
			return "nobody"
		}
		return ctx.Name(s)
	}
	round := fmt.Sprintf("Round %d. %s The game ends at %d knowledge.", v.Round, engine.ExpandSeats(v.PhaseText, ctx.Name), v.Goal)
	bag := fmt.Sprintf("The bag holds %d books and %d fires", v.Bag.Books, v.Bag.Fires)
	if v.Bag.Total > 0 {
		bag += fmt.Sprintf(": the next token is a fire %d times in %d", v.Bag.Fires, v.Bag.Total)
	}
	bag += fmt.Sprintf(". %d Bucket tokens are in the centre.", v.Supply)
	if v.Last != nil {
		bag += fmt.Sprintf(" Last drawn by %s: %s.", name(v.Last.By), v.Last.Token)
	}
	shelves := []string{"shelves"}
	for _, t := range v.Tracks {
		if t.Collapsed {
			shelves = append(shelves, t.Colour+": collapsed.")
			continue
		}
		shelves = append(shelves, fmt.Sprintf("%s: a book scores %d; %d burns left before the X; %d in the bag.", t.Colour, t.Value, t.ToX, t.InBag))
	}
	cards := []string{"cards"}
	for _, c := range v.Cards {
		spaces := make([]string, len(c.Spaces))
		for i, sp := range c.Spaces {
			kind, tok := "safe", "empty"
			if sp.Risky {
				kind = "risky"
			}
			if sp.Token != "" {
				tok = sp.Token
			}
			if sp.Doused {
				tok += ", doused"
			}
			spaces[i] = fmt.Sprintf("%d %s, %s", i+1, kind, tok)
		}
		cards = append(cards, fmt.Sprintf("Card %d (bravery %d), held by %s: %s.", c.Number, c.Bravery, name(c.Holder), strings.Join(spaces, "; ")))
	}
	players := []string{"players"}
	var hand []string
	for _, p := range v.Players {
		if p.Seat == v.You {
			hand = []string{"hand", fmt.Sprintf("You hold %d %s; this game has no cards in hand.", p.Buckets, engine.Plural(p.Buckets, "Bucket token", "Bucket tokens"))}
		}
		l := fmt.Sprintf("%s: %d knowledge, %d Buckets", name(p.Seat), p.Score, p.Buckets)
		if p.Card > 0 {
			l += fmt.Sprintf(", Turn Order card %d", p.Card)
		}
		if p.Played {
			l += ", has played this round"
		}
		players = append(players, l+".")
	}
	out := [][]string{{"round", round}, shelves, {"bag", bag}, cards, players}
	if hand != nil {
		out = append(out, hand)
	}
	return out
}
