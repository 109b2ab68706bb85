package firetower

import (
	"errors"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

func TestRegistered(t *testing.T) {
	enginetest.CheckGame(t, Game{})
	gm := Game{}
	in := gm.Info()
	if in.Name != "Fire Tower" || in.MinPlayers != 2 || in.MaxPlayers != 4 {
		t.Fatalf("bad info %+v", in)
	}
	opts, err := in.Resolve(nil)
	if err != nil || opts[OptFirestorm] != "false" || opts[OptTeam] != "false" || opts[OptDeck] != DeckStandard {
		t.Fatalf("defaults %v %v", opts, err)
	}
	var re *engine.RuleError
	for _, n := range []int{2, 3} {
		_, err := gm.New(n, engine.Options{OptTeam: "true"}, 1)
		if !errors.As(err, &re) || !strings.Contains(re.Msg, "4 players") {
			t.Fatalf("team with %d players: %v", n, err)
		}
	}
	if _, err := gm.New(4, engine.Options{OptTeam: "true"}, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := gm.New(3, engine.Options{OptDeck: "huge"}, 1); err == nil {
		t.Fatal("unknown deck accepted")
	}
	if _, err := gm.Restore([]byte(`{"players":9}`)); err == nil {
		t.Fatal("a bad saved state restored")
	}
}

func TestRulesText(t *testing.T) {
	rules := Game{}.Info().Rules
	for _, want := range []string{"RULINGS", "Flare Up", "Burning Snag", "Explosion", "Ember", "Air Drop", "Fire Engine",
		"Smokejumper", "Dozer Line", "Scratch Line", "De/Reforest", "Bucket", "Firestorm", "TEAM VARIANT", "13. With 2 or 3"} {
		if !strings.Contains(rules, want) {
			t.Errorf("the rules do not mention %q", want)
		}
	}
}

func TestDecks(t *testing.T) {
	for name, size := range map[string]int{DeckStandard: 50, DeckDeluxe: 52, DeckClassic: 50} {
		if n := len(buildDeck(name)); n != size {
			t.Errorf("%s deck has %d cards, want %d", name, n, size)
		}
	}
	for _, c := range buildDeck(DeckClassic) {
		if c == Ember {
			t.Fatal("an Ember in the classic deck")
		}
	}
	g := newGame(t, 4, engine.Options{OptFirestorm: "true"}, 3)
	for _, st := range g.Seats {
		if len(st.Hand) != 5 || !st.Bucket {
			t.Fatalf("seat %+v", st)
		}
		for _, c := range st.Hand {
			if c == Firestorm {
				t.Fatal("the Firestorm was dealt")
			}
		}
	}
	if len(g.Deck) != 31 {
		t.Fatalf("draw pile of %d", len(g.Deck))
	}
}

// TestSetup checks the towers by seat and the first player against the die.
func TestSetup(t *testing.T) {
	want := map[int][]Tower{2: {Red, Blue}, 3: {Red, Purple, Blue}, 4: {Red, Purple, Blue, Green}}
	starts := map[int]map[Dir]engine.Seat{
		2: {North: 0, East: 1, South: 1, West: 0},
		3: {North: 0, East: 1, South: 2, West: 0},
		4: {North: 0, East: 1, South: 2, West: 3},
	}
	for players, towers := range want {
		seen := map[Dir]bool{}
		for seed := range uint64(40) {
			g := newGame(t, players, nil, seed)
			for s, tw := range towers {
				if g.Seats[s].Tower != tw || !g.Pos.InPlay[tw] {
					t.Fatalf("%d players: seat %d has %s", players, s, g.Seats[s].Tower)
				}
			}
			if g.Turn != starts[players][g.Pos.Wind] {
				t.Fatalf("%d players, wind %s: seat %d starts", players, g.Pos.Wind, g.Turn)
			}
			seen[g.Pos.Wind] = true
		}
		if len(seen) != 4 {
			t.Fatalf("the die showed only %v", seen)
		}
	}
}

// TestWindStep covers ruling 1: the wind's square is empty, its upwind
// neighbour burns; no square means the step is skipped.
func TestWindStep(t *testing.T) {
	g := newGame(t, 2, nil, 1)
	ready(g, 0, PartSpread, South)
	got := g.Pos.SpreadTargets(South)
	if len(got) != 2 || got[0] != sq(t, "H10") || got[1] != sq(t, "I10") {
		t.Fatalf("south of the eternal flame: %v", got)
	}
	paint(t, g, Break, "H10 I10")
	g.settle()
	evs := g.log.Take()
	if g.Part != PartAction || len(evs) != 1 || !strings.Contains(evs[0].Text, "no square") {
		t.Fatalf("blocked wind: part %s, %v", g.Part, evs)
	}
}

// TestWindCannotBlowAtNoTower covers ruling 9 and the die's reroll.
func TestWindCannotBlowAtNoTower(t *testing.T) {
	g := newGame(t, 4, nil, 1)
	g.Seats[0].Burned, g.Seats[0].Out = true, true
	g.Seats[3].Burned, g.Seats[3].Out = true, true
	for range 200 {
		if d := g.rollWind(-1); d == West {
			t.Fatal("the die blew West at no tower")
		}
		if d := g.rollWind(North); d == North || d == West {
			t.Fatal("a reroll repeated the wind")
		}
	}
}

func TestTimeoutIsLegal(t *testing.T) {
	for i := range 6 {
		players, opts := randomOptions(i)
		g := newGame(t, players, opts, uint64(i))
		for !g.Outcome().Done {
			s := g.Pending()[0]
			mustApply(t, g, move{s, g.Timeout(s)})
			if g.TurnNo > 150 {
				break // timeouts alone need not end a game
			}
		}
	}
}
