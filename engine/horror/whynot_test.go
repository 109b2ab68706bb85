package horror

import (
	"errors"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// viewOf is seat s's view of g.
func viewOf(t *testing.T, g *state, s engine.Seat) *View {
	t.Helper()
	v, ok := engine.ViewAs[View](g.View(s))
	if !ok {
		t.Fatal("no view")
	}
	return v
}

// TestWhyNotSaysWhy: the board's refusals of a room, a turn of a room
// and a colour choice say why in the board's words and cite the rule,
// which rules.md holds; a room outside the library, or one picked when
// no room is chosen, cites none.
func TestWhyNotSaysWhy(t *testing.T) {
	for _, tc := range []struct {
		name  string
		set   func(g *state, s engine.Seat) // prepares the first player's turn
		phase Phase                         // the setup phase to see, "" for the turn
		ask   func(v *View) error
		rule  engine.Rule
		msg   string
	}{
		{name: "a start in the Portal", phase: PhaseStart, ask: func(v *View) error { return v.WhyNotRoom(4) },
			rule: ruleStartRoom, msg: "Nobody starts in the Portal: pick another room."},
		{name: "the ghost's own room", set: func(g *state, s engine.Seat) { beat(g, 1) },
			ask: func(v *View) error { return v.WhyNotRoom(1) }, rule: ruleDrive, msg: "The ghost is in that room already: pick another."},
		{name: "a room of 4 ghosts", set: func(g *state, s engine.Seat) {
			beat(g, 1)
			for gh := 1; gh <= 4; gh++ {
				g.Ghosts[gh] = 2
			}
		}, ask: func(v *View) error { return v.WhyNotRoom(2) }, rule: engine.Ruling(19),
			msg: "That room holds 4 ghosts already: pick another."},
		{name: "your own room", ask: func(v *View) error { return v.WhyNotRoom(0) }, rule: ruleMove,
			msg: "You are in this room: pick the room to go to first."},
		{name: "no actions left", set: func(g *state, s engine.Seat) { g.Actions = 0 },
			ask: func(v *View) error { return v.WhyNotRoom(1) }, rule: ruleActions, msg: "No actions left: end your turn."},
		{name: "a mirror too dear", set: func(g *state, s engine.Seat) {
			setTile(g, 0, 0, 0) // room 1: a mirror
			setTile(g, 8, 5, 0) // room 6: a mirror
			g.Seats[s].Fort = -4
		}, ask: func(v *View) error { return v.WhyNotRoom(8) }, rule: engine.Ruling(8),
			msg: "A mirror costs Fortitude -2, more than you can pay."},
		{name: "too far", set: func(g *state, s engine.Seat) { setTile(g, 0, 1, 0) }, // room 2: no mirror
			ask: func(v *View) error { return v.WhyNotRoom(8) }, rule: ruleMove,
			msg: "Too far: you go one room at a time, or by mirror between two rooms with mirrors."},
		{name: "a wall", set: func(g *state, s engine.Seat) {
			setTile(g, 1, 6, 0) // type B: W a wall
			g.Seats[s].Cell = 1
		}, ask: func(v *View) error { return v.WhyNotRoom(0) }, rule: ruleDoors,
			msg: "No door leads there: turn your room or that one to open a way."},
		{name: "the Portal without components", set: func(g *state, s engine.Seat) {
			setTile(g, 1, 1, 0) // type A: S open, facing the Portal
			g.Seats[s].Cell = 1
		}, ask: func(v *View) error { return v.WhyNotRoom(4) }, rule: engine.Ruling(7),
			msg: "The Portal lets you in only with every component your Horror needs and Fortitude 0 or more after the door."},
		{name: "a closed door at -5", set: func(g *state, s engine.Seat) {
			setTile(g, 1, 1, 0) // type A: E closed
			setTile(g, 2, 2, 0) // type A: W closed
			g.Seats[s].Cell, g.Seats[s].Fort = 1, -5
		}, ask: func(v *View) error { return v.WhyNotRoom(2) }, rule: engine.Ruling(8),
			msg: "You cannot pay the door's Fortitude (never below -5)."},
		{name: "a turn before the start", phase: PhaseStart, ask: func(v *View) error { return v.WhyNotRotate(0) },
			rule: ruleRotate, msg: "Rooms turn only during your turn."},
		{name: "a turn before the drive", set: func(g *state, s engine.Seat) { beat(g, 1) },
			ask: func(v *View) error { return v.WhyNotRotate(0) }, rule: ruleDrive, msg: "First drive the ghost you beat to another room."},
		{name: "a turn with no actions", set: func(g *state, s engine.Seat) { g.Actions = 0 },
			ask: func(v *View) error { return v.WhyNotRotate(0) }, rule: ruleActions, msg: turnOnly},
		{name: "the Portal turned", ask: func(v *View) error { return v.WhyNotRotate(4) }, rule: engine.Ruling(11), msg: turnOnly},
		{name: "a far room turned", ask: func(v *View) error { return v.WhyNotRotate(8) }, rule: ruleRotate, msg: turnOnly},
		{name: "too few colours", phase: PhaseColours, ask: func(v *View) error { return v.WhyNotColours(1<<Red | 1<<Blue) },
			rule: ruleColours, msg: "Tick exactly 3 components (2 ticked)."},
		{name: "too many colours", phase: PhaseColours, ask: func(v *View) error { return v.WhyNotColours(15) },
			rule: ruleColours, msg: "Tick exactly 3 components (4 ticked)."},
		{name: "no such room", ask: func(v *View) error { return v.WhyNotRoom(9) }, msg: "The library has no room 9."},
		{name: "no such room to turn", ask: func(v *View) error { return v.WhyNotRotate(-1) }, msg: "The library has no room -1."},
		{name: "a room picked while looting", set: func(g *state, s engine.Seat) { g.Phase = PhaseLoot },
			ask: func(v *View) error { return v.WhyNotRoom(1) }, msg: "This is no time to pick a room."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := started(t, 1)
			if tc.phase != "" {
				g = newGame(t, 2, nil, 1)
			}
			if tc.phase == PhaseStart {
				for _, s := range g.Order {
					et.MustApply(t, g, et.Move{Seat: s, Action: engine.Action{Kind: KindColours, Args: []int{7}}})
				}
			}
			s := g.Pending()[0]
			if tc.set != nil {
				tc.set(g, s)
			}
			var re *engine.RuleError
			if err := tc.ask(viewOf(t, g, s)); !errors.As(err, &re) || re.Msg != tc.msg || re.Rule != tc.rule {
				t.Fatalf("refused with %v citing %v, want %q citing %q", err, re, tc.msg, tc.rule)
			}
			if tc.rule == "" {
				return
			}
			if _, err := engine.Explain(rulesText, tc.rule); err != nil {
				t.Fatal(err)
			}
		})
	}
}

// beat puts the game in the drive of ghost 0, beaten in cell c.
func beat(g *state, c int) {
	g.Phase, g.Beaten, g.Ghosts[0] = PhaseGhost, 0, c
}

// TestWhyNotAgreesWithLegal plays random games: wherever the player to
// move picks a room, the view finds no reason against a room, a turn of
// a room or a colour choice exactly when the legal moves hold one, and
// every reason it finds cites a rule that rules.md holds.
func TestWhyNotAgreesWithLegal(t *testing.T) {
	checked := map[Phase]int{}
	cited := map[engine.Rule]bool{}
	for i := range 10 {
		players := 2 + i%5
		g := newGame(t, players, engine.Options{OptItems: []string{"3", "6"}[i%2]}, uint64(i)+300)
		rng := engine.NewRNG(uint64(i))
		for step := 0; step < 500 && !g.Outcome().Done; step++ {
			s := g.Pending()[0]
			checked[g.Phase] += checkWhyNot(t, g, viewOf(t, g, s), g.Legal(s), cited)
			et.MustApply(t, g, et.RandomMove(g, &rng))
		}
	}
	for _, ph := range []Phase{PhaseColours, PhaseStart, PhaseGhost, PhaseTurn} {
		if checked[ph] < 20 {
			t.Errorf("only %d checks in phase %s", checked[ph], ph)
		}
	}
	for r := range cited {
		if _, err := engine.Explain(rulesText, r); err != nil {
			t.Error(err)
		}
	}
}

// checkWhyNot checks the view's reasons against the legal moves, and
// counts the reasons found and adds the rules they cite to cited.
func checkWhyNot(t *testing.T, g *state, v *View, legal []engine.Action, cited map[engine.Rule]bool) int {
	t.Helper()
	n := 0
	check := func(what string, err error, ok bool) {
		if (err == nil) != ok {
			t.Fatalf("phase %s: %s: legal %v, the view says %v", g.Phase, what, ok, err)
		}
		if err == nil {
			return
		}
		n++
		var re *engine.RuleError
		if !errors.As(err, &re) || re.Rule == "" {
			t.Fatalf("%s: %v cites no rule", what, err)
		}
		cited[re.Rule] = true
	}
	switch g.Phase {
	case PhaseColours:
		for m := range 1 << numColours {
			_, ok := engine.Pick(legal, KindColours, m)
			check("colours", v.WhyNotColours(m), ok)
		}
	case PhaseStart, PhaseGhost, PhaseTurn:
		for c := range v.Cells {
			check("room", v.WhyNotRoom(c), roomLegal(g, legal, c))
			_, ok := engine.Pick(legal, KindRotate, c, 1)
			check("turn", v.WhyNotRotate(c), ok)
		}
	}
	return n
}

// roomLegal reports whether a legal move takes the active player, or
// the beaten ghost, to cell c.
func roomLegal(g *state, legal []engine.Action, c int) bool {
	for _, a := range legal {
		switch a.Kind {
		case KindStart, KindGhost, KindMirror:
			if a.Arg(0) == c {
				return true
			}
		case KindMove:
			if Neighbour(g.Size, g.Seats[g.Active].Cell, a.Arg(0)) == c {
				return true
			}
		}
	}
	return false
}
