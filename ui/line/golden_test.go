package line

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/rooms"
)

var updateTranscripts = flag.Bool("update-transcripts", false, "rewrite ui/line/testdata/*.txt")

// maxTranscriptMoves stops a transcript that would go on for ever (a bug).
const maxTranscriptMoves = 3000

// TestGoldenTranscripts plays a seeded two-player game of every game as
// line mode tells it to the first player, who types a move's number at
// each prompt (look and hand at their first turn and at the end), and
// compares the whole session with testdata/GAME.txt. The other seat plays
// random moves from the same seed. The transcripts are the record of what
// a screen reader reads out: go test -update-transcripts rewrites them.
func TestGoldenTranscripts(t *testing.T) {
	for _, g := range everyGame {
		id := g.Engine.Info().ID
		t.Run(id, func(t *testing.T) {
			got := transcript(t, newGame(t, g, 2, 1))
			path := filepath.Join("testdata", id+".txt")
			if *updateTranscripts {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (go test -update-transcripts writes it)", err)
			}
			if !bytes.Equal(got, want) {
				gl, wl := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
				for i := range min(len(gl), len(wl)) {
					if gl[i] != wl[i] {
						t.Fatalf("%s differs at line %d:\ngot  %s\nwant %s", path, i+1, gl[i], wl[i])
					}
				}
				t.Fatalf("%s differs in length: %d lines, want %d", path, len(gl), len(wl))
			}
		})
	}
}

// transcript plays gm to its end and returns what seat 0's line session
// said, with what the player typed after "> ".
func transcript(t *testing.T, gm *game) []byte {
	tell := newTeller()
	rng := engine.NewRNG(7)
	var b bytes.Buffer
	say := func(lines ...string) {
		for _, l := range lines {
			b.WriteString(Plain(l) + "\n")
		}
	}
	typed := func(cmd string) { b.WriteString("> " + cmd + "\n") }
	var prev *rooms.TableUpdate
	looked := false
	for moves := 0; !gm.st.Outcome().Done; moves++ {
		if moves > maxTranscriptMoves {
			t.Fatalf("no end after %d moves", moves)
		}
		u := gm.update(0)
		say(tell.update(prev, u)...)
		prev = u
		if len(u.Legal) > 0 {
			if !looked {
				looked = true
				for _, c := range []string{"look", "hand"} {
					typed(c)
					say(queryLines(t, tell, u, c)...)
				}
			}
			n := rng.Intn(len(u.Legal))
			typed(strconv.Itoa(n + 1))
			gm.play(0, u.Legal[n])
			continue
		}
		s := gm.st.Pending()[0]
		legal := gm.st.Legal(s)
		gm.play(s, legal[rng.Intn(len(legal))])
	}
	u := gm.update(0)
	say(tell.update(prev, u)...)
	typed("look")
	say(queryLines(t, tell, u, "look")...)
	return b.Bytes()
}

// queryLines runs a query command on a session showing u.
func queryLines(t *testing.T, tell *teller, u *rooms.TableUpdate, cmd string) []string {
	t.Helper()
	s := &session{tell: tell, cur: u}
	c := parseText(cmd)
	h, ok := find(c.name)
	if !ok {
		t.Fatalf("no command %q", c.name)
	}
	lines, err := h.run(s, c)
	if err != nil {
		return []string{err.Error()}
	}
	return lines
}
