package firetower

import (
	"flag"
	"fmt"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// step is one scripted move: mk builds the action from the state (so a
// script can name a card rather than its place in the hand). refused
// steps must be refused; their reason goes into the transcript.
type step struct {
	seat    engine.Seat
	mk      func(g *state) engine.Action
	refused bool
}

// scenario is a scripted game from a prepared position.
type scenario struct {
	name    string
	players int
	opts    engine.Options
	seed    uint64
	setup   func(t *testing.T, g *state)
	steps   []step
}

// do plays a fixed action.
func do(s engine.Seat, kind string, args ...int) step {
	return step{seat: s, mk: func(*state) engine.Action { return act(kind, args...) }}
}

// refuse expects a fixed action to be refused.
func refused(s engine.Seat, kind string, args ...int) step {
	st := do(s, kind, args...)
	st.refused = true
	return st
}

// card plays the first copy of c in seat s's hand with a kind and the
// arguments after the hand index ("at" squares for play).
func card(s engine.Seat, kind string, c Card, args ...int) step {
	return step{seat: s, mk: func(g *state) engine.Action {
		i := -1
		for j, h := range g.Seats[s].Hand {
			if h == c && i < 0 {
				i = j
			}
		}
		return act(kind, append([]int{i}, args...)...)
	}}
}

// refusedCard expects the play of the first copy of c to be refused.
func refusedCard(s engine.Seat, kind string, c Card, args ...int) step {
	st := card(s, kind, c, args...)
	st.refused = true
	return st
}

// at is a square's x and y as arguments.
func at(t testing.TB, name string) []int {
	p := sq(t, name)
	return []int{p.X, p.Y}
}

// transcript plays a scenario and writes what happens.
func transcript(t *testing.T, sc scenario) string {
	g := newGame(t, sc.players, sc.opts, sc.seed)
	if sc.setup != nil {
		sc.setup(t, g)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "== %s\n", sc.name)
	writeStatus(&b, g)
	for _, st := range sc.steps {
		a := st.mk(g)
		before := g.Pos.Board
		evs, err := g.Apply(st.seat, a)
		if st.refused {
			if err == nil {
				t.Fatalf("%s: %v by seat %d was accepted", sc.name, a, st.seat)
			}
			fmt.Fprintf(&b, "> seat%d %v: refused: %s\n", st.seat, a, err)
			continue
		}
		if err != nil {
			t.Fatalf("%s\n%s: %v by seat %d: %v", b.String(), sc.name, a, st.seat, err)
		}
		if err := g.validate(); err != nil {
			t.Fatalf("%s: after %v: %v", sc.name, a, err)
		}
		fmt.Fprintf(&b, "> seat%d %v\n", st.seat, a)
		for _, e := range evs {
			to := "all"
			if e.To != engine.Everyone {
				to = fmt.Sprintf("seat%d", e.To)
			}
			fmt.Fprintf(&b, "  [%s] %s\n", to, e.Text)
		}
		var ch []string
		for i := range before {
			if before[i] != g.Pos.Board[i] {
				p := Point{i % Size, i / Size}
				ch = append(ch, fmt.Sprintf("%s %c>%c", p, cellGlyphs[before[i]], cellGlyphs[g.Pos.Board[i]]))
			}
		}
		if len(ch) > 0 {
			fmt.Fprintf(&b, "  board: %s\n", strings.Join(ch, ", "))
		}
		writeStatus(&b, g)
	}
	b.WriteString("  final board:\n")
	for _, r := range g.Pos.Board.Rows() {
		b.WriteString("    " + r + "\n")
	}
	if o := g.Outcome(); o.Done {
		fmt.Fprintf(&b, "  outcome: winners %v scores %v: %s\n", o.Winners, o.Scores, o.Summary)
	}
	return b.String()
}

func writeStatus(b *strings.Builder, g *state) {
	fmt.Fprintf(b, "  -- wind %s, turn seat%d, %s, waiting %v, hand size %d, deck %d, discard %d\n",
		g.Pos.Wind, g.Turn, g.phase(), g.Pending(), g.HandSize, len(g.Deck), len(g.Discard))
	for s, st := range g.Seats {
		flags := ""
		if !st.Bucket {
			flags += " bucket-used"
		}
		if st.Burned {
			flags += " burned"
		}
		if st.Out {
			flags += " out"
		}
		fmt.Fprintf(b, "     seat%d %s: %s%s\n", s, st.Tower, cardList(st.Hand), flags)
	}
}

// TestGolden plays the scripted scenarios (every card, the Firestorm,
// eliminations, the team variant) and compares their transcripts with
// testdata/golden_cards.txt (go test -update rewrites it).
func TestGolden(t *testing.T) {
	var all strings.Builder
	for _, sc := range scenarios(t) {
		all.WriteString(transcript(t, sc))
		all.WriteString("\n")
	}
	enginetest.Golden(t, "testdata/golden_cards.txt", []byte(all.String()), *update)
}
