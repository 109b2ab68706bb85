package firelibrary

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
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

// allLegalEvery: how often playChecked applies every legal move to a
// restored copy (less often under the race detector, where it is slow).
var allLegalEvery = map[bool]int{false: 17, true: 41}[enginetest.RaceEnabled]

// validState is the game's own invariant check for enginetest.
func validState(st engine.State) error { return st.(*state).validate() }

// playChecked plays one random game, checking everything along the way.
func playChecked(t *testing.T, players int, seed uint64) {
	playCheckedWith(t, config{players, engine.Options{}}, seed)
}

func playCheckedWith(t *testing.T, cfg config, seed uint64) {
	players := cfg.players
	g := newGameOpts(t, players, cfg.opts, seed)
	rng := engine.NewRNG(seed ^ 0x5eed)
	fork := rng.Intn(maxSteps(players) / 3)
	enginetest.PlayChecked(t, g, &rng, enginetest.Playthrough{Game: Game{}, Players: players,
		MaxMoves: maxSteps(players), Valid: validState, Probe: randomProbe, AllLegalEvery: allLegalEvery, Fork: fork})
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
}

// TestRandomVariantGames plays random games in random combinations of
// the table options.
func TestRandomVariantGames(t *testing.T) {
	games := 1500
	if testing.Short() || enginetest.RaceEnabled {
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
	if testing.Short() || enginetest.RaceEnabled {
		games = 80
	}
	for i := range games {
		playChecked(t, 2+i%5, uint64(i)*2654435761+17)
	}
}

func TestRestoreRejectsDamage(t *testing.T) {
	g := newGame(t, 4, 2)
	good := string(enginetest.Marshal(t, g))
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

// TestSetupEventsRestore: a state saved before its first move keeps the
// setup's events as their words, readers and rules, and restored,
// delivers the same words citing the same rules with its first move.
func TestSetupEventsRestore(t *testing.T) {
	g := newGameOpts(t, 2, engine.Options{OptMode: ModeRobot}, 7)
	if len(g.Pre) < 2 {
		t.Fatalf("setup events %q", enginetest.Texts(g.Pre, engine.Spectator))
	}
	data := string(enginetest.Marshal(t, g))
	rule := engine.RuleOf(g.Pre[0].Fact)
	if want := `"pre":[{"text":"` + g.Pre[0].Text() + `","to":` + strconv.Itoa(int(g.Pre[0].To)) + `,"rule":"` +
		string(rule) + `"}`; rule == "" || !strings.Contains(data, want) {
		t.Fatalf("saved setup events: %s", data[strings.Index(data, `"pre"`):])
	}
	c := enginetest.Restored(t, Game{}, g)
	s := g.Pending()[0]
	m := mv(s, g.Legal(s)[0])
	ev, evc := enginetest.MustApply(t, g, m), enginetest.MustApply(t, c, m)
	for _, s := range []engine.Seat{engine.Spectator, 0, 1} {
		if got, want := enginetest.Texts(evc, s), enginetest.Texts(ev, s); !slices.Equal(got, want) {
			t.Fatalf("seat %d reads %q after a restore, %q without", s, got, want)
		}
	}
	for i := range ev {
		if got, want := engine.RuleOf(evc[i].Fact), engine.RuleOf(ev[i].Fact); got != want {
			t.Fatalf("%q cites %q after a restore, %q without", ev[i].Text(), got, want)
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
