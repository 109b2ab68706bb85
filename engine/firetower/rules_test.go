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
		"Smokejumper", "Dozer Line", "Scratch Line", "De/Reforest", "Bucket", "Firestorm", "TEAM VARIANT", "an unused tower area is ordinary forest"} {
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
	if g.Part != PartAction || len(evs) != 1 || !strings.Contains(evs[0].Text(), "no square") || engine.RuleOf(evs[0].Fact) != rulingWindStep {
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

// hasMove reports whether a is among seat s's legal moves.
func hasMove(g *state, s engine.Seat, a engine.Action) bool {
	_, ok := engine.Find(g.Legal(s), a)
	return ok
}

// TestBucketDuringEmber covers ruling 26. The rulebook (Part 2, Optional
// Additional Action): "At any time during your turn you may play your
// Bucket in addition to the rest of your turn". So the Bucket is offered
// while an Ember's gem is between lift and landing, and the Ember then
// lands as before.
func TestBucketDuringEmber(t *testing.T) {
	g := newGame(t, 2, nil, 2)
	ready(g, 0, PartAction, East)
	paint(t, g, Fire, "B3 L8")
	setHand(t, g, 0, Ember, NorthWind, SouthWind, AirDrop, DozerLine)
	mustApply(t, g, move{0, act(KindPlay, 0, sq(t, "L8").X, sq(t, "L8").Y, 0)})
	if g.Part != PartEmber || g.EmberFrom == nil || *g.EmberFrom != sq(t, "L8") {
		t.Fatalf("after the lift: part %s, from %v", g.Part, g.EmberFrom)
	}
	bucket := act(KindBucket, with(at(t, "A3"), 0)...)
	if !hasMove(g, 0, bucket) {
		t.Fatalf("the Bucket is not offered while the Ember's gem is lifted: %v", g.Legal(0))
	}
	v := g.View(0).(View)
	if e, err := v.Check(bucket); err != nil || len(e.Changes) != 1 {
		t.Fatalf("the view's preview of the Bucket: %v %v", e, err)
	}
	hand := len(g.Seats[0].Hand)
	mustApply(t, g, move{0, bucket})
	switch {
	case g.Seats[0].Bucket:
		t.Fatal("the Bucket is still unused")
	case g.Pos.Board.At(sq(t, "B3")) != Empty:
		t.Fatal("the Bucket left the gem on B3")
	case g.Part != PartEmber || g.EmberFrom == nil || *g.EmberFrom != sq(t, "L8"):
		t.Fatalf("after the Bucket: part %s, from %v", g.Part, g.EmberFrom)
	case len(g.Seats[0].Hand) != hand:
		t.Fatalf("the Bucket drew: %d cards, had %d", len(g.Seats[0].Hand), hand)
	}
	for _, a := range g.Legal(0) {
		if a.Kind != KindEmber {
			t.Fatalf("after the Bucket, %v is offered besides the landings", a)
		}
	}
	if s := g.Timeout(0); s.Kind != KindEmber {
		t.Fatalf("a timeout mid-Ember plays %v", s)
	}
	mustApply(t, g, move{0, act(KindEmber, at(t, "J8")...)})
	if g.Pos.Board.At(sq(t, "J8")) != Fire || g.Pos.Board.At(sq(t, "L8")) != Empty {
		t.Fatalf("the Ember's gem did not land on J8:\n%v", strings.Join(g.Pos.Board.Rows(), "\n"))
	}
	if g.Turn != 1 || g.Part != PartSpread || len(g.Seats[0].Hand) != 5 {
		t.Fatalf("after the landing: turn seat%d, part %s, %d cards", g.Turn, g.Part, len(g.Seats[0].Hand))
	}
}

// TestBucketLeavesEmberNowhere covers the rest of ruling 26: a Bucket that
// leaves the lifted gem nowhere to land sends it back where it was lifted
// from, and the Ember is over.
func TestBucketLeavesEmberNowhere(t *testing.T) {
	g := newGame(t, 2, nil, 2)
	ready(g, 0, PartAction, East)
	// The eternal flame walled in by firebreaks: the only fire a gem can
	// land beside is B2, in the red tower area.
	paint(t, g, Break, "H7 I7 J8 J9 H10 I10 G8 G9")
	paint(t, g, Fire, "B2 M12")
	setHand(t, g, 0, Ember, NorthWind, SouthWind, AirDrop, DozerLine)
	mustApply(t, g, move{0, act(KindPlay, 0, sq(t, "M12").X, sq(t, "M12").Y, 0)})
	if g.Part != PartEmber || len(g.Legal(0)) == 0 {
		t.Fatalf("after the lift: part %s, %v", g.Part, g.Legal(0))
	}
	evs := mustApply(t, g, move{0, act(KindBucket, with(at(t, "A2"), 0)...)})
	switch {
	case g.Pos.Board.At(sq(t, "B2")) != Empty:
		t.Fatal("the Bucket left the gem on B2")
	case g.Pos.Board.At(sq(t, "M12")) != Fire:
		t.Fatal("the Ember's gem did not go back to M12")
	case g.EmberFrom != nil || g.Turn != 1 || g.Part != PartSpread || len(g.Seats[0].Hand) != 5:
		t.Fatalf("after the Bucket: turn seat%d, part %s, from %v, %d cards", g.Turn, g.Part, g.EmberFrom, len(g.Seats[0].Hand))
	}
	var said bool
	for _, e := range evs {
		said = said || strings.Contains(e.Text(), "goes back to M12")
	}
	if !said {
		t.Fatalf("events %v", evs)
	}
	if err := g.validate(); err != nil {
		t.Fatal(err)
	}
}

// TestTeamBurnBringsPartialFirestorm covers ruling 19. The rulebook: "When
// a player’s tower is burned (a fire gem is in the orange square), a
// partial firestorm takes place." and of the team variant: "Set up and
// play are the same, except that if your tower is burned, you are not
// eliminated from the game. Therefore, you do not give away your cards,
// no one’s hand size increases, and you continue to play as before." The
// firestorm is not among the exceptions: a tower burned in the team
// variant brings a partial firestorm (the storm, then the die for the new
// wind, both among the towers still standing: ruling 20), while nobody is
// put out; a corner that burns again brings none.
func TestTeamBurnBringsPartialFirestorm(t *testing.T) {
	doc := Game{}.Info().Rules
	for seed := range uint64(20) {
		g := newGame(t, 4, engine.Options{OptTeam: "true"}, seed)
		ready(g, 1, PartAction, North)
		// Green burned earlier: with red burning, West threatens no tower.
		paint(t, g, Fire, "A2 A16")
		g.Seats[3].Burned = true
		clearHands(g)
		setHand(t, g, 0, SouthWind, AirDrop, FireEngine, DozerLine, ScratchLine)
		setHand(t, g, 1, NorthWind, AirDrop, FireEngine, DozerLine, ScratchLine)
		evs := mustApply(t, g, move{1, act(KindPlay, with([]int{0}, with(at(t, "A1"), 0)...)...)})
		var storm *stormed
		var wind *windRerolled
		for _, e := range evs {
			switch f := e.Fact.(type) {
			case stormed:
				storm = &f
			case windRerolled:
				wind = &f
			}
		}
		if storm == nil || !storm.Partial || wind == nil {
			t.Fatalf("seed %d: red's tower burned in the team variant without a partial firestorm and a new wind: %v", seed, evs)
		}
		if storm.Dir == West || wind.Wind == West || g.Pos.Wind != wind.Wind {
			t.Fatalf("seed %d: the storm blew %s and the die set %s (wind now %s); West threatens no standing tower",
				seed, storm.Dir, wind.Wind, g.Pos.Wind)
		}
		if ex, err := engine.Explain(doc, engine.RuleOf(*storm)); err != nil ||
			!strings.Contains(ex.Text, "a partial firestorm takes place") || !strings.Contains(ex.Text, "you are not eliminated") {
			t.Fatalf("the storm cites %q: %v %v", engine.RuleOf(*storm), ex, err)
		}
		if g.Seats[0].Out || g.Elims != 0 || g.HandSize != startHand || len(g.Seats[0].Hand) != startHand || g.Over {
			t.Fatalf("seed %d: red out %v, %d eliminations, hand size %d, red holds %d cards, over %v",
				seed, g.Seats[0].Out, g.Elims, g.HandSize, len(g.Seats[0].Hand), g.Over)
		}
		// Red's corner still burns (as it would once fire came back after
		// a Bucket): checking the towers again brings no second storm.
		if g.Pos.Board.At(sq(t, "A1")) != Fire {
			t.Fatalf("seed %d: red's corner is out", seed)
		}
		g.checkTowers(1)
		if evs := g.log.Take(); len(evs) != 0 {
			t.Fatalf("seed %d: red's corner burning again: %v", seed, evs)
		}
	}
}
