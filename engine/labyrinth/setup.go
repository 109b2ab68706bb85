package labyrinth

import (
	"slices"

	"arcade/engine"
)

// Difficulties (option "difficulty").
const (
	Novice   = "novice"
	Standard = "standard"
	Advanced = "advanced"
	Expert   = "expert"
)

// mix is a difficulty's tile mix besides the centre: crossroads, shelf,
// reward and terror tiles (24 in all).
type mix struct{ cross, shelf, reward, terror int }

var mixes = map[string]mix{
	Novice:   {4, 7, 3, 10},
	Standard: {3, 6, 3, 12},
	Advanced: {2, 6, 3, 13},
	Expert:   {2, 6, 2, 14},
}

// boxTiles are the tiles in the box by kind: T-junctions and corners.
var boxTiles = map[TileKind][2]int{KindTerror: {8, 7}, KindShelf: {3, 4}, KindReward: {1, 2}}

// Disturbance cards: the four standard cards name the corner they strike;
// the two double curses strike two.
const (
	DisturbNWSE = 4 // double: NW and SE
	DisturbNESW = 5 // double: NE and SW
	// standardCards is the number of standard Disturbance cards (7 per
	// corner).
	standardCards = 28
)

// disturbCorners lists the corners card c strikes, in the order they are
// resolved (NE, SE, SW, NW). The list is shared: callers do not change it.
func disturbCorners(c int) []int { return cornerLists[c] }

// cornerLists are the corners each Disturbance card strikes.
var cornerLists = [...][]int{NW: {NW}, NE: {NE}, SE: {SE}, SW: {SW}, DisturbNWSE: {SE, NW}, DisturbNESW: {NE, SW}}

// deckSizes is the Disturbance deck above Out of Time, by player count.
var deckSizes = [6]int{0, 16, 18, 21, 24, 25}

// newState sets a game up (rulebook pp.4-5).
func newState(players int, difficulty string, doubles bool, extra int, seed uint64) *state {
	if players == 1 {
		difficulty = Novice // the solo mix is the novice mix
	}
	g := &state{Players: players, Difficulty: difficulty, Doubles: doubles, Extra: extra,
		RNG: engine.NewRNG(seed), TrolleyAt: -1, LastDisturb: -1, PassTo: -1, Phase: PhaseSetup}
	g.dealTiles(mixes[difficulty])
	g.Wyrm = g.RNG.Intn(len(Ring))
	g.TerrorStack = g.shuffled(NumTerrors, 0)
	g.ShelfStack = g.shuffled(NumGenres, 0)
	g.RewardDeck = g.shuffled(NumRewards, FirstReward)
	books := make([]int, 0, NumBooks) // one array for the six decks
	for gn := range NumGenres {
		start := len(books)
		for id, b := range Books {
			if b.Genre == Genre(gn) {
				books = append(books, id)
			}
		}
		g.BookDeck[gn] = books[start:len(books):len(books)]
	}
	for gn := range NumGenres {
		g.shuffle(g.BookDeck[gn])
	}
	g.dealDisturbance()
	g.Pos = make([]int, players)
	g.Hands = make([]hand, players)
	g.Chosen = make([][]int, players)
	for s := range players {
		g.Pos[s] = Centre
		g.Hands[s].Cards = []int{g.drawReward()}
	}
	if players == 1 {
		g.TrolleyAt = Centre
	}
	return g
}

// shuffle permutes xs with the game's generator.
func (g *state) shuffle(xs []int) {
	g.RNG.Shuffle(len(xs), func(i, j int) { xs[i], xs[j] = xs[j], xs[i] })
}

// shuffled is base..base+n-1 in random order.
func (g *state) shuffled(n, base int) []int {
	xs := make([]int, n)
	for i := range xs {
		xs[i] = base + i
	}
	g.shuffle(xs)
	return xs
}

// dealTiles chooses the tiles of the mix (corners and T-junctions at
// random from the box), shuffles them face down round the compass tile
// with random hidden orientations, and deals again in the rare case that
// the four tiles next to the centre are all Shelves.
func (g *state) dealTiles(m mix) {
	tiles := make([]tile, 0, NumTiles-1)
	add := func(k TileKind, n int) {
		box := boxTiles[k]
		shapes := make([]Shape, 0, box[0]+box[1])
		for range box[0] {
			shapes = append(shapes, ShapeT)
		}
		for range box[1] {
			shapes = append(shapes, ShapeCorner)
		}
		g.RNG.Shuffle(len(shapes), func(i, j int) { shapes[i], shapes[j] = shapes[j], shapes[i] })
		for _, sh := range shapes[:n] {
			tiles = append(tiles, tile{Kind: k, Shape: sh})
		}
	}
	for range m.cross {
		tiles = append(tiles, tile{Kind: KindCross, Shape: ShapeCross})
	}
	add(KindShelf, m.shelf)
	add(KindReward, m.reward)
	add(KindTerror, m.terror)
	for {
		g.RNG.Shuffle(len(tiles), func(i, j int) { tiles[i], tiles[j] = tiles[j], tiles[i] })
		k := 0
		for i := range NumTiles {
			if i == Centre {
				g.Tiles[i] = tile{Kind: KindCentre, Shape: ShapeCross, Lit: true, Seen: true, Terror: -1, Shelf: -1}
				continue
			}
			t := tiles[k]
			k++
			t.Rot, t.Terror, t.Shelf = g.RNG.Intn(4), -1, -1
			g.Tiles[i] = t
		}
		if !slices.ContainsFunc(centreRing(), func(i int) bool { return g.Tiles[i].Kind != KindShelf }) {
			continue
		}
		return
	}
}

// centreRing lists the four tiles next to the centre.
func centreRing() []int {
	var out []int
	for d := range 4 {
		out = append(out, Neighbour(Centre, d))
	}
	return out
}

// dealDisturbance counts out the Disturbance deck: standard cards for the
// player count plus the extra cards (at most the 28 standard cards), with
// two of them replaced by the double curses when that option is on.
func (g *state) dealDisturbance() {
	var std []int
	for c := range standardCards {
		std = append(std, c%4)
	}
	g.shuffle(std)
	n := min(deckSizes[g.Players]+g.Extra, standardCards)
	deck := std[:n]
	if g.Doubles {
		deck[0], deck[1] = DisturbNWSE, DisturbNESW
		g.shuffle(deck)
	}
	g.Disturb = slices.Clone(deck)
}

// doublesLeft counts the double curses still in the Disturbance deck.
func (g *state) doublesLeft() int {
	n := 0
	for _, c := range g.Disturb {
		if c >= DisturbNWSE {
			n++
		}
	}
	return n
}
