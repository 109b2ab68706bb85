package labyrinth

import (
	"slices"

	"arcade/engine"
)

// The starting Books (ruling 14): every player chooses the genres of three
// at once, in any order; a seat's choices stay hidden from the others
// until every seat has chosen, then the Books are dealt seat by seat.

// choosing reports whether seat s still chooses starting Books.
func (g *state) choosing(s engine.Seat) bool {
	return g.Phase == PhaseSetup && s >= 0 && int(s) < len(g.Chosen) && len(g.Chosen[s]) < StartBooks
}

// choosers lists the seats still choosing, in seat order.
func (g *state) choosers() []engine.Seat {
	var out []engine.Seat
	for s := range engine.Seat(len(g.Chosen)) {
		if g.choosing(s) {
			out = append(out, s)
		}
	}
	return out
}

// choose records seat s's choice of genre gn; the last choice of the last
// seat reveals them all.
func (g *state) choose(s engine.Seat, gn int) {
	g.Chosen[s] = append(g.Chosen[s], gn)
	record(g, choseBook{s, len(g.Chosen[s])})
	if len(g.choosers()) == 0 {
		g.reveal()
	}
}

// reveal deals the chosen Books, seat by seat, each seat's in the order
// chosen, and begins the first turn. A genre whose deck has run out gives
// the top Book of the next genre in the list that has one (ruling 14);
// the decks hold more Books together than five players choose.
func (g *state) reveal() {
	record(g, revealed{})
	for s, genres := range g.Chosen {
		for _, asked := range genres {
			gn := asked
			for len(g.BookDeck[gn]) == 0 {
				gn = (gn + 1) % NumGenres
			}
			id := pop(&g.BookDeck[gn])
			g.Hands[s].Cards = append(g.Hands[s].Cards, id)
			record(g, pickedBook{Seat: engine.Seat(s), Book: id, Genre: gn, Asked: asked})
		}
	}
	g.Chosen = nil
	g.Phase, g.Turn, g.TurnNo, g.Actions = PhaseActions, 0, 1, g.turnActions()
	record(g, firstTurn{g.Actions})
}

// fromOpenSetup turns a game saved in setup while the starting Books were
// still chosen openly in seat order, each dealt at once, into one of
// choices made at once: the Books dealt go back on top of their decks,
// newest first, as the seats' choices, to be dealt again at the reveal,
// in the same order.
func (g *state) fromOpenSetup() {
	if g.Phase != PhaseSetup || g.Chosen != nil {
		return
	}
	g.Chosen = make([][]int, len(g.Hands))
	for s := len(g.Hands) - 1; s >= 0; s-- {
		h := &g.Hands[s]
		for i := len(h.Cards) - 1; i >= 0; i-- {
			if id := h.Cards[i]; IsBook(id) {
				gn := int(Books[id].Genre)
				g.BookDeck[gn] = append(g.BookDeck[gn], id)
				g.Chosen[s] = slices.Insert(g.Chosen[s], 0, gn)
				h.Cards = slices.Delete(h.Cards, i, i+1)
			}
		}
	}
	g.Turn = 0
}
