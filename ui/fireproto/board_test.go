package fireproto

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"

	"arcade/engine"
	et "arcade/engine/enginetest"
	fp "arcade/engine/fireproto"
	lab "arcade/engine/labyrinth"
	"arcade/ui/board"
	"arcade/ui/screentest"
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

// played is a game of n players after steps random moves (fewer if it
// ends).
func played(t *testing.T, players int, seed uint64, steps int) engine.State {
	t.Helper()
	return et.Played(t, fp.Game{}, players, engine.Options{}, seed, steps)
}

// TestLargeBoardFills: on a 200x60 terminal the board's share (119x50
// beside the log, as the table gives it) draws two thirds of its lines
// or more, no more than a third blank, through games of 3 and 5 players;
// it names the players in full, cuts no line down to largeFrom columns,
// and says what a player would otherwise open help for: the bag's odds
// and the Turn Order cards in play. Smaller boards keep the short
// layout, and every board fits its size.
func TestLargeBoardFills(t *testing.T) {
	th := theme.For(true, false)
	names := []string{"Bartholomew", "bob", "cy", "dee", "eco"}
	for _, players := range []int{3, 5} {
		for _, steps := range []int{0, 10, 25, 40, 70, 400} {
			v := played(t, players, 7, steps).View(0)
			for _, sz := range [][2]int{{119, 50}, {largeFrom, 50}, {largeFrom - 1, 50}, {120, 30}, {80, 14}} {
				ctx := board.Context{Width: sz[0], Height: sz[1], Theme: th, Names: names[:players]}
				out := (Renderer{}).Render(v, ctx)
				lines := strings.Split(out, "\n")
				where := fmt.Sprintf("%d players after %d moves at %dx%d", players, steps, sz[0], sz[1])
				if len(lines) > sz[1] {
					t.Fatalf("%s: %d lines", where, len(lines))
				}
				for _, l := range lines {
					if board.Width(l) > sz[0] {
						t.Fatalf("%s: a line of %d cells:\n%s", where, board.Width(l), out)
					}
				}
				if sz[0] < largeFrom || sz[1] < 50 {
					if strings.Contains(out, "TURN ORDER CARDS") {
						t.Errorf("%s: the large layout does not fit but is drawn:\n%s", where, out)
					}
					continue
				}
				if len(lines) < sz[1]*2/3 {
					t.Errorf("%s: the board draws %d of its %d lines:\n%s", where, len(lines), sz[1], out)
				}
				text := screentest.OnTerminal(out, sz[0], len(lines))
				if b := screentest.BlankShare(text, sz[0], len(lines)); b > 1.0/3 {
					t.Errorf("%s: the board is %.0f%% blank:\n%s", where, 100*b, text)
				}
				if strings.Contains(text, "…") {
					t.Errorf("%s: the large board cuts a line:\n%s", where, text)
				}
				for _, want := range []string{"Bartholomew (you)", "TURN ORDER CARDS", "the next draw is a fire", "Turn Order card: S"} {
					if !strings.Contains(text, want) {
						t.Errorf("%s: the large board lacks %q:\n%s", where, want, text)
					}
				}
			}
		}
	}
}

// TestLargeBoardWarns: the large board tells the active player what the
// next draw risks: the chance of a fire that ends the turn, the books it
// burns, and the wing whose collapse ends the game; and what scoring now
// gives.
func TestLargeBoardWarns(t *testing.T) {
	st, _ := fp.Game{}.New(2, engine.Options{}, 1)
	v := st.View(0).(fp.View)
	v.Phase, v.Active, v.Drawn, v.Picks = fp.PhaseSearch, 0, 2, nil
	v.Tracks[0].Pos, v.Tracks[0].ToX, v.Tracks[0].Value = len(v.Tracks[0].Values)-1, 1, 15
	v.Players[0].Buckets = 1
	c := &v.Cards[slices.IndexFunc(v.Cards, func(c fp.OrderCardView) bool { return c.Number == v.Players[0].Card })]
	c.Spaces[0].Token, c.Spaces[1].Token = "white", "green"
	for i := range c.Spaces {
		c.Spaces[i].Risky = i >= 2
	}
	ctx := board.Context{Width: 119, Height: 50, Theme: theme.For(true, false), Names: []string{"ann", "bob"}}
	text := strings.Join(strings.Fields((Renderer{}).Render(v, ctx)), " ")
	score := fmt.Sprintf("scoring now: %d for 2 books + %d bravery", 15+v.Tracks[4].Value, c.Bravery)
	for _, want := range []string{score, "The next draw goes onto space 3 (risky): a fire (26 in 100) ends the turn unless a Bucket douses it",
		"the White and Green books would burn, and White would collapse, ending the game.", "worth 15"} {
		if !strings.Contains(text, want) {
			t.Errorf("the large board lacks %q:\n%s", want, text)
		}
	}
}
