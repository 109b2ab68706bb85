package fireproto

import (
	"encoding/json"
	"strings"
	"testing"

	"arcade/engine"
	et "arcade/engine/enginetest"
)

// TestNoHiddenInformation is the leak test of a game without secrets: at
// every step of many random games, every seat's view equals a spectator's
// apart from You, and every event is public.
func TestNoHiddenInformation(t *testing.T) {
	games := 200
	if et.RaceEnabled || testing.Short() {
		games = 20
	}
	for i := range games {
		players := 2 + i%4
		g := newGame(t, players, uint64(i)+1000)
		rng := engine.NewRNG(uint64(i))
		et.CheckPublic(t, g, players, nil)
		et.PlayRandom(t, g, &rng, -1, func(_ et.Move, ev []engine.Event) { et.CheckPublic(t, g, players, ev) })
	}
}

// TestViews checks what every view holds against the state.
func TestViews(t *testing.T) {
	g := newGame(t, 5, 77)
	rng := engine.NewRNG(3)
	for !g.Outcome().Done {
		v := g.View(engine.Seat(rng.Intn(5))).(View)
		if len(v.Players) != 5 || len(v.Tracks) != 5 || len(v.Cards) != 5 || v.Goal != 100 || v.Supply != g.Supply {
			t.Fatalf("view %+v", v)
		}
		books, buckets := 0, v.Supply
		for c, tr := range v.Tracks {
			books += tr.InBag
			if tr.Pos != g.Pos[c] || tr.Value != g.value(c) || tr.ToX != len(tr.Values)-tr.Pos ||
				tr.InBag+tr.SetAside > tr.Books || tr.Colour != colours[c].Name {
				t.Fatalf("track %+v", tr)
			}
		}
		for _, p := range v.Players {
			buckets += p.Buckets
			if p.Score != g.Track.Scores[p.Seat] || (p.Card == 0) != (g.cardOf(p.Seat) == nil) {
				t.Fatalf("player %+v", p)
			}
		}
		if books != v.Bag.Books || v.Bag.Total != v.Bag.Books+v.Bag.Fires || buckets != 10 {
			t.Fatalf("bag %+v, %d Buckets", v.Bag, buckets)
		}
		if v.Active != g.Active || !strings.HasPrefix(v.PhaseText, "Round ") {
			t.Fatalf("active %d, phase %q", v.Active, v.PhaseText)
		}
		et.MustApply(t, g, et.RandomMove(g, &rng))
	}
	v := g.View(engine.Spectator).(View)
	if !v.Over || len(v.Winners) == 0 || v.Summary == "" || !strings.HasPrefix(v.PhaseText, "Game over: ") ||
		len(v.Waiting) != 0 || v.Active != -1 {
		t.Fatalf("final view %+v", v)
	}
}

func TestSampleView(t *testing.T) {
	g := fresh(t, 2)
	g.Seats[0].Buckets, g.Supply = 1, 9
	put(t, g, Green, Fire)
	drawForced(t, g, Fire)
	v := g.View(1).(View)
	c := v.Cards[1]
	if c.Number != 2 || c.Holder != 0 || c.Layout != "S S X X X, bravery 3" || c.Bravery != 3 ||
		c.Spaces[0].Token != "green" || c.Spaces[1].Token != "fire" || c.Spaces[1].Risky || !c.Spaces[2].Risky ||
		c.Spaces[2].Token != "fire" || c.Spaces[2].Doused {
		t.Fatalf("card view %+v", c)
	}
	if v.Tracks[Green].Value != 7 || v.Tracks[Green].Pos != 5 || v.Tracks[Green].SetAside != 5 ||
		v.Tracks[Green].InBag != 1 || v.Tracks[White].Values[4] != 15 {
		t.Fatalf("tracks %+v", v.Tracks)
	}
	if v.Bag.Fires != 5 || v.Bag.Books != 19 || v.Active != 0 || v.Drawn != 3 || v.Phase != PhaseFire ||
		v.Last == nil || v.Last.Token != "fire" || v.Last.By != 0 || v.Players[0].Buckets != 1 ||
		v.PhaseText != "Round 1: {seat0} drew a fire on space 3: douse it or let it burn" {
		t.Fatalf("view %+v", v)
	}
	apply(t, g, 0, act(KindDouse))
	v = g.View(engine.Spectator).(View)
	if !v.Cards[1].Spaces[2].Doused || v.Players[0].Buckets != 0 || v.Supply != 10 {
		t.Fatalf("after dousing %+v", v.Cards[1])
	}
	data, err := json.Marshal(v)
	if err != nil || !strings.Contains(string(data), `"doused":true`) {
		t.Fatalf("json %s %v", data, err)
	}
}
