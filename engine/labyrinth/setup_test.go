package labyrinth

import (
	"errors"
	"slices"
	"strconv"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// TestSetup checks the tile mixes, the Disturbance deck sizes with the
// double curses and the extra cards, the starting hands and the setup
// phase.
func TestSetup(t *testing.T) {
	for _, d := range []string{Novice, Standard, Advanced, Expert} {
		for players := 1; players <= 5; players++ {
			for _, doubles := range []bool{false, true} {
				for _, extra := range []int{0, 2, 4} {
					opts := engine.Options{OptDifficulty: d, OptDoubles: strconv.FormatBool(doubles), OptExtra: strconv.Itoa(extra)}
					g := newGame(t, players, opts, uint64(players*31+extra))
					if err := g.validate(); err != nil {
						t.Fatal(err)
					}
					if want := min(deckSizes[players]+extra, 28); len(g.Disturb) != want {
						t.Fatalf("%d players +%d: %d Disturbance cards, want %d", players, extra, len(g.Disturb), want)
					}
					if doubles != (g.doublesLeft() == 2) || (players == 1) != (g.Difficulty == Novice && d != Novice || players == 1 && d == Novice) {
						t.Fatalf("doubles %v: %d; difficulty %s", doubles, g.doublesLeft(), g.Difficulty)
					}
					for s, h := range g.Hands {
						if len(h.Cards) != 1 || !IsReward(h.Cards[0]) || g.Pos[s] != Centre {
							t.Fatalf("seat %d starts with %v on %d", s, h.Cards, g.Pos[s])
						}
					}
					if g.Phase != PhaseSetup || len(g.Pending()) != players {
						t.Fatalf("phase %s, pending %v", g.Phase, g.Pending())
					}
					setupDone(t, g, 3) // everyone asks for Science: its 7 cards run out at 3 players
					for _, h := range g.Hands {
						if len(h.Cards) != 4 {
							t.Fatalf("hand %v", h.Cards)
						}
					}
				}
			}
		}
	}
}

// TestShelvesRoundCentre: the four tiles next to the compass are never
// all Shelves; dark tiles get every orientation.
func TestShelvesRoundCentre(t *testing.T) {
	rots := map[int]bool{}
	for seed := range uint64(300) {
		g := newGame(t, 2, engine.Options{OptDifficulty: Novice}, seed)
		if !slices.ContainsFunc(centreRing(), func(i int) bool { return g.Tiles[i].Kind != KindShelf }) {
			t.Fatalf("seed %d: Shelves all round the compass", seed)
		}
		rots[g.Tiles[0].Rot] = true
	}
	if len(rots) != 4 {
		t.Fatalf("rotations %v", rots)
	}
}

// choose plays seat s's choice of genre gn, which must be legal, and
// returns the texts of its events.
func choose(t *testing.T, g *state, s engine.Seat, gn int) []string {
	t.Helper()
	ev := enginetest.MustApply(t, g, enginetest.Move{Seat: s, Action: engine.Action{Kind: KindGenre, Args: []int{gn}}})
	return enginetest.Texts(ev, engine.Spectator)
}

// TestChoicesAtOnce (ruling 14): every seat chooses its starting Books at
// the same time, in any order; the others see only how many each has
// chosen; a seat done waits for the rest; the last choice deals them all,
// seat by seat, each seat's in the order chosen.
func TestChoicesAtOnce(t *testing.T) {
	g := newGame(t, 3, nil, 9)
	choose(t, g, 2, int(Science))
	choose(t, g, 0, int(Legends))
	for _, gn := range []Genre{Amazing, Children} {
		choose(t, g, 2, int(gn))
	}
	if got := g.Pending(); !slices.Equal(got, []engine.Seat{0, 1}) {
		t.Fatalf("pending %v after seat 2 chose three", got)
	}
	wantRefusal(t, refusal(t, g, 2, KindGenre, 0),
		"You have chosen your three starting Books: they are revealed when everyone has chosen.", rulingStartBooks)
	for _, s := range []engine.Seat{engine.Spectator, 0, 1, 2} {
		v := g.View(s).(View)
		if v.Seats[2].Chosen != 3 || v.Seats[0].Chosen != 1 || v.Seats[1].Chosen != 0 {
			t.Fatalf("seat %d sees %+v", s, v.Seats)
		}
		for _, sv := range v.Seats {
			if want := sv.Seat == s; (len(sv.Picks) > 0) != want && sv.Chosen > 0 {
				t.Fatalf("seat %d sees seat %d's choices %v", s, sv.Seat, sv.Picks)
			}
		}
		if want := map[engine.Seat]int{0: 2, 1: 3}[s]; v.SetupPicks != want {
			t.Fatalf("seat %d has %d to choose, want %d", s, v.SetupPicks, want)
		}
	}
	if p := g.View(2).(View).Seats[2].Picks; !slices.Equal(p, []int{int(Science), int(Amazing), int(Children)}) {
		t.Fatalf("seat 2 sees its choices as %v", p)
	}
	top := func(gn Genre, k int) int { d := g.BookDeck[gn]; return d[len(d)-1-k] }
	first, second := top(Legends, 0), top(Legends, 1)
	science := top(Science, 0)
	choose(t, g, 1, int(Legends))
	choose(t, g, 1, int(Legends))
	choose(t, g, 0, int(Science))
	choose(t, g, 1, int(Historical))
	ev := choose(t, g, 0, int(Classic))
	if g.Phase != PhaseActions || g.Turn != 0 || len(ev) != 12 || ev[0] != "{seat0} chooses a starting Book (3 of 3)." ||
		ev[1] != "Everyone has chosen: the starting Books are revealed." || !strings.HasPrefix(ev[11], "Turn 1:") {
		t.Fatalf("phase %s, turn %d, events %q", g.Phase, g.Turn, ev)
	}
	// A choice that comes after the last (a menu a moment behind) is
	// told so in words.
	wantRefusal(t, refusal(t, g, 0, KindGenre, int(Legends)),
		"The starting Books are chosen: the game is under way.", rulingStartBooks)
	wantRefusal(t, refusal(t, g, 1, KindGenre, int(Legends)),
		"The starting Books are chosen: the game is under way.", rulingStartBooks)
	// Seat 0 chose Legends and Science before seat 1 chose Legends, and
	// seat 2 Science, but seat 0's Books are dealt first.
	if h := g.Hands[0].Cards; h[1] != first || h[2] != science || g.Hands[1].Cards[1] != second {
		t.Fatalf("hands %v", g.Hands)
	}
}

// TestChoicesRunOut (ruling 14): three players choosing Science three
// times ask for 9 of its 7 Books; the last two choices get Historical
// Leaders, the next genre.
func TestChoicesRunOut(t *testing.T) {
	g := newGame(t, 3, nil, 4)
	var ev []string
	for s := range engine.Seat(3) {
		for range StartBooks {
			ev = choose(t, g, s, int(Science))
		}
	}
	for s, h := range g.Hands {
		for k, id := range h.Cards[1:] {
			want := Science
			if s == 2 && k > 0 {
				want = Historical
			}
			if Books[id].Genre != want {
				t.Fatalf("seat %d's Book %d is %s, want %s", s, k, CardName(id), want)
			}
		}
	}
	last := ev[len(ev)-2]
	if !strings.HasSuffix(last, "(Historical Leaders): the Science deck ran out.") {
		t.Fatalf("the last Book: %q", last)
	}
}

// TestRestoreOpenSetup: a game saved while the starting Books were still
// chosen openly in seat order (a "picks" count, the Books dealt at once)
// is restored as choices made at once: the Books dealt go back to the
// top of their decks as the seats' choices and are dealt again, the same
// Books, at the reveal.
func TestRestoreOpenSetup(t *testing.T) {
	g := newGame(t, 2, nil, 3)
	want := g.copy()
	setupDone(t, want, int(Legends), int(Science), int(Historical), int(Legends), int(Science), int(Legends))
	old := g.copy()
	old.Chosen = nil
	for k, gn := range []Genre{Legends, Science, Historical, Legends} {
		s := k / StartBooks
		old.Hands[s].Cards = append(old.Hands[s].Cards, pop(&old.BookDeck[gn]))
	}
	old.Turn = 1
	data, err := old.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	data = []byte(strings.Replace(string(data), `"actions":0,`, `"actions":0,"picks":1,`, 1))
	st, err := Game{}.Restore(data)
	if err != nil {
		t.Fatal(err)
	}
	r := st.(*state)
	if !slices.Equal(r.Pending(), []engine.Seat{1}) || r.View(0).(View).Seats[1].Chosen != 1 || len(r.Hands[1].Cards) != 1 {
		t.Fatalf("restored: pending %v, choices %v, hands %v", r.Pending(), r.Chosen, r.Hands)
	}
	choose(t, r, 1, int(Science))
	choose(t, r, 1, int(Legends))
	for s := range want.Hands {
		if !slices.Equal(r.Hands[s].Cards, want.Hands[s].Cards) {
			t.Fatalf("seat %d holds %v, want %v", s, r.Hands[s].Cards, want.Hands[s].Cards)
		}
	}
}

// TestSoloDifficultyRefused: the rulebook's tile mixes say "novice (and
// every solo game)", so a solo table that asks for a harder mix is told
// so rather than given the novice mix without a word; the default and
// novice itself are the solo mix.
func TestSoloDifficultyRefused(t *testing.T) {
	for _, d := range []string{Advanced, Expert} {
		_, err := Game{}.New(1, engine.Options{OptDifficulty: d}, 1)
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule != ruleSoloMix || !strings.Contains(re.Msg, "novice") {
			t.Errorf("a solo game at %s: %v", d, err)
		}
		if _, err := (Game{}).New(2, engine.Options{OptDifficulty: d}, 1); err != nil {
			t.Errorf("two players at %s: %v", d, err)
		}
	}
	for _, d := range []string{Standard, Novice} {
		st, err := Game{}.New(1, engine.Options{OptDifficulty: d}, 1)
		if err != nil || st.(*state).Difficulty != Novice {
			t.Errorf("a solo game at %s: %v", d, err)
		}
	}
}
