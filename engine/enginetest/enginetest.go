// Package enginetest holds test helpers that work on any engine.Game: golden
// games (Golden, Transcript), random legal moves, checks that refused moves change
// nothing, save/restore round trips, and the loops every game's tests run:
// random games checked at every step (PlayChecked), the body of an Apply
// fuzz test (FuzzApply) and the leak test, for games with secrets
// (CheckSecrets) and without (CheckPublic). Only tests import it.
package enginetest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"

	"arcade/engine"
)

// Move is one applied action, as stored in golden scripts.
type Move struct {
	Seat   engine.Seat   `json:"seat"`
	Action engine.Action `json:"action"`
}

// Marshal serializes a state or fails the test.
func Marshal(t testing.TB, st engine.State) []byte {
	data, err := st.MarshalJSON()
	if err != nil {
		t.Helper()
		t.Fatal(err)
	}
	return data
}

// SameJSON fails unless a and b are byte-identical.
func SameJSON(t testing.TB, what string, a, b []byte) {
	if !bytes.Equal(a, b) {
		t.Helper()
		t.Fatalf("%s differs:\n%s\n%s", what, a, b)
	}
}

// MustApply applies a move that must be legal and returns its events.
func MustApply(t testing.TB, st engine.State, m Move) []engine.Event {
	ev, err := st.Apply(m.Seat, m.Action)
	if err != nil {
		t.Helper()
		t.Fatalf("%v by seat %d refused: %v", m.Action, m.Seat, err)
	}
	return ev
}

// RandomMove picks a random pending seat and one of its legal actions,
// without its label (as a client would send it).
func RandomMove(st engine.State, rng *engine.RNG) Move {
	p := st.Pending()
	s := p[rng.Intn(len(p))]
	legal := st.Legal(s)
	a := legal[rng.Intn(len(legal))]
	return Move{s, engine.Action{Kind: a.Kind, Args: a.Args}}
}

// CheckRefused applies each move that is not legal: each must be refused
// with a readable RuleError and no events, and the state must serialize to
// the same bytes afterwards. Legal moves among them are skipped.
func CheckRefused(t testing.TB, st engine.State, moves ...Move) {
	before := Marshal(t, st)
	for _, m := range moves {
		if _, ok := engine.Find(st.Legal(m.Seat), m.Action); ok {
			continue
		}
		refusal(t, st, m)
	}
	SameJSON(t, "state after refused moves", before, Marshal(t, st))
}

// refusal applies a move that is not legal: it must be refused with a
// readable RuleError, which it returns, and no events.
func refusal(t testing.TB, st engine.State, m Move) *engine.RuleError {
	ev, err := st.Apply(m.Seat, m.Action)
	var re *engine.RuleError
	if !errors.As(err, &re) || ev != nil || re.Msg == "" {
		t.Helper()
		t.Fatalf("illegal %v by %d: events %v, error %v", m.Action, m.Seat, ev, err)
	}
	return re
}

// CheckSeats checks the contract between Pending, Legal, Timeout and
// Outcome for seats -2..players: a seat has legal moves exactly when it is
// pending, its Timeout is one of them, the game is over exactly when
// nobody is pending, and (for a view that is an engine.Describer) every
// legal move has words.
func CheckSeats(t testing.TB, st engine.State, players int) {
	pending := st.Pending()
	for s := engine.Seat(-2); int(s) <= players; s++ {
		legal := st.Legal(s)
		if slices.Contains(pending, s) != (len(legal) > 0) {
			t.Helper()
			t.Fatalf("seat %d: pending %v but legal %v", s, pending, legal)
		}
		if len(legal) > 0 {
			checkWords(t, st.View(s), s, legal)
		}
		if len(legal) > 0 {
			if _, ok := engine.Find(legal, st.Timeout(s)); !ok {
				t.Helper()
				t.Fatalf("seat %d: timeout %v is not legal", s, st.Timeout(s))
			}
		} else if to := st.Timeout(s); to.Kind != "" {
			t.Helper()
			t.Fatalf("seat %d may not act but times out with %v", s, to)
		}
	}
	if st.Outcome().Done != (len(pending) == 0) {
		t.Helper()
		t.Fatal("Outcome().Done does not match Pending")
	}
}

// Restored round-trips st through MarshalJSON and g.Restore: the copy must
// serialize to the same bytes. The views of the spectator and of the seats
// to move must survive g.DecodeView the same way (sameView). It returns
// the copy.
func Restored(t testing.TB, g engine.Game, st engine.State) engine.State {
	t.Helper()
	data := Marshal(t, st)
	c, err := g.Restore(data)
	if err != nil {
		t.Fatalf("restore: %v", err)
	}
	SameJSON(t, "restored state", data, Marshal(t, c))
	for _, s := range append([]engine.Seat{engine.Spectator}, st.Pending()...) {
		sameView(t, g, st, s)
	}
	return c
}

// sameView checks that seat s's view of st read back through
// g.DecodeView (as it reaches another node) serializes to the same JSON
// (CheckWords checks that it says the same words).
func sameView(t testing.TB, g engine.Game, st engine.State, s engine.Seat) {
	t.Helper()
	view := st.View(s)
	data, err := json.Marshal(view)
	if err != nil {
		t.Fatal(err)
	}
	back, err := g.DecodeView(data)
	if err != nil {
		t.Fatalf("seat %d's view does not decode: %v", s, err)
	}
	again, err := json.Marshal(back)
	if err != nil {
		t.Fatal(err)
	}
	SameJSON(t, fmt.Sprintf("seat %d's decoded view", s), data, again)
}

// Visible lists the events seat s may read.
func Visible(ev []engine.Event, s engine.Seat) []engine.Event {
	var out []engine.Event
	for _, e := range ev {
		if e.VisibleTo(s) {
			out = append(out, e)
		}
	}
	return out
}

// Texts lists the texts of the events seat s may read.
func Texts(ev []engine.Event, s engine.Seat) []string {
	var out []string
	for _, e := range Visible(ev, s) {
		out = append(out, e.Text())
	}
	return out
}

// HasText reports whether seat s may read an event with exactly this text.
func HasText(ev []engine.Event, s engine.Seat, want string) bool {
	return slices.Contains(Texts(ev, s), want)
}

// CheckPublic is the leak test of a game without hidden information: the
// views of every seat and of a spectator must be equal apart from their
// "you" field, every event must be public, and the words of the moves
// must come from the views (CheckWords).
func CheckPublic(t testing.TB, st engine.State, players int, ev []engine.Event) {
	for _, e := range ev {
		if e.To != engine.Everyone {
			t.Helper()
			t.Fatalf("a private event in a game without secrets: %+v", e)
		}
	}
	want := withoutYou(t, st.View(engine.Spectator), engine.Spectator)
	for s := range engine.Seat(players) {
		if got := withoutYou(t, st.View(s), s); !bytes.Equal(got, want) {
			t.Helper()
			t.Fatalf("seat %d sees something a spectator does not:\n%s\n%s", s, got, want)
		}
		CheckWords(t, st, s)
	}
}

// withoutYou serializes a view of seat s with its "you" field blanked. A
// struct view (or a pointer to one) is copied with the field set to -2;
// any other view goes through a JSON object. The view's Viewer must be s.
func withoutYou(t testing.TB, view engine.View, s engine.Seat) []byte {
	if view == nil || view.Viewer() != s {
		t.Helper()
		t.Fatalf("seat %d's view is %#v", s, view)
	}
	v := reflect.ValueOf(view)
	if v.Kind() == reflect.Pointer && !v.IsNil() {
		v = v.Elem()
	}
	if v.Kind() == reflect.Struct {
		c := reflect.New(v.Type()).Elem()
		c.Set(v)
		for i := range c.NumField() {
			f := c.Type().Field(i)
			if name, _, _ := strings.Cut(f.Tag.Get("json"), ","); name == "you" && c.Field(i).CanInt() {
				if c.Field(i).Int() != int64(s) {
					t.Helper()
					t.Fatalf("seat %d's view says you = %d", s, c.Field(i).Int())
				}
				c.Field(i).SetInt(-2)
				data, err := json.Marshal(c.Interface())
				if err != nil {
					t.Helper()
					t.Fatal(err)
				}
				return data
			}
		}
	}
	data, err := json.Marshal(view)
	var fields map[string]json.RawMessage
	if err == nil {
		err = json.Unmarshal(data, &fields)
	}
	if err != nil {
		t.Helper()
		t.Fatalf("view of seat %d: %v", s, err)
	}
	if string(fields["you"]) != fmt.Sprint(int(s)) {
		t.Helper()
		t.Fatalf("seat %d's view says you = %s", s, fields["you"])
	}
	delete(fields, "you")
	data, err = json.Marshal(fields)
	if err != nil {
		t.Helper()
		t.Fatal(err)
	}
	return data
}

// Played is a new game of g (players, opts, seed) after steps moves, each
// the first pending seat's legal move picked at random by an RNG of the
// same seed (fewer moves if the game ends): a position for board tests.
func Played(t testing.TB, g engine.Game, players int, opts engine.Options, seed uint64, steps int) engine.State {
	t.Helper()
	st, err := g.New(players, opts, seed)
	if err != nil {
		t.Fatal(err)
	}
	rng := engine.NewRNG(seed)
	for i := 0; i < steps && !st.Outcome().Done; i++ {
		s := st.Pending()[0]
		l := st.Legal(s)
		if _, err := st.Apply(s, l[rng.Intn(len(l))]); err != nil {
			t.Fatal(err)
		}
	}
	return st
}
