package fireproto

import (
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	fp "arcade/engine/fireproto"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
	"arcade/ui/theme"
)

func ctx(th *theme.Theme, you engine.Seat, players int) board.Context {
	names := []string{"Ada", "Borges", "a very long player name", "Dee", "Eco"}[:players]
	return board.Context{Width: 80, Height: 14, Theme: th, Names: names, You: you}
}

// TestRenderFits draws every view of random games, with and without
// colour: the board must fit 80 columns and the 14 lines the table screen
// gives it on an 80x24 terminal, and name every player.
func TestRenderFits(t *testing.T) {
	r := NewBoard()
	if w, h := r.MinSize(); w != 80 || h != 23 {
		t.Fatalf("min size %dx%d", w, h)
	}
	themes := []*theme.Theme{theme.New(true, true), theme.New(false, true), theme.New(true, false)}
	for players := 2; players <= 5; players++ {
		st, err := fp.Game{}.New(players, engine.Options{}, uint64(players))
		if err != nil {
			t.Fatal(err)
		}
		rng := engine.NewRNG(uint64(players))
		for step := 0; ; step++ {
			you := engine.Seat(step%(players+1)) - 1
			c := ctx(themes[step%len(themes)], you, players)
			out := r.Render(st.View(you), c)
			lines := strings.Split(out, "\n")
			if len(lines) > c.Height {
				t.Fatalf("%d lines:\n%s", len(lines), out)
			}
			for _, l := range lines {
				if w := lipgloss.Width(l); w > c.Width {
					t.Fatalf("line of %d columns: %q", w, l)
				}
			}
			for s := range players {
				if !strings.Contains(out, ansi.Truncate(c.Name(engine.Seat(s)), 16, "…")) {
					t.Fatalf("player %d missing:\n%s", s, out)
				}
			}
			if strings.Contains(out, "{seat") {
				t.Fatalf("unexpanded seat reference:\n%s", out)
			}
			if st.Outcome().Done {
				if !strings.Contains(out, "Game over") || !strings.Contains(out, "winner") {
					t.Fatalf("final board:\n%s", out)
				}
				break
			}
			p := st.Pending()[0]
			legal := st.Legal(p)
			if _, err := st.Apply(p, legal[rng.Intn(len(legal))]); err != nil {
				t.Fatal(err)
			}
		}
	}
}

func TestRenderDetails(t *testing.T) {
	st, _ := fp.Game{}.New(2, engine.Options{}, 1)
	v := st.View(0).(fp.View)
	r := Renderer{}
	d := r.Details(v)
	for _, want := range []string{"2nd: S S X X X, bravery 3", "3rd: S S S X X, bravery 2", "White", "Green",
		"the next token is a fire 7 times in 27"} {
		if !strings.Contains(d, want) {
			t.Errorf("details lack %q:\n%s", want, d)
		}
	}
	if r.Details(lab.View{}) != "" || r.Render(lab.View{}, ctx(theme.New(true, false), 0, 2)) != "(no board)" {
		t.Fatal("a foreign view must not render")
	}
	if out := r.Render(&v, ctx(theme.New(true, false), 0, 2)); !strings.Contains(out, "Ada (you)") {
		t.Fatalf("pointer view:\n%s", out)
	}
}

// TestNoMarkOutlivesTheGame: "done" (this round's turn taken) is gone
// from the game-over board.
func TestNoMarkOutlivesTheGame(t *testing.T) {
	v := fp.View{Over: true, Players: []fp.PlayerView{{Seat: 0, Played: true}, {Seat: 1, Played: true}}}
	if s := NewBoard().Render(v, ctx(theme.New(true, false), 0, 2)); strings.Contains(s, "done") || !strings.Contains(s, "Borges") {
		t.Fatalf("done on the game-over board:\n%s", s)
	}
}
