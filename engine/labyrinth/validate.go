package labyrinth

import (
	"errors"
	"fmt"
	"slices"
)

// validate checks the invariants the rules rely on (a restored state must
// pass it; property tests check it after every move).
func (g *state) validate() error {
	if g.Players < 1 || g.Players > 5 || len(g.Pos) != g.Players || len(g.Hands) != g.Players {
		return fmt.Errorf("%d players, %d meeples, %d hands", g.Players, len(g.Pos), len(g.Hands))
	}
	if _, ok := mixes[g.Difficulty]; !ok || (g.Players == 1 && g.Difficulty != Novice) {
		return fmt.Errorf("difficulty %q", g.Difficulty)
	}
	if g.Extra != 0 && g.Extra != 2 && g.Extra != 4 {
		return fmt.Errorf("extra disturbance %d", g.Extra)
	}
	if err := g.checkTurn(); err != nil {
		return err
	}
	if err := g.checkTiles(); err != nil {
		return err
	}
	if err := g.checkCards(); err != nil {
		return err
	}
	return g.checkTokens()
}

// checkTurn checks the phase, the turn and the pieces.
func (g *state) checkTurn() error {
	switch g.Phase {
	case PhaseSetup, PhaseActions, PhaseOver:
	default:
		return fmt.Errorf("phase %q", g.Phase)
	}
	if g.Turn < 0 || int(g.Turn) >= g.Players || g.Actions < 0 || g.Actions > 20 {
		return fmt.Errorf("turn %d, %d actions", g.Turn, g.Actions)
	}
	if err := g.checkChosen(); err != nil {
		return err
	}
	if g.Kept < 0 || g.Kept >= 1<<g.Players {
		return fmt.Errorf("kept %b with %d players", g.Kept, g.Players)
	}
	if g.PassTo < -1 || int(g.PassTo) >= g.Players || (g.Players == 1 && g.PassTo != -1) {
		return fmt.Errorf("pass token with %d", g.PassTo)
	}
	if g.Wyrm < 0 || g.Wyrm >= len(Ring) {
		return fmt.Errorf("Bookwyrm at %d", g.Wyrm)
	}
	if (g.Players == 1) != (g.TrolleyAt >= 0) || g.TrolleyAt >= NumTiles {
		return fmt.Errorf("Trolley at %d", g.TrolleyAt)
	}
	pieces := slices.Clone(g.Pos)
	if g.solo() {
		pieces = append(pieces, g.TrolleyAt)
	}
	for _, p := range pieces {
		if p < 0 || p >= NumTiles || !g.Tiles[p].Lit || g.Tiles[p].token() {
			return fmt.Errorf("a piece on tile %d", p)
		}
	}
	if len(g.Disturb) > standardCards || g.LastDisturb < -1 || g.LastDisturb > DisturbNESW {
		return errors.New("disturbance deck")
	}
	for _, c := range g.Disturb {
		if c < 0 || c > DisturbNESW || (c >= DisturbNWSE && !g.Doubles) {
			return fmt.Errorf("disturbance card %d", c)
		}
	}
	return nil
}

// checkChosen checks the starting Books chosen in setup: up to three
// genres a seat, some seat still choosing, the first player's turn and no
// Book dealt yet; none after setup.
func (g *state) checkChosen() error {
	if g.Phase != PhaseSetup {
		if g.Chosen != nil {
			return errors.New("starting Books chosen after setup")
		}
		return nil
	}
	if len(g.Chosen) != g.Players || g.Turn != 0 || len(g.choosers()) == 0 {
		return fmt.Errorf("setup: choices %v, turn %d", g.Chosen, g.Turn)
	}
	for s, picks := range g.Chosen {
		if len(picks) > StartBooks || slices.ContainsFunc(picks, func(gn int) bool { return !isGenre(gn) }) ||
			slices.ContainsFunc(g.Hands[s].Cards, IsBook) {
			return fmt.Errorf("setup: seat %d chose %v and holds %v", s, picks, g.Hands[s].Cards)
		}
	}
	return nil
}

// checkTiles checks the grid against the difficulty's mix.
func (g *state) checkTiles() error {
	m := mixes[g.Difficulty]
	want := map[TileKind]int{KindCentre: 1, KindCross: m.cross, KindShelf: m.shelf, KindReward: m.reward, KindTerror: m.terror}
	got := map[TileKind]int{}
	for i, t := range g.Tiles {
		got[t.Kind]++
		if t.Rot < 0 || t.Rot > 3 || (t.Lit && !t.Seen) {
			return fmt.Errorf("tile %s: rotation %d", TileName(i), t.Rot)
		}
		if (t.Kind == KindCentre) != (i == Centre) || (i == Centre && !t.Lit) {
			return fmt.Errorf("tile %s is a %s", TileName(i), t.Kind)
		}
		if (t.Kind == KindCross || t.Kind == KindCentre) != (t.Shape == ShapeCross) {
			return fmt.Errorf("tile %s: a %s %s", TileName(i), t.Shape, t.Kind)
		}
		if (t.Terror >= 0 && (t.Kind != KindTerror || !t.Lit || t.Terror >= NumTerrors)) ||
			(t.Shelf >= 0 && (t.Kind != KindShelf || !t.Lit || t.Shelf >= NumGenres)) || t.Terror < -1 || t.Shelf < -1 {
			return fmt.Errorf("tile %s: a misplaced token", TileName(i))
		}
	}
	for k, n := range want {
		if got[k] != n {
			return fmt.Errorf("%d %s tiles, want %d", got[k], k, n)
		}
	}
	if g.Phase != PhaseOver && g.terrorsOnGrid() >= 6 {
		return errors.New("six Terrors on the grid in a running game")
	}
	return nil
}

// hands lists every hand, the Trolley's last.
func (g *state) hands() []*hand {
	var out []*hand
	for i := range g.Hands {
		out = append(out, &g.Hands[i])
	}
	return append(out, &g.Trolley)
}

// checkCards checks that every Book and Reward card is somewhere exactly
// once and that no hand is over the limit.
func (g *state) checkCards() error {
	count := make([]int, NumCards)
	add := func(ids []int) error {
		for _, id := range ids {
			if id < 0 || id >= NumCards {
				return fmt.Errorf("card %d", id)
			}
			count[id]++
		}
		return nil
	}
	var piles [][]int
	for gn := range NumGenres {
		for _, id := range slices.Concat(g.BookDeck[gn], g.BookDiscard[gn]) {
			if !IsBook(id) || Books[id].Genre != Genre(gn) {
				return fmt.Errorf("card %d in the %s pile", id, GenreNames[gn])
			}
		}
		piles = append(piles, g.BookDeck[gn], g.BookDiscard[gn])
	}
	for _, id := range slices.Concat(g.RewardDeck, g.RewardDiscard) {
		if !IsReward(id) {
			return fmt.Errorf("card %d in the Reward piles", id)
		}
	}
	piles = append(piles, g.RewardDeck, g.RewardDiscard)
	for i, h := range g.hands() {
		if h.slots() > HandLimit || (i == g.Players && !g.solo() && h.slots() > 0) {
			return fmt.Errorf("hand %d has %d slots", i, h.slots())
		}
		piles = append(piles, h.Cards)
		for _, c := range h.Captured {
			if len(c.Cards) == 0 {
				return errors.New("a captured Terror without cards")
			}
			piles = append(piles, c.Cards)
		}
	}
	for _, p := range piles {
		if err := add(p); err != nil {
			return err
		}
	}
	for id, n := range count {
		if n != 1 {
			return fmt.Errorf("%d copies of %s", n, CardName(id))
		}
	}
	return nil
}

// checkTokens checks that each Terror and Shelf token is in one place at
// most once, and that the filled shelves match the returned Terrors.
func (g *state) checkTokens() error {
	terrors := slices.Clone(g.TerrorStack)
	shelves := slices.Clone(g.ShelfStack)
	for _, t := range g.Tiles {
		if t.Terror >= 0 {
			terrors = append(terrors, t.Terror)
		}
		if t.Shelf >= 0 {
			shelves = append(shelves, t.Shelf)
		}
	}
	for _, h := range g.hands() {
		for _, c := range h.Captured {
			terrors = append(terrors, c.Terror)
		}
	}
	var filled [NumGenres]bool
	for _, r := range g.Returned {
		terrors = append(terrors, r.Terror)
		shelves = append(shelves, r.Shelf)
		if r.Shelf >= 0 && r.Shelf < NumGenres {
			filled[r.Shelf] = true
		}
	}
	if filled != g.Filled {
		return errors.New("filled shelves do not match the returned Terrors")
	}
	if err := distinct(terrors, NumTerrors, "Terror"); err != nil {
		return err
	}
	if len(terrors) != NumTerrors || len(shelves) != NumGenres {
		return fmt.Errorf("%d Terrors and %d Shelves accounted for", len(terrors), len(shelves))
	}
	return distinct(shelves, NumGenres, "Shelf")
}

// distinct checks that xs are distinct numbers in 0..n-1.
func distinct(xs []int, n int, what string) error {
	seen := make([]bool, n)
	for _, x := range xs {
		if x < 0 || x >= n || seen[x] {
			return fmt.Errorf("%s token %d", what, x)
		}
		seen[x] = true
	}
	return nil
}
