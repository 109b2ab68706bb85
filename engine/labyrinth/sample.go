package labyrinth

import (
	"errors"
	"fmt"
	"slices"

	"arcade/engine"
)

// Sampler implements search.Sampler: it rebuilds a whole game from one
// seat's view, as a player at the table would picture it. Everything the
// view shows is kept; the lit sides of the dark tiles never seen are dealt
// at random from the tiles of the difficulty's mix not yet seen, and the
// decks, discard piles and stacks from the cards and tokens not in sight,
// in the sizes the view shows.
type Sampler struct{}

// Sample implements search.Sampler. view must be seat's own view. The
// sampled game is imagined: its log discards its events.
func (Sampler) Sample(view engine.View, seat engine.Seat, rng *engine.RNG) (engine.State, error) {
	v, err := engine.SeatView[View](ID, view, seat)
	if err != nil {
		return nil, err
	}
	g, err := fromView(v, rng)
	if err != nil {
		return nil, err
	}
	g.events.Discard()
	return g, nil
}

// fromView deals a state that shows v, with the hidden parts at random.
func fromView(v *View, rng *engine.RNG) (*state, error) {
	g, err := shownBy(v, rng)
	if err != nil {
		return nil, err
	}
	if err := g.dealTilesFrom(v, rng); err != nil {
		return nil, err
	}
	g.dealCardsFrom(v, rng)
	g.dealDisturbFrom(v, rng)
	if err := g.validate(); err != nil {
		return nil, fmt.Errorf("labyrinth: the view does not add up: %w", err)
	}
	return g, nil
}

// shownBy is a state with what v shows: the tiles as shown (one never
// seen is dark, of no kind), the pieces, the hands and the starting Books
// chosen (the others' genres at random); no deck, no pile, no stack yet.
func shownBy(v *View, rng *engine.RNG) (*state, error) {
	if v.Players < 1 || v.Players > 5 || len(v.Seats) != v.Players {
		return nil, errors.New("labyrinth: a view without its seats")
	}
	g := &state{Players: v.Players, Difficulty: v.Difficulty, Doubles: v.DoubleCurses, Extra: v.ExtraDisturbance,
		Wyrm: v.Wyrm, TrolleyAt: -1, Filled: v.Filled, Phase: v.Phase, Turn: v.Turn, TurnNo: v.TurnNo,
		Actions: v.ActionsLeft, PassTo: -1, RewardTaken: v.RewardTaken, RewardTiles: v.RewardTiles, RNG: engine.NewRNG(rng.Uint64()), Won: v.Won, Summary: v.Summary,
		Last: slices.Clone(v.Last), Recent: slices.Clone(v.Recent), LastDisturb: -1}
	if v.Phase == PhaseSetup {
		g.chosenFrom(v, rng)
	}
	if !v.PassToken.Free {
		g.PassTo = v.PassToken.To
	}
	for _, s := range v.Seats {
		g.Pos = append(g.Pos, s.Tile)
		g.Hands = append(g.Hands, handOf(s.Hand))
	}
	if v.Trolley != nil {
		g.TrolleyAt = v.Trolley.Tile
		g.Trolley = handOf(v.Trolley.Hand)
	}
	for _, r := range v.Returned {
		g.Returned = append(g.Returned, returned{Terror: r.Terror.ID, Shelf: r.Shelf})
	}
	if d := v.LastDisturbance; d != nil {
		g.LastDisturb = cardOf(d.Corners)
	}
	for i, tv := range v.Tiles {
		t := tile{Kind: tv.Kind, Shape: tv.Shape, Rot: tv.Rot, Lit: tv.Lit, Seen: tv.Known, Terror: -1, Shelf: tv.Shelf}
		if tv.Terror != nil {
			t.Terror = tv.Terror.ID
		}
		g.Tiles[i] = t
	}
	return g, nil
}

// chosenFrom deals the starting Books chosen in setup: the viewer's as
// shown, the others' hidden genres at random, as many as shown.
func (g *state) chosenFrom(v *View, rng *engine.RNG) {
	g.Chosen = make([][]int, len(v.Seats))
	for i, s := range v.Seats {
		if s.Seat == v.You {
			g.Chosen[i] = slices.Clone(s.Picks)
			continue
		}
		for range s.Chosen {
			g.Chosen[i] = append(g.Chosen[i], rng.Intn(NumGenres))
		}
	}
}

// handOf is the hand a view shows.
func handOf(h HandView) hand {
	var out hand
	for _, c := range h.Cards {
		out.Cards = append(out.Cards, c.ID)
	}
	for _, c := range h.Captured {
		p := capture{Terror: c.Terror.ID}
		for _, x := range c.Cards {
			p.Cards = append(p.Cards, x.ID)
		}
		out.Captured = append(out.Captured, p)
	}
	return out
}

// cardOf is the Disturbance card striking these corners.
func cardOf(corners []int) int {
	if len(corners) == 2 {
		if corners[0] == SE || corners[0] == NW {
			return DisturbNWSE
		}
		return DisturbNESW
	}
	if len(corners) == 1 {
		return corners[0]
	}
	return -1
}

// dealTilesFrom deals the unknown tiles from what the known ones (laid
// by shownBy) leave of the mix: kinds at random, shapes by what is left
// in the box, random orientations.
func (g *state) dealTilesFrom(v *View, rng *engine.RNG) error {
	m := mixes[v.Difficulty]
	left := map[TileKind]int{KindCross: m.cross, KindShelf: m.shelf, KindReward: m.reward, KindTerror: m.terror}
	box := map[TileKind][2]int{}
	for k, b := range boxTiles {
		box[k] = b
	}
	var unknown []int
	for i, tv := range v.Tiles {
		if !tv.Known {
			unknown = append(unknown, i)
			continue
		}
		if i != Centre {
			left[tv.Kind]--
		}
		b := box[tv.Kind]
		switch tv.Shape {
		case ShapeT:
			b[0]--
		case ShapeCorner:
			b[1]--
		}
		box[tv.Kind] = b
	}
	var kinds []TileKind
	for _, k := range []TileKind{KindCross, KindShelf, KindReward, KindTerror} {
		if left[k] < 0 {
			return fmt.Errorf("labyrinth: too many %s tiles in sight", k)
		}
		for range left[k] {
			kinds = append(kinds, k)
		}
	}
	if len(kinds) != len(unknown) {
		return errors.New("labyrinth: the unknown tiles do not match the mix")
	}
	rng.Shuffle(len(kinds), func(i, j int) { kinds[i], kinds[j] = kinds[j], kinds[i] })
	for k, i := range unknown {
		t := &g.Tiles[i]
		t.Kind, t.Shape, t.Rot = kinds[k], ShapeCross, rng.Intn(4)
		if t.Kind != KindCross {
			b := box[t.Kind]
			t.Shape = ShapeCorner
			if b[0] > 0 && (b[1] <= 0 || rng.Intn(b[0]+b[1]) < b[0]) {
				t.Shape = ShapeT
				b[0]--
			} else {
				b[1]--
			}
			box[t.Kind] = b
		}
	}
	return nil
}

// dealCardsFrom deals the Books and Reward cards not in sight into the
// decks and discard piles, and the Terror and Shelf tokens not in sight
// into their stacks.
func (g *state) dealCardsFrom(v *View, rng *engine.RNG) {
	seen := make([]bool, NumCards)
	for _, h := range g.hands() {
		for _, id := range h.Cards {
			seen[id] = true
		}
		for _, c := range h.Captured {
			for _, id := range c.Cards {
				seen[id] = true
			}
		}
	}
	split := func(ids []int, deck int) ([]int, []int) {
		rng.Shuffle(len(ids), func(i, j int) { ids[i], ids[j] = ids[j], ids[i] })
		deck = min(deck, len(ids))
		return ids[:deck], ids[deck:]
	}
	var books [NumGenres][]int
	var rewards []int
	for id := range NumCards {
		switch {
		case seen[id]:
		case IsBook(id):
			books[Books[id].Genre] = append(books[Books[id].Genre], id)
		default:
			rewards = append(rewards, id)
		}
	}
	for gn := range NumGenres {
		g.BookDeck[gn], g.BookDiscard[gn] = split(books[gn], v.BookDeck[gn])
	}
	g.RewardDeck, g.RewardDiscard = split(rewards, v.RewardDeck)
	terrorSeen := make([]bool, NumTerrors)
	shelfSeen := make([]bool, NumGenres)
	for _, t := range g.Tiles {
		if t.Terror >= 0 {
			terrorSeen[t.Terror] = true
		}
		if t.Shelf >= 0 {
			shelfSeen[t.Shelf] = true
		}
	}
	for _, h := range g.hands() {
		for _, c := range h.Captured {
			terrorSeen[c.Terror] = true
		}
	}
	for _, r := range g.Returned {
		terrorSeen[r.Terror], shelfSeen[r.Shelf] = true, true
	}
	g.TerrorStack, g.ShelfStack = nil, nil
	for t, ok := range terrorSeen {
		if !ok {
			g.TerrorStack = append(g.TerrorStack, t)
		}
	}
	for s, ok := range shelfSeen {
		if !ok {
			g.ShelfStack = append(g.ShelfStack, s)
		}
	}
	g.shuffle(g.TerrorStack)
	g.shuffle(g.ShelfStack)
}

// dealDisturbFrom deals a Disturbance deck of the view's size, with its
// double curses, the standard cards' corners at random.
func (g *state) dealDisturbFrom(v *View, rng *engine.RNG) {
	g.Disturb = make([]int, v.DisturbanceLeft)
	for i := range g.Disturb {
		g.Disturb[i] = rng.Intn(4)
	}
	doubles := []int{DisturbNWSE, DisturbNESW}
	for k := range min(v.DoublesLeft, len(g.Disturb)) {
		g.Disturb[k] = doubles[(k+rng.Intn(2))%2]
	}
	rng.Shuffle(len(g.Disturb), func(i, j int) { g.Disturb[i], g.Disturb[j] = g.Disturb[j], g.Disturb[i] })
}
