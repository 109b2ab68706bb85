package firetower

import (
	"errors"
	"fmt"
	"slices"

	"arcade/engine"
)

// Sampler implements search.Sampler: it rebuilds a whole game from one
// seat's view, as a player at the table would picture it. The board, the
// wind, the Buckets, the burned towers, the hand sizes and the seat's own
// hand are the view's; the other hands, the draw pile and the discard pile
// are dealt at random from the cards the seat cannot see (every card of
// the deck but its own hand), in the sizes the view shows.
type Sampler struct{}

// Sample implements search.Sampler. view must be seat's own view.
func (Sampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	v, err := engine.SeatView[View](ID, view, seat)
	if err != nil {
		return nil, err
	}
	return fromView(v, rng)
}

// fromView deals a state that shows v to its seat, with the hidden cards
// placed at random (rng) and a fresh random generator for the die and the
// shuffles to come. What the view does not tell is guessed: the order in
// which eliminated players went out follows the seats, a Firestorm's
// redraw round is taken to have begun with the player whose turn it is,
// and a trim or a redraw round is taken to interrupt the end of a turn.
func fromView(v *View, rng *engine.RNG) (*state, error) {
	if v.You < 0 || int(v.You) >= len(v.Seats) || len(v.Seats) != v.Players {
		return nil, errors.New("firetower: only a seat's own view can be sampled")
	}
	g := &state{
		Players: v.Players, TeamPlay: v.Team, Storms: v.Storms, DeckName: v.DeckName,
		Pos: v.Position, HandSize: v.HandSize, Turn: v.Turn, TurnNo: v.TurnNo, Part: v.Part,
		StormOut: v.StormOut, Over: v.Over, Winners: slices.Clone(v.Winners), Summary: v.Summary,
		Last: slices.Clone(v.Last), Recent: slices.Clone(v.Recent), RNG: engine.NewRNG(rng.Uint64()),
	}
	if v.EmberFrom != nil {
		p := *v.EmberFrom
		g.EmberFrom = &p
	}
	for i, s := range v.Seats {
		st := seatState{Tower: s.Tower, Bucket: s.Bucket, Burned: s.Burned, Out: s.Out}
		if s.Out && !v.Team {
			st.OutAt = g.Elims
			g.Elims++
		}
		if engine.Seat(i) == v.You {
			st.Hand = slices.Clone(v.Hand)
		}
		g.Seats = append(g.Seats, st)
	}
	switch v.Part {
	case PartTrim:
		g.Part = PartEnd
		g.Tasks = []task{{Kind: taskTrim, Seat: v.Acting}}
	case PartRedraw:
		g.Part = PartEnd
		for i := range g.Players {
			s := (v.Acting + engine.Seat(i)) % engine.Seat(g.Players)
			if i > 0 && s == v.Turn {
				break
			}
			if !g.Seats[s].Out {
				g.Tasks = append(g.Tasks, task{Kind: taskRedraw, Seat: s})
			}
		}
		g.Tasks = append(g.Tasks, task{Kind: taskStormEnd, Seat: v.Turn})
	}
	if err := g.deal(v, rng); err != nil {
		return nil, err
	}
	if err := g.validate(); err != nil {
		return nil, fmt.Errorf("firetower: the view does not add up: %w", err)
	}
	return g, nil
}

// deal hands out the cards the viewer cannot see: the other hands (never
// the Firestorm, which is played as soon as it is drawn), then the draw
// pile and the discard pile.
func (g *state) deal(v *View, rng *engine.RNG) error {
	count := deckCounts(g.DeckName)
	for _, c := range v.Hand {
		count[c]--
	}
	var unseen []Card
	for c := range numCards {
		if count[c] < 0 {
			return errors.New("firetower: the hand holds cards the deck does not")
		}
		for range count[c] {
			unseen = append(unseen, c)
		}
	}
	rng.Shuffle(len(unseen), func(i, j int) { unseen[i], unseen[j] = unseen[j], unseen[i] })
	for i, s := range v.Seats {
		if engine.Seat(i) == v.You {
			continue
		}
		if s.HandSize > len(unseen) {
			return errors.New("firetower: more cards in the hands than in the deck")
		}
		g.Seats[i].Hand = slices.Clone(unseen[:s.HandSize])
		unseen = unseen[s.HandSize:]
	}
	if g.Storms && !g.StormOut {
		unseen = append(unseen, Firestorm)
		k := rng.Intn(len(unseen))
		unseen[k], unseen[len(unseen)-1] = unseen[len(unseen)-1], unseen[k]
	}
	if len(unseen) != v.DeckLeft+v.Discards {
		return fmt.Errorf("firetower: %d unseen cards for a draw pile of %d and a discard pile of %d",
			len(unseen), v.DeckLeft, v.Discards)
	}
	g.Deck = slices.Clone(unseen[:v.DeckLeft])
	g.Discard = slices.Clone(unseen[v.DeckLeft:])
	return nil
}
