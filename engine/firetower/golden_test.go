package firetower

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/engine/enginetest"
)

// step is one scripted move: mk builds the action from the state (so a
// script can name a card rather than its place in the hand). refused
// steps must be refused; their reason goes into the transcript.
type step struct {
	seat    engine.Seat
	mk      func(g *state) engine.Action
	refused bool
}

// scenario is a scripted game from a prepared position; name is its
// golden file's, about says what it shows.
type scenario struct {
	name    string
	about   string
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

// transcript plays a scenario and compares its transcript with
// testdata/golden/NAME.golden: the moves and their events, and after
// each move the squares it changed and the status of the game and of
// every seat.
func transcript(t *testing.T, sc scenario) {
	g := newGame(t, sc.players, sc.opts, sc.seed)
	if sc.setup != nil {
		sc.setup(t, g)
	}
	head := enginetest.Script{Seed: sc.seed, Players: sc.players, Options: sc.opts}.Title()
	tr := enginetest.NewTranscript(t, g, head+": "+sc.about, validState).Cite(Game{}.Info().Rules)
	writeStatus(tr, g)
	for _, st := range sc.steps {
		m := enginetest.Move{Seat: st.seat, Action: st.mk(g)}
		if st.refused {
			tr.Refuse(m)
			continue
		}
		before := g.Pos.Board
		tr.Play(m)
		var ch []string
		for i := range before {
			if before[i] != g.Pos.Board[i] {
				p := Point{i % Size, i / Size}
				ch = append(ch, fmt.Sprintf("%s %c>%c", p, cellGlyphs[before[i]], cellGlyphs[g.Pos.Board[i]]))
			}
		}
		if len(ch) > 0 {
			tr.Note("board: %s", strings.Join(ch, ", "))
		}
		writeStatus(tr, g)
	}
	tr.Note("final board:")
	for _, r := range g.Pos.Board.Rows() {
		tr.Note("  %s", r)
	}
	tr.Compare(filepath.Join("testdata", "golden", sc.name+".golden"))
}

// writeStatus notes the wind, the turn and its part, who may move, the
// hand size and the piles, then each seat's tower, hand and flags.
func writeStatus(tr *enginetest.Transcript, g *state) {
	tr.Note("wind %s, turn seat%d, %s, waiting %v, hand size %d, deck %d, discard %d",
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
		tr.Note("  seat%d %s: %s%s", s, st.Tower, cardList(st.Hand), flags)
	}
}

// TestGolden plays the scripted scenarios (every card, the Firestorm,
// eliminations, the team variant), each from a position set up by hand,
// and compares their transcripts with testdata/golden.
func TestGolden(t *testing.T) {
	for _, sc := range scenarios(t) {
		t.Run(sc.name, func(t *testing.T) { transcript(t, sc) })
	}
}
