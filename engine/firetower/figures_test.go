package firetower

import (
	"bufio"
	"errors"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"arcade/engine"
)

// figure is one of the rulebook's figures A-F as a board fixture.
type figure struct {
	name, caption string
	card          Card
	at            Point
	rot           int
	before, after []string
}

func loadFigures(t *testing.T) []figure {
	f, err := os.Open("testdata/figures.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []figure
	var cur *figure
	var rows *[]string
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, "figure "):
			out = append(out, figure{name: strings.TrimPrefix(line, "figure ")})
			cur = &out[len(out)-1]
		case strings.HasPrefix(line, "caption "):
			cur.caption = strings.TrimPrefix(line, "caption ")
		case strings.HasPrefix(line, "play "):
			f := strings.Fields(strings.TrimPrefix(line, "play "))
			if err := cur.card.UnmarshalText([]byte(strings.Join(f[:len(f)-2], " "))); err != nil {
				t.Fatal(err)
			}
			cur.at = sq(t, f[len(f)-2])
			cur.rot, _ = strconv.Atoi(f[len(f)-1])
		case line == "before":
			rows = &cur.before
		case line == "after":
			rows = &cur.after
		default:
			*rows = append(*rows, line)
		}
	}
	return out
}

// TestFigures plays each figure twice: on the Position directly, and as a
// legal move of a game whose board is the fixture.
func TestFigures(t *testing.T) {
	figs := loadFigures(t)
	if len(figs) != 6 {
		t.Fatalf("%d figures", len(figs))
	}
	for _, f := range figs {
		t.Run(f.name, func(t *testing.T) {
			b, err := ParseBoard(f.before)
			if err != nil {
				t.Fatal(err)
			}
			pos := Position{Board: b, InPlay: [4]bool{true, true, true, true}}
			e, err := pos.Place(f.card, f.at, f.rot)
			if err != nil {
				t.Fatalf("%s: %v", f.caption, err)
			}
			e.apply(&pos.Board)
			if got := pos.Board.Rows(); !slices.Equal(got, f.after) {
				t.Fatalf("%s\ngot:\n%s\nwant:\n%s", f.caption, strings.Join(got, "\n"), strings.Join(f.after, "\n"))
			}

			g := newGame(t, 4, nil, 1)
			g.Pos.Board = b
			g.Turn, g.Part = 0, PartAction
			setHand(t, g, 0, f.card, NorthWind)
			mustApply(t, g, move{0, act(KindPlay, 0, f.at.X, f.at.Y, f.rot)})
			if got := g.Pos.Board.Rows(); !slices.Equal(got, f.after) {
				t.Fatalf("as a move:\n%s", strings.Join(got, "\n"))
			}
		})
	}
}

// TestFigureBRefusesTheFarSide checks that the Flare Up of figure B cannot
// be placed beyond the firebreak alone: M8 does not touch fire.
func TestFigureBRefusesTheFarSide(t *testing.T) {
	f := loadFigures(t)[1]
	b, _ := ParseBoard(f.before)
	pos := Position{Board: b, InPlay: [4]bool{true, true, true, true}}
	if _, err := pos.Place(FlareUp, sq(t, "L8"), 0); err == nil {
		t.Fatal("a Flare Up from the firebreak on")
	}
	if _, err := pos.Place(FlareUp, sq(t, "L7"), 1); err == nil {
		t.Fatal("a Flare Up down through the firebreak, touching no fire")
	}
	var re *engine.RuleError
	_, err := View{Position: pos}.Check(act(KindPlay, 0, 11, 6, 1))
	if !errors.As(err, &re) {
		t.Fatalf("Check without a hand: %v", err)
	}
}
