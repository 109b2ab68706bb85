package line

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
	"arcade/rooms"
)

// seatOutput is everything a line session and a JSON session at u's seat
// print for it: the update told from nothing, the answers to look, hand,
// moves, who and turn, and the JSON table message.
func seatOutput(t *testing.T, u *rooms.TableUpdate) (text []string, jsonMsg string) {
	t.Helper()
	tell := newTeller()
	text = tell.update(nil, u)
	for _, c := range []string{"look", "hand", "moves", "who", "turn", "log 200"} {
		text = append(text, queryLines(t, tell, u, c)...)
	}
	s := &session{tell: tell}
	return text, toJSON(t, s.tableMsg(nil, u))
}

// TestLineOutputIsTheSeatsOwn plays seeded three-player games of every
// game and checks, every few moves and for every seat and a spectator,
// that what line mode and the JSON protocol print is made from the seat's
// own view only: the JSON's view is the engine's View for that seat, byte
// for byte; the output is the same from the view read back from its JSON
// (as it reaches a session through a cluster), so nothing else of the
// state reaches it; and no event only another seat may read shows in it.
func TestLineOutputIsTheSeatsOwn(t *testing.T) {
	for _, g := range everyGame {
		id := g.Engine.Info().ID
		t.Run(id, func(t *testing.T) {
			gm := newGame(t, g, min(3, g.Engine.Info().MaxPlayers), 3)
			rng := engine.NewRNG(5)
			private := map[engine.Seat][]string{} // events only that seat may read
			for step := 0; !gm.st.Outcome().Done && step < 400; step++ {
				if step%7 == 0 {
					for s := engine.Spectator; int(s) < len(gm.names); s++ {
						checkSeat(t, gm, s, private)
					}
				}
				p := gm.st.Pending()
				s := p[rng.Intn(len(p))]
				legal := gm.st.Legal(s)
				ev, err := gm.st.Apply(s, legal[rng.Intn(len(legal))])
				if err != nil {
					t.Fatal(err)
				}
				gm.tell(ev)
				for _, e := range ev {
					if e.To != engine.Everyone {
						private[e.To] = append(private[e.To], e.Text())
					}
				}
			}
		})
	}
}

// checkSeat checks seat s's output now (see TestLineOutputIsTheSeatsOwn).
func checkSeat(t *testing.T, gm *game, s engine.Seat, private map[engine.Seat][]string) {
	t.Helper()
	u := gm.update(s)
	text, msg := seatOutput(t, u)
	var m struct {
		View json.RawMessage `json:"view"`
	}
	if err := json.Unmarshal([]byte(msg), &m); err != nil {
		t.Fatal(err)
	}
	if want := toJSON(t, gm.st.View(s)); string(m.View) != want {
		t.Fatalf("seat %d's JSON view is not its own:\n%s\n%s", s, m.View, want)
	}
	back := *u
	view, err := gm.g.Engine.DecodeView([]byte(toJSON(t, u.View)))
	if err != nil {
		t.Fatal(err)
	}
	back.View = view
	text2, msg2 := seatOutput(t, &back)
	if !slices.Equal(text, text2) || msg != msg2 {
		t.Fatalf("seat %d's output is not made from its view alone:\n%s\n---\n%s", s, strings.Join(text, "\n"), strings.Join(text2, "\n"))
	}
	all := strings.Join(text, "\n") + "\n" + msg
	var mine string
	for _, l := range u.Log {
		mine += l.Text + "\n"
	}
	for o, lines := range private {
		if o == s {
			continue
		}
		for _, l := range lines {
			if w := Plain(engine.ExpandSeats(l, nameOf(u))); !strings.Contains(mine, l) && strings.Contains(all, w) {
				t.Fatalf("seat %d's output holds %q, which only seat %d may read", s, w, o)
			}
		}
	}
}

// TestEveryBoardTellsItsBoard: every game's board puts itself in words
// (Teller), with the seat's own part "hand" for a player and none for a
// spectator, and the boards with squares read one (Pointer).
func TestEveryBoardTellsItsBoard(t *testing.T) {
	squares := map[string]string{"firetower": "H8", "horror": "b2", "labyrinth": "C3"}
	for _, g := range everyGame {
		id := g.Engine.Info().ID
		b := g.Board()
		tl, ok := b.(Teller)
		if !ok {
			t.Errorf("%s's board has no words (line.Teller)", id)
			continue
		}
		gm := newGame(t, g, 2, 1)
		tell := newTeller()
		for _, s := range []engine.Seat{0, engine.Spectator} {
			u := gm.update(s)
			parts := tl.Sections(u.View, tell.context(u))
			hasHand := slices.ContainsFunc(parts, func(p []string) bool { return p[0] == "hand" })
			if len(parts) < 3 || hasHand != (s == 0) {
				t.Errorf("%s, seat %d: parts %q", id, s, partNames(parts))
			}
		}
		if sq, ok := squares[id]; ok {
			pt, isPointer := b.(Pointer)
			u := gm.update(0)
			if !isPointer {
				t.Errorf("%s's board reads no square (line.Pointer)", id)
			} else if lines, ok := pt.Square(u.View, tell.context(u), sq); !ok || len(lines) == 0 {
				t.Errorf("%s: look %s reads nothing", id, sq)
			}
		}
	}
}
