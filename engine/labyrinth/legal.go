package labyrinth

import "arcade/engine"

// Legal implements engine.State. Only the current player acts: in setup
// the seat choosing its Books, later the player whose turn it is.
func (g *state) Legal(s engine.Seat) []engine.Action {
	if g.Phase == PhaseOver || s != g.Turn {
		return nil
	}
	if g.Phase == PhaseSetup {
		var out []engine.Action
		for gn := range NumGenres {
			if len(g.BookDeck[gn]) > 0 {
				out = append(out, engine.Action{Kind: KindGenre, Args: []int{gn}})
			}
		}
		return out
	}
	var out []engine.Action
	if g.Actions > 0 {
		out = append(out, g.moveActions()...)
		out = append(out, g.flipActions()...)
		out = append(out, g.rotateActions()...)
		out = append(out, g.takeActions()...)
	}
	out = append(out, g.passActions()...)
	if g.Actions > 0 && g.Players > 1 && g.PassTo < 0 {
		out = append(out, engine.Action{Kind: KindPassAction})
	}
	out = append(out, g.freeActions()...)
	return append(out, engine.Action{Kind: KindEnd})
}

// me is the current player's hand.
func (g *state) me() *hand { return &g.Hands[g.Turn] }

// next is the seat after s.
func (g *state) next(s engine.Seat) engine.Seat { return (s + 1) % engine.Seat(g.Players) }

// flipActions: flip an adjacent dark tile, or any dark tile with a Useful
// Map.
func (g *state) flipActions() []engine.Action {
	var out []engine.Action
	at := g.Pos[g.Turn]
	mapCard := booster(g.me(), UsefulMap)
	for i := range NumTiles {
		if g.Tiles[i].Lit {
			continue
		}
		switch {
		case Adjacent(at, i):
			out = append(out, engine.Action{Kind: KindFlip, Args: []int{i}})
		case mapCard >= 0:
			out = append(out, engine.Action{Kind: KindFlip, Args: []int{i, mapCard}})
		}
	}
	return out
}

// rotateActions: rotate your tile or an adjacent lit one, either way. The
// compass and the crossroads look the same every way round, so turning
// them is not offered.
func (g *state) rotateActions() []engine.Action {
	var out []engine.Action
	at := g.Pos[g.Turn]
	for i := range NumTiles {
		t := &g.Tiles[i]
		if !t.Lit || t.Shape == ShapeCross || (i != at && !Adjacent(at, i)) {
			continue
		}
		out = append(out,
			engine.Action{Kind: KindRotate, Args: []int{i, 1}},
			engine.Action{Kind: KindRotate, Args: []int{i, -1}})
	}
	return out
}

// takeActions: take a Book, or one more with each Library Card played
// with it (several Reward cards may boost one action: with both Library
// Cards, three Books).
func (g *state) takeActions() []engine.Action {
	h := g.me()
	if h.room() < 1 { // each Library Card spent frees the slot of the Book it adds
		return nil
	}
	var out []engine.Action
	for gn := range NumGenres {
		if g.bookSupply(gn) > 0 {
			out = append(out, engine.Action{Kind: KindTake, Args: []int{gn}})
		}
	}
	for k := 1; k <= 2; k++ {
		cards := boosters(h, LibraryCard, k)
		if cards == nil {
			break
		}
		for _, genres := range genreSets(k+1, 0) {
			if !g.booksFor(genres) {
				continue
			}
			args := []int{genres[0]}
			for i, c := range cards {
				args = append(args, c, genres[i+1])
			}
			out = append(out, engine.Action{Kind: KindTake, Args: args})
		}
	}
	return out
}

// genreSets lists the multisets of n genres from genre from on, each in
// ascending order.
func genreSets(n, from int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for gn := from; gn < NumGenres; gn++ {
		for _, rest := range genreSets(n-1, gn) {
			out = append(out, append([]int{gn}, rest...))
		}
	}
	return out
}

// booksFor reports whether the genre decks (with their discards) hold a
// Book for each of genres.
func (g *state) booksFor(genres []int) bool {
	for _, gn := range genres {
		if g.bookSupply(gn) < engine.Count(genres, gn) {
			return false
		}
	}
	return true
}

// freeActions: discards and Time Machines.
func (g *state) freeActions() []engine.Action {
	var out []engine.Action
	hands := []*hand{g.me()}
	if g.solo() {
		hands = append(hands, &g.Trolley)
	}
	for _, id := range g.me().Cards {
		if HasBoost(id, TimeMachine) {
			out = append(out, engine.Action{Kind: KindTime, Args: []int{id}})
		}
	}
	for _, h := range hands {
		for _, id := range h.Cards {
			out = append(out, engine.Action{Kind: KindDiscard, Args: []int{id}})
		}
	}
	return out
}
