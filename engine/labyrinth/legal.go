package labyrinth

import (
	"strconv"

	"arcade/engine"
)

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
				out = append(out, engine.Action{Kind: KindGenre, Args: []int{gn}, Key: strconv.Itoa(gn + 1),
					Label: "Take a book: " + GenreNames[gn]})
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
		out = append(out, engine.Action{Kind: KindPassAction, Key: "p",
			Label: "Pass an action to " + seatName(g.next(g.Turn))})
	}
	out = append(out, g.freeActions()...)
	return append(out, engine.Action{Kind: KindEnd, Key: "e", Label: "End your actions"})
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
			out = append(out, engine.Action{Kind: KindFlip, Args: []int{i}, Label: "Flip " + TileName(i)})
		case mapCard >= 0:
			out = append(out, engine.Action{Kind: KindFlip, Args: []int{i, mapCard},
				Label: "Flip " + TileName(i) + " (Useful Map)"})
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
			engine.Action{Kind: KindRotate, Args: []int{i, 1}, Label: "Rotate " + TileName(i) + " clockwise"},
			engine.Action{Kind: KindRotate, Args: []int{i, -1}, Label: "Rotate " + TileName(i) + " anticlockwise"})
	}
	return out
}

// takeActions: take a Book, or two with a Library Card.
func (g *state) takeActions() []engine.Action {
	h := g.me()
	if h.room() < 1 {
		return nil
	}
	var out []engine.Action
	for gn := range NumGenres {
		if g.bookSupply(gn) > 0 {
			out = append(out, engine.Action{Kind: KindTake, Args: []int{gn}, Key: strconv.Itoa(gn + 1), Label: "Take a book: " + GenreNames[gn]})
		}
	}
	lc := booster(h, LibraryCard)
	if lc < 0 {
		return out
	}
	for a := range NumGenres {
		for b := a; b < NumGenres; b++ {
			if (a == b && g.bookSupply(a) >= 2) || (a != b && g.bookSupply(a) > 0 && g.bookSupply(b) > 0) {
				out = append(out, engine.Action{Kind: KindTake, Args: []int{a, lc, b},
					Label: clip("Take " + shortGenre[a] + " + " + shortGenre[b] + " (Library Card)")})
			}
		}
	}
	return out
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
			out = append(out, engine.Action{Kind: KindTime, Args: []int{id},
				Label: clip("Play " + CardName(id) + ": +1 action")})
		}
	}
	for k, h := range hands {
		for _, id := range h.Cards {
			l := "Discard " + CardName(id)
			if k == 1 {
				l += " (Trolley)"
			}
			out = append(out, engine.Action{Kind: KindDiscard, Args: []int{id}, Label: clip(l)})
		}
	}
	return out
}
