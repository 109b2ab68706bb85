package firelibrary

import (
	"errors"
	"slices"
	"testing"

	"arcade/engine"
)

var probeKinds = []string{KindDraw, KindStop, KindOrder, KindTool, KindSwap, KindKeep, KindPlay, KindPlay,
	KindPass, KindDig, KindPlace, KindRest, KindDone, KindBurn, "", "fly"}

// randomProbe builds an arbitrary action, legal or not.
func randomProbe(rng *engine.RNG) engine.Action {
	a := engine.Action{Kind: probeKinds[rng.Intn(len(probeKinds))]}
	for range rng.Intn(3) {
		a.Args = append(a.Args, rng.Intn(12)-2)
	}
	return a
}

// checkRefused applies a to s if it is not legal: it must be refused with
// a RuleError (the caller checks that the state is byte-identical).
func checkRefused(t *testing.T, g *state, s engine.Seat, a engine.Action) {
	if _, ok := engine.Find(g.Legal(s), a); ok {
		return
	}
	ev, err := g.Apply(s, a)
	var re *engine.RuleError
	if !errors.As(err, &re) || ev != nil || re.Msg == "" {
		t.Fatalf("illegal %v by %d: events %v, error %v", a, s, ev, err)
	}
}

// checkStep checks the invariants of a state between moves.
func checkStep(t *testing.T, g *state) {
	if err := g.validate(); err != nil {
		t.Fatalf("invalid state: %v\n%s", err, marshal(t, g))
	}
	pending := g.Pending()
	for s := engine.Seat(-2); int(s) < g.Players+1; s++ {
		legal := g.Legal(s)
		if slices.Contains(pending, s) != (len(legal) > 0) {
			t.Fatalf("seat %d pending %v with legal %v", s, pending, legal)
		}
		if len(legal) > 0 {
			if _, ok := engine.Find(legal, g.Timeout(s)); !ok {
				t.Fatalf("timeout %v not legal", g.Timeout(s))
			}
		}
	}
	if g.Outcome().Done != (len(pending) == 0) {
		t.Fatal("done does not match pending")
	}
}

// checkAllLegal applies every legal move of every pending seat to a copy.
func checkAllLegal(t *testing.T, g *state) {
	t.Helper()
	for _, s := range g.Pending() {
		for _, a := range g.Legal(s) {
			c := g.copy()
			if _, err := c.Apply(s, engine.Action{Kind: a.Kind, Args: a.Args}); err != nil {
				t.Fatalf("legal %v refused: %v", a, err)
			}
			if err := c.validate(); err != nil {
				t.Fatalf("after %v: %v", a, err)
			}
		}
	}
}

// playChecked plays one random game, checking everything along the way.
func playChecked(t *testing.T, players int, seed uint64) {
	playCheckedWith(t, config{players, engine.Options{}}, seed)
}

func playCheckedWith(t *testing.T, cfg config, seed uint64) {
	players := cfg.players
	g := newGameOpts(t, players, cfg.opts, seed)
	rng := engine.NewRNG(seed ^ 0x5eed)
	fork := rng.Intn(maxSteps(players) / 3)
	var forked *state
	var after []move
	var afterEv []engine.Event
	for step := 0; !g.Outcome().Done; step++ {
		if step > maxSteps(players) {
			t.Fatalf("%v seed %d: no end after %d moves", cfg, seed, step)
		}
		checkStep(t, g)
		before := marshal(t, g)
		for range 4 {
			checkRefused(t, g, engine.Seat(rng.Intn(players+2)-1), randomProbe(&rng))
		}
		sameJSON(t, "state after refused moves", before, marshal(t, g))
		if step%17 == 0 {
			checkAllLegal(t, g)
		}
		if step == fork {
			data := marshal(t, g)
			st, err := Game{}.Restore(data)
			if err != nil {
				t.Fatal(err)
			}
			forked = st.(*state)
			sameJSON(t, "restored state", data, marshal(t, forked))
		}
		m := randomMove(g, &rng)
		ev := mustApply(t, g, m)
		for _, e := range ev {
			if e.To != engine.Everyone && (e.To < 0 || int(e.To) >= players) {
				t.Fatalf("event to %d: %q", e.To, e.Text)
			}
		}
		if forked != nil {
			after = append(after, m)
			afterEv = append(afterEv, ev...)
		}
	}
	checkStep(t, g)
	out := g.Outcome()
	// Nobody wins when the Robot does, or when the Lone Librarian fails.
	if len(out.Scores) != players || out.Summary == "" || len(out.Winners) == 0 && g.Robot == nil && g.Var.Mode != ModeLone {
		t.Fatalf("outcome %+v", out)
	}
	if g.Robot != nil && len(out.Winners) > 0 && slices.Max(out.Scores) < g.Robot.Score {
		t.Fatalf("players win below the Robot: %+v", out)
	}
	for _, s := range out.Winners {
		if out.Scores[s] != slices.Max(out.Scores) {
			t.Fatalf("winner %d does not have the top score: %+v", s, out)
		}
	}
	if forked != nil {
		var ev []engine.Event
		for _, m := range after {
			ev = append(ev, mustApply(t, forked, m)...)
		}
		if !slices.Equal(ev, afterEv) {
			t.Fatal("a restored game played on differently")
		}
		sameJSON(t, "restored game at the end", marshal(t, g), marshal(t, forked))
	}
}

// TestRandomVariantGames plays random games in random combinations of
// the table options.
func TestRandomVariantGames(t *testing.T) {
	games := 1500
	if testing.Short() || raceEnabled {
		games = 120
	}
	rng := engine.NewRNG(77)
	for i := range games {
		cfg := randomConfig(&rng)
		seed := uint64(i)*0x9e3779b9 + 5
		t.Run("", func(t *testing.T) {
			defer func() {
				if r := recover(); r != nil {
					t.Fatalf("%v seed %d: panic %v", cfg, seed, r)
				}
			}()
			playCheckedWith(t, cfg, seed)
		})
		if t.Failed() {
			t.Fatalf("%v seed %d failed", cfg, seed)
		}
	}
}

func TestRandomGames(t *testing.T) {
	games := 1000
	if testing.Short() || raceEnabled {
		games = 80
	}
	for i := range games {
		playChecked(t, 2+i%5, uint64(i)*2654435761+17)
	}
}

func TestRestoreRejectsDamage(t *testing.T) {
	g := newGame(t, 4, 2)
	good := string(marshal(t, g))
	for _, bad := range []string{
		"", "{}", "[]", `{"players":4}`,
		replaceOnce(good, `"supply":10`, `"supply":9`),
		replaceOnce(good, `"players":4`, `"players":9`),
		replaceOnce(good, `"phase":"save"`, `"phase":"dance"`),
		replaceOnce(good, `"rng"`, `"extra":1,"rng"`),
	} {
		if _, err := (Game{}).Restore([]byte(bad)); err == nil {
			t.Errorf("accepted %.60q", bad)
		}
	}
}

func replaceOnce(s, old, repl string) string {
	i := len(s)
	for j := 0; j+len(old) <= len(s); j++ {
		if s[j:j+len(old)] == old {
			i = j
			break
		}
	}
	if i == len(s) {
		return "broken"
	}
	return s[:i] + repl + s[i+len(old):]
}
