package horror

import (
	"slices"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// TestRulesCited plays random games of every size under the main option
// sets: every rule an event or a refusal cites is in rules.md, and the
// automatic effects cite theirs.
func TestRulesCited(t *testing.T) {
	sets := []engine.Options{
		{OptRounds: "30"},
		{OptItems: "6", OptColourMatch: "true", OptRounds: "30"},
	}
	cited := map[engine.Rule]bool{}
	for players := 2; players <= 6; players++ {
		for r := range et.CheckRules(t, Game{}, players, sets[players%len(sets)], 1) {
			cited[r] = true
		}
	}
	for _, r := range []engine.Rule{
		engine.Ruling(2),  // a ghost appears
		engine.Ruling(3),  // ghosts hurt at the start of a turn
		engine.Ruling(18), // the round limit ends the game
		ruleBookcase, ruleDrawer, rulePlaced, ruleClosedDoor,
		ruleTurnOrder, // a refusal: it is not your turn
	} {
		if !cited[r] {
			t.Errorf("no event or refusal cites %q", r)
		}
	}
}

// refused applies move kind(args) of seat s, which must be refused with
// no events and nothing changed, and returns the refusal.
func refused(t *testing.T, g *state, s engine.Seat, kind string, args ...int) *engine.RuleError {
	t.Helper()
	before := et.Marshal(t, g)
	ev, err := g.Apply(s, engine.Action{Kind: kind, Args: args})
	re, ok := err.(*engine.RuleError)
	if !ok || ev != nil {
		t.Fatalf("%s%v by seat %d: events %v, error %v", kind, args, s, ev, err)
	}
	et.SameJSON(t, "state after a refused move", before, et.Marshal(t, g))
	return re
}

// TestRefusalsSayWhy: the moves a player tries that the rules forbid are
// refused in words that say why, citing the rule.
func TestRefusalsSayWhy(t *testing.T) {
	for _, tc := range []struct {
		name string
		set  func(g *state, s engine.Seat) // prepares the first player's turn
		by   func(s engine.Seat) engine.Seat
		kind string
		args []int
		rule engine.Rule
		msg  string
	}{
		{name: "out of turn", by: func(s engine.Seat) engine.Seat { return 1 - s }, kind: KindEnd,
			rule: ruleTurnOrder, msg: "it is not your turn"},
		{name: "a wall", kind: KindMove, args: []int{West}, set: func(g *state, s engine.Seat) {
			setTile(g, 1, 6, 0) // type B: W a wall
			g.Seats[s].Cell = 1
		}, rule: ruleDoors, msg: "no door leads west from your room: a wall stands on one side"},
		{name: "the edge", kind: KindMove, args: []int{North}, set: func(g *state, s engine.Seat) { g.Seats[s].Cell = 1 },
			rule: ruleDoors, msg: "the library ends to the north of your room"},
		{name: "no actions left", kind: KindRotate, args: []int{0, 1}, set: func(g *state, s engine.Seat) {
			g.Actions = 0
		}, rule: ruleActions, msg: "you have no actions left this turn: play a bonus action or end your turn"},
		{name: "search below 0", kind: KindSearch, args: []int{0}, set: func(g *state, s engine.Seat) {
			setTile(g, 0, 2, 0) // room 3: 2 bookcases
			g.Seats[s].Cell, g.Seats[s].Fort = 0, -1
		}, rule: engine.Ruling(8),
			msg: "below 0 Fortitude you may only move, rotate rooms and look at mirrors and pictures: you cannot search (Fortitude -1)"},
		{name: "no drawer", kind: KindSearch, args: []int{1}, set: func(g *state, s engine.Seat) {
			setTile(g, 0, 2, 0) // room 3: no drawer
			g.Seats[s].Cell = 0
		}, rule: ruleSearch, msg: "there is no drawer in room 3 (a1)"},
		{name: "the Portal turns", kind: KindRotate, args: []int{4, 1}, set: func(g *state, s engine.Seat) { g.Seats[s].Cell = 1 },
			rule: engine.Ruling(11), msg: "the Portal never turns"},
		{name: "a far room turns", kind: KindRotate, args: []int{8, 1}, rule: ruleRotate,
			msg: "you may turn only your own room or one next to it"},
		{name: "no mirror", kind: KindMirror, args: []int{2}, set: func(g *state, s engine.Seat) {
			setTile(g, 0, 1, 0) // room 2: no mirror
			g.Seats[s].Cell = 0
		}, rule: ruleMirror, msg: "there is no mirror in room 2 (a1)"},
		{name: "the Portal without components", kind: KindMove, args: []int{South}, set: func(g *state, s engine.Seat) {
			setTile(g, 1, 1, 0) // type A: S open, facing the Portal
			g.Seats[s].Cell = 1
		}, rule: engine.Ruling(7), msg: "you may enter the Portal only with every component your Horror needs (0 of 3 placed)"},
		{name: "a Protection on your turn", kind: KindPlay, args: []int{4}, set: func(g *state, s engine.Seat) {
			give(&g.Blessings, &g.Seats[s].Cards, 4)
		}, rule: ruleProtection, msg: "a Protection is played only in answer to a Knife, Revolver or Poison"},
		{name: "a Knife next door", kind: KindPlay, set: func(g *state, s engine.Seat) {
			give(&g.Curses, &g.Seats[s].Cards, 14)
		}, args: []int{14, -1}, rule: cardRules[Knife], msg: "a Knife reaches only a player in your room"},
		{name: "a ghost not met", kind: KindAttack, args: []int{0}, set: func(g *state, s engine.Seat) {
			g.Ghosts[0] = g.Seats[s].Cell // it came while they were there
		}, rule: engine.Ruling(4), msg: "you were in the room when that ghost came: leave the room and come back first"},
		{name: "a ghost elsewhere", kind: KindAttack, args: []int{0}, set: func(g *state, s engine.Seat) { g.Ghosts[0] = 1 },
			rule: ruleAttack, msg: "that ghost is not in your room"},
		{name: "after a lost attack", kind: KindAttack, args: []int{0}, set: func(g *state, s engine.Seat) {
			g.Ghosts[0], g.AttackLost = g.Seats[s].Cell, true
			g.Seats[s].Fresh = []int{0}
		}, rule: engine.Ruling(5), msg: "you lost an attack this turn: no more attacks until your next turn"},
		{name: "an unknown move", kind: "fly", msg: `"fly" is not a move of Horror in the Library`},
		{name: "arguments missing", kind: KindRotate, args: []int{0}, msg: "rotate takes 2 arguments"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := started(t, 1)
			s := g.Active
			if tc.set != nil {
				tc.set(g, s)
			}
			if tc.by != nil {
				s = tc.by(s)
			}
			args := slices.Clone(tc.args)
			if tc.kind == KindPlay && len(args) == 2 && args[1] < 0 {
				args[1] = int(1 - g.Active) // the other player, in cell 8
			}
			re := refused(t, g, s, tc.kind, args...)
			if re.Msg != tc.msg || re.Rule != tc.rule {
				t.Fatalf("refused with %q citing %q, want %q citing %q", re.Msg, re.Rule, tc.msg, tc.rule)
			}
			if tc.rule != "" {
				if _, err := engine.Explain(rulesText, tc.rule); err != nil {
					t.Fatal(err)
				}
			}
		})
	}
}

// give moves card c from a deck to a hand.
func give(from, to *[]int, c int) {
	*from = slices.DeleteFunc(*from, func(x int) bool { return x == c })
	*to = append(*to, c)
}

// TestRefusalsInAnswerAndLoot: while the victim of a weapon answers, the
// attacker waits and the victim may only answer; the attacker then takes
// only from the victim, and only what they have.
func TestRefusalsInAnswerAndLoot(t *testing.T) {
	g := started(t, 3)
	a, v := g.Active, 1-g.Active
	g.Seats[v].Cell = g.Seats[a].Cell
	give(&g.Curses, &g.Seats[a].Cards, 14)   // a Knife
	give(&g.Blessings, &g.Seats[v].Cards, 5) // Protection against shooting
	et.MustApply(t, g, et.Move{Seat: a, Action: engine.Action{Kind: KindPlay, Args: []int{14, int(v)}}})
	for _, tc := range []struct {
		s    engine.Seat
		kind string
		args []int
		rule engine.Rule
		msg  string
	}{
		{a, KindEnd, nil, engine.Ruling(10), "wait: the player attacked is choosing whether to play a Protection"},
		{v, KindMove, []int{East}, engine.Ruling(10), "first answer the attack: play a Protection or take the blow"},
		{v, KindProtect, []int{5}, ruleProtection, "Protection against shooting does not answer a Knife"},
	} {
		re := refused(t, g, tc.s, tc.kind, tc.args...)
		if re.Msg != tc.msg || re.Rule != tc.rule {
			t.Errorf("%s%v: refused with %q citing %q, want %q citing %q", tc.kind, tc.args, re.Msg, re.Rule, tc.msg, tc.rule)
		}
	}
	et.MustApply(t, g, et.Move{Seat: v, Action: engine.Action{Kind: KindPass}})
	if g.Phase != PhaseLoot {
		t.Fatalf("phase %s after the blow", g.Phase)
	}
	re := refused(t, g, a, KindLoot, int(v), 0)
	if re.Msg != "the player you hit has no spare component" || re.Rule != ruleLoot {
		t.Errorf("refused with %q citing %q", re.Msg, re.Rule)
	}
}
