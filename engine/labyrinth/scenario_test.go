package labyrinth

import (
	"path/filepath"
	"slices"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// scen is a rigged game: a seeded game whose board and hands a test sets
// up by hand, with a transcript of its moves for a golden file.
type scen struct {
	t  testing.TB
	g  *state
	tr *enginetest.Transcript
}

// newScen sets up a game of n players (setup done), with every tile but
// the compass dark and every hand empty.
func newScen(t testing.TB, players int, opts engine.Options, seed uint64) *scen {
	t.Helper()
	g := newGame(t, players, opts, seed)
	setupDone(t, g)
	head := enginetest.Script{Seed: seed, Players: players, Options: opts}.Title()
	s := &scen{t: t, g: g, tr: enginetest.NewTranscript(t, g, head+", set up by "+t.Name(), check).Cite(Game{}.Info().Rules)}
	for _, h := range g.hands() {
		for _, id := range slices.Clone(h.Cards) {
			h.remove(id)
			g.discard(id)
		}
	}
	g.Recent, g.Last = nil, nil
	s.check()
	return s
}

// check fails unless the rigged state is valid.
func (s *scen) check() {
	s.t.Helper()
	if err := s.g.validate(); err != nil {
		s.t.Fatal(err)
	}
}

// lay puts a lit tile of kind and shape, turned rot, at index i (by
// swapping it with a dark tile of that kind elsewhere).
func (s *scen) lay(i int, kind TileKind, shape Shape, rot int) {
	s.t.Helper()
	g := s.g
	if g.Tiles[i].Kind != kind {
		j := slices.IndexFunc(g.Tiles[:], func(t tile) bool { return t.Kind == kind && !t.Lit })
		if j < 0 {
			s.t.Fatalf("no dark %s tile left", kind)
		}
		g.Tiles[i], g.Tiles[j] = g.Tiles[j], g.Tiles[i]
	}
	t := &g.Tiles[i]
	if kind != KindCross {
		t.Shape = shape
	}
	t.Rot, t.Lit, t.Seen = rot, true, true
	s.check()
}

// dark makes tile i dark with kind (swapping kinds as lay does).
func (s *scen) dark(i int, kind TileKind) {
	s.t.Helper()
	s.lay(i, kind, ShapeT, 0)
	s.g.Tiles[i].Lit, s.g.Tiles[i].Seen = false, false
}

// terror puts Terror id on tile i (from the stack).
func (s *scen) terror(i, id int) {
	s.t.Helper()
	g := s.g
	k := slices.Index(g.TerrorStack, id)
	g.TerrorStack = slices.Delete(g.TerrorStack, k, k+1)
	g.Tiles[i].Terror = id
	s.check()
}

// shelf puts the Shelf token of genre gn on tile i (from the stack).
func (s *scen) shelf(i, gn int) {
	s.t.Helper()
	g := s.g
	k := slices.Index(g.ShelfStack, gn)
	g.ShelfStack = slices.Delete(g.ShelfStack, k, k+1)
	g.Tiles[i].Shelf = gn
	s.check()
}

// cards gives cards to a hand (seat, or -1 for the Trolley), taking them
// from wherever they are.
func (s *scen) cards(seat int, ids ...int) {
	s.t.Helper()
	g := s.g
	for _, id := range ids {
		take := func(pile *[]int) {
			if k := slices.Index(*pile, id); k >= 0 {
				*pile = slices.Delete(*pile, k, k+1)
			}
		}
		for gn := range NumGenres {
			take(&g.BookDeck[gn])
			take(&g.BookDiscard[gn])
		}
		take(&g.RewardDeck)
		take(&g.RewardDiscard)
		for _, h := range g.hands() {
			take(&h.Cards)
		}
		h := &g.Trolley
		if seat >= 0 {
			h = &g.Hands[seat]
		}
		h.Cards = append(h.Cards, id)
	}
	s.check()
}

// do applies a legal move of the current player and writes it.
func (s *scen) do(kind string, args ...int) []engine.Event {
	s.t.Helper()
	return s.tr.Play(enginetest.Move{Seat: s.g.Turn, Action: engine.Action{Kind: kind, Args: args}})
}

// not checks that a move of the current player is refused and changes
// nothing, and writes it.
func (s *scen) not(kind string, args ...int) {
	s.t.Helper()
	s.tr.Refuse(enginetest.Move{Seat: s.g.Turn, Action: engine.Action{Kind: kind, Args: args}})
}

// golden compares the transcript with testdata/golden/name.golden.
func (s *scen) golden(name string) {
	s.t.Helper()
	s.tr.Compare(filepath.Join("testdata", "golden", name+".golden"))
}

// move builds a move's Args.
func move(tile int, opts ...func(*MoveSpec)) []int {
	m := MoveSpec{Tile: tile, Ladder: -1, Copier: -1, Copied: -1, Terror: -1}
	for _, o := range opts {
		o(&m)
	}
	return m.Args()
}

func capturing(cards ...int) func(*MoveSpec) {
	return func(m *MoveSpec) { m.Bonus, m.Cards = BonusCapture, cards }
}

func returning(t int) func(*MoveSpec) {
	return func(m *MoveSpec) { m.Bonus, m.Terror = BonusReturn, t }
}

func rewarded(m *MoveSpec) { m.Bonus = BonusReward }

func passages(ids ...int) func(*MoveSpec) { return func(m *MoveSpec) { m.Passages = ids } }

func ladder(id int) func(*MoveSpec) { return func(m *MoveSpec) { m.Ladder = id } }

func copying(copier, book int) func(*MoveSpec) {
	return func(m *MoveSpec) { m.Copier, m.Copied = copier, book }
}

func piece(p int) func(*MoveSpec) { return func(m *MoveSpec) { m.Piece = p } }

// bookID finds a Book by name.
func bookID(name string) int {
	return slices.IndexFunc(Books, func(b Book) bool { return b.Name == name })
}

// rewardID finds a Reward card by name.
func rewardID(name string) int {
	return FirstReward + slices.IndexFunc(Rewards, func(r Reward) bool { return r.Name == name })
}

// terrorID finds a Terror by name.
func terrorID(name string) int {
	return slices.IndexFunc(Terrors, func(t Terror) bool { return t.Name == name })
}
