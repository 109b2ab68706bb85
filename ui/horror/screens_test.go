package horror

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	hr "arcade/engine/horror"
	"arcade/ui/screentest"
)

var updateScreens = flag.Bool("update-screens", false, "rewrite ui/horror/testdata/screens")

// scene is one step of a game as one seat sees it: a seeded game of
// random moves played until the step comes, then drawn for the seat.
type scene struct {
	name    string
	players int
	opts    engine.Options
	seed    uint64
	// at reports whether the step has come, with the seat to show it to.
	at func(st engine.State) (engine.Seat, bool)
}

// acting is a step's test: the seat to move and its moves match.
func acting(match func(v *hr.View, legal []engine.Action) bool) func(engine.State) (engine.Seat, bool) {
	return func(st engine.State) (engine.Seat, bool) {
		if st.Outcome().Done {
			return 0, false
		}
		s := st.Pending()[0]
		v, _ := engine.ViewAs[hr.View](st.View(s))
		return s, match(v, st.Legal(s))
	}
}

// phase is a step's test: the seat to move in phase ph.
func phase(ph hr.Phase) func(engine.State) (engine.Seat, bool) {
	return acting(func(v *hr.View, _ []engine.Action) bool { return v.Phase == ph })
}

// offers is a step's test: the seat to move may make a move of kind.
func offers(kind string) func(engine.State) (engine.Seat, bool) {
	return acting(func(_ *hr.View, legal []engine.Action) bool {
		return slices.ContainsFunc(legal, func(a engine.Action) bool { return a.Kind == kind })
	})
}

// scenes are the steps of the game shown in the golden screens.
var scenes = []scene{
	{"colours", 4, nil, 1, phase(hr.PhaseColours)},
	{"start", 3, nil, 2, phase(hr.PhaseStart)},
	{"turn", 4, nil, 3, acting(func(v *hr.View, _ []engine.Action) bool {
		return v.Phase == hr.PhaseTurn && v.Round >= 4 && v.Actions == 3
	})},
	{"turn-3x3", 2, nil, 4, acting(func(v *hr.View, _ []engine.Action) bool {
		return v.Phase == hr.PhaseTurn && v.Round >= 5 && v.Actions == 2
	})},
	{"exchange", 3, nil, 5, offers(hr.KindExchange)},
	{"attack", 4, nil, 6, offers(hr.KindAttack)},
	{"ghost", 4, nil, 7, phase(hr.PhaseGhost)},
	{"respond", 4, nil, 8, phase(hr.PhaseRespond)},
	{"loot", 4, nil, 9, phase(hr.PhaseLoot)},
	{"waiting", 5, nil, 10, func(st engine.State) (engine.Seat, bool) {
		if st.Outcome().Done {
			return 0, false
		}
		s := st.Pending()[0]
		v, _ := engine.ViewAs[hr.View](st.View(s))
		return (s + 1) % 5, v.Phase == hr.PhaseTurn && v.Round >= 6
	}},
	{"over", 3, engine.Options{hr.OptRounds: "30"}, 11, func(st engine.State) (engine.Seat, bool) {
		return 0, st.Outcome().Done
	}},
}

// play plays sc's games (from its seed on) until its step comes and
// returns the state and the seat to show it to.
func (sc scene) play(t *testing.T) (engine.State, engine.Seat) {
	t.Helper()
	for seed := sc.seed; seed < sc.seed+1000; seed += 100 {
		st, err := hr.Game{}.New(sc.players, sc.opts, seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(seed)
		for {
			if s, ok := sc.at(st); ok {
				return st, s
			}
			if st.Outcome().Done {
				break
			}
			s := st.Pending()[0]
			l := st.Legal(s)
			if _, err := st.Apply(s, l[rng.Intn(len(l))]); err != nil {
				t.Fatal(err)
			}
		}
	}
	t.Fatalf("%s: the step never came", sc.name)
	return nil, 0
}

// tableBoard is the board's share of a w x h table screen, as the table
// gives it (ui.tableScreen.draw): the width beside the log on a wide
// terminal, the height the board prefers within the moves' strip.
func tableBoard(b *Board, w, h int) (int, int) {
	bw := w
	if w >= 160 {
		bw = w - w*2/5 - 1
	}
	bh := max(h-3-7, min(b.PreferredHeight(bw, h), h-6))
	return bw, bh
}

// shot draws sc for its seat on a w x h terminal as the table does: the
// board's keys first (the table asks for them when a choice opens), then
// the board, as a terminal shows it. The first frame must be the second:
// nothing on the board moves once it is drawn.
func shot(t *testing.T, st engine.State, s engine.Seat, w, h int, colour bool) string {
	t.Helper()
	b := NewBoard().(*Board)
	view := st.View(s)
	b.MoveKeys(view, st.Legal(s))
	var frames [2]string
	for i := range frames {
		bw, bh := tableBoard(b, w, h)
		frames[i] = b.Render(view, ctx(bw, bh, colour, s))
		checkFits(t, frames[i], bw, bh, "screen")
	}
	if frames[0] != frames[1] {
		t.Fatalf("at %dx%d the second frame differs from the first:\n%s\n%s", w, h, ansi.Strip(frames[0]), ansi.Strip(frames[1]))
	}
	bw, _ := tableBoard(b, w, h)
	return screentest.OnTerminal(frames[1], bw, strings.Count(frames[1], "\n")+1)
}

// screenSizes are the terminals every step is drawn for.
var screenSizes = [][2]int{{80, 24}, {120, 40}, {200, 60}}

// TestScreens draws every step of the game at every size, in colour and
// without, checks that no more than a third of the board is blank, and
// compares each with its golden file (go test ./ui/horror -run
// TestScreens -update-screens rewrites them).
func TestScreens(t *testing.T) {
	for _, sc := range scenes {
		st, s := sc.play(t)
		for _, sz := range screenSizes {
			for _, colour := range []bool{true, false} {
				mode := "colour"
				if !colour {
					mode = "mono"
				}
				text := shot(t, st, s, sz[0], sz[1], colour)
				bw, _ := tableBoard(NewBoard().(*Board), sz[0], sz[1])
				if b := screentest.BlankShare(text, bw, strings.Count(text, "\n")+1); b > 1.0/3 {
					t.Errorf("%s at %dx%d: %.0f%% of the board is blank:\n%s", sc.name, sz[0], sz[1], 100*b, text)
				}
				file := filepath.Join("testdata", "screens", fmt.Sprintf("%s-%dx%d-%s.txt", sc.name, sz[0], sz[1], mode))
				if *updateScreens {
					if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
						t.Fatal(err)
					}
					continue
				}
				want, err := os.ReadFile(file)
				if err != nil {
					t.Errorf("%s: %v (go test ./ui/horror -run TestScreens -update-screens writes it)", file, err)
					continue
				}
				if string(want) != text {
					t.Errorf("%s differs from its golden file:\n%s", file, text)
				}
			}
		}
	}
}

// TestPreview prints every step at every size (go test -run TestPreview -v).
func TestPreview(t *testing.T) {
	if os.Getenv("HORROR_PREVIEW") == "" {
		t.Skip("set HORROR_PREVIEW=1")
	}
	only := os.Getenv("HORROR_PREVIEW")
	for _, sc := range scenes {
		if only != "1" && only != sc.name {
			continue
		}
		st, s := sc.play(t)
		for _, sz := range screenSizes {
			text := shot(t, st, s, sz[0], sz[1], false)
			bw, _ := tableBoard(NewBoard().(*Board), sz[0], sz[1])
			t.Logf("%s %dx%d blank %.2f\n%s\n%s", sc.name, sz[0], sz[1], screentest.BlankShare(text, bw, strings.Count(text, "\n")+1), strings.Repeat("=", sz[0]), text)
		}
	}
}
